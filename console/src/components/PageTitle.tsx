import { Box, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A page's h1 and the muted line under it that says what the page is for. */
export function PageTitle({
  title,
  description,
  bold,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** The weight of a list or overview page's title (a form page's is the heading's own). */
  bold?: boolean;
  /** The description's test id. */
  testId?: string;
}) {
  return (
    <Box>
      <Heading as="h1" size="lg" fontWeight={bold ? '700' : undefined}>
        {title}
      </Heading>
      {description && (
        <Text color="fg.muted" fontSize="sm" mt="1" data-testid={testId}>
          {description}
        </Text>
      )}
    </Box>
  );
}
