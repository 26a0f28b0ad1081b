import { ALBUM_LIMITS, type Album, type AlbumForm, messages, PER_ID } from '@toy/shared';
import { albumRoutes } from '@toy/shared/features/album';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, TextareaField, TextField } from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useFormDialog } from '../../components/useFormDialog';

const m = messages.album;
const { logo, background } = ALBUM_LIMITS;

const defaults = (editing: Album | null, brandId?: number): AlbumForm =>
  editing
    ? {
        id: editing.id,
        ip_id: editing.ip_id,
        title: editing.title,
        pic: editing.pic,
        bg_pic: editing.bg_pic,
        content: editing.content,
      }
    : { ip_id: brandId ?? '', title: '', pic: '', bg_pic: '', content: '' };

/**
 * 创建合辑 / 编辑合辑 (spec 03 §5 "Album create"): brand (locked when editing), name, the 600x600
 * logo and the 1400x600 background, an introduction; checked by albumRoutes.save's rule table.
 */
export function AlbumDialog(props: EditDialogProps<Album>) {
  const editing = props.editing !== null;
  const { dialog } = useFormDialog(albumRoutes.save, props, {
    title: editing ? '编辑合辑' : '创建合辑',
    testId: 'album',
    defaults: defaults(props.editing, props.defaultBrandId),
    success: editing ? m.edited : m.created,
    invalidates: [albumRoutes.list],
  });
  return (
    <FormDialog {...dialog} size="lg">
      <BrandField perId={PER_ID.nft} disabled={editing} testId="album-brand" />
      <TextField
        name="title"
        label="合辑名称"
        required
        placeholder={m.titleRequired}
        maxLength={ALBUM_LIMITS.titleMax}
        testId="album-title"
      />
      <ImageField name="pic" label="合辑LOGO" required {...logo} hint={m.logoHint} testId="album-logo" />
      <ImageField
        name="bg_pic"
        label="合辑背景图"
        required
        {...background}
        hint={m.bgHint}
        size={140}
        testId="album-bg"
      />
      <TextareaField name="content" label="合辑介绍" maxLength={ALBUM_LIMITS.contentMax} testId="album-content" />
    </FormDialog>
  );
}
