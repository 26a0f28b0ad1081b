import { createHash } from 'node:crypto';
import { type Allocation, allocStyleOf, api, arrangeCases, messages, planCounts, type Template } from '@toy/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxAllocations, drawMachineCases, drawMachineGoods, drawMachines } from '../src/db/schema.js';
import { releaseForm as passingRelease } from '../src/tools/simulate-on-sale.js';
import { brandIdByTitle } from './blind-box-helpers.js';
import { brandIds, call, createMerchant, login, makeApp } from './helpers.js';

const m = messages.blindBox;
const notFound = { status: 404, msg: messages.common.notFound, data: null };
const invalidSign = { status: 400, msg: m.boxSignInvalid, data: null };

let app: FastifyInstance;
let brand: string;
let shop: string;
let molly: number;
let starPets: number;
let shopBrand: number;
let sweet: Template;
let travel: Template;
let space: Template;
let night: Template;
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
  [molly, starPets] = (await brandIds(app, brand, 14)) as [number, number];
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
  const search = async (ipId: number, title: string, token = brand) =>
    (await call(app, api.template.search, { ip_id: ipId, title }, { token })).body.data.list[0]!;
  sweet = await search(molly, '甜品派对');
  travel = await search(molly, '星愿旅行');
  space = await search(starPets, '太空漫步');
  night = await search(shopBrand, '夜光城市', shop);
});
afterAll(() => app.close());

const allocate = async (template: Template, boxNum: number, token = brand) =>
  (await call(app, api.blindBox.allocate, { template_id: template.id, box_num: boxNum }, { token })).body
    .data as Allocation;
const sum = (a: Allocation) => a.goods.reduce((n, g) => n + g.stock, 0);
const stored = async (sign: string) =>
  (await app.db.select().from(boxAllocations).where(eq(boxAllocations.sign, sign)))[0]!;

/** A release form that passes every rule, for the template and allocation given. */
const releaseForm = (ipId: number, template: Template, alloc: Allocation, patch: Record<string, unknown> = {}) =>
  passingRelease(ipId, template, alloc, { shelves_time: '2026-09-01 10:00:00', ...patch });
const publish = (body: Record<string, unknown>, token = brand) =>
  call(app, api.blindBox.publish, body as never, { token });

describe('template.search', () => {
  it("lists the brand's approved templates with their styles; limit at most 100", async () => {
    const res = await call(app, api.template.search, { ip_id: molly }, { token: brand });
    const titles = res.body.data.list.map((t) => t.title);
    expect(titles).toEqual(expect.arrayContaining(['Molly 星愿旅行系列', 'Molly 甜品派对系列']));
    expect(titles).not.toContain('Molly 海洋之梦系列');
    expect(titles).not.toContain('Molly 森林音乐会系列');
    expect(travel).toMatchObject({ ip_title: 'Molly 梦工厂', price: 69, limit_stock: 12, is_overseas: 1 });
    expect(travel.goods.map((g) => [g.type, g.probability])).toEqual([...Array(6).fill([1, null]), [2, 72], [3, 144]]);
    expect(night.ip_title).toBe('星河玩社');
    expect((await call(app, api.template.search, { ip_id: molly, limit: 101 }, { token: brand })).statusCode).toBe(400);
    expect((await call(app, api.template.search, { ip_id: molly }, { token: shop })).body).toEqual(notFound);
  });
});

describe('blindBox.allocate', () => {
  it('fills box_num cases of limit_stock boxes, hidden styles at their drop rates', async () => {
    const a = await allocate(travel, 100);
    expect(a).toMatchObject({ template_id: travel.id, box_num: 100, limit_stock: 12, total: 1200 });
    expect(sum(a)).toBe(1200);
    const [moon, galaxy] = [a.goods[6]!, a.goods[7]!];
    expect(moon.stock).toBeGreaterThanOrEqual(16); // 1200 / 72 = 16.67
    expect(moon.stock).toBeLessThanOrEqual(17);
    expect(galaxy.stock).toBeGreaterThanOrEqual(8); // 1200 / 144 = 8.33
    expect(galaxy.stock).toBeLessThanOrEqual(9);
    const basics = a.goods.filter((g) => g.type === 1).map((g) => g.stock);
    expect(Math.max(...basics) - Math.min(...basics)).toBeLessThanOrEqual(1);
    expect(a.box_sign).toMatch(/^[\w-]{32}$/);
    expect(a.expire_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('answers sha256 of the stored seed, and counts recomputed from that seed', async () => {
    const a = await allocate(sweet, 7);
    const row = await stored(a.box_sign);
    expect(row.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(a.seed_hash).toBe(createHash('sha256').update(row.seed).digest('hex'));
    const styles = sweet.goods.map(allocStyleOf);
    const counts = planCounts(row.seed, styles, 7, sweet.limit_stock);
    expect(a.goods.map((g) => g.stock)).toEqual(sweet.goods.map((g) => counts[g.id]));
    expect(JSON.stringify(a)).not.toContain(row.seed);
  });

  it('needs a template and a box count, in that order', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, m.templateRequired],
      [{ box_num: 3 }, m.templateRequired],
      [{ template_id: sweet.id }, m.boxNumRequired],
      [{ template_id: sweet.id, box_num: 0 }, m.boxNumRequired],
      [{ template_id: sweet.id, box_num: 1.5 }, m.boxNumRequired],
      [{ template_id: sweet.id, box_num: 10001 }, m.boxNumTooMany],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, api.blindBox.allocate, body as never, { token: brand });
      expect(res.body, JSON.stringify(body)).toEqual({ status: 400, msg: message, data: null });
    }
  });

  it("another merchant's template answers 404, like a missing one", async () => {
    const foreign = await call(app, api.blindBox.allocate, { template_id: sweet.id, box_num: 2 }, { token: shop });
    expect(foreign.body).toEqual(notFound);
    const missing = await call(app, api.blindBox.allocate, { template_id: 2_000_000_000, box_num: 2 }, { token: shop });
    expect(missing.body).toEqual(notFound);
  });

  it('deletes unused allocations once expired', async () => {
    const a = await allocate(sweet, 1);
    await app.db
      .update(boxAllocations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(boxAllocations.sign, a.box_sign));
    await allocate(sweet, 1);
    expect(await app.db.select().from(boxAllocations).where(eq(boxAllocations.sign, a.box_sign))).toEqual([]);
  });
});

describe('blindBox.hideStock', () => {
  it('takes hidden stock from the basic styles and gives it back, the total unchanged', async () => {
    const a = await allocate(sweet, 10);
    const hidden = a.goods.find((g) => g.type !== 1)!;
    const set = async (stock: number) =>
      (
        await call(
          app,
          api.blindBox.hideStock,
          { box_sign: a.box_sign, hide_id: hidden.id, hide_stock: stock },
          { token: brand },
        )
      ).body;
    const basicsOf = (x: Allocation) => x.goods.filter((g) => g.type === 1).reduce((n, g) => n + g.stock, 0);

    const more = (await set(10)).data;
    expect(sum(more)).toBe(100);
    expect(more.goods.find((g) => g.id === hidden.id)!.stock).toBe(10);
    expect(basicsOf(more)).toBe(90);
    const none = (await set(0)).data;
    expect(sum(none)).toBe(100);
    expect(basicsOf(none)).toBe(100);
    const basics = none.goods.filter((g) => g.type === 1).map((g) => g.stock);
    expect(basics).toEqual([20, 20, 20, 20, 20]);
    expect(none.box_sign).toBe(a.box_sign);
    expect(none.seed_hash).toBe(a.seed_hash);
    expect(await set(101)).toEqual({ status: 400, msg: m.hideStockTooMany(100), data: null });
    expect(basicsOf((await set(100)).data)).toBe(0);
  });

  it('answers its rules in order, and refuses a basic style as hide_id', async () => {
    const a = await allocate(sweet, 2);
    const cases: [Record<string, unknown>, string][] = [
      [{}, m.boxSignRequired],
      [{ box_sign: a.box_sign }, m.hideIdRequired],
      [{ box_sign: a.box_sign, hide_id: sweet.goods[5]!.id }, m.hideStockRequired],
      [{ box_sign: a.box_sign, hide_id: sweet.goods[5]!.id, hide_stock: '' }, m.hideStockRequired],
      [{ box_sign: a.box_sign, hide_id: sweet.goods[5]!.id, hide_stock: -1 }, m.hideStockRequired],
      [{ box_sign: a.box_sign, hide_id: sweet.goods[0]!.id, hide_stock: 1 }, m.hideIdRequired],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, api.blindBox.hideStock, body as never, { token: brand });
      expect(res.body, JSON.stringify(body)).toEqual({ status: 400, msg: message, data: null });
    }
  });

  it('refuses an unknown, expired or foreign box_sign', async () => {
    const a = await allocate(sweet, 2);
    const hideId = sweet.goods[5]!.id;
    const body = (box_sign: string) => ({ box_sign, hide_id: hideId, hide_stock: 1 });
    expect((await call(app, api.blindBox.hideStock, body('nope'), { token: brand })).body).toEqual(invalidSign);
    expect((await call(app, api.blindBox.hideStock, body(a.box_sign), { token: shop })).body).toEqual(invalidSign);
    await app.db
      .update(boxAllocations)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(boxAllocations.sign, a.box_sign));
    expect((await call(app, api.blindBox.hideStock, body(a.box_sign), { token: brand })).body).toEqual(invalidSign);
  });
});

describe('blindBox.publish', () => {
  it('answers the eleven rules in order, with the official price in rule 6', async () => {
    const a = await allocate(sweet, 3);
    const full = releaseForm(molly, sweet, a);
    const cases: [Record<string, unknown>, string][] = [
      [{}, m.brandRequired],
      [{ ip_id: molly }, m.templateRequired],
      [{ ip_id: molly, template_id: sweet.id }, m.shelvesTimeRequired],
      [{ ...full, shelves_time: '2026-09-01' }, m.shelvesTimeRequired],
      [{ ...full, is_pre_sale: 1 }, m.deliveryTimeRequired],
      [{ ...full, service_charge: '' }, m.serviceChargeMin],
      [{ ...full, service_charge: 4.9 }, m.serviceChargeMin],
      [{ ...full, price: '' }, '盲盒售价不可小于官方售价¥59'],
      [{ ...full, price: 58.99 }, '盲盒售价不可小于官方售价¥59'],
      [{ ...full, price: 58.99, official_price: 1 }, '盲盒售价不可小于官方售价¥59'],
      [{ ...full, is_overseas: 1 }, m.priceUsRequired],
      [{ ...full, is_overseas: 1, price_us: 9.9, price_th: 19 }, m.priceThMin],
      [{ ...full, desc: '  ' }, m.descRequired],
      [{ ...full, desc: '描'.repeat(51) }, m.descTooLong],
      [{ ...full, box_num: '' }, m.boxNumRequired],
      [{ ...full, bean: 0 }, m.beanRequired],
      [{ ...full, bean: '' }, m.beanRequired],
      [{ ...full, box_sign: '' }, m.boxSignRequired],
    ];
    for (const [body, message] of cases) {
      const res = await publish(body);
      expect(res.body, JSON.stringify(body)).toEqual({ status: 400, msg: message, data: null });
    }
    const overseasAt69 = await publish({ ...releaseForm(molly, travel, a), price: 60 });
    expect(overseasAt69.body.msg).toBe('盲盒售价不可小于官方售价¥69');
    expect((await publish({ ...full, service_charge: 101 })).body.msg).toBe(m.serviceChargeMax);
    expect((await publish({ ...full, bean: 60 })).body.msg).toBe(m.beanTooMuch);
    // Coins off sends 0 and needs no amount.
    const off = await publish({ ...full, is_bean: 0, bean: 0 });
    expect(off.statusCode).toBe(200);
  });

  it('publishes a draw machine whose cases are the committed arrangement of the seed', async () => {
    const a = await allocate(sweet, 12);
    const hidden = sweet.goods[5]!;
    const adjusted = (
      await call(
        app,
        api.blindBox.hideStock,
        { box_sign: a.box_sign, hide_id: hidden.id, hide_stock: 5 },
        { token: brand },
      )
    ).body.data;
    const res = await publish(
      releaseForm(molly, sweet, a, {
        price: 66.6,
        bean: 6,
        is_pre_sale: 1,
        delivery_time: '2026-10-01 00:00:00',
        wrap: '全新未拆',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      seed_hash: a.seed_hash,
      shelves_time: '2026-09-01 10:00:00',
    });
    const id = res.body.data.id;

    const [machine] = await app.db.select().from(drawMachines).where(eq(drawMachines.id, id));
    expect(machine).toMatchObject({
      ipId: molly,
      templateId: sweet.id,
      title: 'Molly 甜品派对系列',
      price: 6660,
      bean: 600,
      off: 0,
      stock: 12,
      boxNum: 12,
      limitStock: 10,
      serviceCharge: 5,
      isPreSale: 1,
      wrap: '全新未拆',
      seedHash: a.seed_hash,
      priceUs: null,
    });
    expect(machine!.shelvesTime.toISOString()).toBe('2026-09-01T02:00:00.000Z');

    const goods = await app.db.select().from(drawMachineGoods).where(eq(drawMachineGoods.batchId, id));
    expect(Object.fromEntries(goods.map((g) => [g.styleId, g.stockSum]))).toEqual(
      Object.fromEntries(adjusted.goods.map((g) => [g.id, g.stock])),
    );
    const cases = await app.db
      .select()
      .from(drawMachineCases)
      .where(eq(drawMachineCases.batchId, id))
      .orderBy(asc(drawMachineCases.caseNo));
    expect(cases).toHaveLength(12);
    expect(cases.every((c) => c.styles.length === 10)).toBe(true);
    const flat = cases.flatMap((c) => c.styles);
    expect(flat.filter((s) => s === hidden.id)).toHaveLength(5);

    const row = await stored(a.box_sign);
    expect(row.usedAt).not.toBeNull();
    const counts = Object.fromEntries(adjusted.goods.map((g) => [g.id, g.stock]));
    const recomputed = arrangeCases(row.seed, sweet.goods.map(allocStyleOf), counts, 12, 10);
    expect(cases.map((c) => c.styles)).toEqual(recomputed);
    expect(createHash('sha256').update(row.seed).digest('hex')).toBe(machine!.seedHash);
  });

  it('a box_sign is used once, by its own brand, for its template and box count', async () => {
    const a = await allocate(sweet, 2);
    expect((await publish(releaseForm(molly, sweet, a, { box_num: 3 }))).body).toEqual(invalidSign);
    expect((await publish(releaseForm(molly, sweet, a))).statusCode).toBe(200);
    expect((await publish(releaseForm(molly, sweet, a))).body).toEqual(invalidSign);

    const b = await allocate(sweet, 2);
    expect((await publish(releaseForm(shopBrand, night, b), shop)).body).toEqual(invalidSign);
    const c = await allocate(travel, 2);
    expect((await publish(releaseForm(molly, sweet, c))).body).toEqual(invalidSign);
    expect((await publish(releaseForm(molly, sweet, { ...c, box_sign: 'unknown' }))).body).toEqual(invalidSign);
  });

  it("another merchant's brand or template answers 404", async () => {
    const a = await allocate(sweet, 2);
    expect((await publish(releaseForm(molly, sweet, a), shop)).body).toEqual(notFound);
    expect((await publish(releaseForm(shopBrand, sweet, a), shop)).body).toEqual(notFound);
    expect((await publish(releaseForm(starPets, sweet, a))).body).toEqual(notFound);
  });

  it('overseas sale needs a whitelisted brand and an overseas template', async () => {
    const overseas = { is_overseas: 1, price_us: 9.9, price_th: 350 };
    const s = await allocate(space, 1);
    const notAllowed = await publish(releaseForm(starPets, space, s, overseas));
    expect(notAllowed.body).toEqual({ status: 400, msg: m.overseasNotAllowed, data: null });
    const a = await allocate(sweet, 1);
    const notOverseas = await publish(releaseForm(molly, sweet, a, overseas));
    expect(notOverseas.body).toEqual({ status: 400, msg: m.notOverseasTemplate, data: null });
    const t = await allocate(travel, 1);
    const ok = await publish(releaseForm(molly, travel, t, overseas));
    expect(ok.statusCode).toBe(200);
    const [machine] = await app.db.select().from(drawMachines).where(eq(drawMachines.id, ok.body.data.id));
    expect(machine).toMatchObject({ isOverseas: 1, priceUs: 990, priceTh: 35000 });
    const whitelist = await call(app, api.blindBox.overseasBrands, undefined, { token: brand });
    expect(whitelist.body.data).toEqual({ ips: [molly] });
    expect((await call(app, api.blindBox.overseasBrands, undefined, { token: shop })).body.data).toEqual({ ips: [] });
  });

  it('a brand without cabinet settings cannot publish (409), and can once they are set', async () => {
    const a = await allocate(space, 1);
    const res = await publish(releaseForm(starPets, space, a));
    expect(res.body).toEqual({ status: 409, msg: m.cabinetUnset, data: null });
    expect((await call(app, api.freight.info, { ip_id: starPets }, { token: brand })).body.data).toBeNull();

    const merchant = await createMerchant(app, [14]);
    const token = (await login(app, merchant.email)).web_token;
    const saved = await call(
      app,
      api.cabinet.save,
      { ip_id: merchant.brand.id, free_days: 30, free_num: 1, unit_price: 8 },
      { token },
    );
    expect(saved.statusCode).toBe(200);
    expect((await call(app, api.freight.info, { ip_id: merchant.brand.id }, { token })).body.data).toMatchObject({
      free_days: 30,
    });
  });

  it('coupon-only merchants get 403 on every release call', async () => {
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    for (const def of [api.blindBox.allocate, api.blindBox.hideStock, api.blindBox.publish]) {
      expect((await call(app, def, {} as never, { token: coupon })).statusCode).toBe(403);
    }
    expect((await call(app, api.template.search, { ip_id: molly }, { token: coupon })).statusCode).toBe(403);
    expect((await call(app, api.blindBox.allocate, { template_id: 1, box_num: 1 })).statusCode).toBe(401);
  });

  it('allocates 10,000 cases and publishes them', async () => {
    const brandId = await brandIdByTitle(app, 'Molly 梦工厂');
    const a = await allocate(travel, 10000);
    expect(sum(a)).toBe(120000);
    const started = Date.now();
    const res = await publish(releaseForm(brandId, travel, a));
    expect(res.statusCode).toBe(200);
    const cases = await app.db.select().from(drawMachineCases).where(eq(drawMachineCases.batchId, res.body.data.id));
    expect(cases).toHaveLength(10000);
    expect(Date.now() - started).toBeLessThan(25_000);
  });
});
