// Draw-machine figures from one run on this machine (the API in a process of its own, as the
// server runs; PGlite, or PostgreSQL with BENCH_DATABASE_URL=postgres://…):
//   1. p50/p99 latency of draws and of the warehouse list route beside them, with 200 concurrent
//      players on one machine drawing about once a second each (target p99 ≤ 50 ms), against the
//      list alone in the same run; then the capacity in draws per second when they never pause;
//   2. the time to allocate 10,000 cases (分配盒机) and to publish them.
import { createClient, DEV_APP_SECRET, api as routes } from '@toy/shared';
import { startApiProcess } from '../support/api.js';
import { playerTokens, publishMachine } from '../support/draw-machine.js';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const DRAWS = Number(process.env.BENCH_DRAWS ?? 2000);

const api = await startApiProcess();
console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
/** The players' calls carry a player_token header, which the handle's call() does not. */
const playerClient = createClient({ baseUrl: api.apiUrl, secret: DEV_APP_SECRET });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

try {
  const token = await api.login('brand@demo.local');
  const ips = (await api.call<{ ips: { id: number }[] }>('GET', '/web/helper/seller/ips', { per_id: 14 }, token)).body
    .data.ips;
  const ipId = ips[0]!.id;
  // 2. Allocation and publish of 10,000 cases.
  const { id: batchId, allocMs, publishMs } = await publishMachine(api, token, ipId, 10_000, '压测抽盒机');

  // 1. Draws at 200 concurrent players, the warehouse list alongside.
  const players = await playerTokens(api.apiUrl, '1770', PLAYERS);
  const f = (n: number) => n.toFixed(1);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** The list every 20 ms until `until` settles: its latencies. */
  const listAlongside = async (until: Promise<unknown>) => {
    const ms: number[] = [];
    let running = true;
    void until.finally(() => {
      running = false;
    });
    while (running) {
      const t0 = performance.now();
      await api.call('GET', '/web/goods/warehouse/list', { ip_id: ipId }, token);
      ms.push(performance.now() - t0);
      await sleep(20);
    }
    return ms;
  };
  /** `DRAWS` draws by the players, each pausing `think()` ms between its draws. */
  const crowd = async (think: () => number) => {
    const drawMs: number[] = [];
    let next = 0;
    let failed = 0;
    const start = performance.now();
    const coins = players.map(() => true);
    const player = async (i: number) => {
      await sleep(think() * Math.random());
      while (next < DRAWS) {
        next += 1;
        const t0 = performance.now();
        const r = (
          await playerClient.send(
            routes.player.draw,
            { batch_id: batchId, use_bean: coins[i] ? 1 : 0 },
            { headers: { player_token: players[i]! } },
          )
        ).body;
        drawMs.push(performance.now() - t0);
        // Coins until the balance no longer covers the deduction (refused, 金币不足), then without.
        if (r.status === 400 && coins[i]) {
          coins[i] = false;
          next -= 1;
        } else if (r.status !== 0) failed += 1;
        const pause = think();
        if (pause > 0) await sleep(pause);
      }
    };
    const all = Promise.all(players.map((_, i) => player(i)));
    const listMs = await listAlongside(all);
    await all;
    return { drawMs, listMs, failed, seconds: (performance.now() - start) / 1000 };
  };
  const report = (label: string, r: Awaited<ReturnType<typeof crowd>>) => {
    console.log(
      `${label}: ${r.drawMs.length} draws in ${f(r.seconds)} s = ${f(r.drawMs.length / r.seconds)}/s; ` +
        `draw p50 ${f(pct(r.drawMs, 50))} ms, p99 ${f(pct(r.drawMs, 99))} ms; failed ${r.failed}; ` +
        `warehouse.list alongside (${r.listMs.length} calls) p50 ${f(pct(r.listMs, 50))} ms, p99 ${f(pct(r.listMs, 99))} ms`,
    );
  };

  // Baseline: the list alone, in this run.
  const idle = await listAlongside(sleep(2000));
  console.log(`allocate 10,000 cases: ${f(allocMs)} ms; publish them: ${f(publishMs)} ms`);
  console.log(
    `warehouse.list alone (baseline): ${idle.length} calls, p50 ${f(pct(idle, 50))} ms, p99 ${f(pct(idle, 99))} ms`,
  );

  // Players at a venue's pace: each draws about once a second (a pause of 0.5–1.5 s between its
  // draws, the time to watch a box open), 200 draws a second offered in all.
  // A first round warms what a venue has warm long before its crowd comes (sessions, plans).
  await crowd(() => 500 + Math.random() * 1000);
  const paced = await crowd(() => 500 + Math.random() * 1000);
  report(`${PLAYERS} players, one draw a second each`, paced);
  const drawP99 = pct(paced.drawMs, 99);
  const listP99 = pct(paced.listMs, 99);
  console.log(
    `  target p99 ≤ 50 ms: draws ${f(drawP99)} ms ${drawP99 <= 50 ? 'met' : 'NOT met'}, ` +
      `list ${f(listP99)} ms ${listP99 <= 50 ? 'met' : 'NOT met'} (${f(listP99 / Math.max(0.1, pct(idle, 99)))} × the list alone)`,
  );

  // Capacity: every player draws again as soon as its box comes back (no pause). Latency here is
  // players ÷ throughput (Little's law): the figure that matters is draws per second.
  const flat = await crowd(() => 0);
  report(`${PLAYERS} players, no pause (capacity)`, flat);
} finally {
  await api.close();
}
