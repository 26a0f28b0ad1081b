import { type ManualStyleForm, manualStyle, STYLE_TYPES } from '@toy/shared';
import { z } from 'zod';
import { FormDialog } from '../../components/form/FormDialog';
import { DigitsField, SelectField, TextField } from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import type { StyleRow } from './recordForm';

const defaults: ManualStyleForm = { goods_title: '', goods_pic: '', type: 1, probability: '' };
/** A basic style has no drop rate, whatever was typed before its type changed. */
const schema = z.preprocess(
  (v: ManualStyleForm) => ({ ...v, probability: Number(v.type) === 1 ? null : v.probability }),
  manualStyle,
);

export interface ManualStyleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (style: Pick<StyleRow, 'goods_title' | 'goods_pic' | 'type' | 'probability'>) => void;
}

/** 手动添加款式: name, main image, type and, for hidden styles, the drop rate 1:N. */
export function ManualStyleDialog({ open, onOpenChange, onAdd }: ManualStyleDialogProps) {
  const form = useSchemaForm(schema, defaults, open);
  const hidden = Number(form.watch('type')) !== 1;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="手动添加款式"
      form={form}
      submitLabel="添加"
      testId="manual-style-dialog"
      submitTestId="manual-style-save"
      onSubmit={async ({ probability, ...style }) => onAdd({ ...style, probability: String(probability ?? '') })}
    >
      <TextField
        name="goods_title"
        label="单盒名称"
        required
        placeholder="请输入单盒名称"
        maxLength={100}
        testId="manual-title"
      />
      <ImageField name="goods_pic" label="单盒主图" required testId="manual-pic" size={88} />
      <SelectField name="type" label="款式类型" required options={STYLE_TYPES} numeric testId="manual-type" />
      {hidden && (
        <DigitsField
          name="probability"
          label="掉率"
          required
          helper="隐藏款的抽中概率，如 1:72"
          prefix="1 :"
          placeholder="请输入隐藏款掉率"
          testId="manual-rate"
        />
      )}
    </FormDialog>
  );
}
