import { api, messages } from '@toy/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deposits, pickups } from '../src/db/schema.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { brandIds, call } from './helpers.js';
import { ADDRESS } from './pickup-helpers.js';

/** Overseas pickups: their freight comes from the brand's freight template for the country. */
const { app, brand, shop, molly, sweet } = await demoApp();
let batchId: number;
let shopBrand: number;
let phones = 0;

/** Save (create or edit) the template of `ipId` for `country`. */
async function template(token: string, ipId: number, country: string, free_num: number, us: number, th: number) {
  const list = (await call(app, api.freight.list, { ip_id: ipId }, { token })).body.data;
  const id = list.find((t) => t.country === country)?.id;
  const res = await call(
    app,
    api.freight.save,
    { id, ip_id: ipId, country, free_num, price_us: us, price_th: th } as never,
    { token },
  );
  expect(res.statusCode).toBe(200);
}

/** A new player with `n` boxes of the machine in the cabinet. */
async function cabinet(n: number) {
  phones += 1;
  const token = await player(
    app,
    `1660${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`,
  );
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await draw(app, token, batchId)).body.data.deposit_id);
  return { token, ids };
}

const pickup = (c: { token: string; ids: number[] }, country?: string) =>
  call(app, api.player.pickup, { deposit_ids: c.ids, ...ADDRESS, country } as never, {
    headers: { player_token: c.token },
  });
const detail = (orderSn: string, token = brand) => call(app, api.retrieval.backInfo, { id: orderSn }, { token });

beforeAll(async () => {
  batchId = (await publishMachine(app, brand, molly, sweet, 6)).id;
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
  await template(brand, molly, 'th', 3, 9.9, 290);
  await template(brand, molly, 'sg', 3, 8.5, 280);
  await template(brand, molly, 'vn', 1, 0, 0);
});

describe('an overseas pickup (player.pickup with country)', () => {
  it('pays the template price in US dollars below free_num; the merchant sees it with its currency and country', async () => {
    const c = await cabinet(2);
    const res = await pickup(c, 'sg');
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ goods_nums: 2, deposit: 8.5, currency: 'USD' });
    const [row] = await app.db.select().from(pickups).where(eq(pickups.orderSn, res.body.data.order_sn));
    expect(row).toMatchObject({ deposit: 850, currency: 'USD', country: 'sg' });
    const info = (await detail(res.body.data.order_sn)).body.data.info;
    expect(info).toMatchObject({ deposit: 8.5, currency: 'USD', country: 'sg', country_text: '新加坡' });
    const listed = await call(
      app,
      api.pickup.list,
      { ip_id: molly, user_keyword: ADDRESS.username, limit: 100 } as never,
      {
        token: brand,
      },
    );
    expect(listed.body.data.list.find((p) => p.order_sn === res.body.data.order_sn)).toMatchObject({
      deposit: 8.5,
      currency: 'USD',
      country_text: '新加坡',
    });
  });

  it('pays Thailand in baht (price_th), not dollars', async () => {
    const res = await pickup(await cabinet(1), 'th');
    expect(res.body.data).toMatchObject({ deposit: 290, currency: 'THB' });
    expect((await detail(res.body.data.order_sn)).body.data.info).toMatchObject({
      deposit: 290,
      currency: 'THB',
      country_text: '泰国',
    });
  });

  it('ships free from free_num items on, and always under a free_num 1 template', async () => {
    const three = await pickup(await cabinet(3), 'sg');
    expect(three.body.data).toMatchObject({ goods_nums: 3, deposit: 0, currency: 'USD' });
    const one = await pickup(await cabinet(1), 'vn');
    expect(one.body.data).toMatchObject({ goods_nums: 1, deposit: 0, currency: 'USD' });
  });

  it('refuses a country the brand has no template for; nothing changes', async () => {
    const c = await cabinet(1);
    const before = (await app.db.select().from(pickups)).length;
    const res = await pickup(c, 'my');
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(messages.brand.freightUnset);
    expect((await app.db.select().from(pickups)).length).toBe(before);
    const [item] = await app.db.select().from(deposits).where(eq(deposits.id, c.ids[0]!));
    expect(item).toMatchObject({ state: 3, pickupId: null });
    // The items are still in the cabinet: a domestic pickup of them goes through.
    expect((await pickup(c)).statusCode).toBe(200);
  });

  it('refuses a country that is not a freight country', async () => {
    const res = await pickup(await cabinet(1), 'us');
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(messages.freight.countryRequired);
  });

  it('keeps the domestic freight (deposit settings, yuan) without a country', async () => {
    const settings = (await call(app, api.freight.info, { ip_id: molly }, { token: brand })).body.data!;
    const res = await pickup(await cabinet(1));
    expect(res.body.data).toMatchObject({ deposit: settings.free_num > 1 ? settings.unit_price : 0, currency: 'CNY' });
    const info = (await detail(res.body.data.order_sn)).body.data.info;
    expect(info).toMatchObject({ currency: 'CNY', country: '', country_text: '' });
  });

  it("reads only the pickup brand's template: another merchant's template for the country does not count", async () => {
    await template(shop, shopBrand, 'ph', 2, 3, 100);
    const res = await pickup(await cabinet(1), 'ph');
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(messages.brand.freightUnset);
  });

  it("is another merchant's 404 and not in their list", async () => {
    const res = await pickup(await cabinet(1), 'th');
    expect((await detail(res.body.data.order_sn, shop)).statusCode).toBe(404);
    const theirs = await call(app, api.pickup.list, { limit: 100 } as never, { token: shop });
    expect(theirs.body.data.list.map((p) => p.order_sn)).not.toContain(res.body.data.order_sn);
    expect((await call(app, api.pickup.list, { ip_id: molly } as never, { token: shop })).statusCode).toBe(404);
  });
});
