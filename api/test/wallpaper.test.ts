import { api, messages, WALLPAPER_LIMITS } from '@toy/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, players, virtualReceipts, wallpapers } from '../src/db/schema.js';
import { candidatesOf, dropSourceOf } from '../src/features/holdings/drops.js';
import { RECEIPT_KIND } from '../src/features/holdings/receipts.js';

const wallpaperDrops = dropSourceOf(RECEIPT_KIND.wallpaper);

import { player } from './draw-helpers.js';
import { picture } from './exchange-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';

const m = messages.wallpaper;

let app: FastifyInstance;
let brand: string;
let shop: string;
let molly: number;
let shopBrand: number;
let images: string[];
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
  [molly] = (await brandIds(app, brand, 14)) as [number];
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
  images = [];
  for (let i = 0; i < 6; i++) images.push(await picture(app, brand, 600, 600, `#1${i}44aa`));
});
afterAll(() => app.close());

const create = (input: Record<string, unknown>, token = brand) =>
  call(app, api.wallpaper.create, input as never, { token });
const total = async () => Number((await app.db.select({ n: count() }).from(wallpapers))[0]!.n);

describe('wallpaper.create rules, in order', () => {
  it.each([
    [{ ip_id: '', name: '', images: [] }, m.brandRequired],
    [{ name: '', images: [] }, m.nameRequired],
    [{ name: '   ', images: ['x'] }, m.nameRequired],
    [{ name: '一二三四五六七八九十十', images: [] }, m.nameTooLong],
    [{ name: '星空', images: [] }, m.imageRequired],
    [{ name: '星空', images: 'abc' }, m.imageRequired],
    [{ name: '星空', images: [''] }, m.imageRequired],
    [{ name: '星空', images: ['a', 'b', 'c', 'd', 'e', 'f'] }, m.tooManyImages],
    [{ name: '星空', images: ['a'], type: '' }, m.typeRequired],
    [{ name: '星空', images: ['a'], type: 3 }, m.typeRequired],
    [{ name: '星空', images: ['a'], type: 1, short: 'x'.repeat(201) }, m.shortTooLong],
  ])('%j → %s, and nothing is created', async (input, message) => {
    const before = await total();
    const res = await create('ip_id' in input ? input : { ip_id: molly, ...input });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await total()).toBe(before);
  });

  it('refuses a picture that is not 600×600 or not the merchant’s, and creates nothing', async () => {
    const before = await total();
    const big = await picture(app, brand, 800, 800);
    const wrong = await create({ ip_id: molly, name: '尺寸', images: [images[0], big], type: 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body.msg).toBe(messages.upload.imageSize(600, 600));
    const theirs = await picture(app, shop, 600, 600);
    const foreign = await create({ ip_id: molly, name: '别人', images: [theirs], type: 1 });
    expect(foreign.body.msg).toBe(messages.upload.pictureMissing);
    expect(await total()).toBe(before);
  });

  it('creates one wallpaper a picture (5 at once), listed newest first with received 0, audited', async () => {
    const res = await create({ ip_id: molly, name: '星空壁纸', images: images.slice(0, 5), type: 2, short: '夜空' });
    expect(res.statusCode).toBe(200);
    const ids = res.body.data.ids;
    expect(ids).toHaveLength(WALLPAPER_LIMITS.imagesMax);
    const list = await call(app, api.wallpaper.list, { ip_id: molly, name: '星空壁纸' }, { token: brand });
    expect(list.body.data.pagination.total_rows).toBe(5);
    expect(list.body.data.lists[0]).toMatchObject({
      id: Math.max(...ids),
      ip_id: molly,
      name: '星空壁纸',
      type: 2,
      short: '夜空',
      received: 0,
      image_url: expect.stringContaining(images[4]!),
      pic: expect.stringMatching(/\?w=300$/),
      pc_pic: expect.stringContaining(images[4]!),
    });
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'wallpaper'));
    expect(logged.filter((r) => ids.includes(r.entityId!)).map((r) => r.action)).toEqual(Array(5).fill('create'));
  });
});

describe('wallpaper.list filters', () => {
  it('by type and name, paged by 10', async () => {
    await create({ ip_id: molly, name: '筛选甲', images: [images[5]], type: 1 });
    const byType = await call(app, api.wallpaper.list, { ip_id: molly, type: 1, name: '筛选' }, { token: brand });
    expect(byType.body.data.lists.map((w) => w.name)).toEqual(['筛选甲']);
    const none = await call(app, api.wallpaper.list, { ip_id: molly, type: 2, name: '筛选' }, { token: brand });
    expect(none.body.data.lists).toEqual([]);
    const all = await call(app, api.wallpaper.list, {}, { token: brand });
    expect(all.body.data.pagination.limit).toBe(10);
    expect(all.body.data.lists.length).toBeLessThanOrEqual(10);
  });
});

describe('wallpaper.delete, received and drops', () => {
  it('received counts the receipts; a received wallpaper is not deleted, another is', async () => {
    const [a, b] = (await create({ ip_id: molly, name: '删除', images: images.slice(0, 2), type: 2 })).body.data
      .ids as [number, number];
    await player(app, '13811110001');
    const [me] = await app.db.select({ id: players.id }).from(players).where(eq(players.phone, '13811110001'));
    await app.db.insert(virtualReceipts).values({ playerId: me!.id, kind: 'wallpaper', itemId: a, source: 'draw' });
    const list = await call(app, api.wallpaper.list, { ip_id: molly, name: '删除' }, { token: brand });
    expect(list.body.data.lists.find((w) => w.id === a)!.received).toBe(1);
    const refused = await call(app, api.wallpaper.delete, { id: a }, { token: brand });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.msg).toBe(m.received);
    const ok = await call(app, api.wallpaper.delete, { id: b }, { token: brand });
    expect(ok.statusCode).toBe(200);
    const after = await call(app, api.wallpaper.list, { ip_id: molly, name: '删除' }, { token: brand });
    expect(after.body.data.lists.map((w) => w.id)).toEqual([a]);
  });

  it('drop candidates are the brand’s type-2 wallpapers only', async () => {
    const two = (await create({ ip_id: molly, name: '掉落', images: [images[0]], type: 2 })).body.data.ids[0];
    const one = (await create({ ip_id: molly, name: '不掉落', images: [images[1]], type: 1 })).body.data.ids[0];
    const ids = await candidatesOf(app.db, wallpaperDrops, molly);
    expect(wallpaperDrops.kind).toBe('wallpaper');
    expect(ids).toContain(two);
    expect(ids).not.toContain(one);
    expect(await candidatesOf(app.db, wallpaperDrops, shopBrand)).not.toContain(two);
  });
});

describe('tenancy and roles', () => {
  it("another merchant's wallpaper is 404 and stays; lists and creates stay in one's brands", async () => {
    const id = (await create({ ip_id: molly, name: '别人的', images: [images[0]], type: 1 })).body.data.ids[0];
    const del = await call(app, api.wallpaper.delete, { id }, { token: shop });
    expect(del.statusCode).toBe(404);
    expect(del.body.msg).toBe(messages.common.notFound);
    const theirs = await call(app, api.wallpaper.list, {}, { token: shop });
    expect(theirs.body.data.lists.some((w) => w.id === id)).toBe(false);
    expect((await call(app, api.wallpaper.list, { ip_id: molly }, { token: shop })).statusCode).not.toBe(200);
    const shopPic = await picture(app, shop, 600, 600);
    expect((await create({ ip_id: molly, name: '越权', images: [shopPic], type: 1 }, shop)).statusCode).not.toBe(200);
    expect((await create({ ip_id: shopBrand, name: '自己的', images: [shopPic], type: 1 }, shop)).statusCode).toBe(200);
    const mine = await call(app, api.wallpaper.list, { name: '别人的' }, { token: brand });
    expect(mine.body.data.lists.map((w) => w.id)).toContain(id);
  });

  it('coupon-only merchants get 403; without a session 401', async () => {
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.wallpaper.list, {}, { token: coupon })).statusCode).toBe(403);
    expect((await create({ ip_id: molly, name: 'x', images: [images[0]], type: 1 }, coupon)).statusCode).toBe(403);
    expect((await call(app, api.wallpaper.list, {})).statusCode).toBe(401);
  });
});
