import { type Album, api, messages } from '@toy/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, auditLog, collectibleItems, collectibles, players } from '../src/db/schema.js';
import { grantCollectible } from '../src/features/holdings/collectibles.js';
import { player } from './draw-helpers.js';
import { picture } from './exchange-helpers.js';
import { brandIds, call, createMerchant, login, makeApp } from './helpers.js';

const m = messages.album;

let app: FastifyInstance;
let brand: string;
let molly: number;
let logo: string;
let bg: string;
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  [molly] = (await brandIds(app, brand, 12)) as [number];
  logo = await picture(app, brand, 600, 600, '#aa3366');
  bg = await picture(app, brand, 1400, 600, '#3366aa');
});
afterAll(() => app.close());

const save = (input: Record<string, unknown>, token = brand) => call(app, api.album.save, input as never, { token });
const total = async () => Number((await app.db.select({ n: count() }).from(albums))[0]!.n);
const listed = async (query: Record<string, unknown> = {}, token = brand) =>
  (await call(app, api.album.list, { ip_id: molly, ...query } as never, { token })).body.data;
const cardOf = async (id: number) =>
  ((await listed({ need_page: 0 })).list as Album[]).find((a) => a.id === id) as Album;
const newAlbum = async (title: string) =>
  (await save({ ip_id: molly, title, pic: logo, bg_pic: bg, content: '介绍' })).body.data.id as number;

/** A collectible of the album with items of these stocks, straight into the tables. */
async function seedCollectible(albumId: number | null, stocks: number[]) {
  const [row] = await app.db
    .insert(collectibles)
    .values({ ipId: molly, catalogId: albumId, type: stocks.length > 1 ? 2 : 1, title: '星光', pic: logo })
    .returning({ id: collectibles.id });
  await app.db.insert(collectibleItems).values(
    stocks.map((stock, i) => ({
      collectibleId: row!.id,
      serial: i + 1,
      title: `星光#${i + 1}`,
      pic: logo,
      filePath: logo,
      fileHash: 'h'.repeat(64),
      stock,
    })),
  );
  return row!.id;
}

async function playerId(phone: string) {
  const token = await player(app, phone);
  const [row] = await app.db.select({ id: players.id }).from(players).where(eq(players.phone, phone));
  return { token, id: row!.id };
}

describe('album.save rules, in order', () => {
  it.each([
    [{ ip_id: '', title: '', pic: '', bg_pic: '' }, m.brandRequired],
    [{ title: '', pic: '', bg_pic: '' }, m.titleRequired],
    [{ title: '   ', pic: 'x', bg_pic: 'y' }, m.titleRequired],
    [{ title: 'x'.repeat(21), pic: '', bg_pic: '' }, m.titleTooLong],
    [{ title: '星空合辑', pic: '', bg_pic: '' }, m.logoRequired],
    [{ title: '星空合辑', pic: 'a', bg_pic: '' }, m.bgRequired],
    [{ title: '星空合辑', pic: 'a', bg_pic: 'b', content: 'x'.repeat(201) }, m.contentTooLong],
  ])('%j → %s, and nothing is saved', async (input, message) => {
    const before = await total();
    const res = await save('ip_id' in input ? input : { ip_id: molly, ...input });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await total()).toBe(before);
  });

  it('the logo must be 600×600 and the background 1400×600, both the merchant’s uploads', async () => {
    const before = await total();
    const wrongLogo = await save({ ip_id: molly, title: '尺寸', pic: bg, bg_pic: bg });
    expect(wrongLogo.statusCode).toBe(400);
    expect(wrongLogo.body.msg).toBe(messages.upload.imageSize(600, 600));
    const wrongBg = await save({ ip_id: molly, title: '尺寸', pic: logo, bg_pic: logo });
    expect(wrongBg.body.msg).toBe(messages.upload.imageSize(1400, 600));
    const other = await createMerchant(app, [12]);
    const theirs = await picture(app, (await login(app, other.email)).web_token, 600, 600);
    const foreign = await save({ ip_id: molly, title: '别人', pic: theirs, bg_pic: bg });
    expect(foreign.body.msg).toBe(messages.upload.pictureMissing);
    expect(await total()).toBe(before);
  });
});

describe('albums: create, list with derived counts, edit, delete', () => {
  it('creates an album listed newest first, 12 a page, with URLs of its pictures, audited', async () => {
    const res = await save({ ip_id: molly, title: '星空合辑', pic: logo, bg_pic: bg, content: '夜空' });
    expect(res.statusCode).toBe(200);
    const id = res.body.data.id;
    const data = await listed();
    expect(data.pagination).toMatchObject({ page: 1, limit: 12 });
    expect(data.list[0]).toEqual({
      id,
      ip_id: molly,
      ip_title: expect.any(String),
      title: '星空合辑',
      pic: expect.stringMatching(new RegExp(`^http.*/${logo}$`)),
      bg_pic: expect.stringMatching(new RegExp(`^http.*/${bg}$`)),
      content: '夜空',
      like_num: 0,
      data: { goods_num: 0, stock_num: 0, surplus_stock_num: 0, stock: 0 },
    });
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'album'));
    expect(logged.filter((r) => r.entityId === id).map((r) => r.action)).toEqual(['create']);
  });

  it('counts its collectibles, their stock and what remains after copies are granted', async () => {
    const id = await newAlbum('计数合辑');
    const a = await seedCollectible(id, [5]);
    await seedCollectible(id, [2, 3, 4]);
    await seedCollectible(null, [7]);
    const p = await playerId('13822220001');
    await app.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await grantCollectible(tx, { playerId: p.id, collectibleId: a, source: 'drop' });
    });
    expect((await cardOf(id)).data).toEqual({ goods_num: 2, stock_num: 14, surplus_stock_num: 11, stock: 3 });
  });

  it('need_page=0 lists all; easy=1 only id and title', async () => {
    for (let i = 0; i < 12; i++) await newAlbum(`批量${i}`);
    const page1 = await listed();
    expect(page1.list).toHaveLength(12);
    const all = await listed({ need_page: 0 });
    expect(all.list.length).toBe(all.pagination.total_rows);
    expect(all.list.length).toBeGreaterThan(12);
    const easy = await listed({ need_page: 0, easy: 1 });
    expect(easy.list.length).toBe(all.list.length);
    expect(Object.keys(easy.list[0]!).sort()).toEqual(['id', 'title']);
  });

  it('edits the album in its own brand and audits before and after', async () => {
    const id = await newAlbum('旧名');
    const res = await save({ id, ip_id: molly, title: '新名', pic: logo, bg_pic: bg, content: '' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.id).toBe(id);
    expect(await cardOf(id)).toMatchObject({ title: '新名', content: '', ip_id: molly });
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'album'));
    const update = logged.find((r) => r.entityId === id && r.action === 'update');
    expect(update?.before).toMatchObject({ title: '旧名', content: '介绍' });
    expect(update?.after).toMatchObject({ title: '新名', content: '' });
  });

  it('deletes an album: its collectibles stay, out of any album', async () => {
    const id = await newAlbum('删除合辑');
    const c = await seedCollectible(id, [1]);
    const res = await call(app, api.album.delete, { id }, { token: brand });
    expect(res.statusCode).toBe(200);
    expect(await cardOf(id)).toBeUndefined();
    const [row] = await app.db.select().from(collectibles).where(eq(collectibles.id, c));
    expect(row).toMatchObject({ id: c, catalogId: null });
    const again = await call(app, api.album.delete, { id }, { token: brand });
    expect(again.statusCode).toBe(404);
    expect(again.body.msg).toBe(m.notFound);
  });
});

describe('player.likeAlbum', () => {
  it('a player likes an album once; like_num counts players', async () => {
    const id = await newAlbum('点赞合辑');
    const a = await playerId('13822220002');
    const b = await playerId('13822220003');
    const like = (token: string) => call(app, api.player.likeAlbum, { id }, { headers: { player_token: token } });
    expect((await like(a.token)).body.data).toEqual({ like_num: 1 });
    const twice = await like(a.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.body.msg).toBe(m.liked);
    expect((await cardOf(id)).like_num).toBe(1);
    expect((await like(b.token)).body.data).toEqual({ like_num: 2 });
    expect((await cardOf(id)).like_num).toBe(2);
    const missing = await call(app, api.player.likeAlbum, { id: 99_999_999 }, { headers: { player_token: a.token } });
    expect(missing.statusCode).toBe(404);
    expect((await call(app, api.player.likeAlbum, { id })).statusCode).toBe(401);
  });
});

describe('tenancy and roles', () => {
  it("another merchant's album is 404 and stays unchanged; lists stay in one's brands", async () => {
    const id = await newAlbum('我的合辑');
    const other = await createMerchant(app, [12]);
    const theirs = (await login(app, other.email)).web_token;
    const edit = await save({ id, ip_id: molly, title: '改名', pic: logo, bg_pic: bg }, theirs);
    expect(edit.statusCode).toBe(404);
    const del = await call(app, api.album.delete, { id }, { token: theirs });
    expect(del.statusCode).toBe(404);
    expect((await cardOf(id)).title).toBe('我的合辑');
    expect((await call(app, api.album.list, { ip_id: molly }, { token: theirs })).statusCode).toBe(404);
    const mine = await call(app, api.album.list, {}, { token: theirs });
    expect(mine.body.data.list).toEqual([]);
    const before = await total();
    expect((await save({ ip_id: molly, title: '越权', pic: logo, bg_pic: bg }, theirs)).statusCode).toBe(404);
    expect(await total()).toBe(before);
  });

  it('a merchant without nft_admin gets 403; without a session 401', async () => {
    const shop = (await login(app, 'shop@demo.local')).web_token;
    expect((await call(app, api.album.list, {}, { token: shop })).statusCode).toBe(403);
    expect((await call(app, api.album.list, {})).statusCode).toBe(401);
  });
});
