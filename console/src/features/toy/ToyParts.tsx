import { Badge, Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { reviewStateText, TOY_STATUS } from '@toy/shared';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';

const PALETTE: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red' };

/** 审核状态 of a toy, scene or moment; a rejected one shows the reviewer's remark under it. */
export function ReviewState({ status, remark }: { status: number; remark: string }) {
  return (
    <Stack gap="1" maxW="200px">
      <Badge colorPalette={PALETTE[status] ?? 'gray'} variant="subtle" w="fit-content" data-testid="toy-status">
        {reviewStateText(status)}
      </Badge>
      {status === TOY_STATUS.rejected && remark && (
        <Text fontSize="xs" color="red.600" lineClamp={3} data-testid="toy-remark">
          驳回原因：{remark}
        </Text>
      )}
    </Stack>
  );
}

/** 下载样例: a real sample file the merchant can start from. */
export function SampleDownload({ href, name, testId }: { href: string; name: string; testId: string }) {
  return (
    <Button asChild size="xs" variant="outline" colorPalette="brand" w="fit-content">
      <Link href={href} download={name} data-testid={testId}>
        <Download size={14} />
        下载样例
      </Link>
    </Button>
  );
}

/** The help block of picture rules beside an upload. */
export function PictureRules({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Box bg="brand.50" borderWidth="1px" borderColor="brand.100" rounded="md" px="3" py="2" data-testid={testId}>
      <Text fontSize="xs" fontWeight="600" mb="1">
        图片规则
      </Text>
      <Stack gap="0.5" fontSize="xs" color="fg.muted">
        {children}
      </Stack>
    </Box>
  );
}

/** Where the console serves its sample files (public/samples). */
export const sampleUrl = (file: string) => `${import.meta.env.BASE_URL}samples/${file}`;
