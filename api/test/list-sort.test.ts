// The lists' declared `sort` (shared fields.ts `sort`): by column either way, id breaking ties,
// anything else refused with 排序字段不正确; tenancy as without a sort.
import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsPic } from './goods-helpers.js';
import { brandIds, call, createMerchant, login, makeApp, unique } from './helpers.js';

let app: FastifyInstance;
let token: string;
let molly: number;
beforeAll(async () => {
  app = await makeApp();
  token = (await login(app, 'brand@demo.local')).web_token;
  [molly] = (await brandIds(app, token, 14)) as [number];
});
afterAll(() => app.close());

const sorted = (values: number[], desc: boolean) =>
  [...values].sort((a, b) => (desc ? b - a : a - b)).join(',') === values.join(',');

describe('goods.list sort', () => {
  it('orders by stock and by price, either way', async () => {
    const pic = await goodsPic(app, token);
    const title = unique('排序');
    for (const [stock, price] of [
      [5, 30],
      [50, 10],
      [20, 20],
    ] as const) {
      const res = await call(
        app,
        api.goods.save,
        { ip_id: molly, title: `${title}-${stock}`, price, pic, is_overseas: 0, stock_limit: 1, stock } as never,
        { token },
      );
      expect(res.body.msg).toBe('ok');
    }
    const list = async (sort: string) =>
      (await call(app, api.goods.list, { ip_id: molly, title, sort } as never, { token })).body.data.lists;
    expect((await list('stock')).map((g) => g.stock)).toEqual([5, 20, 50]);
    expect((await list('-stock')).map((g) => g.stock)).toEqual([50, 20, 5]);
    expect((await list('-price')).map((g) => g.price)).toEqual([30, 20, 10]);
    // Without a sort: newest first, as before.
    const plain = (await call(app, api.goods.list, { ip_id: molly, title }, { token })).body.data.lists;
    expect(plain.map((g) => g.stock)).toEqual([20, 50, 5]);
  });

  it('refuses a column it does not sort by, and changes nothing else', async () => {
    for (const sort of ['title', 'stock;drop table goods', '--stock']) {
      const res = await call(app, api.goods.list, { ip_id: molly, sort } as never, { token });
      expect(res.statusCode).toBe(400);
      expect(res.body.msg).toBe(messages.common.sortInvalid);
    }
  });

  it('keeps tenancy: a foreign brand with a sort is still refused', async () => {
    const other = await createMerchant(app);
    const res = await call(app, api.goods.list, { ip_id: other.brand.id, sort: '-stock' } as never, { token });
    expect(res.statusCode).not.toBe(200);
  });
});

describe('order.list and pickup.list sort', () => {
  it('orders the seeded orders by amount and by pay time, id breaking ties', async () => {
    const list = async (sort: string) =>
      (await call(app, api.order.list, { ip_id: molly, sort, limit: 50 } as never, { token })).body.data.list;
    const byAmount = await list('-amount');
    expect(byAmount.length).toBeGreaterThan(1);
    expect(
      sorted(
        byAmount.map((o) => o.received_price),
        true,
      ),
    ).toBe(true);
    const byPay = await list('pay_time');
    const times = byPay.map((o) => o.pay_time).filter(Boolean);
    expect([...times].sort().join()).toBe(times.join());
  });

  it('orders pickups by order time either way', async () => {
    const list = async (sort: string) =>
      (await call(app, api.pickup.list, { ip_id: molly, sort } as never, { token })).body.data.list.map(
        (p) => p.created_at,
      );
    const newest = await list('-created_at');
    const oldest = await list('created_at');
    expect([...newest].sort().reverse().join()).toBe(newest.join());
    expect([...oldest].sort().join()).toBe(oldest.join());
  });
});
