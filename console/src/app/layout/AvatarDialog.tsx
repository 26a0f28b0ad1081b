import { Box, Button, Stack } from '@chakra-ui/react';
import { AVATAR_SIZE, messages } from '@toy/shared';
import { userRoutes } from '@toy/shared/features/user';
import { useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { useCrop } from '../../components/upload/CropStep';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { readImageSize } from '../../components/upload/uploadCore';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { authStore } from '../../session/authStore';

/**
 * 修改头像: one image through the shared upload component, then userRoutes.updateAvatar. An image that
 * is not already 800×800 goes through a crop step (a square, dragged and zoomed) and is sent at 800×800.
 */
export function AvatarDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [keys, setKeys] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const crop = useCrop(AVATAR_SIZE, {
    round: true,
    hint: `拖动图片选择显示区域，保存为 ${AVATAR_SIZE.width}*${AVATAR_SIZE.height}px`,
    testId: 'avatar-crop',
  });

  const prepare = async (file: File): Promise<File | null> => {
    const size = await readImageSize(file).catch(() => null);
    if (!size || (size.width === AVATAR_SIZE.width && size.height === AVATAR_SIZE.height)) return file;
    return crop.open(file);
  };

  const save = async () => {
    if (!keys[0]) {
      notify.invalid(messages.auth.avatarRequired);
      return;
    }
    setSaving(true);
    try {
      const { avatar } = await call(userRoutes.updateAvatar, { avatar: keys[0] });
      authStore.updateAvatar(avatar);
      notify.success(messages.success.modified);
      onOpenChange(false);
    } catch {
      // the request layer has shown the message
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={(o) => {
        if (o) setKeys([]);
        else void crop.finish(false);
        onOpenChange(o);
      }}
      title={crop.active ? '裁剪头像' : '修改头像'}
      size="sm"
      testId="avatar-dialog"
      footer={
        crop.active ? (
          <>
            <Button variant="outline" onClick={() => void crop.finish(false)} data-testid="avatar-crop-cancel">
              重新选择
            </Button>
            <Button colorPalette="brand" onClick={() => void crop.finish(true)} data-testid="avatar-crop-ok">
              确定
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              取消
            </Button>
            <Button colorPalette="brand" loading={saving} onClick={save} data-testid="avatar-save">
              保存
            </Button>
          </>
        )
      }
    >
      <Stack gap="3">
        {crop.view}
        <Box display={crop.active ? 'none' : 'block'}>
          <ImageUpload
            value={keys}
            onChange={setKeys}
            width={AVATAR_SIZE.width}
            height={AVATAR_SIZE.height}
            prepare={prepare}
            limit={1}
            testId="avatar-upload"
            size={120}
            hint={`支持 jpg / png / gif，不是 ${AVATAR_SIZE.width}*${AVATAR_SIZE.height}px 的图片可裁剪`}
          />
        </Box>
      </Stack>
    </DialogShell>
  );
}
