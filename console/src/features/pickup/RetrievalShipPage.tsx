import { Box, Heading, Text } from '@chakra-ui/react';

/** The retrieval (take-back) order's ship page, spec 02 §2 screen 3 for type 1. */
export default function RetrievalShipPage({ id }: { id: string }) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p="6" data-testid="retrieval-ship">
      <Heading size="md">取回订单发货</Heading>
      <Text color="fg.muted" mt="2">
        订单 {id}
      </Text>
    </Box>
  );
}
