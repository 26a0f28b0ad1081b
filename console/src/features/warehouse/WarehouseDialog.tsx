import { Input, NativeSelect } from '@chakra-ui/react';
import { api, COUNTRIES, messages, PER_ID, type Warehouse, type WarehouseForm, warehouseSave } from '@toy/shared';
import { useEffect, useState } from 'react';
import { BrandSelect } from '../../components/BrandSelect';
import { FormDialog, FormField } from '../../components/FormDialog';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate } from '../../lib/useCall';
import { useBrandWord } from '../auth/useBrandWord';

type FormState = Omit<WarehouseForm, 'ip_id'> & { ip_id: number | '' };

export interface WarehouseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row being edited, or null to add. */
  editing: Warehouse | null;
  /** The brand a new warehouse starts with (the list's brand filter). */
  defaultBrandId?: number;
}

const initial = (editing: Warehouse | null, brandId?: number): FormState =>
  editing
    ? { id: editing.id, ip_id: editing.ip_id, name: editing.name, country: editing.country }
    : { ip_id: brandId ?? '', name: '', country: '' };

/** 新增仓库 / 编辑仓库: brand, name, country, checked by warehouseSave (its rule table) before sending. */
export function WarehouseDialog({ open, onOpenChange, editing, defaultBrandId }: WarehouseDialogProps) {
  const word = useBrandWord();
  const [form, setForm] = useState<FormState>(() => initial(editing, defaultBrandId));

  useEffect(() => {
    if (open) setForm(initial(editing, defaultBrandId));
  }, [open, editing, defaultBrandId]);

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
      <FormField field="ip_id" label={word} required>
        <BrandSelect
          perId={PER_ID.box}
          value={form.ip_id === '' ? undefined : form.ip_id}
          onChange={(id) => setForm((f) => ({ ...f, ip_id: id ?? '' }))}
          defaultFirst={false}
          testId="warehouse-brand"
        />
      </FormField>
      <FormField field="name" label="仓库名称" required>
        <Input
          placeholder="请输入仓库名称"
          maxLength={50}
          value={form.name}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
          data-testid="warehouse-name"
        />
      </FormField>
      <FormField field="country" label="国家" required>
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label="国家"
            value={form.country}
            onChange={(e) => setForm((f) => ({ ...f, country: e.target.value }))}
            data-testid="warehouse-country"
          >
            <option value="">请选择国家</option>
            {COUNTRIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}
