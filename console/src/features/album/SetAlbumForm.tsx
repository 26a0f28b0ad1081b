import { Button, Field, Text } from '@chakra-ui/react';
import { messages } from '@toy/shared';
import type { couponRoutes } from '@toy/shared/features/coupon';
import { useState } from 'react';
import { DialogShell } from '../../components/DialogShell';
import { OptionSelect } from '../../components/form/OptionSelect';
import { notify } from '../../lib/notify';
import { useAction } from '../../lib/useAction';
import { ALBUM_MEMBERS, type AlbumMember, type AlbumOption } from './options';

const required = messages.collectible.albumRequired;

/** The dialog: an album must be chosen (请选择数字藏品合辑) before the call; the list is refreshed after. */
export function SetAlbumDialog({
  member,
  ids,
  options,
  onClose,
  onDone,
}: {
  member: AlbumMember;
  ids: number[] | null;
  options: AlbumOption[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const { set: route, list, noun } = ALBUM_MEMBERS[member];
  const [album, setAlbum] = useState('');
  const [error, setError] = useState<string | null>(null);
  const set = useAction(route as typeof couponRoutes.setAlbum, { success: messages.album.set, invalidates: [list] });
  const close = () => {
    setError(null);
    setAlbum('');
    onClose();
  };
  const save = async () => {
    if (!album) {
      setError(required);
      notify.error(required);
      return;
    }
    const done = await set.trigger({ goods_ids: (ids ?? []).join(','), catalog_id: Number(album) });
    if (done === undefined) return;
    onDone?.();
    close();
  };
  return (
    <DialogShell
      open={ids !== null}
      onOpenChange={(o) => !o && close()}
      title="设置合辑"
      size="sm"
      testId={`${member}-album-dialog`}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {messages.common.cancel}
          </Button>
          <Button colorPalette="brand" onClick={save} loading={set.pending} data-testid={`${member}-album-save`}>
            {messages.common.confirm}
          </Button>
        </>
      }
    >
      <Text fontSize="sm" color="fg.muted" mb="3">
        已选择 {ids?.length ?? 0} 个{noun}
      </Text>
      <Field.Root invalid={!!error}>
        <Field.Label>数字藏品合辑</Field.Label>
        <OptionSelect
          label="数字藏品合辑"
          value={album}
          onChange={(v) => {
            setAlbum(v);
            setError(null);
          }}
          options={options}
          placeholder={required}
          testId={`${member}-album-select`}
        />
        {error && <Field.ErrorText data-testid="error-catalog_id">{error}</Field.ErrorText>}
      </Field.Root>
    </DialogShell>
  );
}
