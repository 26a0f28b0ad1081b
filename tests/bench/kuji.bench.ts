// 一番赏 draw figures from one run on this machine (the API in a process of its own, as the server
// runs; PGlite, or PostgreSQL with BENCH_DATABASE_URL=postgres://…): 200 concurrent players on ONE
// box (the draws of a kuji are serialised on its row lock and grouped while they wait), first at a venue's pace (about one draw
// a second each), then never pausing (capacity); the draws' p50/p99 and draws per second, and the
// warehouse list's p99 beside them against the list alone in the same run.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createClient, DEV_APP_SECRET, api as routes } from '@toy/shared';
import { apiClient, repoRoot } from '../support/api.js';
import { playerTokens } from '../support/draw-machine.js';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const DRAWS = Number(process.env.BENCH_DRAWS ?? 2000);

const dataDir = mkdtempSync(join(tmpdir(), 'toy-kuji-bench-'));
const runServer = (args: string[]) =>
  spawn(process.execPath, ['--import', 'tsx', 'support/api-server.ts', dataDir, ...args], {
    cwd: join(repoRoot, 'tests'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
async function firstJson(child: ChildProcess): Promise<Record<string, number>> {
  for await (const line of createInterface({ input: child.stdout! })) if (line.startsWith('{')) return JSON.parse(line);
  throw new Error('the API process exited early');
}

console.log(`database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
const { kuji_id: kujiId } = await firstJson(runServer(['kuji', String(DRAWS)]));
const child = runServer(['serve']);
const { port } = await firstJson(child);
const apiUrl = `http://127.0.0.1:${port}`;
const api = apiClient(apiUrl);
const playerClient = createClient({ baseUrl: apiUrl, secret: DEV_APP_SECRET });
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const f = (n: number) => n.toFixed(1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  const token = await api.login('brand@demo.local');
  const ips = (await api.call<{ ips: { id: number }[] }>('GET', '/web/helper/seller/ips', { per_id: 14 }, token)).body
    .data.ips;
  const ipId = ips[0]!.id;
  const players = await playerTokens(apiUrl, '1760', PLAYERS);
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
  /** `DRAWS` one-ticket draws by the players from box `boxNo`, each pausing `think()` ms between. */
  const crowd = async (boxNo: number, think: () => number) => {
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
            routes.player.kujiDraw,
            { active_id: kujiId, box_no: boxNo, num: 1, use_bean: coins[i] ? 1 : 0 },
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
  const report = (label: string, r: Awaited<ReturnType<typeof crowd>>) =>
    console.log(
      `${label}: ${r.drawMs.length} draws in ${f(r.seconds)} s = ${f(r.drawMs.length / r.seconds)}/s; ` +
        `draw p50 ${f(pct(r.drawMs, 50))} ms, p99 ${f(pct(r.drawMs, 99))} ms; failed ${r.failed}; ` +
        `warehouse.list alongside (${r.listMs.length} calls) p50 ${f(pct(r.listMs, 50))} ms, p99 ${f(pct(r.listMs, 99))} ms`,
    );

  const idle = await listAlongside(sleep(2000));
  console.log(
    `warehouse.list alone (baseline): ${idle.length} calls, p50 ${f(pct(idle, 50))} ms, p99 ${f(pct(idle, 99))} ms`,
  );
  report(`${PLAYERS} players on one box, one draw a second each`, await crowd(1, () => 500 + Math.random() * 1000));
  report(`${PLAYERS} players on one box, no pause (capacity)`, await crowd(2, () => 0));
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
