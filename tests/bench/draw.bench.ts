// Draw-machine figures from one run on this machine (API in this process; PGlite, or PostgreSQL
// with BENCH_DATABASE_URL=postgres://…):
//   1. draws per second and p50/p99 latency with 200 concurrent players on one machine, beside
//      the warehouse list route in the same run (target p99 ≤ 50 ms for the list);
//   2. the time to allocate 10,000 cases (分配盒机) and to publish them.
import { DEV_APP_SECRET, signHeaders } from '@toy/shared';
import { startApiOnly } from '../support/api.js';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const DRAWS = Number(process.env.BENCH_DRAWS ?? 2000);

const api = await startApiOnly(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {});
console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
const post = async <T>(path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const res = await fetch(api.apiUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signHeaders(path, DEV_APP_SECRET, body), ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; msg: string; data: T };
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

try {
  const token = await api.login('brand@demo.local');
  const ips = (await api.call<{ ips: { id: number }[] }>('GET', '/web/helper/seller/ips', { per_id: 14 }, token)).body
    .data.ips;
  const ipId = ips[0]!.id;
  const templates = (
    await api.call<{ list: { id: number; price: number; limit_stock: number }[] }>(
      'GET',
      '/web/goods/box/template/search',
      { ip_id: ipId, title: '甜品派对' },
      token,
    )
  ).body.data.list;
  const template = templates[0]!;

  // 2. Allocation and publish of 10,000 cases.
  let t = performance.now();
  const alloc = await api.call<{ box_sign: string }>(
    'POST',
    '/web/goods/box/allocate',
    { template_id: template.id, box_num: 10_000 },
    token,
  );
  const allocMs = performance.now() - t;
  t = performance.now();
  const published = await api.call<{ id: number }>(
    'POST',
    '/web/goods/box/publish',
    {
      ip_id: ipId,
      template_id: template.id,
      shelves_time: '2026-01-01 10:00:00',
      is_pre_sale: 0,
      delivery_time: '',
      service_charge: 5,
      price: template.price,
      is_overseas: 0,
      price_us: null,
      price_th: null,
      desc: '压测抽盒机',
      box_num: 10_000,
      is_bean: 1,
      bean: 5,
      wrap: '拆盒未拆袋',
      box_sign: alloc.body.data.box_sign,
    },
    token,
  );
  const publishMs = performance.now() - t;
  const batchId = published.body.data.id;

  // 1. Draws at 200 concurrent players, the warehouse list alongside.
  const players = await Promise.all(
    Array.from({ length: PLAYERS }, async (_, i) => {
      const r = await post<{ player_token: string }>('/player/login', { phone: `1770${String(i).padStart(7, '0')}` });
      return r.data.player_token;
    }),
  );
  const drawMs: number[] = [];
  const listMs: number[] = [];
  let next = 0;
  let failed = 0;
  let running = true;
  const start = performance.now();
  const player = async (i: number) => {
    while (next < DRAWS) {
      next += 1;
      const t0 = performance.now();
      const r = await post('/player/draw', { batch_id: batchId, use_bean: 1 }, { player_token: players[i]! });
      drawMs.push(performance.now() - t0);
      if (r.status !== 0) failed += 1;
    }
  };
  const lister = async () => {
    while (running) {
      const t0 = performance.now();
      await api.call('GET', '/web/goods/warehouse/list', { ip_id: ipId }, token);
      listMs.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const listing = lister();
  await Promise.all(players.map((_, i) => player(i)));
  const seconds = (performance.now() - start) / 1000;
  running = false;
  await listing;

  const f = (n: number) => n.toFixed(1);
  console.log(`allocate 10,000 cases: ${f(allocMs)} ms; publish them: ${f(publishMs)} ms`);
  console.log(
    `draws: ${drawMs.length} at ${PLAYERS} concurrent players in ${f(seconds)} s = ${f(drawMs.length / seconds)}/s; ` +
      `p50 ${f(pct(drawMs, 50))} ms, p99 ${f(pct(drawMs, 99))} ms; failed ${failed}`,
  );
  const p99 = pct(listMs, 99);
  console.log(
    `warehouse.list alongside: ${listMs.length} calls, p50 ${f(pct(listMs, 50))} ms, p99 ${f(p99)} ms ` +
      `(target ≤ 50 ms: ${p99 <= 50 ? 'met' : 'NOT met'})`,
  );
} finally {
  await api.close();
}
