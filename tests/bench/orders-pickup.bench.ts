// Pickup export and shipping import figures from one run on this machine, against the API in a
// process of its own on its own PostgreSQL database (BENCH_PICKUP_DATABASE_URL, by default
// bench_pickup on 127.0.0.1:5432, created when missing):
//   1. export of 100,000 pickups (shipping sheets): request to file, target ≤ 10 s and ≤ 300 MB
//      peak RSS of the API process, beside a raw SheetJS write of the same rows in the same run;
//   2. import of a 10,000-row shipping sheet: dry run and confirm, target ≤ 5 s, beside a raw
//      SheetJS read of the same file in the same run.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createClient, DEV_APP_SECRET } from '@toy/shared';
import * as XLSX from 'xlsx';
import { repoRoot } from '../support/api.js';
import { xlsxFile } from '../support/goods.js';

const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const DATABASE_URL = process.env.BENCH_PICKUP_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_pickup';

function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  const psql = (sqlText: string) =>
    execFileSync('psql', ['-h', u.hostname, '-p', u.port || '5432', '-U', u.username || 'postgres', '-tAc', sqlText], {
      encoding: 'utf8',
    });
  if (psql(`select 1 from pg_database where datname = '${name}'`).trim() !== '1') psql(`create database "${name}"`);
}

interface Server {
  url: string;
  child: ChildProcess;
}
const env = { ...process.env, BENCH_DATABASE_URL: DATABASE_URL };
const run = (script: string, args: string[]) =>
  spawn(process.execPath, ['--import', 'tsx', script, dataDir, ...args], {
    cwd: join(repoRoot, 'tests'),
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });

async function firstJson(child: ChildProcess): Promise<Record<string, number>> {
  for await (const line of createInterface({ input: child.stdout! })) if (line.startsWith('{')) return JSON.parse(line);
  throw new Error('the API process exited early');
}

async function startServer(): Promise<Server> {
  const child = run('support/api-server.ts', ['serve']);
  const { port } = await firstJson(child);
  return { url: `http://127.0.0.1:${port}`, child };
}

async function stopServer(server: Server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

async function call<T>(
  server: Server,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown>,
  token?: string,
) {
  const client = createClient({ baseUrl: server.url, secret: DEV_APP_SECRET, timeoutMs: 120_000 });
  const { body } = await client.send<T>({ method, path }, params, { token });
  if (body.status !== 0) throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

async function upload(server: Server, token: string, file: string): Promise<string> {
  const auth = await call<{ token: string }>(server, 'GET', '/v1/qiniu/auth', { file_type: 'xlsx' }, token);
  const key = `xlsx/bench-${Date.now()}.xlsx`;
  const form = new FormData();
  form.append('token', auth.token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(readFileSync(file))]), 'bench.xlsx');
  const res = await fetch(`${server.url}/storage/upload`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`upload ${res.status}`);
  return key;
}

/** Resident set size of a process, MB (Linux). */
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const mark = (ok: boolean) => (ok ? 'OK' : 'MISSED');

ensureDatabase(DATABASE_URL);
const dataDir = mkdtempSync(join(tmpdir(), 'toy-pickup-bench-'));
console.log(
  `\nSeeding ${EXPORT_ROWS.toLocaleString()} pickups waiting for shipment (PostgreSQL ${new URL(DATABASE_URL).pathname.slice(1)})…`,
);
const { ip_id: ipId } = await firstJson(run('support/pickup-seed.ts', [String(EXPORT_ROWS)]));
const results: boolean[] = [];
const server = await startServer();
try {
  const { web_token: token } = await call<{ web_token: string }>(server, 'POST', '/auth/login', {
    email: 'brand@demo.local',
    password: 'demo1234',
  });
  const filters = { ip_id: ipId, goods_title: '基准商品' };

  // 1. Export, from a warm API (one small export first), sampling the API process's memory.
  await call(server, 'POST', '/web/goods/box/back/export', { ...filters, goods_title: '基准商品 99999' }, token);
  const baseRss = rssOf(server.child.pid!);
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(server.child.pid!));
  }, 25);
  const e0 = performance.now();
  const started = await call<{ url: string | null; job_id: number | null; total_num: number }>(
    server,
    'POST',
    '/web/goods/box/back/export',
    filters,
    token,
  );
  let url = started.url;
  while (!url) {
    await new Promise((r) => setTimeout(r, 50));
    const job = await call<{ status: string; url: string | null; msg: string | null }>(
      server,
      'GET',
      '/web/job/status',
      { id: started.job_id! },
      token,
    );
    if (job.status === 'failed') throw new Error(`export failed: ${job.msg}`);
    url = job.url;
  }
  const exportMs = performance.now() - e0;
  clearInterval(sampler);
  const file = Buffer.from(await (await fetch(url)).arrayBuffer());
  const aoa = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(file, { type: 'buffer', dense: true }).Sheets.发货单!, {
    header: 1,
    defval: null,
  });
  if (aoa.length - 1 !== EXPORT_ROWS) throw new Error(`export has ${aoa.length - 1} rows`);
  const s0 = performance.now();
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa, { dense: true }), '发货单');
  XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
  const sheetjsMs = performance.now() - s0;
  const exportOk = exportMs <= 10_000;
  const rssOk = peakRss <= 300;
  results.push(exportOk, rssOk);
  console.log(
    `\nExport of ${EXPORT_ROWS.toLocaleString()} pickups (${started.job_id ? 'a job' : 'at once'}, ${(file.length / 1e6).toFixed(1)} MB xlsx)`,
  );
  console.log(`  request → file ready             ${seconds(exportMs)} s   target ≤ 10 s   ${mark(exportOk)}`);
  console.log(
    `  API process RSS                  ${baseRss.toFixed(0)} MB before, ${peakRss.toFixed(0)} MB peak (+${(peakRss - baseRss).toFixed(0)} MB)   target ≤ 300 MB   ${mark(rssOk)}`,
  );
  console.log(`  raw SheetJS write, same rows     ${seconds(sheetjsMs)} s`);
  console.log(`  export / SheetJS write           ${(exportMs / sheetjsMs).toFixed(2)} ×`);

  // 2. Import: the first IMPORT_ROWS exported pickups with a courier and a number each.
  const header = aoa[0] as string[];
  const snCol = header.indexOf('订单号');
  const sheetRows = aoa.slice(1, IMPORT_ROWS + 1).map((r, i) => [r[snCol], '顺丰速运', `SFBENCH${i}`]);
  const path = xlsxFile([['订单号', '物流公司', '物流单号'], ...sheetRows], 'bench-shipping.xlsx');
  const r0 = performance.now();
  XLSX.read(readFileSync(path), { type: 'buffer', dense: true });
  const readMs = performance.now() - r0;
  const key = await upload(server, token, path);
  const t0 = performance.now();
  const preview = await call<{ ship_num: number; error_num: number }>(
    server,
    'POST',
    '/web/goods/box/back/import',
    { url: key },
    token,
  );
  const t1 = performance.now();
  const applied = await call<{ ship_num: number }>(
    server,
    'POST',
    '/web/goods/box/back/import/confirm',
    { url: key },
    token,
  );
  const t2 = performance.now();
  if (preview.error_num !== 0 || applied.ship_num !== IMPORT_ROWS) throw new Error('import did not ship every row');
  const importMs = t2 - t0;
  results.push(importMs <= 5000);
  console.log(`\nShipping import of ${IMPORT_ROWS.toLocaleString()} rows`);
  console.log(`  dry run (parse + check)          ${seconds(t1 - t0)} s`);
  console.log(`  confirm (parse + check + ship in one transaction)  ${seconds(t2 - t1)} s`);
  console.log(`  total                            ${seconds(importMs)} s   target ≤ 5 s   ${mark(importMs <= 5000)}`);
  console.log(`  raw SheetJS read, same file      ${seconds(readMs)} s`);
  console.log(`  import / SheetJS read            ${(importMs / readMs).toFixed(2)} ×`);
  console.log(`\n${results.every(Boolean) ? 'All targets met.' : 'Some targets missed.'}`);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
