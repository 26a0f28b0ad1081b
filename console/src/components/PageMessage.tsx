import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A page with nothing of its own to show (no id in its address, still loading, or refused): the
 * page's title as its one h1, the message, and a way back to the list it is opened from.
 */
export function PageMessage({
  title,
  message,
  back,
  testId,
}: {
  title: string;
  message: string;
  back?: { to: string; label: string };
  testId?: string;
}) {
  return (
    <Stack gap="3" p="6" align="flex-start" data-testid={testId}>
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      <Text color="fg.muted">{message}</Text>
      {back && (
        <Button asChild size="sm" variant="outline">
          <RouterLink to={back.to}>{back.label}</RouterLink>
        </Button>
      )}
    </Stack>
  );
}
