import { api, type Goods, type Order } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { call } from './helpers.js';

/** A receiver as a player types it. */
export const RECEIVER = {
  username: '张三',
  phone: '13800138000',
  province: '上海市',
  city: '上海市',
  area: '徐汇区',
  address: '漕溪北路1号',
};

export const asPlayer = (token: string) => ({ headers: { player_token: token } });

/** The brand's goods by title (through the merchant's list). */
export async function goodsOf(app: FastifyInstance, token: string, ipId: number): Promise<Goods[]> {
  const res = await call(app, api.goods.list, { ip_id: ipId, page: 1, limit: 100 } as never, { token });
  return (res.body.data as { lists: Goods[] }).lists;
}

export async function buy(
  app: FastifyInstance,
  playerToken: string,
  items: { goods_id: number; buy_num: number }[],
  extra: Record<string, unknown> = {},
) {
  const res = await call(app, api.player.orderBuy, { items, ...RECEIVER, ...extra } as never, asPlayer(playerToken));
  if (res.statusCode !== 200) throw new Error(`buy: ${res.statusCode} ${res.body.msg}`);
  return res.body.data as Order;
}

export async function pay(app: FastifyInstance, playerToken: string, sn: string) {
  return call(app, api.player.orderPay, { order_sn: sn }, asPlayer(playerToken));
}

export async function detail(app: FastifyInstance, token: string, sn: string) {
  return call(app, api.order.detail, { order_sn: sn, type: 2 }, { token });
}

/** A paid order of the given goods lines. */
export async function paidOrder(
  app: FastifyInstance,
  playerToken: string,
  items: { goods_id: number; buy_num: number }[],
) {
  const o = await buy(app, playerToken, items);
  const res = await pay(app, playerToken, o.order_sn);
  if (res.statusCode !== 200) throw new Error(`pay: ${res.body.msg}`);
  return res.body.data as Order;
}
