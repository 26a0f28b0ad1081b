import { messages, WALLPAPER_LIMITS, WALLPAPER_TYPES, type Wallpaper } from '@toy/shared';
import { wallpaperRoutes } from '@toy/shared/features/wallpaper';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, ChoiceField, TextareaField, TextField } from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useFormDialog } from '../../components/useFormDialog';

const m = messages.wallpaper;

/** 上传壁纸 (spec 03 §5): brand, name, up to 5 images of 600×600 (one wallpaper each), drop type, description. */
export function WallpaperCreateDialog(props: EditDialogProps<Wallpaper>) {
  const { dialog } = useFormDialog(
    wallpaperRoutes.create,
    { open: props.open, onOpenChange: props.onOpenChange },
    {
      title: '上传壁纸',
      testId: 'wallpaper',
      defaults: { ip_id: props.defaultBrandId ?? '', name: '', images: [] as string[], type: 1, short: '' },
      success: m.created,
      invalidates: [wallpaperRoutes.list],
    },
  );
  return (
    <FormDialog {...dialog} size="lg">
      <BrandField testId="wallpaper-brand" />
      <TextField name="name" label="组件名称" required placeholder={m.nameRequired} testId="wallpaper-name" />
      <ImageField
        name="images"
        label="组件图"
        required
        limit={WALLPAPER_LIMITS.imagesMax}
        width={WALLPAPER_LIMITS.width}
        height={WALLPAPER_LIMITS.height}
        helper={`${WALLPAPER_LIMITS.width}×${WALLPAPER_LIMITS.height}px，一次最多${WALLPAPER_LIMITS.imagesMax}张，每张图片生成一个壁纸`}
        testId="wallpaper-images"
      />
      <ChoiceField name="type" label="心愿星球掉落" numeric options={WALLPAPER_TYPES} testId="wallpaper-type" />
      <TextareaField name="short" label="描述" maxLength={WALLPAPER_LIMITS.shortMax} testId="wallpaper-short" />
    </FormDialog>
  );
}
