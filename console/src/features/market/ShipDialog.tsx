import { Text } from '@chakra-ui/react';
import { api, type MarketOrder, marketShipDialogForm, messages } from '@toy/shared';
import { FormDialog } from '../../components/form/FormDialog';
import { TextField } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/useSchemaForm';
import { useAction } from '../../lib/useAction';

interface ShipValues {
  id: number;
  express_company: string;
  express: string;
}

/**
 * 发货 from the list: courier company and tracking number (请输入物流公司 / 请输入物流单号); ships
 * every goods line not yet shipped. Partial shipping is on the ship page.
 */
export function ShipDialog({ order, onClose }: { order: MarketOrder | null; onClose: () => void }) {
  const open = order !== null;
  const form = useSchemaForm<typeof marketShipDialogForm, ShipValues>(
    marketShipDialogForm,
    { id: order?.id ?? 0, express_company: '', express: '' },
    open,
  );
  const ship = useAction(api.market.ship, { success: messages.market.shipped, invalidates: [api.market.list] });
  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="发货"
      form={form}
      onSubmit={(data) => ship.run({ id: data.id, express_company: data.express_company, express: data.express })}
      submitLabel="确定发货"
      testId="market-ship-dialog"
      submitTestId="market-ship-save"
      size="sm"
    >
      {order && (
        <Text fontSize="sm" color="fg.muted">
          订单号 {order.order_sn} · {order.username} {order.phone}
        </Text>
      )}
      <TextField name="express_company" label="物流公司" required maxLength={50} testId="market-ship-company" />
      <TextField name="express" label="物流单号" required maxLength={50} testId="market-ship-express" />
    </FormDialog>
  );
}
