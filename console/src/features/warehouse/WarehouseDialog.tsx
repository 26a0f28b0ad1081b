import { messages, type Warehouse, type WarehouseForm } from '@toy/shared';
import { warehouseRoutes } from '@toy/shared/features/warehouse';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, CountryField, TextField } from '../../components/form/fields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useEditForm } from '../../components/useFormDialog';

const defaults = (editing: Warehouse | null, brandId?: number): WarehouseForm =>
  editing
    ? { id: editing.id, ip_id: editing.ip_id, name: editing.name, country: editing.country }
    : { ip_id: brandId ?? '', name: '', country: '' };

/** 新增仓库 / 编辑仓库 (spec 02 §5 "Warehouse"): checked by warehouseRoutes.save's schema and rule table. */
export function WarehouseDialog(props: EditDialogProps<Warehouse>) {
  const { dialog } = useEditForm(warehouseRoutes.save, props, {
    noun: '仓库',
    testId: 'warehouse',
    defaults: defaults(props.editing, props.defaultBrandId),
    invalidates: [warehouseRoutes.list],
    success: messages.success.saved,
  });
  return (
    <FormDialog {...dialog}>
      <BrandField testId="warehouse-brand" />
      <TextField
        name="name"
        label="仓库名称"
        required
        placeholder="请输入仓库名称"
        maxLength={50}
        testId="warehouse-name"
      />
      <CountryField testId="warehouse-country" />
    </FormDialog>
  );
}
