import { Text } from '@chakra-ui/react';
import { api, messages, type Order, orderExpressDialogForm } from '@toy/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { TextField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useAction } from '../../lib/useAction';

/**
 * The order list's ship dialog (order.express): courier company and tracking number, checked with
 * the dialog's words (请输入物流公司 / 请输入物流单号), sending every item not yet shipped.
 */
export function ShipDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const open = order !== null;
  const form = useSchemaForm(
    orderExpressDialogForm,
    { order_id: order?.id ?? 0, express_company: '', express: '' },
    open,
  );
  const ship = useAction(api.order.express, { success: messages.order.shipped, invalidates: [api.order.list] });
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="发货"
      form={form}
      onSubmit={(data) => ship.run(data)}
      submitLabel="确认发货"
      testId="order-ship-dialog"
      submitTestId="order-ship-save"
      size="sm"
    >
      {order && (
        <Text fontSize="sm" color="fg.muted">
          订单号 {order.order_sn} · {order.username} {order.phone}
        </Text>
      )}
      <TextField name="express_company" label="物流公司" required maxLength={50} testId="order-ship-company" />
      <TextField name="express" label="物流单号" required maxLength={50} testId="order-ship-express" />
    </FormDialog>
  );
}
