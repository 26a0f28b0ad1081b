import { Box, Button, Code, List, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight, ShieldCheck } from 'lucide-react';
import { useState } from 'react';

/**
 * 抽取记录可验证: what a merchant says to players, with the commitment hash and the verification
 * steps behind 玩家如何验证 (the hash and the public log are for players and auditors, not the merchant).
 */
export function FairnessNote({ hash, logPath, testId }: { hash: string; logPath: string; testId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Box bg="gray.50" rounded="md" px="4" py="3" w="full" textAlign="start" data-testid={testId}>
      <Stack direction="row" align="center" gap="2" wrap="wrap">
        <Box color="green.600">
          <ShieldCheck size={16} />
        </Box>
        <Text fontSize="sm" fontWeight="500">
          抽取记录可验证
        </Text>
        <Text fontSize="sm" color="fg.muted">
          盒内款式在发布时已确定，之后无法更改，每一次抽取都可被玩家复核。
        </Text>
        <Button
          size="2xs"
          variant="plain"
          colorPalette="brand"
          px="0"
          onClick={() => setOpen((o) => !o)}
          data-testid={`${testId}-how`}
        >
          {open ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
          玩家如何验证
        </Button>
      </Stack>
      {open && (
        <Stack gap="2" mt="3" fontSize="xs" color="fg.muted" data-testid={`${testId}-steps`}>
          <List.Root as="ol" ps="4" gap="1">
            <List.Item>发布时平台生成随机种子，只公示由它算出的防篡改凭证（见下），之后无法再改种子。</List.Item>
            <List.Item>售罄或结束后公开种子：任何人用它重新算出凭证，应与公示的一致。</List.Item>
            <List.Item>
              用种子重新排出每一箱的款式，与公开的抽取记录 <Code fontSize="xs">{logPath}</Code> 逐条核对。
            </List.Item>
          </List.Root>
          <Text>公示的防篡改凭证</Text>
          <Code fontSize="xs" wordBreak="break-all" whiteSpace="normal" data-testid={`${testId}-hash`}>
            {hash}
          </Code>
        </Stack>
      )}
    </Box>
  );
}
