import { Box, Button, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import { CircleCheck } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { FairnessNote } from '../../components/FairnessNote';

export interface PublishedResultProps {
  /** `saved`: 保存 (created delisted) rather than 发布. */
  result: { id: number; seed_hash: string; shelves_time: string; saved?: boolean };
  ipId: number;
  title: string;
  onAgain: () => void;
}

/** 发布成功 / 保存成功: the new draw machine, its launch time and how players verify its draws. */
export function PublishedResult({ result, ipId, title, onAgain }: PublishedResultProps) {
  const navigate = useNavigate();
  return (
    <Center bg="white" rounded="lg" shadow="xs" py="16" px="6" data-testid="release-published">
      <Stack align="center" gap="4" maxW="640px" textAlign="center">
        <Box color="green.500">
          <CircleCheck size={56} />
        </Box>
        <Heading size="xl" data-testid="release-published-title">
          {result.saved ? messages.success.saved : messages.success.published}
        </Heading>
        {result.saved ? (
          <Text color="fg.muted">
            抽盒机<b>{title ? `「${title}」` : ''}</b>已保存为下架状态，可在抽盒机管理中上架；发售时间{' '}
            <b>{result.shelves_time}</b>
          </Text>
        ) : (
          <Text color="fg.muted">
            抽盒机<b>{title ? `「${title}」` : ''}</b>将于 <b>{result.shelves_time}</b> 开售
          </Text>
        )}
        <FairnessNote
          hash={result.seed_hash}
          logPath={`/public/box/fairness?batch_id=${result.id}`}
          testId="release-published-fairness"
        />
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
