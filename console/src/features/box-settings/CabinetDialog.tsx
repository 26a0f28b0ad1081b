import {
  DEFAULT_DEPOSIT_DAYS,
  DEFAULT_FREE_COUNT,
  DEPOSIT_DAY_OPTIONS,
  type DepositFreight,
  FREE_COUNT_OPTIONS,
  messages,
} from '@toy/shared';
import { cabinetRoutes } from '@toy/shared/features/box-settings';
import { freightRoutes } from '@toy/shared/features/freight';
import { FormDialog } from '../../components/form/FormDialog';
import { SelectField, TextField } from '../../components/form/fields';
import { useFormDialog } from '../../components/useFormDialog';

/** A settings dialog of the brand `ipId`, showing its `current` settings (null when none yet). */
export interface SettingsDialogProps<T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ipId: number;
  current: T | null;
}

const FREE_NUMS = FREE_COUNT_OPTIONS.map((n) => ({ value: n, label: `${n}件` }));

const defaults = (ipId: number, c: DepositFreight | null) =>
  c
    ? { id: c.id, ip_id: ipId, free_days: c.free_days, free_num: c.free_num, unit_price: String(c.unit_price) }
    : { ip_id: ipId, free_days: DEFAULT_DEPOSIT_DAYS, free_num: DEFAULT_FREE_COUNT, unit_price: '' };

/** 寄存设置: days (default 长期 3650), free-shipping count 1–6 (default 3), retrieval freight. */
export function CabinetDialog({ ipId, current, ...props }: SettingsDialogProps<DepositFreight>) {
  const { dialog } = useFormDialog(cabinetRoutes.save, props, {
    title: '寄存设置',
    testId: 'cabinet',
    defaults: defaults(ipId, current),
    success: messages.success.setPlain,
    invalidates: [cabinetRoutes.get, freightRoutes.info],
  });
  return (
    <FormDialog {...dialog}>
      <SelectField
        name="free_days"
        label="用户可寄存天数"
        required
        options={DEPOSIT_DAY_OPTIONS}
        placeholder="请选择用户可寄存天数"
        testId="cabinet-days"
      />
      <SelectField
        name="free_num"
        label="取回包邮数量"
        required
        helper="用户一次取回满该数量时免运费"
        options={FREE_NUMS}
        placeholder="请输入取回包邮数量"
        testId="cabinet-free-num"
      />
      <TextField
        name="unit_price"
        label="取回运费（元）"
        required
        inputMode="decimal"
        placeholder="请输入取回运费"
        testId="cabinet-unit-price"
      />
    </FormDialog>
  );
}
