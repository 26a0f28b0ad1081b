import { type KujiDetail, messages } from '@toy/shared';
import { kujiRoutes } from '@toy/shared/features/kuji-routes';
import { ChoiceField, DateTimeField, SelectField, TextField } from '../../components/form/fields';
import { ImageField } from '../../components/form/imageFields';
import { BEAN_USE, KindDialog, STOCK_TYPES } from '../../components/form/KindDialog';
import { useAction } from '../../lib/useAction';
import { kujiBeanForm, kujiDescForm, kujiPicForm, kujiShelvesForm, kujiStockForm } from './forms';
import { kujiReads } from './parts';

export type KujiActionKind = 'stock' | 'shelves' | 'desc' | 'bean' | 'pic';

/** The detail dialog's edits: boxes, sale time, description, coins and cover. */
export function KujiActionDialogs({
  kind,
  kuji,
  onClose,
}: {
  kind: KujiActionKind | null;
  kuji: KujiDetail;
  onClose: (kind: KujiActionKind) => void;
}) {
  const { id, off } = kuji;
  const adjusted = { success: messages.success.adjusted, invalidates: kujiReads };
  const modified = { success: messages.success.modified, invalidates: kujiReads };
  const stock = useAction(kujiRoutes.stock, adjusted);
  const reschedule = useAction(kujiRoutes.update, adjusted);
  const describe = useAction(kujiRoutes.update, modified);
  const coins = useAction(kujiRoutes.update, { success: messages.success.setPlain, invalidates: kujiReads });
  const cover = useAction(kujiRoutes.update, modified);
  const common = { open: kind, onClose };

  return (
    <>
      <KindDialog
        prefix="kuji"
        {...common}
        kind="stock"
        title="调整库存"
        schema={kujiStockForm}
        defaults={{ type: 1, stock: '', can_num: kuji.can_num }}
        onSubmit={(d) => stock.run({ active_id: id, type: Number(d.type), stock: Number(d.stock) })}
      >
        {(form) => (
          <>
            <SelectField name="type" label="调整方式" required options={STOCK_TYPES} numeric testId="kuji-stock-type" />
            <TextField
              name="stock"
              label={form.watch('type') === 2 ? '减少箱数' : '增加箱数'}
              required
              helper={form.watch('type') === 2 ? `当前 ${kuji.can_num} 箱未开抽，可减少` : `当前 ${kuji.stock} 箱`}
              inputMode="numeric"
              testId="kuji-stock-num"
            />
          </>
        )}
      </KindDialog>

      <KindDialog
        prefix="kuji"
        {...common}
        kind="shelves"
        title="调整发售时间"
        schema={kujiShelvesForm}
        defaults={{ off, shelves_time: kuji.shelves_time }}
        onSubmit={(d) => reschedule.run({ id, shelves_time: d.shelves_time })}
      >
        {() => <DateTimeField name="shelves_time" label="发售时间" required testId="kuji-shelves-time" />}
      </KindDialog>

      <KindDialog
        prefix="kuji"
        {...common}
        kind="desc"
        title="修改描述"
        schema={kujiDescForm}
        defaults={{ desc: kuji.desc }}
        onSubmit={(d) => describe.run({ id, desc: d.desc })}
      >
        {() => <TextField name="desc" label="商品描述" required helper="最多50个字" testId="kuji-desc-input" />}
      </KindDialog>

      <KindDialog
        prefix="kuji"
        {...common}
        kind="bean"
        title="金币抵扣"
        schema={kujiBeanForm}
        defaults={{ is_bean: kuji.bean > 0 ? 1 : 0, bean: kuji.bean > 0 ? String(kuji.bean) : '' }}
        onSubmit={(d) =>
          coins.run({ id, is_bean: Number(d.is_bean), bean: Number(d.is_bean) === 1 ? Number(d.bean) : 0 })
        }
      >
        {(form) => (
          <>
            <ChoiceField name="is_bean" label="金币抵扣" options={BEAN_USE} numeric testId="kuji-bean-use" />
            {Number(form.watch('is_bean')) === 1 && (
              <TextField
                name="bean"
                label="金币最高可抵扣金额（元）"
                required
                inputMode="decimal"
                testId="kuji-bean-input"
              />
            )}
          </>
        )}
      </KindDialog>

      <KindDialog
        prefix="kuji"
        {...common}
        kind="pic"
        title="修改封面"
        schema={kujiPicForm}
        defaults={{ pic: kuji.pic }}
        onSubmit={(d) => cover.run({ id, pic: String(d.pic) })}
      >
        {() => <ImageField name="pic" label="封面图" required width={1200} height={1200} testId="kuji-pic-upload" />}
      </KindDialog>
    </>
  );
}
