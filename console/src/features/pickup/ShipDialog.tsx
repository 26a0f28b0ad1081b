import { api, messages, type RouteDef, shipDialogForm } from '@toy/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { TextField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useAction } from '../../lib/useAction';

const EMPTY = { express_company: '', express: '' };

/**
 * The ship dialog of a list (spec 02 §2 screen 5): company and tracking number, checked with the
 * dialog's words (请输入物流公司 / 请输入物流单号), then `route` (pickup.ship or deposit.ship)
 * for `orderSn`; 发货成功 refreshes the lists.
 */
export function ShipDialog({
  orderSn,
  route = api.pickup.ship,
  invalidates,
  onClose,
}: {
  orderSn: string | null;
  route?: typeof api.pickup.ship | typeof api.deposit.ship;
  invalidates: readonly RouteDef[];
  onClose: () => void;
}) {
  const open = orderSn !== null;
  const form = useSchemaForm(shipDialogForm, EMPTY, open);
  const ship = useAction(route, { success: messages.pickup.shipped, invalidates });
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="发货"
      testId="ship-dialog"
      submitTestId="ship-save"
      submitLabel="确定"
      form={form}
      onSubmit={(data) => ship.run({ order_sn: orderSn ?? '', ...data })}
    >
      <TextField name="express_company" label="物流公司" required maxLength={50} testId="ship-company" />
      <TextField name="express" label="物流单号" required maxLength={50} testId="ship-number" />
    </FormDialog>
  );
}
