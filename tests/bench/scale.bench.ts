// Scale-out figures from one run on this machine: one and then two API copies (processes of their
// own, each with its own data directory) on one fresh PostgreSQL database (BENCH_SCALE_DATABASE_URL,
// by default bench_scale on 127.0.0.1:5432, dropped and created at the start). 100 players
// (BENCH_SCALE_PLAYERS) draw without pausing, split evenly over the copies in use, on one draw
// machine and then on one box of one kuji, each for BENCH_SCALE_SECONDS (default 5; 2 is a CI-sized
// run of a few seconds). This machine's speed swings by up to twice from one minute to the next, so
// one copy and two copies alternate for BENCH_SCALE_ROUNDS rounds (default 3; which goes first
// alternates too) and each ratio is a round's own (two copies / the one copy next to it): the
// bench prints every round's and their median. Both copies run throughout; the one-copy phases
// send to the first only. The copies keep their files in one S3-protocol store (s3rver, started
// here), as a platform's copies do.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createClient, DEV_APP_SECRET, api as routes } from '@toy/shared';
import S3rver from 's3rver';
import { type ApiHandle, repoRoot, startApiProcess } from '../support/api.js';
import { playerTokens, publishMachine } from '../support/draw-machine.js';
import { lightFetch } from '../support/light-fetch.js';

const PLAYERS = Number(process.env.BENCH_SCALE_PLAYERS ?? 100);
const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_SCALE_ROUNDS ?? 3));
const DATABASE_URL = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_scale';
/** Draws a second that the stock is sized for: nothing sells out in a run below this rate. */
const MAX_RATE = 5000;
/** Tickets in each box of the kuji (one box serves one number of copies over every round). */
const STOCK = Math.max(2000, ROUNDS * Math.ceil(SECONDS + 2) * MAX_RATE);

/** A fresh database: dropped (with its connections) and created again. */
function freshDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const psql = (sqlText: string) =>
    execFileSync(
      'psql',
      ['-h', u.hostname, '-p', u.port || '5432', '-U', u.username || 'postgres', '-qtAc', sqlText, 'postgres'],
      { encoding: 'utf8', env: { ...process.env, PGOPTIONS: '-c client_min_messages=warning' } },
    );
  psql(`drop database if exists ${name} with (force)`);
  psql(`create database ${name}`);
}

/** An approved, listed kuji with 3 boxes of `tickets` tickets (support/api-server.ts kuji): its id. */
async function seedKuji(tickets: number): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toy-scale-bench-'));
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'support/api-server.ts', dataDir, 'kuji', String(tickets)],
      {
        cwd: join(repoRoot, 'tests'),
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, BENCH_DATABASE_URL: DATABASE_URL },
      },
    );
    for await (const line of createInterface({ input: child.stdout! }))
      if (line.startsWith('{')) return (JSON.parse(line) as { kuji_id: number }).kuji_id;
    throw new Error('the kuji seed process exited early');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const f = (n: number) => n.toFixed(1);

interface Phase {
  ms: number[];
  errors5xx: number;
  refused: number;
  seconds: number;
  firstError?: string;
}

/**
 * The players (player i on copy i % copies) each calling `send` again as soon as answered, for
 * `seconds`: every answer's latency, the 5xx answers and the other refusals.
 */
async function crowd(
  copies: ApiHandle[],
  tokens: string[],
  seconds: number,
  send: (client: ReturnType<typeof createClient>, token: string) => Promise<{ status: number; body: { msg: string } }>,
): Promise<Phase> {
  const clients = copies.map((c) => createClient({ baseUrl: c.apiUrl, secret: DEV_APP_SECRET, fetch: lightFetch() }));
  const phase: Phase = { ms: [], errors5xx: 0, refused: 0, seconds: 0 };
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    tokens.map(async (token, i) => {
      const client = clients[i % clients.length]!;
      while (performance.now() < end) {
        const t0 = performance.now();
        const r = await send(client, token);
        phase.ms.push(performance.now() - t0);
        if (r.status >= 500) {
          phase.errors5xx += 1;
          phase.firstError ??= `${r.status} ${r.body.msg}`;
        } else if (r.status !== 200) {
          phase.refused += 1;
          phase.firstError ??= `${r.status} ${r.body.msg}`;
        }
      }
    }),
  );
  phase.seconds = (performance.now() - start) / 1000;
  return phase;
}

const rate = (p: Phase) => (p.ms.length - p.errors5xx - p.refused) / p.seconds;
const line = (label: string, p: Phase) =>
  console.log(
    `${label}: ${p.ms.length - p.errors5xx - p.refused} draws in ${f(p.seconds)} s = ${f(rate(p))}/s; ` +
      `p50 ${f(pct(p.ms, 50))} ms, p99 ${f(pct(p.ms, 99))} ms; 5xx ${p.errors5xx}; other refusals ${p.refused}` +
      (p.firstError ? ` (first: ${p.firstError})` : ''),
  );

freshDatabase(DATABASE_URL);
console.log(
  `database: PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)} (fresh); files: S3 (s3rver); ${PLAYERS} players, ${SECONDS} s a phase`,
);
const s3Dir = mkdtempSync(join(tmpdir(), 'toy-scale-s3-'));
const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
const { port: s3Port } = await s3.run();
const env = {
  BENCH_DATABASE_URL: DATABASE_URL,
  STORAGE: 's3',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_BUCKET: 'toy-scale-bench',
  S3_ACCESS_KEY: 'S3RVER',
  S3_SECRET_KEY: 'S3RVER',
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: '1',
};
const copies: ApiHandle[] = [await startApiProcess(env), await startApiProcess(env)];
try {
  const token = await copies[0]!.login('brand@demo.local');
  const ipId = (
    await copies[0]!.call<{ ips: { id: number }[] }>('GET', '/web/helper/seller/ips', { per_id: 14 }, token)
  ).body.data.ips[0]!.id;
  // A machine holds at most 10,000 cases of 10 boxes, fewer than a long run draws: each phase draws
  // a machine of its own, published before it.
  const cases = Math.min(10_000, Math.ceil((Math.ceil(SECONDS + 2) * MAX_RATE) / 10));
  const newMachine = async () => (await publishMachine(copies[0]!, token, ipId, cases, '扩容压测抽盒机')).id;
  let batchId = await newMachine();
  const kujiId = await seedKuji(STOCK);
  const tokens = await playerTokens(copies[0]!.apiUrl, '1750', PLAYERS);
  const machineDraw = (client: ReturnType<typeof createClient>, t: string) =>
    client.send(routes.player.draw, { batch_id: batchId, use_bean: 0 }, { headers: { player_token: t } });
  const kujiDraw = (boxNo: number) => (client: ReturnType<typeof createClient>, t: string) =>
    client.send(
      routes.player.kujiDraw,
      { active_id: kujiId, box_no: boxNo, num: 1, use_bean: 0 },
      { headers: { player_token: t } },
    );

  // A short warm-up of both kinds of draw on both copies (sessions, plans, JIT), not counted; the
  // kuji's on box 3, which no phase measures.
  await crowd(copies, tokens, Math.min(1, SECONDS / 4), machineDraw);
  await crowd(copies, tokens, Math.min(1, SECONDS / 4), kujiDraw(3));
  type Run = { machine: Phase; kuji: Phase };
  const rounds: { one: Run; two: Run }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const runs = new Map<number, Run>();
    for (const n of round % 2 ? [1, 2] : [2, 1]) {
      const use = copies.slice(0, n);
      const label = `round ${round}, ${n} ${n === 1 ? 'copy' : 'copies'}`;
      batchId = await newMachine();
      const machine = await crowd(use, tokens, SECONDS, machineDraw);
      line(`${label}, draw machine`, machine);
      // Each number of copies draws its own box of the kuji, so neither sells out under the other.
      const kuji = await crowd(use, tokens, SECONDS, kujiDraw(n));
      line(`${label}, kuji (one box)`, kuji);
      runs.set(n, { machine, kuji });
    }
    rounds.push({ one: runs.get(1)!, two: runs.get(2)! });
  }
  const machine2 = rounds.map((r) => rate(r.two.machine) / rate(r.one.machine));
  const kuji2 = rounds.map((r) => rate(r.two.kuji) / rate(r.one.kuji));
  const kujiVsMachine1 = rounds.map((r) => rate(r.one.kuji) / rate(r.one.machine));
  const kujiVsMachine2 = rounds.map((r) => rate(r.two.kuji) / rate(r.two.machine));
  // Two decimals: a ratio of 0.96 must not print as 1.0 beside a target of 1.0.
  const r2 = (n: number) => n.toFixed(2);
  const each = (xs: number[]) => `${xs.map(r2).join(', ')}; median ${r2(pct(xs, 50))} ×`;
  console.log(`two copies / one copy, each round: draw machine ${each(machine2)} (target ≥ 1.00)`);
  console.log(`                                 kuji ${each(kuji2)}`);
  console.log(
    `kuji / draw machine, each round: one copy ${each(kujiVsMachine1)}; two copies ${each(kujiVsMachine2)} (target ≥ 0.50)`,
  );
  const errors = rounds
    .flatMap((r) => [r.one.machine, r.one.kuji, r.two.machine, r.two.kuji])
    .reduce((a, p) => a + p.errors5xx, 0);
  console.log(`answers of 5xx in all: ${errors} (target 0)`);
} finally {
  for (const c of copies) await c.close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
}
