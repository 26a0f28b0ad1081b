import { randomUUID } from 'node:crypto';
import {
  type api,
  type Envelope,
  type MarketPushOrder,
  marketDemoShop,
  marketRequest,
  type RouteData,
} from '@toy/shared';
import type { FastifyInstance } from 'fastify';

/** A marketplace's order number, unique per call. */
export const marketSn = (prefix = 'MK') => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`;

/** A paid marketplace order of `ipId` with `lines` goods lines. */
export function marketOrderOf(ipId: number, extra: Partial<MarketPushOrder> = {}, lines = 2): MarketPushOrder {
  return {
    order_sn: marketSn(),
    ip_id: ipId,
    freight: 0,
    receiver: {
      username: '林小满',
      phone: '13800001111',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '文三路 90 号',
    },
    goods: Array.from({ length: lines }, (_, i) => ({
      template_title: '星河系列',
      goods_title: `星河款式${i + 1}`,
      nums: i + 1,
      goods_pic: `https://img.example.com/market/${i + 1}.png`,
    })),
    ...extra,
  };
}

export interface OpenOptions {
  /** The shop that calls: by default the seeded demo shop of `ipId` (else of the first order's brand). */
  shop?: { shop_id: string; secret: string };
  ipId?: number;
  /** Sign with this secret instead of the shop's. */
  secret?: string;
  now?: number;
  /** Replace the signed body with this exact payload. */
  rawBody?: string;
  headers?: Record<string, string>;
}

interface OpenData {
  orders: RouteData<typeof api.market.push>;
  receipt: RouteData<typeof api.market.receipt>;
  shipments: RouteData<typeof api.market.shipments>;
}

/** The seeded demo shop of a brand on a platform (the seed links every demo brand on every platform). */
export const demoShop = marketDemoShop;

/** A signed call of the marketplace's endpoints, as a linked shop makes it, through inject. */
export async function openCall<A extends keyof OpenData>(
  app: FastifyInstance,
  platform: string,
  action: A,
  params: Record<string, unknown>,
  opts: OpenOptions = {},
) {
  const orders = Array.isArray(params.orders) ? (params.orders as { ip_id?: unknown }[]) : [];
  const ipId = opts.ipId ?? (typeof orders[0]?.ip_id === 'number' ? orders[0].ip_id : 0);
  const shop = opts.shop ?? marketDemoShop(platform, ipId);
  const sent = 'shop_id' in params ? params : { shop_id: shop.shop_id, ...params };
  const { url, init } = marketRequest(platform, opts.secret ?? shop.secret, action, sent, { now: opts.now });
  const response = await app.inject({
    method: init.method,
    url,
    headers: { ...init.headers, ...opts.headers },
    payload: opts.rawBody ?? init.body,
  });
  return { statusCode: response.statusCode, body: response.json() as Envelope<OpenData[A]> };
}

/** Push orders, each brand's through its demo shop, and answer their ids in the given order. */
export async function pushOrders(app: FastifyInstance, platform: string, orders: MarketPushOrder[]) {
  const ids: number[] = [];
  for (const order of orders) {
    const res = await openCall(app, platform, 'orders', { orders: [order] });
    if (res.statusCode !== 200) throw new Error(`push: ${res.statusCode} ${res.body.msg}`);
    ids.push(res.body.data.orders[0]!.id);
  }
  return ids;
}
