import { Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';

/** Page frame of a list screen: title and actions, a filter bar, and the table card. */
export function ListPage({
  title,
  description,
  actions,
  filters,
  children,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  filters?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap="4" data-testid={testId}>
      <Flex
        align={{ base: 'flex-start', sm: 'center' }}
        justify="space-between"
        gap="3"
        direction={{ base: 'column', sm: 'row' }}
      >
        <Box>
          <Heading as="h1" size="lg" fontWeight="700">
            {title}
          </Heading>
          {description && (
            <Text color="fg.muted" fontSize="sm" mt="1">
              {description}
            </Text>
          )}
        </Box>
        {actions && (
          <HStack gap="2" flexWrap="wrap">
            {actions}
          </HStack>
        )}
      </Flex>
      {filters && (
        <Box bg="white" rounded="lg" shadow="xs" px="5" py="4">
          <Flex gap="4" align="flex-end" wrap="wrap">
            {filters}
          </Flex>
        </Box>
      )}
      <Box bg="white" rounded="lg" shadow="xs" p={{ base: '3', md: '5' }}>
        {children}
      </Box>
    </Stack>
  );
}

/** The 新增… button of a list's title bar. */
export function AddButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Button colorPalette="brand" onClick={onClick} data-testid={testId}>
      <Plus size={16} />
      {label}
    </Button>
  );
}
