import { messages, type Order } from '@toy/shared';
import { orderRoutes } from '@toy/shared/features/order';
import { ShipDialog as ShipForm } from '../../components/ShipDialog';
import { useAction } from '../../lib/useAction';

const IDS = {
  dialog: 'order-ship-dialog',
  save: 'order-ship-save',
  company: 'order-ship-company',
  express: 'order-ship-express',
};

/** The order list's ship dialog (order.express): ships every item not yet shipped. */
export function ShipDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const ship = useAction(orderRoutes.express, { success: messages.order.shipped, invalidates: [orderRoutes.list] });
  return (
    <ShipForm
      open={order !== null}
      onClose={onClose}
      onShip={(v) => ship.run({ order_id: order?.id ?? 0, ...v })}
      caption={order ? `订单号 ${order.order_sn} · ${order.username} ${order.phone}` : undefined}
      submitLabel="确认发货"
      ids={IDS}
    />
  );
}
