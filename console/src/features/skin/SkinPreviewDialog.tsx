import { Alert, Box, Center, Image, Link, Stack, Text } from '@chakra-ui/react';
import { messages, type RouteOutput } from '@toy/shared';
import type { skinRoutes } from '@toy/shared/features/skin-routes';
import { DialogShell } from '../../components/DialogShell';
import { isLocalLink } from './previewLink';

export type SkinPreview = RouteOutput<typeof skinRoutes.previewCode>;

/** 微信扫码预览: the code (valid 10 minutes, its expiry shown) that opens the phone preview page. */
export function SkinPreviewDialog({ preview, onClose }: { preview: SkinPreview | null; onClose: () => void }) {
  return (
    <DialogShell
      open={preview !== null}
      onOpenChange={(o) => !o && onClose()}
      title={messages.skin.previewTitle}
      size="sm"
      testId="skin-preview-dialog"
    >
      {preview && (
        <Stack gap="3" align="center">
          <Center bg="white" p="2" rounded="md" borderWidth="1px">
            <Image src={preview.url} alt="预览码" w="220px" h="220px" data-testid="skin-preview-qr" />
          </Center>
          <Text fontSize="sm">请使用手机扫码预览装扮效果</Text>
          <Text fontSize="sm" color="fg.muted" data-testid="skin-preview-expiry">
            有效期至 {preview.expire_at}（10分钟内有效）
          </Text>
          {isLocalLink(preview.link) && (
            <Alert.Root status="warning" size="sm" data-testid="skin-preview-local">
              <Alert.Indicator />
              <Alert.Title fontWeight="400">{messages.skin.previewLocalHost}</Alert.Title>
            </Alert.Root>
          )}
          <Box fontSize="xs" color="fg.muted" wordBreak="break-all" textAlign="center">
            <Link href={preview.link} target="_blank" rel="noreferrer" data-testid="skin-preview-link">
              {preview.link}
            </Link>
          </Box>
        </Stack>
      )}
    </DialogShell>
  );
}
