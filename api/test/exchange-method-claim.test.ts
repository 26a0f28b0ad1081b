import { api, messages } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { players, virtualReceipts } from '../src/db/schema.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { doll, picture, saveExchange, seedToys, shanghai, singleForm } from './exchange-helpers.js';
import { call, login } from './helpers.js';
import { decideSkin, skinForm, skinImages, submitSkin } from './skin-helpers.js';

const m = messages.exchangeMethod;
const { app, brand, molly, sweet } = await demoApp();

let sprites: number[];
let scenes: number[];
let machine: number;
let other: number;
let cover: string;
beforeAll(async () => {
  sprites = await seedToys(app, molly, 1, 4);
  scenes = await seedToys(app, molly, 2, 1, 1, '场景');
  machine = (await publishMachine(app, brand, molly, sweet, 2)).id;
  other = (await publishMachine(app, brand, molly, sweet, 1)).id;
  cover = await picture(app, brand, 1125, 1125);
});

const as = (token: string) => ({ headers: { player_token: token } });
const claim = (token: string, id: number) => call(app, api.player.claimExchange, { id }, as(token));
const points = async (token: string) => (await call(app, api.player.points, undefined, as(token))).body.data;
const playerId = async (phone: string) =>
  (await app.db.select({ id: players.id }).from(players).where(eq(players.phone, phone)))[0]!.id;
const receiptsOf = async (id: number) => app.db.select().from(virtualReceipts).where(eq(virtualReceipts.playerId, id));
/** A player with one paid draw of `batch` (no coins): points = the price in whole yuan. */
async function drawer(phone: string, batch = machine) {
  const token = await player(app, phone);
  const res = await draw(app, token, batch, 0);
  if (res.statusCode !== 200) throw new Error(`draw: ${res.body.msg}`);
  return token;
}
const priceYuan = () => Math.floor(sweet.price);

describe('player.points', () => {
  it('1 point a yuan paid for draws, nothing stored; a new player has 0', async () => {
    const fresh = await player(app, '13700000001');
    expect(await points(fresh)).toEqual({ points: 0, earned: 0, spent: 0 });
    const p = await drawer('13700000002');
    const mine = await points(p);
    expect(mine.earned).toBeGreaterThan(0);
    expect(mine).toEqual({ points: mine.earned, earned: mine.earned, spent: 0 });
    expect(mine.earned).toBe(priceYuan());
  });
});

describe('player.claimExchange', () => {
  it('grants the components once, spends the points, counts received; a second claim is refused', async () => {
    const id = await saveExchange(app, brand, {
      ...singleForm(molly, sprites[0]!),
      type: 2,
      name: '领取套装',
      pic: cover,
      points: 3,
      doll_str: doll(sprites.slice(0, 2), scenes),
    });
    const p = await drawer('13700000003');
    const before = await points(p);
    const ok = await claim(p, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data).toMatchObject({ points: before.points - 3 });
    expect(ok.body.data.received).toEqual([
      { kind: 'toy', id: sprites[0] },
      { kind: 'toy', id: sprites[1] },
      { kind: 'toy', id: scenes[0] },
    ]);
    expect(await points(p)).toEqual({ points: before.points - 3, earned: before.earned, spent: 3 });
    const held = await receiptsOf(await playerId('13700000003'));
    expect(held.map((r) => [r.kind, r.itemId, r.source, r.sourceId])).toEqual(
      expect.arrayContaining([
        ['toy', sprites[0], 'exchange', ok.body.data.claim_id],
        ['toy', scenes[0], 'exchange', ok.body.data.claim_id],
      ]),
    );
    const again = await claim(p, id);
    expect(again.statusCode).toBe(409);
    expect(again.body.msg).toBe(m.alreadyClaimed);
    expect((await points(p)).spent).toBe(3);
    const info = (await call(app, api.exchange.detail, { id }, { token: brand })).body.data.info;
    expect(info).toMatchObject({ received: 1, consume_points: 3 });
    const del = await call(app, api.exchange.delete, { id }, { token: brand });
    expect(del.statusCode).toBe(409);
    expect(del.body.msg).toBe(m.claimed);
    const list = await call(app, api.player.exchangeMethods, { ip_id: molly }, as(p));
    expect(list.body.data.lists.find((r) => r.id === id)).toMatchObject({ claimed: true, points: 3 });
  });

  it('offers approved personal skins (type 17); a claim grants the skin, listed among what the player holds', async () => {
    const images = await skinImages(app, brand);
    const pending = await submitSkin(app, brand, skinForm(molly, images, { title: '待审装扮' }));
    const approved = await submitSkin(app, brand, skinForm(molly, images, { title: '春日装扮' }));
    const reviewer = (await login(app, 'reviewer@demo.local')).web_token;
    await decideSkin(app, reviewer, approved, 1);
    const page = await call(app, api.exchange.components, { ip_id: molly, type: 17 }, { token: brand });
    expect(page.body.data.lists.map((c) => [c.id, c.type, c.name])).toEqual([[approved, 17, '春日装扮']]);
    expect(page.body.data.lists.map((c) => c.id)).not.toContain(pending);
    const id = await saveExchange(app, brand, {
      ...singleForm(molly, sprites[0]!),
      name: '装扮领取',
      points: 0,
      doll_str: JSON.stringify({ doll: [], bg_pic: [], theme: [approved] }),
    });
    const p = await player(app, '13700000017');
    const ok = await claim(p, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data.received).toEqual([{ kind: 'skin', id: approved }]);
    const held = await call(app, api.player.virtualGoods, {}, as(p));
    expect(held.body.data.list.map((h) => [h.kind, h.item_id, h.name, h.source])).toEqual([
      ['skin', approved, '春日装扮', 'exchange'],
    ]);
    const info = (await call(app, api.exchange.detail, { id }, { token: brand })).body.data.info;
    expect(JSON.stringify(info)).toContain('春日装扮');
  });

  it('skips components the player already holds', async () => {
    const a = await saveExchange(app, brand, singleForm(molly, sprites[3]!, { points: 0, name: '已有甲' }));
    const b = await saveExchange(app, brand, singleForm(molly, sprites[3]!, { points: 0, name: '已有乙' }));
    const p = await player(app, '13700000004');
    expect((await claim(p, a)).statusCode).toBe(200);
    expect((await claim(p, b)).statusCode).toBe(200);
    const held = await app.db
      .select()
      .from(virtualReceipts)
      .where(and(eq(virtualReceipts.playerId, await playerId('13700000004')), eq(virtualReceipts.itemId, sprites[3]!)));
    expect(held).toHaveLength(1);
  });

  it('refuses without enough points, off shelf, before the start and after the end; nothing granted', async () => {
    const p = await drawer('13700000005');
    const have = (await points(p)).points;
    const dear = await saveExchange(app, brand, singleForm(molly, sprites[0]!, { points: have + 1, name: '太贵' }));
    const r1 = await claim(p, dear);
    expect([r1.statusCode, r1.body.msg]).toEqual([409, m.pointsShort]);
    const shelf = await saveExchange(app, brand, singleForm(molly, sprites[0]!, { points: 0, name: '下架' }));
    await call(app, api.exchange.setOff, { id: shelf, off: 1 }, { token: brand });
    expect((await claim(p, shelf)).body.msg).toBe(m.offShelf);
    const later = await saveExchange(
      app,
      brand,
      singleForm(molly, sprites[0]!, { points: 0, name: '未开始', begin_at: shanghai(1), end_at: shanghai(5) }),
    );
    expect((await claim(p, later)).body.msg).toBe(m.notStarted);
    const ended = await saveExchange(
      app,
      brand,
      singleForm(molly, sprites[0]!, { points: 0, name: '已结束', begin_at: shanghai(-5), end_at: shanghai(-1) }),
    );
    expect((await claim(p, ended)).body.msg).toBe(m.ended);
    expect((await claim(p, 99_999_999)).statusCode).toBe(404);
    expect(await receiptsOf(await playerId('13700000005'))).toEqual([]);
    expect((await points(p)).points).toBe(have);
    const listed = (await call(app, api.player.exchangeMethods, { ip_id: molly, limit: 200 }, as(p))).body.data.lists;
    expect(listed.some((r) => r.id === shelf)).toBe(false);
    expect(listed.find((r) => r.id === later)).toMatchObject({ time_status: 2, claimed: false });
  });

  it('relation 1 needs orders of every activity, relation 2 of any', async () => {
    const rel = JSON.stringify({ lucky: [machine, other] });
    const all = await saveExchange(
      app,
      brand,
      singleForm(molly, sprites[0]!, { points: 0, name: '全部', relation_order: 1, relation_order_str: rel }),
    );
    const any = await saveExchange(
      app,
      brand,
      singleForm(molly, sprites[0]!, { points: 0, name: '任一', relation_order: 2, relation_order_str: rel }),
    );
    const none = await player(app, '13700000006');
    expect((await claim(none, any)).body.msg).toBe(m.relationUnmet);
    const one = await drawer('13700000007');
    const r = await claim(one, all);
    expect([r.statusCode, r.body.msg]).toEqual([409, m.relationUnmet]);
    expect((await claim(one, any)).statusCode).toBe(200);
    const both = await drawer('13700000008');
    expect((await draw(app, both, other, 0)).statusCode).toBe(200);
    expect((await claim(both, all)).statusCode).toBe(200);
    const scratch = await call(
      app,
      api.scratch.create,
      { ip_id: molly, title: '关联刮卡', stock: 1 },
      { token: brand },
    );
    const viaCard = await saveExchange(
      app,
      brand,
      singleForm(molly, sprites[1]!, {
        points: 0,
        name: '刮卡',
        relation_order: 1,
        relation_order_str: JSON.stringify({ scratch: [scratch.body.data.id] }),
      }),
    );
    expect((await claim(none, viaCard)).body.msg).toBe(m.relationUnmet);
  });

  it('of 10 simultaneous claims by one player exactly one wins and the points are spent once', async () => {
    const id = await saveExchange(app, brand, singleForm(molly, sprites[2]!, { points: 2, name: '并发' }));
    const p = await drawer('13700000009');
    const before = (await points(p)).points;
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(p, id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.body.msg === m.alreadyClaimed)).toHaveLength(9);
    expect((await points(p)).points).toBe(before - 2);
    const info = (await call(app, api.exchange.detail, { id }, { token: brand })).body.data.info;
    expect(info).toMatchObject({ received: 1, consume_points: 2 });
  });

  it('two different claims at once never spend the same points', async () => {
    const p = await drawer('13700000010');
    const have = (await points(p)).points;
    const a = await saveExchange(app, brand, singleForm(molly, sprites[0]!, { points: have, name: '甲' }));
    const b = await saveExchange(app, brand, singleForm(molly, sprites[1]!, { points: have, name: '乙' }));
    const [ra, rb] = await Promise.all([claim(p, a), claim(p, b)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    expect([ra, rb].find((r) => r.statusCode === 409)!.body.msg).toBe(m.pointsShort);
    expect(await points(p)).toMatchObject({ points: 0, spent: have });
  });

  it('needs a player session', async () => {
    expect((await call(app, api.player.claimExchange, { id: 1 })).statusCode).toBe(401);
    expect((await call(app, api.player.points)).statusCode).toBe(401);
  });
});
