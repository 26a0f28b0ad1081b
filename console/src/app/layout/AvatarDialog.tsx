import { Button, Stack, Text } from '@chakra-ui/react';
import { AVATAR_SIZE, api, messages } from '@toy/shared';
import { useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { ImageUpload } from '../../components/upload/ImageUpload';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { authStore } from '../../session/authStore';

/** 修改头像: one 800×800 image through the shared upload component, then api.user.updateAvatar. */
export function AvatarDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [keys, setKeys] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!keys[0]) {
      notify.invalid(messages.auth.avatarRequired);
      return;
    }
    setSaving(true);
    try {
      const { avatar } = await call(api.user.updateAvatar, { avatar: keys[0] });
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
        onOpenChange(o);
      }}
      title="修改头像"
      size="sm"
      testId="avatar-dialog"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            取消
          </Button>
          <Button colorPalette="brand" loading={saving} onClick={save} data-testid="avatar-save">
            保存
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <ImageUpload
          value={keys}
          onChange={setKeys}
          width={AVATAR_SIZE.width}
          height={AVATAR_SIZE.height}
          limit={1}
          testId="avatar-upload"
          size={120}
        />
        <Text fontSize="sm" color="fg.muted">
          请上传 {AVATAR_SIZE.width}*{AVATAR_SIZE.height}px 的 jpg / png / gif 图片
        </Text>
      </Stack>
    </DialogShell>
  );
}
