import { Input } from '@chakra-ui/react';
import { api, COUNTRIES, messages, type Warehouse, type WarehouseForm, warehouseSave } from '@toy/shared';
import { FormDialog, FormField } from '../../components/FormDialog';
import { BrandField, OptionSelect, useDialogForm } from '../../components/formFields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate } from '../../lib/useCall';

type FormState = Omit<WarehouseForm, 'ip_id'> & { ip_id: number | '' };

export type WarehouseDialogProps = EditDialogProps<Warehouse>;

const initial = (editing: Warehouse | null, brandId?: number): FormState =>
  editing
    ? { id: editing.id, ip_id: editing.ip_id, name: editing.name, country: editing.country }
    : { ip_id: brandId ?? '', name: '', country: '' };

/** 新增仓库 / 编辑仓库: brand, name, country, checked by warehouseSave (its rule table) before sending. */
export function WarehouseDialog({ open, onOpenChange, editing, defaultBrandId }: WarehouseDialogProps) {
  const { form, set } = useDialogForm(open, initial, editing, defaultBrandId);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? '编辑仓库' : '新增仓库'}
      schema={warehouseSave}
      values={form}
      testId="warehouse-dialog"
      submitTestId="warehouse-save"
      onSubmit={async (data) => {
        await call(api.warehouse.save, data);
        notify.success(messages.success.saved);
        await invalidate(api.warehouse.list);
      }}
    >
      <BrandField value={form.ip_id} onChange={(id) => set('ip_id', id)} testId="warehouse-brand" />
      <FormField field="name" label="仓库名称" required>
        <Input
          placeholder="请输入仓库名称"
          maxLength={50}
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          data-testid="warehouse-name"
        />
      </FormField>
      <FormField field="country" label="国家" required>
        <OptionSelect
          label="国家"
          value={form.country}
          onChange={(v) => set('country', v)}
          options={COUNTRIES}
          placeholder="请选择国家"
          testId="warehouse-country"
        />
      </FormField>
    </FormDialog>
  );
}
