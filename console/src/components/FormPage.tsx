import { Box, Button, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A white card of a long form page: its title, an optional hint and actions, then the fields. */
export function FormSection({
  title,
  hint,
  actions,
  children,
  level = 'h2',
}: {
  title: string;
  /** The page's first section is its h1 (a form page has no other title in its content). */
  level?: 'h1' | 'h2';
  hint?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p={{ base: '4', md: '6' }}>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="3" mb="4" wrap="wrap">
        <Box>
          <Heading as={level} size="md">
            {title}
          </Heading>
          {hint && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {hint}
            </Text>
          )}
        </Box>
        {actions && <HStack gap="2">{actions}</HStack>}
      </Flex>
      {children}
    </Box>
  );
}

/** The bar of a long form page's buttons: at the bottom of the window, across the page's padding. */
const footerBar = {
  position: 'sticky',
  bottom: '0',
  mx: { base: '-3', md: '-5' },
  mb: { base: '-3', md: '-5' },
  bg: 'white',
  borderTopWidth: '1px',
  shadow: '0 -4px 12px rgba(15, 23, 42, 0.06)',
  px: '6',
  py: '3',
  justify: 'flex-end',
  gap: '3',
  zIndex: 'docked',
} as const;

/** The bar of a long form page's buttons, kept at the bottom of the window. */
export function StickyFooter({ children }: { children: ReactNode }) {
  return <Flex {...footerBar}>{children}</Flex>;
}

/** A form page's footer: 取消 (or `cancel`) and the submit button, busy while the form submits. */
export function SubmitFooter({
  cancel = '取消',
  onCancel,
  submitting,
  disabled,
  testId,
  children,
}: {
  cancel?: string;
  onCancel: () => void;
  submitting: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <StickyFooter>
      <HStack gap="3">
        <Button variant="outline" onClick={onCancel}>
          {cancel}
        </Button>
        <Button colorPalette="brand" type="submit" loading={submitting} disabled={disabled} data-testid={testId}>
          {children}
        </Button>
      </HStack>
    </StickyFooter>
  );
}
