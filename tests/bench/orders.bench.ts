// Order list figures from one run on this machine, on PostgreSQL (the real server, a database of
// the bench's own, BENCH_PG_URL's server; default postgres://postgres@127.0.0.1:5432):
//   1. a generator fills the database with BENCH_ORDERS orders (default 1,000,000) across 50 brands
//      in SQL (generate_series), one brand about 12 % of them, with one goods line each;
//   2. order.list p95 over HTTP for each filter (none, status, a 7-day range, keyword on phone,
//      nickname and order number) on the largest brand, target ≤ 20 ms;
//   3. the baseline, in the same run: the list's own queries (page + count) with the order list's
//      indexes dropped inside a transaction that is rolled back;
//   4. dashboard.get (the merchant's home dashboard) p95 over HTTP for the largest brand, target
//      ≤ 50 ms, with its queries alone and their baseline without the dashboard's indexes
//      (orders_ip_sold_idx, orders_ip_settle_idx, dropped in a rolled-back transaction).
// BENCH_ORDERS=20000 is the small mode.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@toy/api';
import { api, createClient, DEV_APP_SECRET, type RouteDef, resolveOrderFilters } from '@toy/shared';
import { openDatabase } from '../../api/src/db/client.js';
import { merchantView } from '../../api/src/features/dashboard/merchant.js';
import { countOrders, listOrders, orderConditions } from '../../api/src/features/order/queries.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const BRANDS = 50;
const PLAYERS = Math.min(100_000, Math.max(1000, Math.floor(ORDERS / 10)));
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const BASELINE_RUNS = Number(process.env.BENCH_BASELINE_RUNS ?? 8);
const TARGET_MS = 20;
const DASHBOARD_TARGET_MS = 50;
const server = (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '');
const dbName = process.env.BENCH_PG_DB ?? 'bench_orders';

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.95 * xs.length))]!;
const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

// A database of our own.
const admin = await openDatabase({ databaseUrl: `${server}/postgres` });
await admin.db.execute(`drop database if exists ${dbName} with (force)`);
await admin.db.execute(`create database ${dbName}`);
await admin.close();

const dataDir = mkdtempSync(join(tmpdir(), 'toy-orders-bench-'));
const app = await buildApp(
  loadConfig({
    ...process.env,
    DATABASE_URL: `${server}/${dbName}`,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED: '1',
    ORDER_TIMER_SECONDS: '0',
    SETTLE_INTERVAL_MINUTES: '0',
  }),
);
const { db } = app;

try {
  // 1. The generator.
  const t0 = performance.now();
  const [molly] = rows<{ id: number }>(await db.execute(`select id from brands where title = 'Molly 梦工厂'`));
  await db.execute(`insert into brands (title) select 'bench brand ' || g from generate_series(1, ${BRANDS - 1}) g`);
  const brandIds = [
    molly!.id,
    ...rows<{ id: number }>(await db.execute(`select id from brands where title like 'bench brand %' order by id`)).map(
      (b) => b.id,
    ),
  ];
  await db.execute(`insert into players (phone, nickname)
    select '1990' || lpad(g::text, 7, '0'), '玩家' || g from generate_series(1, ${PLAYERS}) g`);
  const [p0] = rows<{ id: number }>(
    await db.execute(`select min(id)::int as id from players where phone like '1990%'`),
  );
  // Index definitions of the two tables (not primary keys), dropped for the load and made again.
  const indexes = rows<{ name: string; def: string }>(
    await db.execute(`select indexname as name, indexdef as def from pg_indexes
      where tablename in ('orders', 'order_items') and indexname not like '%_pkey'`),
  );
  for (const i of indexes) await db.execute(`drop index ${i.name}`);
  await db.execute(`
    insert into orders (order_sn, ip_id, player_id, type, active_id, active_title, active_pic, buy_num, price, points,
      received_price, receivable_price, total_pay_price, service_fee, merchant_income, settle_state, is_close, pay_time,
      created_at, tran_state, logistics_state, username, phone, province, city, area, address, nickname, logistics_fee)
    select 'BN' || lpad(g::text, 12, '0'),
      (array[${brandIds.join(',')}])[case when g % 8 = 0 then 1 else 2 + g % ${BRANDS - 1} end],
      ${p0!.id} + g % ${PLAYERS},
      (array[5, 5, 5, 13, 13, 14, 15, 1, 7, 9, 10])[1 + g % 11], 1 + g % 300,
      (array['星座系列', '太空舱', '甜品派对', '限定手办', '毛绒挂件'])[1 + g % 5] || ' ' || (g % 300), '',
      1, 5900, 0, case when s.t in (1, 5) then 0 else 5900 end, 5900, case when s.t in (1, 5) then 0 else 5900 end,
      0, 5900, 0, case when g % 97 = 0 then 1 else 0 end,
      case when s.t in (1, 5) then null else now() - ((g::bigint * 7919) % 31536000) * interval '1 second' end,
      now() - ((g::bigint * 7919) % 31536000) * interval '1 second',
      s.t, s.l,
      (array['张伟', '王芳', '李娜', '刘洋', '陈静'])[1 + g % 5] || (g % 1000),
      '13' || lpad(((g::bigint * 104729) % 1000000000)::text, 9, '0'),
      '上海市', '上海市', '徐汇区', '漕溪北路 ' || (g % 500) || ' 号',
      '玩家' || (1 + g % ${PLAYERS}), 0
    from generate_series(1, ${ORDERS}) g
    cross join lateral (select case
      when g % 100 < 5 then 1 when g % 100 < 8 then 3 when g % 100 < 10 then 5 when g % 100 < 12 then 4
      when g % 100 < 13 then 6 when g % 100 < 14 then 7 else 2 end as t,
      case when g % 100 < 14 then 0 when g % 100 < 35 then 0 when g % 100 < 40 then 4 when g % 100 < 55 then 1
      when g % 100 < 85 then 2 else 3 end as l) s`);
  await db.execute(`insert into order_items (order_id, goods_title, goods_pic, nums)
    select id, active_title, '', 1 from orders where order_sn like 'BN%'`);
  const loaded = performance.now();
  await db.execute(`set maintenance_work_mem = '512MB'`);
  for (const i of indexes) await db.execute(i.def);
  // As autovacuum leaves a table that has settled: statistics and the visibility map (index-only counts).
  await db.execute('vacuum analyze orders');
  await db.execute('vacuum analyze order_items');
  await db.execute('vacuum analyze players');
  const t1 = performance.now();
  const [count] = rows<{ n: number }>(
    await db.execute(`select count(*)::int as n from orders where ip_id = ${molly!.id}`),
  );
  console.log(
    `\n${ORDERS.toLocaleString()} orders across ${BRANDS} brands in ${((t1 - t0) / 1000).toFixed(1)} s ` +
      `(rows ${((loaded - t0) / 1000).toFixed(1)} s, indexes ${((t1 - loaded) / 1000).toFixed(1)} s); ` +
      `the largest brand has ${count!.n.toLocaleString()}`,
  );

  // Sample orders of the largest brand, for keywords that name one order each.
  const samples = rows<{ order_sn: string; phone: string; nickname: string }>(
    await db.execute(`select order_sn, phone, nickname from orders where ip_id = ${molly!.id}
      order by id offset 1000 limit 20`),
  );
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() + 8 * 3600_000 - 7 * 86400_000).toISOString().slice(0, 10);
  const filters: [string, (i: number) => Record<string, unknown>][] = [
    ['no filter (first page)', () => ({})],
    ['status 2 (awaiting shipment)', () => ({ state: 2 })],
    ['date range (7 days)', () => ({ begin_at: weekAgo, end_at: today })],
    ['keyword: phone', (i) => ({ keyword: samples[i % samples.length]!.phone })],
    ['keyword: nickname', (i) => ({ keyword: samples[i % samples.length]!.nickname })],
    ['keyword: order number', (i) => ({ keyword: samples[i % samples.length]!.order_sn })],
  ];

  // 2. order.list over HTTP.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const client = createClient({ baseUrl: url, secret: DEV_APP_SECRET });
  const { web_token } = await client.call(api.auth.login, { email: 'brand@demo.local', password: 'demo1234' });
  const list = async (q: Record<string, unknown>) => {
    const t = performance.now();
    const res = await client.send(
      api.order.list as RouteDef,
      { ip_id: molly!.id, page: 1, limit: 10, ...q },
      {
        token: web_token,
      },
    );
    if (res.body.status !== 0) throw new Error(res.body.msg);
    return {
      ms: performance.now() - t,
      total: (res.body.data as { pagination: { total_rows: number } }).pagination.total_rows,
    };
  };
  // The floor of a merchant call on this machine: the warehouse list (one small query), same run.
  const floor: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t = performance.now();
    await client.send(api.warehouse.list as RouteDef, { ip_id: molly!.id }, { token: web_token });
    if (i >= 5) floor.push(performance.now() - t);
  }
  const measured: { name: string; p95: number; total: number }[] = [];
  for (const [name, q] of filters) {
    for (let i = 0; i < 5; i++) await list(q(i));
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await list(q(i));
      times.push(r.ms);
      total = r.total;
    }
    measured.push({ name, p95: p95(times), total });
  }

  /** p95 of the list's own queries (the page, then the count) on a connection `on`. */
  const sqlP95 = async (on: typeof db, q: (i: number) => Record<string, unknown>, runs: number) => {
    const where = (i: number) =>
      orderConditions([molly!.id], resolveOrderFilters({ ip_id: molly!.id, ...q(i) } as never));
    await listOrders(on, where(0), 1, 10);
    await countOrders(on, where(0));
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const w = where(i);
      const t = performance.now();
      await listOrders(on, w, 1, 10);
      await countOrders(on, w);
      times.push(performance.now() - t);
    }
    return p95(times);
  };
  const indexed = new Map<string, number>();
  for (const [name, q] of filters) indexed.set(name, await sqlP95(db, q, RUNS));

  // 3. The baseline: the same queries without the list's indexes (dropped, then rolled back).
  const listIndexes = indexes
    .filter((i) => /orders_(ip_created|ip_state|sn_pattern|\w+_trgm)_idx/.test(i.name))
    .map((i) => i.name);
  const baseline = new Map<string, number>();
  await db
    .transaction(async (tx) => {
      for (const name of listIndexes) await tx.execute(`drop index ${name}`);
      for (const [name, q] of filters) baseline.set(name, await sqlP95(tx as unknown as typeof db, q, BASELINE_RUNS));
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });

  // 4. dashboard.get over HTTP, its queries alone, and their baseline without the dashboard's indexes.
  const dashboardTimes: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const t = performance.now();
    const res = await client.send(api.dashboard.get as RouteDef, { ip_id: molly!.id }, { token: web_token });
    if (res.body.status !== 0) throw new Error(res.body.msg);
    if (i >= 5) dashboardTimes.push(performance.now() - t);
  }
  const viewP95 = async (on: typeof db, runs: number) => {
    await merchantView(on, [molly!.id], molly!.id);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await merchantView(on, [molly!.id], molly!.id);
      times.push(performance.now() - t);
    }
    return p95(times);
  };
  const dashboardSql = await viewP95(db, RUNS);
  let dashboardBaseline = 0;
  await db
    .transaction(async (tx) => {
      for (const name of ['orders_ip_sold_idx', 'orders_ip_settle_idx']) await tx.execute(`drop index ${name}`);
      dashboardBaseline = await viewP95(tx as unknown as typeof db, BASELINE_RUNS);
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });

  console.log(`\norder.list p95 on the largest brand (${RUNS} calls each, HTTP, page + count + items)`);
  console.log(
    `  ${'filter'.padEnd(30)} ${'rows'.padStart(8)}  ${'HTTP p95'.padStart(10)}  target     ${'SQL p95'.padStart(10)}  ${'baseline*'.padStart(10)}`,
  );
  let missed = 0;
  for (const m of measured) {
    const ok = m.p95 <= TARGET_MS;
    if (!ok) missed += 1;
    console.log(
      `  ${m.name.padEnd(30)} ${String(m.total).padStart(8)}  ${ms(m.p95)}  ≤ ${TARGET_MS} ${ok ? 'OK    ' : 'MISSED'}  ${ms(indexed.get(m.name) ?? 0)}  ${ms(baseline.get(m.name) ?? 0)}`,
    );
  }
  console.log("  SQL p95: the list's page and count queries alone, on the same database");
  console.log('  * baseline: the same queries, the list indexes dropped (in a rolled-back transaction)');
  console.log(`  a merchant call's floor on this machine (warehouse.list, HTTP): p95 ${ms(p95(floor)).trim()}`);

  const dashboardP95 = p95(dashboardTimes);
  const dashboardOk = dashboardP95 <= DASHBOARD_TARGET_MS;
  if (!dashboardOk) missed += 1;
  console.log(`\ndashboard.get p95 on the largest brand (${RUNS} calls, HTTP, every figure of the merchant view)`);
  console.log(
    `  HTTP p95 ${ms(dashboardP95)}  ≤ ${DASHBOARD_TARGET_MS} ${dashboardOk ? 'OK' : 'MISSED'}   SQL p95 ${ms(dashboardSql)}   baseline* ${ms(dashboardBaseline)}`,
  );
  console.log("  * baseline: the view's queries without orders_ip_sold_idx and orders_ip_settle_idx (rolled back)");
  if (missed) process.exitCode = 1;
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!process.env.BENCH_KEEP) {
    const admin2 = await openDatabase({ databaseUrl: `${server}/postgres` });
    await admin2.db.execute(`drop database if exists ${dbName} with (force)`);
    await admin2.close();
  }
}
