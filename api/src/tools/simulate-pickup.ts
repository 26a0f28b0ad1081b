import type { PickupOrder } from '@toy/shared';
import type { apiClient } from './client.js';

export interface FulfilmentSummary {
  shipped: number;
  partlyShipped: number;
  received: number;
  partlyReceived: number;
}

/**
 * The merchant's and players' side of fulfilment after a crowd has picked up: the merchant ships
 * the waiting pickups through the API — most whole, some partly (one item) and some left waiting —
 * and the players confirm receipt of some, so every delivery status (0, 1, 2, 4, 5) and every
 * deposit state shows in the demo. The simulated players' receiver phone is their login phone.
 */
export async function simulateFulfilment(
  client: ReturnType<typeof apiClient>,
  webToken: string,
  ipIds: number[],
  log: (line: string) => void = () => undefined,
): Promise<FulfilmentSummary> {
  const { call, api } = client;
  const merchant = { web_token: webToken };
  const summary: FulfilmentSummary = { shipped: 0, partlyShipped: 0, received: 0, partlyReceived: 0 };
  const waiting: PickupOrder[] = [];
  for (const ip_id of ipIds) {
    for (let page = 1; page <= 50; page++) {
      const res = await call(api.pickup.list, { ip_id, page, limit: 100, delivery_status: 0 }, merchant);
      const list = res.data?.list ?? [];
      waiting.push(...list);
      if (list.length < 100) break;
    }
  }
  const toConfirm: { pickup: PickupOrder; status: number }[] = [];
  for (const [i, p] of waiting.entries()) {
    const express = { express_company: ['顺丰速运', '中通快递', '圆通速递'][i % 3]!, express: `SIM${p.id}` };
    if (i % 5 === 4) continue; // left waiting (0)
    const partly = i % 5 === 3 && p.goods.length > 1;
    const res = partly
      ? await call(api.retrieval.shipMore, { order_sn: p.order_sn, child_ids: [p.goods[0]!.id], ...express }, merchant)
      : await call(api.pickup.ship, { order_sn: p.order_sn, ...express }, merchant);
    if (res.status !== 0) continue;
    if (partly) summary.partlyShipped += 1;
    else summary.shipped += 1;
    if (i % 2 === 1) toConfirm.push({ pickup: p, status: res.data.delivery_status });
  }
  for (const { pickup } of toConfirm) {
    const login = await call(api.player.login, { phone: pickup.phone });
    if (login.status !== 0) continue;
    const res = await call(
      api.playerPickup.confirm,
      { order_sn: pickup.order_sn },
      { player_token: login.data.player_token },
    );
    if (res.status !== 0) continue;
    if (res.data.delivery_status === 5) summary.partlyReceived += 1;
    else summary.received += 1;
  }
  log(
    `fulfilment: ${summary.shipped} shipped, ${summary.partlyShipped} partly shipped, ${summary.received} received, ${summary.partlyReceived} partly received`,
  );
  return summary;
}
