import { api, isMarketDemoSecret, messages } from '@toy/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, marketOrders } from '../src/db/schema.js';
import { call, demoMerchants } from './helpers.js';
import { demoShop, marketOrderOf, openCall } from './market-helpers.js';

const m = messages.market;
const l = messages.marketLink;
const refused = { status: 403, msg: m.shopRefused, data: null };

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

const orderCount = async () => (await app.db.select({ n: count() }).from(marketOrders))[0]!.n;
const link = (body: Record<string, unknown>, token = brand) => call(app, api.marketLink.save, body as never, { token });

describe('marketLink: a merchant links a marketplace shop to a brand', () => {
  it('answers the secret once; the list shows only its last 4 characters; the link is audited without it', async () => {
    const made = await link({ ip_id: molly, platform: 'shopee', shop_id: 'molly-sg-01' });
    expect(made.statusCode).toBe(200);
    const { secret, link: created } = made.body.data;
    expect(secret).toMatch(/^mks_[A-Za-z0-9_-]{43}$/);
    expect(isMarketDemoSecret(secret)).toBe(false);
    expect(created).toMatchObject({
      ip_id: molly,
      platform: 'shopee',
      platform_text: 'Shopee',
      shop_id: 'molly-sg-01',
    });
    expect(created.secret_hint).toBe(secret.slice(-4));
    expect(created.is_demo).toBe(0);
    // The seed's links carry demo secrets, and say so.
    const seeded = (await call(app, api.marketLink.list, { ip_id: starPets }, { token: brand })).body.data.list;
    expect(seeded.map((x) => [x.shop_id, x.is_demo])).toContainEqual([demoShop('lazada', starPets).shop_id, 1]);
    const list = await call(app, api.marketLink.list, { ip_id: molly }, { token: brand });
    const shown = list.body.data.list.find((x) => x.id === created.id);
    expect(shown).toEqual(created);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const logged = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'marketLink'), eq(auditLog.entityId, created.id)));
    expect(logged.map((r) => r.action)).toEqual(['create']);
    expect(JSON.stringify(logged)).not.toContain(secret);

    // The shop pushes its brand's orders with that secret.
    const order = marketOrderOf(molly);
    const pushed = await openCall(
      app,
      'shopee',
      'orders',
      { orders: [order] },
      { shop: { shop_id: 'molly-sg-01', secret } },
    );
    expect(pushed.body.data.orders[0]).toMatchObject({ order_sn: order.order_sn, created: true });
  });

  it('checks the form in order, refuses a shop already linked, and keeps links to the merchant’s brands', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ platform: 'shopee', shop_id: 'a' }, l.brandRequired],
      [{ ip_id: molly, platform: 'ebay', shop_id: 'a' }, l.platformRequired],
      [{ ip_id: molly, platform: 'shopee', shop_id: '  ' }, l.shopRequired],
      [{ ip_id: molly, platform: 'shopee', shop_id: 'bad shop!' }, l.shopInvalid],
    ];
    for (const [body, msg] of cases) expect((await link(body)).body).toEqual({ status: 400, msg, data: null });
    await link({ ip_id: molly, platform: 'lazada', shop_id: 'taken-1' });
    expect((await link({ ip_id: starPets, platform: 'lazada', shop_id: 'taken-1' })).body).toEqual({
      status: 409,
      msg: l.shopTaken,
      data: null,
    });
    // Another merchant's brand, and another merchant's link.
    expect((await link({ ip_id: shopBrand, platform: 'tiktok', shop_id: 'x1' })).statusCode).toBe(404);
    const theirs = (await link({ ip_id: shopBrand, platform: 'tiktok', shop_id: 'corner-1' }, shop)).body.data.link;
    const rotate = await call(app, api.marketLink.rotate, { id: theirs.id }, { token: brand });
    expect(rotate.body).toEqual({ status: 404, msg: l.missing, data: null });
    const mine = await call(app, api.marketLink.list, {}, { token: brand });
    expect(mine.body.data.list.some((x) => x.id === theirs.id)).toBe(false);
  });
});

describe('market.push: only a linked shop, for its own brand, with its own secret', () => {
  it('refuses a push into a brand the shop is not linked to with 403, the same answer as for a missing brand', async () => {
    const before = await orderCount();
    const mollyShop = demoShop('shopee', molly);
    // Molly's shop, correctly signed, pushing another brand of the same merchant, another merchant's brand, a missing brand.
    for (const ipId of [starPets, shopBrand, 999999]) {
      const res = await openCall(app, 'shopee', 'orders', { orders: [marketOrderOf(ipId)] }, { shop: mollyShop });
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual(refused);
    }
    // A batch with one foreign order writes none of it.
    const mixed = await openCall(
      app,
      'shopee',
      'orders',
      { orders: [marketOrderOf(molly), marketOrderOf(shopBrand)] },
      { shop: mollyShop },
    );
    expect(mixed.body).toEqual(refused);
    // A shop nobody linked, whatever secret it signs with.
    const unlinked = await openCall(
      app,
      'shopee',
      'orders',
      { orders: [marketOrderOf(molly)] },
      { shop: { shop_id: 'nobody-1', secret: mollyShop.secret } },
    );
    expect(unlinked.body).toEqual(refused);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a push signed with another link’s secret, and an old secret once rotated', async () => {
    const before = await orderCount();
    const starShop = demoShop('shopee', starPets);
    const withOther = await openCall(
      app,
      'shopee',
      'orders',
      { orders: [marketOrderOf(molly)] },
      { shop: { shop_id: demoShop('shopee', molly).shop_id, secret: starShop.secret } },
    );
    expect(withOther.body).toEqual(refused);
    // Another merchant's link secret naming its own shop but our brand.
    const corner = demoShop('shopee', shopBrand);
    expect(
      (await openCall(app, 'shopee', 'orders', { orders: [marketOrderOf(molly)] }, { shop: corner })).body,
    ).toEqual(refused);
    expect(await orderCount()).toBe(before);

    const made = (await link({ ip_id: starPets, platform: 'tiktok', shop_id: 'star-th-9' })).body.data;
    const rotated = (await call(app, api.marketLink.rotate, { id: made.link.id }, { token: brand })).body.data;
    expect(rotated.secret).not.toBe(made.secret);
    expect(rotated.link.secret_hint).toBe(rotated.secret.slice(-4));
    const old = await openCall(
      app,
      'tiktok',
      'orders',
      { orders: [marketOrderOf(starPets)] },
      { shop: { shop_id: 'star-th-9', secret: made.secret } },
    );
    expect(old.body).toEqual(refused);
    const fresh = await openCall(
      app,
      'tiktok',
      'orders',
      { orders: [marketOrderOf(starPets)] },
      { shop: { shop_id: 'star-th-9', secret: rotated.secret } },
    );
    expect(fresh.statusCode).toBe(200);

    // Unlinked: refused from then on; the removal is audited.
    const removed = await call(app, api.marketLink.remove, { id: made.link.id }, { token: brand });
    expect(removed.body).toEqual({ status: 0, msg: expect.any(String), data: null });
    const after = await openCall(
      app,
      'tiktok',
      'orders',
      { orders: [marketOrderOf(starPets)] },
      { shop: { shop_id: 'star-th-9', secret: rotated.secret } },
    );
    expect(after.body).toEqual(refused);
    const actions = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'marketLink'), eq(auditLog.entityId, made.link.id)));
    expect(actions.map((a) => a.action)).toEqual(['create', 'rotate', 'delete']);
  });

  it('answers receipts and shipment reads only about the linked brand’s orders', async () => {
    const corner = demoShop('lazada', shopBrand);
    const [order] = (await openCall(app, 'lazada', 'orders', { orders: [marketOrderOf(molly)] }, { ipId: molly })).body
      .data.orders;
    await call(app, api.market.ship, { id: order!.id, express_company: '顺丰', express: 'SFL1' }, { token: brand });
    const read = await openCall(app, 'lazada', 'shipments', { since_id: 0 }, { shop: corner });
    expect(read.body.data.list.some((s: { express: string }) => s.express === 'SFL1')).toBe(false);
    const sn = (await call(app, api.market.detail, { id: order!.id }, { token: brand })).body.data.order.order_sn;
    const receipt = await openCall(app, 'lazada', 'receipt', { order_sn: sn }, { shop: corner });
    expect(receipt.body).toEqual({ status: 404, msg: m.orderMissing, data: null });
    const own = await openCall(app, 'lazada', 'receipt', { order_sn: sn }, { ipId: molly });
    expect(own.body.data).toEqual({ delivery_status: 2 });
  });
});
