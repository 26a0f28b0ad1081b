import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, type DrawMachine } from '@toy/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { longest } from '../../scripts/patience.mjs';
import { type Config, loadConfig } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { orders } from '../src/db/schema.js';
import { runOnce } from '../src/features/draw-machine/settlement.js';
import { demo, draw, player, publishMachine } from './draw-helpers.js';
import { call, makeApp } from './helpers.js';

const apps: FastifyInstance[] = [];
// Each test closes its app; this closes it when a test failed first, so its settlement job cannot
// settle the next test's orders (on PostgreSQL the file's tests share one database).
afterEach(() => Promise.all(apps.splice(0).map((a) => a.close().catch(() => undefined))));

const DAY = 86400_000;

const statesOf = async (db: Db, ids: number[]) =>
  (await db.select({ s: orders.settleState }).from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id))).map(
    (r) => r.s,
  );

/**
 * An app with a machine and three draw orders: paid 10 days ago, 3 days ago and now. `before` is
 * the machine's detail read while all three were still new, so no job can have settled any of them.
 */
async function withOrders(overrides: Partial<Config>, phone: string) {
  const app = await makeApp(overrides);
  apps.push(app);
  const { brand, molly, sweet } = await demo(app);
  const { id } = await publishMachine(app, brand, molly, sweet, 1);
  const p = await player(app, phone);
  for (let i = 0; i < 3; i++) expect((await draw(app, p, id)).statusCode).toBe(200);
  const rows = await app.db.select().from(orders).where(eq(orders.activeId, id)).orderBy(asc(orders.id));
  const ids = rows.map((r) => r.id);
  // The detail call reads without settling anything.
  const info = async () =>
    (await call(app, api.drawMachine.info, { batch_id: id }, { token: brand })).body.data.info as DrawMachine;
  const before = await info();
  for (const [i, days] of [10, 3].entries())
    await app.db
      .update(orders)
      .set({ payTime: new Date(Date.now() - days * DAY) })
      .where(eq(orders.id, ids[i]!));
  return { app, ids, states: () => statesOf(app.db, ids), info, before, income: rows[0]!.merchantIncome };
}

describe('the settlement job', () => {
  it('settles an order paid 10 days ago on its own, without any list call; newer ones stay pending', async () => {
    const { app, states, info, before, income } = await withOrders({ settleIntervalMinutes: 0.002 }, '13900008001');
    expect(before.settlement_price.cn).toBe(0);
    // Every 0.12 s the job runs; nobody reads the list.
    await expect.poll(states, { timeout: longest(5000), interval: 50 }).toEqual([1, 0, 0]);
    const after = await info();
    expect(after.settlement_price.cn).toBeCloseTo(income / 100, 2);
    expect(after.wait_settlement_price.cn + after.settlement_price.cn).toBeCloseTo(before.wait_settlement_price.cn, 2);
    await app.close();
  });

  it('with SETTLE_INTERVAL_MINUTES=0 nothing runs; runOnce settles what is due and is idempotent', async () => {
    const { app, states } = await withOrders({ settleIntervalMinutes: 0 }, '13900008002');
    await new Promise((r) => setTimeout(r, 300));
    expect(await states()).toEqual([0, 0, 0]);
    expect(await runOnce(app.db)).toBeGreaterThanOrEqual(1);
    expect(await states()).toEqual([1, 0, 0]);
    expect(await runOnce(app.db)).toBe(0);
    // Five days on, the order paid 3 days ago is due as well.
    await runOnce(app.db, Date.now() + 5 * DAY);
    expect(await states()).toEqual([1, 1, 0]);
    await app.close();
  });

  it('runs a pass as the app starts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'toy-settle-'));
    try {
      const first = await withOrders({ settleIntervalMinutes: 0, dataDir }, '13900008003');
      expect(await first.states()).toEqual([0, 0, 0]);
      await first.app.close();
      const again = await makeApp({ settleIntervalMinutes: 60, dataDir });
      apps.push(again);
      // Ready means the first pass is done: no list read, no wait.
      expect(await statesOf(again.db, first.ids)).toEqual([1, 0, 0]);
      await again.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reads SETTLE_INTERVAL_MINUTES (default 60, 0 disables, no negatives)', () => {
    expect(loadConfig({}).settleIntervalMinutes).toBe(60);
    expect(loadConfig({ SETTLE_INTERVAL_MINUTES: '0' }).settleIntervalMinutes).toBe(0);
    expect(loadConfig({ SETTLE_INTERVAL_MINUTES: '5' }).settleIntervalMinutes).toBe(5);
    expect(() => loadConfig({ SETTLE_INTERVAL_MINUTES: '-1' })).toThrow(/SETTLE_INTERVAL_MINUTES/);
  });
});
