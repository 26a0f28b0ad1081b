import { api, messages, type RouteDef } from '@toy/shared';
import { ShipDialog as ShipForm } from '../../components/ShipDialog';
import { useAction } from '../../lib/useAction';

const IDS = { dialog: 'ship-dialog', save: 'ship-save', company: 'ship-company', express: 'ship-number' };

/** The ship dialog of the pickup and stored-order lists: `route` (pickup.ship or deposit.ship) for `orderSn`. */
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
  const ship = useAction(route, { success: messages.pickup.shipped, invalidates });
  return (
    <ShipForm
      open={orderSn !== null}
      onClose={onClose}
      onShip={(v) => ship.run({ order_sn: orderSn ?? '', ...v })}
      submitLabel="确定"
      ids={IDS}
    />
  );
}
