import { Box, Heading, Text } from '@chakra-ui/react';

/** The retrieval (take-back) order detail, spec 02 §2 screen 2 for type 1. */
export default function RetrievalDetailPage({ id }: { id: string }) {
  return (
    <Box bg="white" rounded="lg" shadow="xs" p="6" data-testid="retrieval-detail">
      <Heading size="md">取回订单详情</Heading>
      <Text color="fg.muted" mt="2">
        订单 {id}
      </Text>
    </Box>
  );
}
