import { randomUUID } from 'node:crypto';
import {
  fileUrl,
  MARKET_PLATFORMS,
  type MarketOrder,
  type MarketPlatform,
  type MarketPushOrder,
  marketDemoShop,
  marketRequest,
  STORAGE_FILES_PATH,
} from '@toy/shared';
import type { apiClient } from './client.js';

export interface MarketSummary {
  pushed: number;
  shipped: number;
  received: number;
}

const SERIES = ['星河系列', '森林派对', '深海奇遇'];
const STYLES = ['基础款', '限定款', '隐藏款', '夜光款'];
const COURIERS = ['顺丰速运', '中通快递', '圆通速递'];
const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length]!;

/** A paid order of the marketplace for `ipId`: two or three goods lines, free shipping every other one. */
function orderOf(ipId: number, i: number, base: string): MarketPushOrder {
  const lines = 2 + (i % 2);
  return {
    order_sn: `${(Date.now() % 1e9).toString(36).toUpperCase()}${randomUUID().slice(0, 6).toUpperCase()}`,
    ip_id: ipId,
    freight: i % 2 === 0 ? 0 : 8,
    receiver: {
      username: `平台买家${i + 1}`,
      phone: `139${String(10000000 + i).slice(-8)}`,
      province: '广东省',
      city: '广州市',
      area: '天河区',
      address: `体育西路 ${i + 1} 号`,
    },
    goods: Array.from({ length: lines }, (_, j) => ({
      template_title: pick(SERIES, i),
      goods_title: pick(STYLES, i + j),
      nums: 1 + ((i + j) % 2),
      // The marketplace's own picture URL; here a seeded goods picture of the API.
      goods_pic: fileUrl(
        `${base}${STORAGE_FILES_PATH}`,
        `seed/goods-${String(1 + ((i + j) % 4)).padStart(2, '0')}.png`,
      ),
    })),
  };
}

/**
 * The marketplaces against a running API: on each platform the demo brands' shops (the seed's
 * links, marketDemoShop) push signed paid orders of their brands; the merchant ships some through the API (some in part); the marketplace
 * reads the shipments back and reports receipt for some, so every delivery status of spec 02 §4
 * (0, 1, 2, 4, 5) shows on 第三方平台发货.
 */
export async function simulateMarket(
  client: ReturnType<typeof apiClient>,
  opts: { web_token: string; ipIds: number[]; perPlatform?: number; log?: (line: string) => void },
): Promise<MarketSummary> {
  const { call, api, base } = client;
  const summary: MarketSummary = { pushed: 0, shipped: 0, received: 0 };
  /** A call of the demo shop (seeded link) of `ipId` on `platform`, signed with its demo secret. */
  const send = async (
    platform: MarketPlatform,
    ipId: number,
    action: 'orders' | 'receipt' | 'shipments',
    params: object,
  ) => {
    const shop = marketDemoShop(platform, ipId);
    const { url, init } = marketRequest(
      platform,
      shop.secret,
      action,
      { shop_id: shop.shop_id, ...params },
      { baseUrl: base },
    );
    const res = await fetch(url, init);
    return (await res.json()) as { status: number; msg: string; data: unknown };
  };
  const n = opts.perPlatform ?? 6;
  for (const { value: platform } of MARKET_PLATFORMS) {
    const orders = Array.from({ length: n }, (_, i) => orderOf(opts.ipIds[i % opts.ipIds.length]!, i, base));
    // Each brand's shop pushes its own orders.
    const ids: number[] = [];
    for (const order of orders) {
      const pushed = await send(platform, order.ip_id, 'orders', { orders: [order] });
      if (pushed.status !== 0) throw new Error(`market push (${platform}): ${pushed.msg}`);
      ids.push(...(pushed.data as { orders: { id: number }[] }).orders.map((o) => o.id));
    }
    summary.pushed += orders.length;
    // Orders 0–1 stay unshipped; 2 and 4 ship whole, 3 and 5 ship their first line only (4).
    for (const [i, id] of ids.entries()) {
      if (i < 2) continue;
      const detail = await call(api.market.detail, { id }, { web_token: opts.web_token });
      const order = (detail.data as { order: MarketOrder } | null)?.order;
      if (order?.delivery_status !== 0) continue;
      const partly = i % 2 === 1 && order.goods.length > 1;
      const shipped = await call(
        api.market.ship,
        {
          id,
          express_company: pick(COURIERS, i),
          express: `SIM${Date.now().toString(36).toUpperCase()}${i}`,
          ...(partly ? { goods_ids: [order.goods[0]!.id] } : {}),
        },
        { web_token: opts.web_token },
      );
      if (shipped.status === 0) summary.shipped += 1;
    }
    // The marketplace reads what shipped and confirms receipt of orders 2 (whole: 2) and 3 (in part: 5).
    const confirm = [orders[2], orders[3]].filter((o) => o !== undefined);
    for (const order of confirm) {
      const read = await send(platform, order.ip_id, 'shipments', { since_id: 0, limit: 500 });
      const shipments = (read.data as { list: { order_sn: string; express: string }[] } | null)?.list ?? [];
      for (const s of shipments.filter((x) => x.order_sn === order.order_sn)) {
        const receipt = await send(platform, order.ip_id, 'receipt', { order_sn: s.order_sn, express: s.express });
        if (receipt.status === 0) summary.received += 1;
      }
    }
  }
  opts.log?.(`marketplaces: ${summary.pushed} orders pushed, ${summary.shipped} shipped, ${summary.received} received`);
  return summary;
}
