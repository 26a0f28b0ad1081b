import { api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandIds, call, login, makeApp } from './helpers.js';

// The seeded machine "Molly 星愿旅行系列" launched at 00:00 (Shanghai) on the day the demo data was
// made, and has real draws.
let app: FastifyInstance;
let day: string;
let seededId: number;
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
