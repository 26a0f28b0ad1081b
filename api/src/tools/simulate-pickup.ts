import type { Country, PickupOrder } from '@toy/shared';
import { type apiClient, simulatedPlayerCode } from './client.js';

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
    const login = await call(api.player.login, { phone: pickup.phone, code: simulatedPlayerCode() });
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

/** The freight countries the simulated overseas players ship to. */
export const SIMULATED_COUNTRIES: readonly Country[] = ['th', 'sg'];

/**
 * For each brand, the simulated countries it has a freight template for (an overseas pickup to a
 * country without one is refused), read through the merchant's freight template list.
 */
export async function overseasDestinations(
  { call, api }: ReturnType<typeof apiClient>,
  webToken: string,
  ipIds: number[],
): Promise<Map<number, Country[]>> {
  const out = new Map<number, Country[]>();
  for (const ip_id of ipIds) {
    const res = await call(api.freight.list, { ip_id }, { web_token: webToken });
    const countries = new Set((res.data ?? []).map((t) => t.country));
    out.set(
      ip_id,
      SIMULATED_COUNTRIES.filter((c) => countries.has(c)),
    );
  }
  return out;
}

/**
 * Where player `i` has a pickup of brand `ipId` sent: every fourth player lives in Thailand and
 * every fourth in Singapore (when the brand has that country's template); the others at home.
 */
export function destinationOf(i: number, ipId: number, destinations: Map<number, Country[]>): Country | undefined {
  const country = ({ 1: 'th', 3: 'sg' } as Record<number, Country>)[i % 4];
  return country && destinations.get(ipId)?.includes(country) ? country : undefined;
}

const ADDRESSES: Record<
  'home' | Country,
  (i: number) => { province: string; city: string; area: string; address: string }
> = {
  home: (i) => ({ province: '上海市', city: '上海市', area: '徐汇区', address: `漕溪北路${i}号` }),
  th: (i) => ({ province: '曼谷', city: 'Bangkok', area: 'Pathum Wan', address: `${i} Rama I Road` }),
  sg: (i) => ({ province: '新加坡', city: 'Singapore', area: 'Orchard', address: `${i} Orchard Road` }),
  id: (i) => ({ province: '雅加达', city: 'Jakarta', area: 'Menteng', address: `Jl. Thamrin ${i}` }),
  my: (i) => ({ province: '吉隆坡', city: 'Kuala Lumpur', area: 'Bukit Bintang', address: `${i} Jalan Bukit Bintang` }),
  ph: (i) => ({ province: '马尼拉', city: 'Manila', area: 'Makati', address: `${i} Ayala Avenue` }),
  vn: (i) => ({ province: '胡志明市', city: 'Ho Chi Minh City', area: 'District 1', address: `${i} Le Loi` }),
};

/** Player `i`'s pickup request of these cabinet items, to `country` (overseas) or at home. */
export function pickupRequest(i: number, phone: string, depositIds: number[], country?: Country) {
  return {
    deposit_ids: depositIds,
    username: `模拟玩家${i}`,
    phone,
    ...ADDRESSES[country ?? 'home'](i),
    ...(country ? { country } : {}),
  };
}
