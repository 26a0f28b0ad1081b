import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demoMerchants, login } from './helpers.js';

const m = messages.freight;

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

const save = (body: Record<string, unknown>, token = brand) => call(app, api.freight.save, body as never, { token });

describe('freight.save / freight.list (spec 02 screen 8)', () => {
  it("lists the seeded templates of the demo brand in the spec's country order", async () => {
    const list = await call(app, api.freight.list, { ip_id: molly }, { token: brand });
    expect(list.body.data.slice(0, 2).map((t) => [t.country, t.free_num, t.price_us, t.price_th])).toEqual([
      ['th', 1, 0, 0],
      ['sg', 3, 8.5, 290],
    ]);
  });

  it('creates a template and lists it with country_text and prices in two decimals', async () => {
    const res = await save({ ip_id: starPets, country: 'sg', free_num: 3, price_us: '5.5', price_th: 180 });
    expect(res.statusCode).toBe(200);
    const list = await call(app, api.freight.list, { ip_id: starPets }, { token: brand });
    expect(list.body.data).toContainEqual({
      id: res.body.data.id,
      ip_id: starPets,
      country: 'sg',
      country_text: '新加坡',
      free_num: 3,
      price_us: 5.5,
      price_th: 180,
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });

  it('free_num 1 forces both prices to 0, whatever was sent', async () => {
    const res = await save({ ip_id: starPets, country: 'th', free_num: 1, price_us: 9, price_th: '' });
    expect(res.statusCode).toBe(200);
    const list = await call(app, api.freight.list, { ip_id: starPets }, { token: brand });
    expect(list.body.data.find((t) => t.country === 'th')).toMatchObject({ free_num: 1, price_us: 0, price_th: 0 });
  });

  it('answers the rule messages in the order of the spec, then the zero-price rule', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, m.brandRequired],
      [{ ip_id: molly }, m.countryRequired],
      [{ ip_id: molly, country: 'us' }, m.countryRequired],
      [{ ip_id: molly, country: 'my' }, m.freeNumRequired],
      [{ ip_id: molly, country: 'my', free_num: 0 }, m.freeNumRange],
      [{ ip_id: molly, country: 'my', free_num: 2.5 }, m.freeNumRange],
      [{ ip_id: molly, country: 'my', free_num: 2 }, m.priceUsRequired],
      [{ ip_id: molly, country: 'my', free_num: 2, price_us: 'abc' }, m.priceRange],
      [{ ip_id: molly, country: 'my', free_num: 2, price_us: 1.234 }, m.priceRange],
      [{ ip_id: molly, country: 'my', free_num: 2, price_us: 1 }, m.priceThRequired],
      [{ ip_id: molly, country: 'my', free_num: 2, price_us: 0, price_th: 30 }, m.priceZero],
      [{ ip_id: molly, country: 'my', free_num: 2, price_us: 3, price_th: 0 }, m.priceZero],
    ];
    const before = (await call(app, api.freight.list, { ip_id: molly }, { token: brand })).body.data;
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ status: 400, msg: message, data: null });
    }
    const after = (await call(app, api.freight.list, { ip_id: molly }, { token: brand })).body.data;
    expect(after).toEqual(before);
  });

  it('one template per brand and country: a second one is refused; editing the first is fine', async () => {
    const first = await save({ ip_id: molly, country: 'ph', free_num: 2, price_us: 4, price_th: 120 });
    expect(first.statusCode).toBe(200);
    const again = await save({ ip_id: molly, country: 'ph', free_num: 5, price_us: 1, price_th: 1 });
    expect(again.body).toEqual({ status: 400, msg: m.duplicate, data: null });
    const edited = await save({
      id: first.body.data.id,
      ip_id: molly,
      country: 'ph',
      free_num: 4,
      price_us: 6,
      price_th: 200,
    });
    expect(edited.body.data).toEqual({ id: first.body.data.id });
    const list = await call(app, api.freight.list, { ip_id: molly }, { token: brand });
    expect(list.body.data.filter((t) => t.country === 'ph')).toEqual([
      expect.objectContaining({ free_num: 4, price_us: 6, price_th: 200 }),
    ]);
    const audit = await call(
      app,
      api.audit.list,
      { entity: 'freightTemplate', id: first.body.data.id },
      { token: brand },
    );
    expect(audit.body.data.list[0]).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ free_num: 2, price_us: 4 }),
      after: expect.objectContaining({ free_num: 4, price_us: 6 }),
    });
  });

  it('two saves of the same new pair at once: one wins, the other is told', async () => {
    const body = { ip_id: molly, country: 'id', free_num: 2, price_us: 2, price_th: 60 };
    const [a, b] = await Promise.all([save(body), save(body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect([a, b].find((r) => r.statusCode === 400)!.body.msg).toBe(m.duplicate);
  });

  it("another merchant's brand or template answers 404; 401 without a session; 403 for coupon-only", async () => {
    const { id } = (await save({ ip_id: molly, country: 'vn', free_num: 2, price_us: 2, price_th: 60 })).body.data;
    expect((await save({ ip_id: molly, country: 'vn', free_num: 1 }, shop)).statusCode).toBe(404);
    expect((await save({ id, ip_id: shopBrand, country: 'vn', free_num: 1 }, shop)).statusCode).toBe(404);
    expect((await call(app, api.freight.list, { ip_id: molly }, { token: shop })).statusCode).toBe(404);
    const mine = await call(app, api.freight.list, {}, { token: shop });
    expect(mine.body.data.every((t) => t.ip_id === shopBrand)).toBe(true);
    expect((await call(app, api.freight.list, { ip_id: molly })).statusCode).toBe(401);
    const coupon = await login(app, 'coupon@demo.local');
    expect((await call(app, api.freight.list, { ip_id: molly }, { token: coupon.web_token })).statusCode).toBe(403);
  });
});
