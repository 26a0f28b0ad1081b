import { type MarketOrder, messages } from '@toy/shared';
import { marketRoutes } from '@toy/shared/features/market';
import { ShipDialog as ShipForm } from '../../components/ShipDialog';
import { useAction } from '../../lib/useAction';

const IDS = {
  dialog: 'market-ship-dialog',
  save: 'market-ship-save',
  company: 'market-ship-company',
  express: 'market-ship-express',
};

/** 发货 from the list: ships every goods line not yet shipped. Partial shipping is on the ship page. */
export function ShipDialog({ order, onClose }: { order: MarketOrder | null; onClose: () => void }) {
  const ship = useAction(marketRoutes.ship, { success: messages.market.shipped, invalidates: [marketRoutes.list] });
  return (
    <ShipForm
      open={order !== null}
      onClose={onClose}
      onShip={(v) => ship.run({ id: order?.id ?? 0, ...v })}
      caption={order ? `订单号 ${order.order_sn} · ${order.username} ${order.phone}` : undefined}
      submitLabel="确定发货"
      ids={IDS}
    />
  );
}
