import { api, messages } from '@toy/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders, virtualReceipts } from '../src/db/schema.js';
import { DROP_SOURCES, grantDrops } from '../src/features/holdings/drops.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { picture } from './exchange-helpers.js';
import { call, login } from './helpers.js';
import { approvedKuji, kujiDraw } from './kuji-draw-helpers.js';
import { decideMoment, decideToy, newMoment, newToy, toyPic } from './toy-helpers.js';

const { app, brand, molly, sweet } = await demoApp();
let reviewer: string;
let machine: number;
const ids = {} as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f', number>;

beforeAll(async () => {
  reviewer = (await login(app, 'reviewer@demo.local')).web_token;
  const gif = await toyPic(app, brand);
  ids.a = await newToy(app, brand, molly, { image_url: gif, name: '甲', is_box_goods: 1 });
  ids.b = await newToy(app, brand, molly, { image_url: gif, name: '乙', is_box_goods: 0 });
  ids.c = await newToy(app, brand, molly, { type: 2, name: '丙场景', is_box_goods: 1 });
  ids.d = await newToy(app, brand, molly, { image_url: gif, name: '丁待审', is_box_goods: 1 });
  ids.e = await newMoment(app, brand, molly, { name: '戊时刻' });
  ids.f = await newMoment(app, brand, molly, { name: '己驳回' });
  for (const id of [ids.a, ids.b, ids.c]) expect((await decideToy(app, reviewer, id, 1)).statusCode).toBe(200);
  await decideMoment(app, reviewer, ids.e, 1);
  await decideMoment(app, reviewer, ids.f, 2, '不清晰');
  machine = (await publishMachine(app, brand, molly, sweet, 2)).id;
});

const holdings = async (token: string) =>
  (await call(app, api.player.virtualGoods, {}, { headers: { player_token: token } })).body.data.list;
const toyRow = async (id: number) =>
  (await call(app, api.toy.list, { ip_id: molly, limit: 200 }, { token: brand })).body.data.lists.find(
    (r) => r.id === id,
  )!;
const momentRow = async (id: number) =>
  (await call(app, api.moment.list, { ip_id: molly, limit: 200 }, { token: brand })).body.data.lists.find(
    (r) => r.id === id,
  )!;

describe('drops from paid draws', () => {
  it('each draw gives one item the player does not hold: approved toys and scenes with the switch on, then approved moments', async () => {
    const p1 = await player(app, '13800009001');
    const got: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await draw(app, p1, machine);
      expect(res.statusCode).toBe(200);
      got.push((await holdings(p1)).map((h) => h.name).join(','));
    }
    expect(got).toEqual(['甲', '丙场景,甲', '戊时刻,丙场景,甲', '戊时刻,丙场景,甲']);
    const held = await holdings(p1);
    expect(held.map((h) => [h.kind, h.item_id, h.type, h.source])).toEqual([
      ['moment', ids.e, 0, 'draw'],
      ['toy', ids.c, 2, 'draw'],
      ['toy', ids.a, 1, 'draw'],
    ]);
    expect(held[0]!.image_url).toMatch(/watermark\.jpg$/);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, held[2]!.source_id));
    expect(order).toMatchObject({ ipId: molly });
  });

  it('received on the lists is the count of receipts; a received item cannot be deleted', async () => {
    const p2 = await player(app, '13800009002');
    await draw(app, p2, machine);
    expect((await toyRow(ids.a)).received).toBe(2);
    expect((await toyRow(ids.b)).received).toBe(0);
    expect((await toyRow(ids.c)).received).toBe(1);
    expect((await toyRow(ids.d)).received).toBe(0);
    expect((await momentRow(ids.e)).received).toBe(1);
    expect((await momentRow(ids.f)).received).toBe(0);
    const del = await call(app, api.toy.delete, { id: ids.a }, { token: brand });
    expect([del.statusCode, del.body.msg]).toEqual([409, messages.toy.deleteReceived]);
    const delMoment = await call(app, api.moment.delete, { id: ids.e }, { token: brand });
    expect([delMoment.statusCode, delMoment.body.msg]).toEqual([409, messages.toy.deleteReceived]);
  });

  it('kuji draws drop too', async () => {
    const kuji = await approvedKuji(app, molly);
    const p3 = await player(app, '13800009003');
    const res = await kujiDraw(app, p3, { active_id: kuji.id, box_no: 1, num: 2 });
    expect(res.statusCode).toBe(200);
    expect((await holdings(p3)).map((h) => h.name)).toEqual(['甲']);
  });

  it('the sources are a table another kind can join', async () => {
    expect(DROP_SOURCES.map((s) => s.kind)).toEqual(['toy', 'moment', 'wallpaper', 'skin']);
    const [{ playerId }] = (await app.db
      .select({ playerId: virtualReceipts.playerId })
      .from(virtualReceipts)
      .limit(1)) as [{ playerId: number }];
    const drops = await app.db.transaction((tx) =>
      grantDrops(
        tx,
        molly,
        [{ playerId, orderId: 0 }],
        [{ kind: 'wallpaper', ids: () => sql`select unnest(array[7, 8]) as id` }],
      ),
    );
    expect(drops).toEqual([{ playerId, kind: 'wallpaper', itemId: 7, orderId: 0 }]);
    const none = await app.db.transaction((tx) =>
      grantDrops(tx, molly, [{ playerId, orderId: 0 }], [{ kind: 'wallpaper', ids: () => sql`select 7 as id` }]),
    );
    expect(none).toEqual([]);
  });

  it('wallpapers of type 2 drop after the toys and moments; type 1 never', async () => {
    const images = [await picture(app, brand, 600, 600, '#aa88ff'), await picture(app, brand, 600, 600, '#88ffaa')];
    const never = await call(
      app,
      api.wallpaper.create,
      { ip_id: molly, name: '不掉落', images: images.slice(0, 1), type: 1 },
      { token: brand },
    );
    const drops = await call(
      app,
      api.wallpaper.create,
      { ip_id: molly, name: '掉落壁纸', images: images.slice(1), type: 2 },
      { token: brand },
    );
    expect([never.statusCode, drops.statusCode]).toEqual([200, 200]);
    const p4 = await player(app, '13800009004');
    for (let i = 0; i < 5; i++) expect((await draw(app, p4, machine, 0)).statusCode).toBe(200);
    const held = await holdings(p4);
    expect(held.map((h) => [h.kind, h.name])).toEqual([
      ['wallpaper', '掉落壁纸'],
      ['moment', '戊时刻'],
      ['toy', '丙场景'],
      ['toy', '甲'],
    ]);
    expect(held[0]!.image_url).toMatch(/^http/);
    const listed = await call(app, api.wallpaper.list, { ip_id: molly }, { token: brand });
    const received = Object.fromEntries(listed.body.data.lists.map((w) => [w.name, w.received]));
    expect(received).toEqual({ 不掉落: 0, 掉落壁纸: 1 });
  });
});
