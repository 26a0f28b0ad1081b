import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoMerchants, login, unique } from './helpers.js';

const m = messages.warehouse;

let app: FastifyInstance;
let brand: string;
let shop: string;
let molly: number;
let starPets: number;
let shopBrand: number;
beforeAll(async () => {
  ({ app, brand, shop, molly, starPets, shopBrand } = await demoMerchants());
});
afterAll(() => app.close());

describe('warehouse.save', () => {
  it('creates a warehouse and lists it first, with country_text and a Shanghai time', async () => {
    const name = unique('曼谷仓');
    const saved = await call(app, api.warehouse.save, { ip_id: molly, name, country: 'th' }, { token: brand });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toEqual({ status: 0, msg: 'ok', data: { id: expect.any(Number) } });
    const list = await call(app, api.warehouse.list, { ip_id: molly }, { token: brand });
    expect(list.statusCode).toBe(200);
    expect(list.body.data[0]).toEqual({
      id: saved.body.data.id,
      ip_id: molly,
      name,
      country: 'th',
      country_text: '泰国',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const shanghai = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(list.body.data[0]!.updated_at.slice(0, 10)).toBe(shanghai);
  });

  it('updates an own warehouse (string ids are coerced) and moves it to the top', async () => {
    const created = await call(
      app,
      api.warehouse.save,
      { ip_id: molly, name: unique('旧名'), country: 'sg' },
      { token: brand },
    );
    const id = created.body.data.id;
    await call(app, api.warehouse.save, { ip_id: molly, name: unique('另一个'), country: 'sg' }, { token: brand });
    const name = unique('新名');
    const updated = await call(
      app,
      api.warehouse.save,
      { id: String(id), ip_id: String(molly), name: ` ${name} `, country: 'vn' },
      { token: brand },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.body.data).toEqual({ id });
    const list = await call(app, api.warehouse.list, { ip_id: molly }, { token: brand });
    expect(list.body.data[0]).toMatchObject({ id, name, country: 'vn', country_text: '越南' });
  });

  it('moves a warehouse to another own brand', async () => {
    const { id } = (
      await call(app, api.warehouse.save, { ip_id: molly, name: unique('搬家'), country: 'my' }, { token: brand })
    ).body.data;
    const moved = await call(
      app,
      api.warehouse.save,
      { id, ip_id: starPets, name: unique('搬家'), country: 'my' },
      { token: brand },
    );
    expect(moved.statusCode).toBe(200);
    const list = await call(app, api.warehouse.list, { ip_id: starPets }, { token: brand });
    expect(list.body.data.map((w) => w.id)).toContain(id);
  });

  it('answers the rule messages in order', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, m.brandRequired],
      [{ name: '', country: '' }, m.brandRequired],
      [{ ip_id: molly }, m.nameRequired],
      [{ ip_id: molly, name: '   ', country: 'th' }, m.nameRequired],
      [{ ip_id: molly, name: 'x'.repeat(51), country: 'th' }, m.nameTooLong],
      [{ ip_id: molly, name: '仓' }, m.countryRequired],
      [{ ip_id: molly, name: '仓', country: 'us' }, m.countryRequired],
      [{ ip_id: 'abc', name: 42, country: 'th' }, m.brandRequired],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, api.warehouse.save, body as never, { token: brand });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ status: 400, msg: message, data: null });
    }
  });

  it("another merchant's brand or warehouse answers 404, like a missing one", async () => {
    const { id } = (
      await call(app, api.warehouse.save, { ip_id: molly, name: unique('品牌仓'), country: 'th' }, { token: brand })
    ).body.data;
    const notFound = { status: 404, msg: messages.common.notFound, data: null };

    const foreignBrand = await call(
      app,
      api.warehouse.save,
      { ip_id: molly, name: '偷偷', country: 'th' },
      { token: shop },
    );
    expect(foreignBrand.statusCode).toBe(404);
    expect(foreignBrand.body).toEqual(notFound);

    const foreignWarehouse = await call(
      app,
      api.warehouse.save,
      { id, ip_id: shopBrand, name: '偷偷', country: 'th' },
      { token: shop },
    );
    expect(foreignWarehouse.statusCode).toBe(404);
    expect(foreignWarehouse.body).toEqual(notFound);

    const missing = await call(
      app,
      api.warehouse.save,
      { id: 2_000_000_000, ip_id: shopBrand, name: '不存在', country: 'th' },
      { token: shop },
    );
    expect(missing.body).toEqual(notFound);

    const list = await call(app, api.warehouse.list, { ip_id: molly }, { token: brand });
    expect(list.body.data.find((w) => w.id === id)?.name).not.toBe('偷偷');
  });

  it('coupon-only merchants are refused with 403', async () => {
    const coupon = await login(app, 'coupon@demo.local');
    const res = await call(
      app,
      api.warehouse.save,
      { ip_id: molly, name: 'x', country: 'th' },
      { token: coupon.web_token },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('warehouse.list', () => {
  it('lists the seeded warehouses, newest updated first', async () => {
    const res = await call(app, api.warehouse.list, { ip_id: molly }, { token: brand });
    const names = res.body.data.map((w) => w.name);
    expect(names).toEqual(expect.arrayContaining(['曼谷一号仓', '新加坡中转仓', '吉隆坡仓']));
    const times = res.body.data.map((w) => w.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('without ip_id lists every own brand; never another merchant’s', async () => {
    const name = unique('小铺仓');
    await call(app, api.warehouse.save, { ip_id: shopBrand, name, country: 'ph' }, { token: shop });
    const mine = await call(app, api.warehouse.list, {}, { token: shop });
    expect(mine.body.data.every((w) => w.ip_id === shopBrand)).toBe(true);
    expect(mine.body.data.map((w) => w.name)).toContain(name);
    const all = await call(app, api.warehouse.list, {}, { token: brand });
    expect(all.body.data.some((w) => w.ip_id === shopBrand)).toBe(false);
  });

  it("listing another merchant's ip_id answers 404", async () => {
    const res = await call(app, api.warehouse.list, { ip_id: molly }, { token: shop });
    expect(res.statusCode).toBe(404);
    expect(res.body).toEqual({ status: 404, msg: messages.common.notFound, data: null });
    const missing = await call(app, api.warehouse.list, { ip_id: 2_000_000_000 }, { token: shop });
    expect(missing.body).toEqual(res.body);
  });

  it('401 without a session, 403 for coupon@demo.local, 400 for a bad ip_id', async () => {
    expect((await call(app, api.warehouse.list, { ip_id: molly })).statusCode).toBe(401);
    const coupon = await login(app, 'coupon@demo.local');
    const forbidden = await call(app, api.warehouse.list, { ip_id: molly }, { token: coupon.web_token });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body.msg).toBe(messages.common.forbidden);
    const bad = await call(app, api.warehouse.list, { ip_id: -1 }, { token: brand });
    expect(bad.statusCode).toBe(400);
  });
});

describe('freight.info', () => {
  it("answers the brand's deposit freight in yuan", async () => {
    const res = await call(app, api.freight.info, { ip_id: molly }, { token: brand });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(Number), ip_id: molly, free_days: 90, free_num: 3, unit_price: 18 });
  });

  it('answers data null when unset', async () => {
    const res = await call(app, api.freight.info, { ip_id: starPets }, { token: brand });
    expect(res.body).toEqual({ status: 0, msg: 'ok', data: null });
  });

  it("another merchant's brand answers 404; a missing ip_id 400; coupon 403", async () => {
    expect((await call(app, api.freight.info, { ip_id: molly }, { token: shop })).statusCode).toBe(404);
    const missing = await call(app, api.freight.info, {} as never, { token: brand });
    expect(missing.statusCode).toBe(400);
    expect(missing.body.msg).toBe('品牌不可为空');
    const coupon = await login(app, 'coupon@demo.local');
    expect((await call(app, api.freight.info, { ip_id: molly }, { token: coupon.web_token })).statusCode).toBe(403);
  });
});
