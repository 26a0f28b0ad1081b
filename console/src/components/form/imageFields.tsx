import { LIMITS } from '@toy/shared';
import { ImageUpload, type ImageUploadProps } from '../upload/ImageUpload';
import { ControlledField, type FieldProps } from './fields';

// Apart from the other fields: a form without pictures does not load the upload.

/**
 * Uploaded images: one key ('' when none) when `limit` is 1 (the default), else the list of keys.
 * The upload's own test ids start with the field's `testId`.
 */
export function ImageField({
  name,
  label,
  required,
  helper,
  disabled,
  testId,
  ...upload
}: FieldProps & Omit<ImageUploadProps, 'value' | 'onChange' | 'testId' | 'disabled'>) {
  const many = (upload.limit ?? 1) > 1;
  return (
    <ControlledField
      {...{ name, label, required, helper, disabled }}
      render={(f) => (
        <ImageUpload
          {...upload}
          value={many ? (f.value ?? []) : f.value ? [f.value] : []}
          onChange={(keys) => f.onChange(many ? keys : (keys[keys.length - 1] ?? ''))}
          disabled={disabled}
          testId={testId ?? name}
        />
      )}
    />
  );
}

/** The required goods pictures: an ImageField at the goods picture size and weight of LIMITS. */
export function GoodsPictureField({
  label = '商品图片',
  ...field
}: Omit<Parameters<typeof ImageField>[0], 'label' | 'required' | 'width' | 'height' | 'maxSize'> & { label?: string }) {
  return (
    <ImageField
      {...field}
      label={label}
      required
      width={LIMITS.goodsPicture.width}
      height={LIMITS.goodsPicture.height}
      maxSize={LIMITS.goodsPictureMaxBytes}
    />
  );
}
