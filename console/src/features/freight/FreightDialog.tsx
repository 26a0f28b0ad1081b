import { type FreightTemplate, type FreightTemplateForm, messages } from '@toy/shared';
import { freightTemplateRoutes } from '@toy/shared/features/freight';
import { useEffect } from 'react';
import { FormDialog } from '../../components/form/FormDialog';
import { BrandField, CountryField, DigitsField, MoneyField } from '../../components/form/fields';
import type { EditDialogProps } from '../../components/useEditDialog';
import { useEditForm } from '../../components/useFormDialog';

const defaults = (editing: FreightTemplate | null, brandId?: number): FreightTemplateForm =>
  editing
    ? {
        id: editing.id,
        ip_id: editing.ip_id,
        country: editing.country,
        free_num: editing.free_num,
        price_us: editing.price_us,
        price_th: editing.price_th,
      }
    : { ip_id: brandId ?? '', country: '', free_num: '', price_us: '', price_th: '' };

/**
 * 新增运费模板 / 编辑运费模板 (spec 02 §5 "Freight template"): checked by freightTemplateRoutes.save's rule
 * table; 包邮数量 1 sets both prices to 0 and disables them.
 */
export function FreightDialog(props: EditDialogProps<FreightTemplate>) {
  const { form, dialog } = useEditForm(freightTemplateRoutes.save, props, {
    noun: '运费模板',
    testId: 'freight',
    defaults: defaults(props.editing, props.defaultBrandId),
    invalidates: [freightTemplateRoutes.list],
    success: messages.success.saved,
  });
  const alwaysFree = String(form.watch('free_num')) === '1';
  useEffect(() => {
    if (!alwaysFree) return;
    form.setValue('price_us', 0);
    form.setValue('price_th', 0);
  }, [alwaysFree, form]);

  return (
    <FormDialog {...dialog}>
      <BrandField testId="freight-brand" />
      <CountryField testId="freight-country" />
      <DigitsField
        name="free_num"
        label="包邮数量"
        required
        placeholder="请输入包邮数量"
        helper="取回数量达到此数时包邮；为 1 时始终包邮"
        testId="freight-free-num"
      />
      <MoneyField
        name="price_us"
        label="美元价格"
        placeholder="请输入美元价格"
        currency="$"
        disabled={alwaysFree}
        testId="freight-price-us"
      />
      <MoneyField
        name="price_th"
        label="泰铢价格"
        placeholder="请输入泰铢价格"
        currency="฿"
        disabled={alwaysFree}
        testId="freight-price-th"
      />
    </FormDialog>
  );
}
