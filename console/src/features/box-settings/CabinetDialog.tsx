import { Input } from '@chakra-ui/react';
import {
  api,
  type CabinetForm,
  cabinetSave,
  DEFAULT_DEPOSIT_DAYS,
  DEFAULT_FREE_COUNT,
  DEPOSIT_DAY_OPTIONS,
  type DepositFreight,
  FREE_COUNT_OPTIONS,
  messages,
} from '@toy/shared';
import { useEffect, useState } from 'react';
import { FormDialog, FormField } from '../../components/FormDialog';
import { OptionSelect } from '../../components/formFields';
import { call } from '../../lib/http';
import { notify } from '../../lib/notify';
import { invalidate } from '../../lib/useCall';

export interface CabinetDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ipId: number;
  current: DepositFreight | null;
}

const initial = (ipId: number, c: DepositFreight | null): CabinetForm =>
  c
    ? { id: c.id, ip_id: ipId, free_days: c.free_days, free_num: c.free_num, unit_price: String(c.unit_price) }
    : { ip_id: ipId, free_days: DEFAULT_DEPOSIT_DAYS, free_num: DEFAULT_FREE_COUNT, unit_price: '' };

/** 寄存设置: days (default 长期 3650), free-shipping count 1–6 (default 3), retrieval freight. */
export function CabinetDialog({ open, onOpenChange, ipId, current }: CabinetDialogProps) {
  const [form, setForm] = useState<CabinetForm>(() => initial(ipId, current));
  useEffect(() => {
    if (open) setForm(initial(ipId, current));
  }, [open, ipId, current]);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="寄存设置"
      schema={cabinetSave}
      values={form}
      testId="cabinet-dialog"
      submitTestId="cabinet-save"
      onSubmit={async (d) => {
        await call(api.cabinet.save, d);
        notify.success(messages.success.set);
        await Promise.all([invalidate(api.cabinet.get), invalidate(api.freight.info)]);
      }}
    >
      <FormField field="free_days" label="用户可寄存天数" required>
        <OptionSelect
          label="用户可寄存天数"
          value={String(form.free_days)}
          onChange={(v) => setForm((f) => ({ ...f, free_days: v }))}
          options={DEPOSIT_DAY_OPTIONS}
          placeholder="请选择用户可寄存天数"
          testId="cabinet-days"
        />
      </FormField>
      <FormField field="free_num" label="取回包邮数量" required helper="用户一次取回满该数量时免运费">
        <OptionSelect
          label="取回包邮数量"
          value={String(form.free_num)}
          onChange={(v) => setForm((f) => ({ ...f, free_num: v }))}
          options={FREE_COUNT_OPTIONS.map((n) => ({ value: n, label: `${n}件` }))}
          placeholder="请输入取回包邮数量"
          testId="cabinet-free-num"
        />
      </FormField>
      <FormField field="unit_price" label="取回运费（元）" required>
        <Input
          inputMode="decimal"
          placeholder="请输入取回运费"
          value={String(form.unit_price)}
          onChange={(e) => setForm((f) => ({ ...f, unit_price: e.target.value }))}
          data-testid="cabinet-unit-price"
        />
      </FormField>
    </FormDialog>
  );
}
