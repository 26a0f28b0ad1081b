import { Input } from '@chakra-ui/react';
import { LIMITS, PER_ID } from '@toy/shared';
import { useEffect, useState } from 'react';
import { useBrandWord } from '../session/useBrandWord';
import { BrandSelect } from './BrandSelect';
import { FormField } from './FormDialog';
import { MoneyInput } from './form/controls';

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

// The controls now live with the schema forms; these names stay for screens not yet moved.
export { Choice, GoodsPictureUpload, OptionSelect } from './form/controls';
