import { messages, type RouteDef } from '@toy/shared';
import type { depositRoutes } from '@toy/shared/features/deposit';
import { pickupRoutes } from '@toy/shared/features/pickup';
import { ShipDialog as ShipForm } from '../../components/ShipDialog';
import { useAction } from '../../lib/useAction';

const IDS = { dialog: 'ship-dialog', save: 'ship-save', company: 'ship-company', express: 'ship-number' };

/** The ship dialog of the pickup and stored-order lists: `route` (pickup.ship or deposit.ship) for `orderSn`. */
export function ShipDialog({
  orderSn,
  receiver,
  route = pickupRoutes.ship,
  invalidates,
  onClose,
}: {
  orderSn: string | null;
  /** Who receives it (name and phone), named beside the order number. */
  receiver?: string;
  route?: typeof pickupRoutes.ship | typeof depositRoutes.ship;
  invalidates: readonly RouteDef[];
  onClose: () => void;
}) {
  const ship = useAction(route, { success: messages.pickup.shipped, invalidates });
  return (
    <ShipForm
      open={orderSn !== null}
      onClose={onClose}
      onShip={(v) => ship.run({ order_sn: orderSn ?? '', ...v })}
      caption={orderSn ? `订单号 ${orderSn}${receiver ? ` · 收货人 ${receiver}` : ''}` : undefined}
      submitLabel="确定"
      ids={IDS}
    />
  );
}
