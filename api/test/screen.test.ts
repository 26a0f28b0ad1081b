import { api, PLAYER_DEMO_CODE, SCREEN_ACTIVITY, saleKey } from '@toy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../src/db/schema.js';
import { player } from './draw-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';
import { approvedKuji, kujiDraw } from './kuji-draw-helpers.js';

// The seeded machine "Molly 星愿旅行系列" launched at 00:00 (Shanghai) on the day the demo data was
// made, and has real draws.
let app: FastifyInstance;
let day: string;
let seededId: number;
let seededIp: number;
beforeAll(async () => {
  app = await makeApp();
  const { web_token } = await login(app, 'brand@demo.local');
  // Other suites may publish machines of the same template into a shared database: the seed's is the first.
  const found = [];
  for (const ipId of await brandIds(app, web_token, 14)) {
    const list = await call(
      app,
      api.drawMachine.list,
      { ip_id: ipId, keyword: '星愿旅行', limit: 100 },
      { token: web_token },
    );
    found.push(...list.body.data.list);
  }
  const machine = found.sort((a, b) => a.id - b.id)[0]!;
  seededId = machine.id;
  seededIp = machine.ip_id;
  day = machine.shelves_time.slice(0, 10);
});
afterAll(() => app.close());

describe('screen data (spec 03 §3), computed from the records', () => {
  it('lists the launches of a day with their brand, price, boxes left and started state', async () => {
    const res = await call(app, api.screen.sale, { date: day });
    expect(res.statusCode).toBe(200);
    const entry = res.body.data.list.find((e) => e.id === seededId)!;
    expect(entry).toBeDefined();
    expect(entry.begin).toBe(`${day} 00:00:00`);
    expect(entry.state).toBe(1);
    expect(entry.price).toBeGreaterThan(0);
    expect(entry.ips?.[0]?.title).toBeTruthy();
    expect(entry.pic).toMatch(/^http/);
    const none = await call(app, api.screen.sale, { date: '2025-06-01' });
    expect(none.body.data.list).toEqual([]);
  });

  it('ranks brands by sales and players by amount spent, within the limits', async () => {
    const hot = await call(app, api.screen.hot, { limit: 12 });
    expect(hot.statusCode).toBe(200);
    expect(hot.body.data.list.length).toBeGreaterThan(0);
    const sales = hot.body.data.list.map((b) => b.hot ?? 0);
    expect([...sales].sort((a, b) => b - a)).toEqual(sales);

    const users = await call(app, api.screen.user, {});
    expect(users.body.data.list.length).toBeGreaterThan(0);
    expect(users.body.data.list.length).toBeLessThanOrEqual(7);
    const amounts = users.body.data.list.map((u) => u.amount ?? 0);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
  });

  it('offers every enabled brand for the venue, not only those with recent sales', async () => {
    const title = `场地新品牌${Date.now()}`;
    const [quiet] = await app.db.insert(brands).values({ title }).returning({ id: brands.id });
    const [off] = await app.db
      .insert(brands)
      .values({ title: `${title}停用`, status: 0 })
      .returning({ id: brands.id });
    const all = await call(app, api.screen.brands, {});
    expect(all.statusCode).toBe(200);
    const ids = all.body.data.list.map((b) => b.id);
    expect(ids).toContain(quiet!.id);
    expect(ids).not.toContain(off!.id);
    expect(all.body.data.list.find((b) => b.id === quiet!.id)).toMatchObject({ name: title, hot: 0 });
    // The hot list stays the brands with sales; they lead the venue's list.
    const hot = (await call(app, api.screen.hot, { limit: 18 })).body.data.list;
    expect(hot.map((b) => b.id)).not.toContain(quiet!.id);
    const sales = all.body.data.list.map((b) => b.hot ?? 0);
    expect([...sales].sort((a, b) => b - a)).toEqual(sales);
    expect(hot.every((b) => ids.includes(b.id))).toBe(true);
    expect((await app.inject({ method: 'GET', url: api.screen.brands.path })).statusCode).toBe(401);
  });

  it('pages activity messages by last_id, ten at a time, oldest first', async () => {
    const latest = await call(app, api.screen.barrage, {});
    expect(latest.statusCode).toBe(200);
    const ids = latest.body.data.map((m: { id: number }) => m.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(10);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(latest.body.data[0]).toMatchObject({ action: 1 });
    expect(latest.body.data[0].user.name).toBeTruthy();

    const after = await call(app, api.screen.barrage, { last_id: ids[0] });
    expect(after.body.data.every((m: { id: number }) => m.id > ids[0])).toBe(true);
    const none = await call(app, api.screen.barrage, { last_id: ids[ids.length - 1] });
    expect(none.body.data.filter((m: { id: number }) => m.id <= ids[ids.length - 1])).toEqual([]);
  });

  it('gives the activity status of a machine being drawn, and type 0 for none', async () => {
    const sale = await call(app, api.screen.sale, { date: day });
    const id = sale.body.data.list.find((e) => e.id === seededId)!.id;
    const status = await call(app, api.screen.active, { active_id: id });
    expect(status.statusCode).toBe(200);
    expect([2, 3, 4]).toContain(status.body.data.type);
    expect(status.body.data.active_id).toBe(id);
    if (status.body.data.type === 3) expect(status.body.data.records?.length).toBeGreaterThan(0);
    const missing = await call(app, api.screen.active, { active_id: 99999999 });
    expect(missing.body.data.type).toBe(0);
  });

  it('refuses malformed parameters with 400 and unsigned calls with 401', async () => {
    const bad = await call(app, api.screen.sale, { date: 'yesterday' } as never);
    expect(bad.statusCode).toBe(400);
    const unsigned = await app.inject({ method: 'GET', url: api.screen.hot.path });
    expect(unsigned.statusCode).toBe(401);
  });
});

describe('ichiban-kuji on the venue screens', () => {
  // A kuji numbered like the seeded machine (the two tables number on their own), launched a moment
  // ago on the machine's day: 2 boxes of Last, W1 (positions 2…5), A × 3, B × 4.
  let kujiId: number;
  beforeAll(async () => {
    const dayStart = new Date(`${day}T00:00:00+08:00`).getTime();
    const { id } = await approvedKuji(app, seededIp, {
      boxNum: 2,
      price: 1990,
      patch: { id: seededId, title: '屏幕一番赏', shelvesTime: new Date(Math.max(dayStart, Date.now() - 1000)) },
    });
    kujiId = id;
    await app.db.execute(sql`select setval(pg_get_serial_sequence('kujis', 'id'), (select max(id) from kujis))`);
  });

  it('lists a kuji launched today beside the machine of the same id, each named by its activity type', async () => {
    expect(kujiId).toBe(seededId);
    const list = (await call(app, api.screen.sale, { date: day })).body.data.list;
    const same = list.filter((e) => e.id === seededId);
    expect(same.map((e) => e.activity_type).sort()).toEqual([SCREEN_ACTIVITY.machine, SCREEN_ACTIVITY.kuji]);
    const kuji = same.find((e) => e.activity_type === SCREEN_ACTIVITY.kuji)!;
    expect(kuji).toMatchObject({ name: '屏幕一番赏', state: 1, type: 2, price: 19.9, stock: 14 });
    expect(kuji.ips?.[0]?.id).toBe(seededIp);
    expect(new Set(list.map(saleKey)).size).toBe(list.length);
    const otherBrand = await call(app, api.screen.sale, { date: day, ip_ids: String(seededIp + 100000) });
    expect(otherBrand.body.data.list).toEqual([]);
  });

  it("answers the kuji's or the machine's activity status by activity_type, the latest launch without an id", async () => {
    const kuji = (await call(app, api.screen.active, { active_id: kujiId, activity_type: SCREEN_ACTIVITY.kuji })).body
      .data;
    expect(kuji).toMatchObject({ type: 2, active_id: kujiId, activity_type: SCREEN_ACTIVITY.kuji });
    expect(kuji.info?.title).toBe('屏幕一番赏');
    expect(kuji.goods?.map((g) => [g.level, g.num])).toEqual([
      ['Last赏', 2],
      ['W1赏', 2],
      ['A赏', 6],
      ['B赏', 8],
    ]);
    const machine = (await call(app, api.screen.active, { active_id: seededId })).body.data;
    expect(machine.activity_type).toBe(SCREEN_ACTIVITY.machine);
    expect(machine.info?.title).not.toBe('屏幕一番赏');
    const latest = (await call(app, api.screen.active, {})).body.data;
    expect(latest).toMatchObject({ active_id: kujiId, activity_type: SCREEN_ACTIVITY.kuji });
    const bad = await call(app, api.screen.active, { active_id: kujiId, activity_type: 15 } as never);
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msg).toBe('活动类型不正确');
  });

  it('shows the drawers while it is drawn, then its Last and W winners as the lucky users', async () => {
    const names = ['屏幕玩家甲', '屏幕玩家乙'];
    const tokens = await Promise.all(
      names.map(async (nickname, i) => {
        await call(app, api.player.login, { phone: `1370000000${i}`, code: PLAYER_DEMO_CODE, nickname } as never);
        return player(app, `1370000000${i}`);
      }),
    );
    const ids = await Promise.all(
      names.map(
        async (_, i) =>
          (await call(app, api.player.login, { phone: `1370000000${i}`, code: PLAYER_DEMO_CODE })).body.data!.player.id,
      ),
    );
    const status = async () =>
      (await call(app, api.screen.active, { active_id: kujiId, activity_type: SCREEN_ACTIVITY.kuji })).body.data;

    const first = await kujiDraw(app, tokens[0]!, { active_id: kujiId, box_no: 1, num: 3, use_bean: 0 });
    expect(first.statusCode, first.body.msg).toBe(200);
    const drawing = await status();
    expect(drawing.type).toBe(3);
    expect(drawing.records?.map((r) => r.name)).toEqual(['屏幕玩家甲', '屏幕玩家甲', '屏幕玩家甲']);
    expect(drawing.lucky_user).toEqual([]);

    type Award = { player_id: number; kind: string };
    const awards: Award[] = [];
    for (const [box_no, who, num] of [
      [1, 1, 4],
      [2, 0, 5],
      [2, 1, 2],
    ] as const) {
      const res = await kujiDraw(app, tokens[who]!, { active_id: kujiId, box_no, num, use_bean: 0 });
      expect(res.statusCode, res.body.msg).toBe(200);
      awards.push(...(res.body.data as { awards: Award[] }).awards);
    }
    expect(awards.map((a) => a.kind).sort()).toEqual(['global', 'global', 'last', 'last']);
    const done = await status();
    expect(done).toMatchObject({ type: 4, state: 3, activity_type: SCREEN_ACTIVITY.kuji });
    const expected = awards.map((a) => names[ids.indexOf(a.player_id)]).sort();
    expect(done.lucky_user?.map((u) => u.name).sort()).toEqual(expected);
    // Box 1's Last went to whoever took its last ticket: player 乙.
    expect(done.lucky_user?.map((u) => u.name)).toContain('屏幕玩家乙');

    const sold = (await call(app, api.screen.sale, { date: day })).body.data.list.find(
      (e) => e.id === kujiId && e.activity_type === SCREEN_ACTIVITY.kuji,
    );
    expect(sold).toMatchObject({ stock: 0, state: 1 });
  });
});
