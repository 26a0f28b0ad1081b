import { api, COUNTRIES, messages, type Warehouse, type WarehouseForm } from '@toy/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, SelectField, TextField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useAction } from '../../lib/useAction';

const defaults = (editing: Warehouse | null, brandId?: number): WarehouseForm =>
  editing
    ? { id: editing.id, ip_id: editing.ip_id, name: editing.name, country: editing.country }
    : { ip_id: brandId ?? '', name: '', country: '' };

/** 新增仓库 / 编辑仓库 (spec 02 §5 "Warehouse"): checked by api.warehouse.save's schema and rule table. */
export function WarehouseDialog({ open, onOpenChange, editing, defaultBrandId }: EditDialogProps<Warehouse>) {
  const form = useSchemaForm(api.warehouse.save.body, defaults(editing, defaultBrandId), open);
  const save = useAction(api.warehouse.save, { success: messages.success.saved, invalidates: [api.warehouse.list] });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? '编辑仓库' : '新增仓库'}
      form={form}
      onSubmit={save.run}
      testId="warehouse-dialog"
      submitTestId="warehouse-save"
    >
      <BrandField testId="warehouse-brand" />
      <TextField
        name="name"
        label="仓库名称"
        required
        placeholder="请输入仓库名称"
        maxLength={50}
        testId="warehouse-name"
      />
      <SelectField
        name="country"
        label="国家"
        required
        options={COUNTRIES}
        placeholder="请选择国家"
        testId="warehouse-country"
      />
    </FormDialog>
  );
}
