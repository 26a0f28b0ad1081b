import { Box, Button, Center, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { CircleCheck } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

export interface PublishedResultProps {
  result: { id: number; seed_hash: string; shelves_time: string };
  ipId: number;
  title: string;
  onAgain: () => void;
}

/** 发布成功: the new draw machine, its launch time and its seed commitment. */
export function PublishedResult({ result, ipId, title, onAgain }: PublishedResultProps) {
  const navigate = useNavigate();
  return (
    <Center bg="white" rounded="lg" shadow="xs" py="16" px="6" data-testid="release-published">
      <Stack align="center" gap="4" maxW="640px" textAlign="center">
        <Box color="green.500">
          <CircleCheck size={56} />
        </Box>
        <Heading size="xl">{messages.success.published}</Heading>
        <Text color="fg.muted">
          抽盒机 <b>#{result.id}</b> {title && `「${title}」`}将于 <b>{result.shelves_time}</b> 开售
        </Text>
        <Box bg="gray.50" rounded="md" px="4" py="3" w="full">
          <Text fontSize="xs" color="fg.muted" mb="1">
            分配承诺（种子 SHA-256，售罄后公开种子供验证）
          </Text>
          <Code fontSize="xs" wordBreak="break-all" whiteSpace="normal" data-testid="release-published-hash">
            {result.seed_hash}
          </Code>
        </Box>
        <HStack gap="3" pt="2">
          <Button variant="outline" onClick={() => navigate(`/blindBox/records?ip_id=${ipId}`)}>
            返回盲盒备案
          </Button>
          <Button colorPalette="brand" onClick={onAgain} data-testid="release-again">
            继续发布
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
