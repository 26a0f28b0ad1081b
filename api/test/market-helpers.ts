import { randomUUID } from 'node:crypto';
import {
  type api,
  type Envelope,
  MARKET_DEMO_SECRETS,
  type MarketPlatform,
  type MarketPushOrder,
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

/** A signed call of the marketplace's endpoints, as the marketplace makes it, through inject. */
export async function openCall<A extends keyof OpenData>(
  app: FastifyInstance,
  platform: string,
  action: A,
  params: Record<string, unknown>,
  opts: OpenOptions = {},
) {
  const secret = opts.secret ?? MARKET_DEMO_SECRETS[platform as MarketPlatform] ?? 'none';
  const { url, init } = marketRequest(platform, secret, action, params, { now: opts.now });
  const response = await app.inject({
    method: init.method,
    url,
    headers: { ...init.headers, ...opts.headers },
    payload: opts.rawBody ?? init.body,
  });
  return { statusCode: response.statusCode, body: response.json() as Envelope<OpenData[A]> };
}

/** Push orders and answer their ids. */
export async function pushOrders(app: FastifyInstance, platform: string, orders: MarketPushOrder[]) {
  const res = await openCall(app, platform, 'orders', { orders });
  if (res.statusCode !== 200) throw new Error(`push: ${res.statusCode} ${res.body.msg}`);
  return res.body.data.orders.map((o) => o.id);
}
