import { Group, Input, InputAddon } from '@chakra-ui/react';
import { type ManualStyleForm, manualStyle, STYLE_TYPES } from '@toy/shared';
import { useEffect, useState } from 'react';
import { FormDialog, FormField } from '../../components/FormDialog';
import { OptionSelect } from '../../components/formFields';
import { ImageUpload } from '../../components/upload/ImageUpload';

type FormState = { goods_title: string; goods_pic: string; type: number; probability: string };
const initial = (): FormState => ({ goods_title: '', goods_pic: '', type: 1, probability: '' });

export interface ManualStyleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (style: { goods_title: string; goods_pic: string; type: number; probability: string }) => void;
}

/** 手动添加款式: name, main image, type and, for hidden styles, the drop rate 1:N. */
export function ManualStyleDialog({ open, onOpenChange, onAdd }: ManualStyleDialogProps) {
  const [form, setForm] = useState<FormState>(initial);
  useEffect(() => {
    if (open) setForm(initial());
  }, [open]);
  const values: ManualStyleForm = { ...form, probability: form.type === 1 ? null : form.probability };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="手动添加款式"
      schema={manualStyle}
      values={values}
      submitLabel="添加"
      testId="manual-style-dialog"
      submitTestId="manual-style-save"
      onSubmit={async (data) => {
        onAdd({
          goods_title: data.goods_title,
          goods_pic: data.goods_pic,
          type: data.type,
          probability: data.probability ? String(data.probability) : '',
        });
      }}
    >
      <FormField field="goods_title" label="单盒名称" required>
        <Input
          placeholder="请输入单盒名称"
          maxLength={100}
          value={form.goods_title}
          onChange={(e) => setForm((f) => ({ ...f, goods_title: e.target.value }))}
          data-testid="manual-title"
        />
      </FormField>
      <FormField field="goods_pic" label="单盒主图" required>
        <ImageUpload
          value={form.goods_pic ? [form.goods_pic] : []}
          onChange={(keys) => setForm((f) => ({ ...f, goods_pic: keys[0] ?? '' }))}
          testId="manual-pic"
          size={88}
        />
      </FormField>
      <FormField field="type" label="款式类型" required>
        <OptionSelect
          label="款式类型"
          value={String(form.type)}
          onChange={(v) => setForm((f) => ({ ...f, type: Number(v) }))}
          options={STYLE_TYPES}
          testId="manual-type"
        />
      </FormField>
      {form.type !== 1 && (
        <FormField field="probability" label="掉率" required helper="隐藏款的抽中概率，如 1:72">
          <Group attached w="full">
            <InputAddon>1 :</InputAddon>
            <Input
              inputMode="numeric"
              placeholder="请输入隐藏款掉率"
              value={form.probability}
              onChange={(e) => setForm((f) => ({ ...f, probability: e.target.value.replace(/[^\d]/g, '') }))}
              data-testid="manual-rate"
            />
          </Group>
        </FormField>
      )}
    </FormDialog>
  );
}
