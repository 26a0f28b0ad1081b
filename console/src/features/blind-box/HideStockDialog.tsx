import { type Allocation, hideStockBody, messages } from '@toy/shared';
import { blindBoxRoutes } from '@toy/shared/features/blind-box';
import { FormDialog } from '../../components/form/FormDialog';
import { DigitsField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useAction } from '../../lib/useAction';

type Row = Allocation['goods'][number];

/** 设置隐藏款库存: the boxes of one hidden style; the basic styles make up the difference. */
export function HideStockDialog({
  allocation: a,
  style,
  onClose,
  onChange,
}: {
  allocation: Allocation;
  style: Row | null;
  onClose: () => void;
  onChange: (allocation: Allocation) => void;
}) {
  const open = style !== null;
  const form = useSchemaForm(
    hideStockBody,
    { box_sign: a.box_sign, hide_id: style?.id ?? '', hide_stock: String(style?.stock ?? '') },
    open,
  );
  const save = useAction(blindBoxRoutes.hideStock, { success: messages.success.set });
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={`设置隐藏款库存：${style?.goods_title ?? ''}`}
      form={form}
      size="sm"
      testId="hide-stock-dialog"
      submitTestId="hide-stock-save"
      onSubmit={async (d) => onChange(await save.run(d))}
    >
      <DigitsField
        name="hide_stock"
        label="隐藏款库存"
        required
        helper={`当前 ${style?.stock ?? 0} 盒，共 ${a.total} 盒`}
        placeholder="请输入隐藏款库存"
        testId="hide-stock-input"
      />
    </FormDialog>
  );
}
