import { api, messages } from '@toy/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, exchangeMethods } from '../src/db/schema.js';
import { doll, picture, saveExchange, seedToys, shanghai, singleForm } from './exchange-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';

const m = messages.exchangeMethod;

let app: FastifyInstance;
let brand: string;
let shop: string;
let molly: number;
let shopBrand: number;
let sprites: number[];
let scenes: number[];
let pending: number[];
let shopSprites: number[];
let cover: string;
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
  [molly] = (await brandIds(app, brand, 14)) as [number];
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
  sprites = await seedToys(app, molly, 1, 6);
  scenes = await seedToys(app, molly, 2, 2, 1, '场景');
  pending = await seedToys(app, molly, 1, 1, 0, '待审');
  shopSprites = await seedToys(app, shopBrand, 1, 1);
  cover = await picture(app, brand, 1125, 1125);
});
afterAll(() => app.close());

const save = (input: Record<string, unknown>, token = brand) => call(app, api.exchange.save, input as never, { token });
const total = async () => Number((await app.db.select({ n: count() }).from(exchangeMethods))[0]!.n);
const setForm = (patch: Record<string, unknown> = {}) =>
  singleForm(molly, sprites[0]!, {
    type: 2,
    name: '星河套装',
    pic: cover,
    doll_str: doll(sprites.slice(0, 2), scenes.slice(0, 1)),
    ...patch,
  });

describe('exchange.save rules, in order', () => {
  const rel = JSON.stringify({ lucky: [], shop: [], meet: [], share: [], scratch: [] });
  it.each([
    [{ ip_id: '' }, m.brandRequired],
    [{ type: '' }, m.typeRequired],
    [{ type: 3 }, m.typeRequired],
    [{ doll_str: '' }, m.componentRequired],
    [{ doll_str: 'not json' }, m.componentRequired],
    [{ doll_str: doll([]) }, m.componentRequired],
    [{ type: 1, doll_str: doll([1, 2]) }, m.singleOne],
    [{ type: 2, doll_str: doll([1]), name: '', pic: '' }, m.setMin],
    [{ type: 2, doll_str: doll([1, 2, 3, 4, 5, 6]), name: '' }, m.setMax],
    [{ type: 2, doll_str: doll([1, 2]), name: '', pic: '' }, m.nameRequired],
    [{ type: 2, doll_str: doll([1, 2]), name: '套装', pic: '', relation_order: 1 }, m.coverRequired],
    [{ relation_order: 1, relation_order_str: rel, name: '' }, m.relationRequired],
    [{ relation_order: 2, relation_order_str: '', name: '' }, m.relationRequired],
    [{ name: '' }, m.nameRequired],
    [{ name: '一二三四五六七八九十十' }, m.nameTooLong],
    [{ short: 'x'.repeat(201), begin_at: '' }, m.shortTooLong],
    [{ begin_at: '', end_at: '' }, m.beginRequired],
    [{ begin_at: '2026-02-31 10:00:00' }, m.beginRequired],
    [{ end_at: '' }, m.endRequired],
    [{ begin_at: '2026-05-02 10:00:00', end_at: '2026-05-01 10:00:00' }, m.endAfterBegin],
    [{ points: '' }, m.pointsRequired],
    [{ points: -1 }, m.pointsInvalid],
    [{ points: 1.5 }, m.pointsInvalid],
    [{ points: 'abc' }, m.pointsInvalid],
    [{ points: 1_000_001 }, m.pointsInvalid],
  ])('%j → %s, and nothing is saved', async (patch, message) => {
    const before = await total();
    const res = await save(singleForm(molly, sprites[0]!, patch));
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await total()).toBe(before);
  });

  it.each([
    ['a pending toy', () => doll([pending[0]!]), m.componentMissing],
    ["another brand's toy", () => doll([shopSprites[0]!]), m.componentMissing],
    ['a missing toy', () => doll([99_999_999]), m.componentMissing],
    ['a scene sent as a sprite', () => doll([scenes[0]!]), m.componentMissing],
    ['a personal skin that does not exist', () => JSON.stringify({ theme: [1] }), m.componentMissing],
  ])('refuses %s as a component', async (_what, dollStr, message) => {
    const before = await total();
    const res = await save(singleForm(molly, sprites[0]!, { doll_str: dollStr() }));
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await total()).toBe(before);
  });

  it('refuses a repeated component, an unknown activity and a cover that is not 1125×1125', async () => {
    const dup = await save(setForm({ doll_str: doll([sprites[0]!, sprites[0]!]) }));
    expect(dup.body.msg).toBe(m.componentDuplicate);
    const act = await save(
      singleForm(molly, sprites[0]!, {
        relation_order: 1,
        relation_order_str: JSON.stringify({ scratch: [99_999_999] }),
      }),
    );
    expect(act.body.msg).toBe(m.activityMissing);
    const meet = await save(
      singleForm(molly, sprites[0]!, { relation_order: 2, relation_order_str: JSON.stringify({ meet: [1] }) }),
    );
    expect(meet.body.msg).toBe(m.activityMissing);
    const small = await picture(app, brand, 600, 600);
    const pic = await save(setForm({ pic: small }));
    expect(pic.body.msg).toBe(messages.upload.imageSize(1125, 1125));
  });
});

describe('exchange.save, detail and list', () => {
  it('creates a single and a set; the list counts them and derives time_status', async () => {
    const tag = '统计';
    const single = await saveExchange(app, brand, singleForm(molly, sprites[0]!, { name: `${tag}单品` }));
    const set = await saveExchange(app, brand, setForm({ name: `${tag}套装`, short: '三件套' }));
    const later = await saveExchange(
      app,
      brand,
      singleForm(molly, sprites[1]!, { name: `${tag}未开始`, begin_at: shanghai(2), end_at: shanghai(9) }),
    );
    const ended = await saveExchange(
      app,
      brand,
      singleForm(molly, sprites[2]!, { name: `${tag}已结束`, begin_at: shanghai(-9), end_at: shanghai(-2) }),
    );
    const list = await call(app, api.exchange.list, { ip_id: molly, name: tag }, { token: brand });
    expect(list.statusCode).toBe(200);
    expect(list.body.data.res).toEqual({ multi: 1, single: 3 });
    expect(list.body.data.pagination).toMatchObject({ total_rows: 4, limit: 10 });
    const byId = new Map(list.body.data.lists.map((r) => [r.id, r]));
    expect(byId.get(single)).toMatchObject({ type: 1, time_status: 1, off: 0, received: 0, per_limit: 1, points: 10 });
    expect(byId.get(later)!.time_status).toBe(2);
    expect(byId.get(ended)!.time_status).toBe(3);
    const info = (await call(app, api.exchange.detail, { id: set }, { token: brand })).body.data.info;
    expect(info).toMatchObject({
      type: 2,
      name: `${tag}套装`,
      short: '三件套',
      pic: expect.stringContaining(cover),
      relation_order: 0,
      consume_points: 0,
    });
    expect(info.dolls.map((d) => [d.type, d.id])).toEqual([
      [1, sprites[0]],
      [1, sprites[1]],
      [2, scenes[0]],
    ]);
    expect(JSON.parse(info.doll_str)).toEqual({ doll: sprites.slice(0, 2), bg_pic: [scenes[0]], theme: [] });
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entityId, set));
    expect(logged.filter((r) => r.entity === 'exchangeMethod').map((r) => r.action)).toEqual(['create']);
  });

  it('edits keeping the brand, with the same rules', async () => {
    const id = await saveExchange(app, brand, singleForm(molly, sprites[0]!, { name: '编辑前' }));
    const bad = await save({ ...setForm({ name: '' }), id });
    expect(bad.body.msg).toBe(m.nameRequired);
    // Another brand of the merchant's does not move it; a brand not the merchant's is refused.
    const [, starPets] = (await brandIds(app, brand, 14)) as [number, number];
    const ok = await save({ ...setForm({ name: '编辑后' }), id, ip_id: starPets });
    expect(ok.statusCode).toBe(200);
    const foreign = await save({ ...setForm({ name: '别人的' }), id, ip_id: shopBrand });
    expect([foreign.statusCode, foreign.body.msg]).toEqual([404, messages.common.notFound]);
    const info = (await call(app, api.exchange.detail, { id }, { token: brand })).body.data.info;
    expect(info).toMatchObject({ name: '编辑后', type: 2, ip_id: molly });
  });

  it('relates activities: the chooser lists them by type, the detail shows them', async () => {
    const card = await call(app, api.scratch.create, { ip_id: molly, title: '关联卡', stock: 1 }, { token: brand });
    const cardId = card.body.data.id;
    const scratch = await call(
      app,
      api.exchange.activities,
      { ip_id: molly, type: 7, page_source: 'doll' },
      { token: brand },
    );
    expect(scratch.body.data.lists.map((a) => a.id)).toContain(cardId);
    expect(scratch.body.data.lists[0]).toMatchObject({ type: 7 });
    const meet = await call(app, api.exchange.activities, { ip_id: molly, type: 10 }, { token: brand });
    expect(meet.body.data).toMatchObject({ lists: [], pagination: { total_rows: 0 } });
    const bad = await call(app, api.exchange.activities, { ip_id: molly, type: 4 }, { token: brand });
    expect(bad.statusCode).toBe(400);
    const id = await saveExchange(
      app,
      brand,
      singleForm(molly, sprites[0]!, { relation_order: 2, relation_order_str: JSON.stringify({ scratch: [cardId] }) }),
    );
    const info = (await call(app, api.exchange.detail, { id }, { token: brand })).body.data.info;
    expect(info.bind_order.goods).toEqual([{ id: cardId, type: 7, title: '关联卡', pic: '' }]);
    expect(JSON.parse(info.relation_order_str)).toMatchObject({ scratch: [cardId], lucky: [] });
  });
});

describe('exchange.components', () => {
  it('pages approved components of the brand by type and name; skins answer an empty page', async () => {
    const res = await call(app, api.exchange.components, { ip_id: molly, type: 1, status: 1 }, { token: brand });
    expect(res.statusCode).toBe(200);
    const ids = res.body.data.lists.map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining(sprites));
    expect(ids).not.toContain(pending[0]);
    expect(ids).not.toContain(scenes[0]);
    const named = await call(app, api.exchange.components, { ip_id: molly, type: 2, name: '场景2' }, { token: brand });
    expect(named.body.data.lists.map((c) => c.id)).toEqual([scenes[1]]);
    for (const type of [3, 17]) {
      const skins = await call(app, api.exchange.components, { ip_id: molly, type }, { token: brand });
      expect(skins.body.data).toEqual({ lists: [], pagination: { page: 1, limit: 10, total_rows: 0 } });
    }
    expect((await call(app, api.exchange.components, { ip_id: molly, type: 5 }, { token: brand })).statusCode).toBe(
      400,
    );
  });
});

describe('shelf and delete', () => {
  it('off=1 takes it off shelf, off=0 puts it back, each audited', async () => {
    const id = await saveExchange(app, brand, singleForm(molly, sprites[0]!, { name: '上下架' }));
    const off = await call(app, api.exchange.setOff, { id, off: 1 }, { token: brand });
    expect(off.body.data).toEqual({ off: 1 });
    expect((await call(app, api.exchange.detail, { id }, { token: brand })).body.data.info.off).toBe(1);
    const on = await call(app, api.exchange.setOff, { id, off: 0 }, { token: brand });
    expect(on.body.data).toEqual({ off: 0 });
    expect((await call(app, api.exchange.setOff, { id, off: 2 }, { token: brand })).statusCode).toBe(400);
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(logged.filter((r) => r.entity === 'exchangeMethod').map((r) => r.action)).toEqual([
      'create',
      'delist',
      'list',
    ]);
  });

  it('deletes one nobody claimed', async () => {
    const id = await saveExchange(app, brand, singleForm(molly, sprites[0]!, { name: '删除' }));
    expect((await call(app, api.exchange.delete, { id }, { token: brand })).statusCode).toBe(200);
    expect((await call(app, api.exchange.detail, { id }, { token: brand })).statusCode).toBe(404);
  });
});

describe('tenancy and roles', () => {
  it("another merchant's method is 404 on every call and stays as it was", async () => {
    const id = await saveExchange(app, brand, singleForm(molly, sprites[0]!, { name: '别人的' }));
    for (const res of [
      await call(app, api.exchange.detail, { id }, { token: shop }),
      await save({ ...singleForm(shopBrand, shopSprites[0]!), id }, shop),
      await call(app, api.exchange.setOff, { id, off: 1 }, { token: shop }),
      await call(app, api.exchange.delete, { id }, { token: shop }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body.msg).toBe(messages.common.notFound);
    }
    const info = (await call(app, api.exchange.detail, { id }, { token: brand })).body.data.info;
    expect(info).toMatchObject({ name: '别人的', off: 0 });
    const theirs = await call(app, api.exchange.list, {}, { token: shop });
    expect(theirs.body.data.lists.some((r) => r.id === id)).toBe(false);
    for (const res of [
      await call(app, api.exchange.list, { ip_id: molly }, { token: shop }),
      await call(app, api.exchange.components, { ip_id: molly, type: 1 }, { token: shop }),
      await call(app, api.exchange.activities, { ip_id: molly, type: 7 }, { token: shop }),
      await save(singleForm(molly, sprites[0]!), shop),
    ])
      expect(res.statusCode).not.toBe(200);
    // The shop's own: its own toys only.
    expect((await save(singleForm(shopBrand, shopSprites[0]!), shop)).statusCode).toBe(200);
    expect((await save(singleForm(shopBrand, sprites[0]!), shop)).body.msg).toBe(m.componentMissing);
  });

  it('coupon-only merchants get 403; without a session 401', async () => {
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.exchange.list, {}, { token: coupon })).statusCode).toBe(403);
    expect((await save(singleForm(molly, sprites[0]!), coupon)).statusCode).toBe(403);
    expect((await call(app, api.exchange.components, { ip_id: molly, type: 1 }, { token: coupon })).statusCode).toBe(
      403,
    );
    expect((await call(app, api.exchange.list, {})).statusCode).toBe(401);
  });
});
