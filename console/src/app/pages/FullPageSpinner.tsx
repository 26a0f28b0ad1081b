import { Center, Spinner, Text, VStack } from '@chakra-ui/react';

export function FullPageSpinner({ label = '加载中…' }: { label?: string }) {
  return (
    <Center minH="60vh" w="full" data-testid="page-loading">
      <VStack gap="3">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </VStack>
    </Center>
  );
}
