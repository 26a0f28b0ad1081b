import { HStack, Input, InputGroup, NativeSelect, RadioGroup } from '@chakra-ui/react';
import { LIMITS, PER_ID } from '@toy/shared';
import { useEffect, useState } from 'react';
import { useBrandWord } from '../session/useBrandWord';
import { BrandSelect } from './BrandSelect';
import { FormField } from './FormDialog';
import { ImageUpload, type ImageUploadProps } from './upload/ImageUpload';

/**
 * The state of an add/edit dialog's form: `initial(editing, brandId)` when created and each time the
 * dialog opens; `set(key, value)` changes one field.
 */
export function useDialogForm<E, F>(
  open: boolean,
  initial: (editing: E | null, brandId?: number) => F,
  editing: E | null,
  brandId?: number,
) {
  const [form, setForm] = useState<F>(() => initial(editing, brandId));
  useEffect(() => {
    if (open) setForm(initial(editing, brandId));
  }, [open, initial, editing, brandId]);
  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((f) => ({ ...f, [key]: value }));
  return { form, setForm, set };
}

/** The required 品牌/店铺 field (`ip_id`) of a form: the merchant's box brands, none picked by default. */
export function BrandField({
  value,
  onChange,
  testId,
  disabled,
}: {
  value: number | '';
  onChange: (id: number | '') => void;
  testId: string;
  disabled?: boolean;
}) {
  const word = useBrandWord();
  return (
    <FormField field="ip_id" label={word} required disabled={disabled}>
      <BrandSelect
        perId={PER_ID.box}
        value={value === '' ? undefined : value}
        onChange={(id) => onChange(id ?? '')}
        defaultFirst={false}
        testId={testId}
      />
    </FormField>
  );
}

/** The required 商品名称 field of a goods form. */
export function GoodsTitleField({
  field,
  value,
  onChange,
  testId,
}: {
  field: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <FormField field={field} label="商品名称" required>
      <Input
        placeholder="请输入商品名称"
        maxLength={LIMITS.goodsTitleMax}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </FormField>
  );
}

/** An amount in yuan: a decimal input after "¥". */
function MoneyInput({
  value,
  onChange,
  placeholder,
  disabled,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <InputGroup startElement="¥">
      <Input
        inputMode="decimal"
        placeholder={placeholder}
        disabled={disabled}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
    </InputGroup>
  );
}

/** A required amount field (label, "¥" and a decimal input). */
export function MoneyField({
  field,
  label,
  disabled,
  ...input
}: { field: string; label: string } & Parameters<typeof MoneyInput>[0]) {
  return (
    <FormField field={field} label={label} required disabled={disabled}>
      <MoneyInput disabled={disabled} {...input} />
    </FormField>
  );
}

/** The upload of goods pictures: the goods picture size and weight of LIMITS. */
export function GoodsPictureUpload(props: Omit<ImageUploadProps, 'width' | 'height' | 'maxSize'>) {
  return (
    <ImageUpload
      width={LIMITS.goodsPicture.width}
      height={LIMITS.goodsPicture.height}
      maxSize={LIMITS.goodsPictureMaxBytes}
      {...props}
    />
  );
}

/**
 * A native select of the given options, with an empty first option (the placeholder) when one is
 * given.
 */
export function OptionSelect({
  label,
  value,
  onChange,
  options,
  placeholder,
  testId,
  size,
  w,
}: {
  /** The select's accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string | number; label: string }[];
  placeholder?: string;
  testId: string;
  size?: 'sm' | 'md';
  w?: string;
}) {
  return (
    <NativeSelect.Root size={size} w={w}>
      <NativeSelect.Field
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Radio buttons in a row; each option's test id is `${testId}-${value}`. */
export function Choice({
  value,
  onChange,
  options,
  testId,
  h,
}: {
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  testId: string;
  /** The row's height (default: at least 32px). */
  h?: string;
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(e) => onChange(e.value ?? '')}
      colorPalette="brand"
      size="sm"
      data-testid={testId}
    >
      <HStack gap="5" h={h} minH={h ? undefined : '8'}>
        {options.map((o) => (
          <RadioGroup.Item key={o.value} value={o.value} data-testid={`${testId}-${o.value}`}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}
