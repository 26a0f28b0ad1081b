// Display figures from one run on this machine, each beside a baseline measured in the same run.
//   1. Fan-out from the control socket to 100 and 500 screen sockets through the hub (validation,
//      state, persistence, seq) vs a bare `ws` broadcast loop: p50/p99 latency and messages/s. The
//      screen sockets run in a worker thread; the server under test has the main thread.
//      Targets: p99 ≤ 25 ms at 500 screens; hub throughput ≥ 70 % of bare.
//   2. The screens' soak (carousel at 25× speed, mode and overlay changes): GPU textures, JS heap
//      and listeners after every page turn, printed as curves. DISPLAY_SOAK_CYCLES (default 600);
//      DISPLAY_SOAK_CYCLES=0 skips it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startHub } from '@toy/display-hub';
import { WebSocket, WebSocketServer } from 'ws';
import type { SoakSample } from '../e2e/display-soak.js';
import { freePort } from '../support/api.js';

const KEY = 'bench-control-key';
const PACED = Number(process.env.BENCH_PACED ?? 300);
const BURST = Number(process.env.BENCH_BURST ?? 1000);
const SIZES = (process.env.BENCH_SCREENS ?? '100,500').split(',').map(Number);
const SOAK = Number(process.env.DISPLAY_SOAK_CYCLES ?? 600);

interface Target {
  url: string;
  /** Send one command with index i from the control socket. */
  send(i: number): void;
  close(): Promise<void>;
}

const message = (i: number) => JSON.stringify({ type: 'open', data: { active_type: 5, num: 15, active_id: i } });

async function hubTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'display-bench-'));
  const hub = await startHub({
    host: '127.0.0.1',
    wsPort: await freePort(),
    mediaPort: await freePort(),
    controlKey: KEY,
    controlKeySource: 'env',
    apiBase: null,
    appSecret: 'dev-app-secret',
    dataDir,
    mediaDir: join(dataDir, 'media'),
    clientDir: join(dataDir, 'none'),
    logLevel: 'silent',
    heartbeatMs: 60_000,
    maxBufferedBytes: 64 * 1024 * 1024,
    mediaMaxBytes: 1024,
    imageCacheMaxBytes: 1024,
    listRefreshMs: 120_000,
    barrageRefreshMs: 20_000,
    activityPollScale: 1,
  });
  const control = new WebSocket(hub.wsUrl);
  await new Promise((r) => control.once('open', r));
  control.send(JSON.stringify({ type: 'hello', data: { key: KEY } }));
  await new Promise<void>((resolve) =>
    control.on('message', (raw) => {
      if (String(raw).includes('"role":"control"')) resolve();
    }),
  );
  return {
    url: hub.wsUrl,
    send: (i) => control.send(message(i)),
    async close() {
      control.close();
      await hub.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: a bare ws server relaying the control socket's frames to every other socket. */
async function bareTarget(): Promise<Target> {
  const port = await freePort();
  const wss = new WebSocketServer({ host: '127.0.0.1', port, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  // The ws README's broadcast: relay the received frame to every other open client.
  wss.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => {
      for (const client of wss.clients)
        if (client !== socket && client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    });
  });
  const control = new WebSocket(`ws://127.0.0.1:${port}`);
  await new Promise((r) => control.once('open', r));
  return {
    url: `ws://127.0.0.1:${port}`,
    send: (i) => control.send(message(i)),
    async close() {
      control.close();
      for (const c of wss.clients) c.terminate();
      await new Promise((r) => wss.close(r));
    },
  };
}

interface Run {
  latencies: number[];
  perSecond: number;
}

/**
 * The screens live in a worker thread, so the server under test has the main thread to itself.
 * Times are absolute (timeOrigin + now) so both threads agree.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.ws);
const now = () => performance.timeOrigin + performance.now();
let sockets = [];
let received = 0;
let want = Infinity;
let times = null;
parentPort.on('message', (m) => {
  if (m.cmd === 'open') {
    received = 0;
    times = new Float64Array(m.slots * m.screens).fill(-1);
    let open = 0;
    for (let i = 0; i < m.screens; i++) {
      const ws = new WebSocket(m.url + '/?route=/extend_center', { perMessageDeflate: false });
      const slot = i;
      ws.on('message', (raw) => {
        // Only the index is needed: read it without parsing the whole frame (cheap on the screens' side).
        const text = String(raw);
        const at = text.indexOf('"active_id":');
        if (at < 0 || !text.startsWith('{"type":"open"')) return;
        const id = parseInt(text.slice(at + 12, at + 24), 10);
        const t = now();
        if (id < m.slots) times[id * m.screens + slot] = t;
        if (++received >= want) { want = Infinity; parentPort.postMessage({ done: t, received }); }
      });
      ws.once('open', () => { if (++open === m.screens) parentPort.postMessage({ ready: true }); });
      sockets.push(ws);
    }
  } else if (m.cmd === 'expect') {
    want = m.count;
    if (received >= want) { want = Infinity; parentPort.postMessage({ done: now(), received }); }
  } else if (m.cmd === 'reset') {
    received = 0;
    parentPort.postMessage({ reset: true });
  } else if (m.cmd === 'times') {
    parentPort.postMessage({ times });
  } else if (m.cmd === 'close') {
    for (const ws of sockets) ws.terminate();
    sockets = [];
    parentPort.postMessage({ closed: true });
  }
});
`;

const abs = () => performance.timeOrigin + performance.now();

async function fanOut(target: Target, screens: number): Promise<Run> {
  const worker = new Worker(WORKER, { eval: true, workerData: { ws: createRequire(import.meta.url).resolve('ws') } });
  const next = <K extends string>(key: K) =>
    new Promise<Record<K, unknown> & Record<string, unknown>>((resolve) => {
      const on = (m: Record<string, unknown>) => {
        if (key in m) {
          worker.off('message', on);
          resolve(m as Record<K, unknown>);
        }
      };
      worker.on('message', on);
    });
  worker.postMessage({ cmd: 'open', url: target.url, screens, slots: PACED });
  await next('ready');
  await new Promise((r) => setTimeout(r, 300));

  // Latency: paced commands, one every 20 ms.
  const sentAt: number[] = [];
  let done = next('done');
  worker.postMessage({ cmd: 'expect', count: PACED * screens });
  for (let i = 0; i < PACED; i++) {
    sentAt[i] = abs();
    target.send(i);
    await new Promise((r) => setTimeout(r, 20));
  }
  await done;
  worker.postMessage({ cmd: 'times' });
  const { times } = (await next('times')) as unknown as { times: Float64Array };
  const latencies: number[] = [];
  for (let i = 0; i < PACED; i++)
    for (let s = 0; s < screens; s++) {
      const t = times[i * screens + s]!;
      if (t >= 0) latencies.push(t - sentAt[i]!);
    }

  // Throughput: a burst; deliveries per second until the last screen has the last message.
  worker.postMessage({ cmd: 'reset' });
  await next('reset');
  done = next('done');
  worker.postMessage({ cmd: 'expect', count: BURST * screens });
  const t0 = abs();
  for (let i = 0; i < BURST; i++) target.send(PACED + i);
  const end = (await done) as unknown as { done: number; received: number };
  const perSecond = end.received / ((end.done - t0) / 1000);
  worker.postMessage({ cmd: 'close' });
  await next('closed');
  await worker.terminate();
  return { latencies, perSecond };
}

const f1 = (n: number) => n.toFixed(1);
const rate = (n: number) => `${Math.round(n).toLocaleString('en-US')} msg/s`;

console.log(
  `\nLoad average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores (other work on the machine moves both sides alike).`,
);
console.log(
  `\nFan-out: control socket → N screens (${PACED} paced commands at 50/s for latency, a burst of ${BURST} for throughput; ${Number(process.env.BENCH_REPEAT ?? 3)} alternating runs each: latency over all, median throughput)`,
);
let fanOk = true;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const n of SIZES) {
  // Bare and hub runs alternate, so load from elsewhere on the machine falls on both sides.
  const runs: Record<'bare' | 'hub', Run[]> = { bare: [], hub: [] };
  for (let r = 0; r < REPEAT; r++) {
    for (const side of ['bare', 'hub'] as const) {
      const target = side === 'bare' ? await bareTarget() : await hubTarget();
      runs[side].push(await fanOut(target, n));
      await target.close();
    }
  }
  const summary = (xs: Run[]) => {
    const all = xs.flatMap((x) => x.latencies).sort((a, b) => a - b);
    return { p50: pct(all, 50), p99: pct(all, 99), perSecond: median(xs.map((x) => x.perSecond)) };
  };
  const b = summary(runs.bare);
  const h = summary(runs.hub);
  const ratio = h.perSecond / b.perSecond;
  const p99ok = n < 500 || h.p99 <= 25;
  fanOk &&= p99ok && ratio >= 0.7;
  console.log(
    `  ${String(n).padStart(3)} screens  bare ws   p50 ${f1(b.p50).padStart(6)} ms  p99 ${f1(b.p99).padStart(6)} ms  ${rate(b.perSecond)}`,
  );
  console.log(
    `               hub       p50 ${f1(h.p50).padStart(6)} ms  p99 ${f1(h.p99).padStart(6)} ms  ${rate(h.perSecond)}`,
  );
  console.log(
    `               ratio     ${(ratio * 100).toFixed(1)} % of bare (target ≥ 70 %) ${ratio >= 0.7 ? 'OK' : 'BELOW TARGET'}${n >= 500 ? `   p99 target ≤ 25 ms ${p99ok ? 'OK' : 'ABOVE TARGET'}` : ''}`,
  );
}

let soakOk = true;
// The bench runner does not set CHROMIUM_PATH; the browser helpers read it when first imported.
process.env.CHROMIUM_PATH ||= existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : '';
if (SOAK > 0 && process.env.CHROMIUM_PATH) {
  const { ensureDisplayClientBuilt } = await import('../e2e/display-support.js');
  const { runSoak } = await import('../e2e/display-soak.js');
  await ensureDisplayClientBuilt();
  console.log(
    `\nSoak: /extend_center, carousel page every 0.2 s (25×), sell mode + countdown overlay every 10 pages, ${SOAK} pages`,
  );
  const every = Math.max(1, Math.round(SOAK / 20));
  const rows: SoakSample[] = [];
  const result = await runSoak({
    cycles: SOAK,
    excursionEvery: 10,
    onSample: (s) => (s.cycle % every === 0 ? rows.push(s) : undefined),
  });
  const b = result.baseline;
  console.log(`  baseline (after warm-up)  textures ${b.textures}  heap ${b.heapMb} MB  listeners ${b.listeners}`);
  console.log('  page   textures  Δ    heap MB   listeners');
  for (const s of rows)
    console.log(
      `  ${String(s.cycle).padStart(4)}   ${String(s.textures).padStart(8)}  ${String(s.textures - b.textures).padStart(2)}   ${f1(s.heapMb).padStart(7)}   ${String(s.listeners).padStart(9)}`,
    );
  const last = result.samples.at(-1)!;
  soakOk = result.maxTextureDrift <= 2 && result.listenerGrowth <= 1;
  console.log(
    `  ${result.cycles} pages in ${f1(result.seconds)} s: max texture drift ${result.maxTextureDrift} (target ±2) ${result.maxTextureDrift <= 2 ? 'OK' : 'ABOVE TARGET'}, listener growth ${result.listenerGrowth}, heap ${b.heapMb} → ${last.heapMb} MB`,
  );
} else if (SOAK > 0) console.log('\nSoak skipped: no Chromium (set CHROMIUM_PATH).');

console.log(`\n${fanOk && soakOk ? 'All targets met.' : 'Some targets missed.'}`);
