// Foundation figures from one run on this machine, each beside a baseline measured in the
// same run, so a noisy shared machine moves both sides alike.
//   1. requests/s of the signed, authenticated warehouse list vs a bare Fastify JSON route;
//   2. the gzip size of every console route chunk against its budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { api, DEV_APP_SECRET, signHeaders } from '@toy/shared';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { freePort, repoRoot, startApiOnly } from '../support/api.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function load(url: string, headers: Record<string, string>) {
  // Warm up briefly, then measure.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function throughput() {
  const stack = await startApiOnly();
  try {
    const token = await stack.login('brand@demo.local');
    const brands = await stack.call<{ ips: { id: number }[] }>('GET', api.brand.mine.path, { per_id: 14 }, token);
    const ipId = brands.body.data.ips[0]!.id;
    const params = { ip_id: ipId };
    const headers = { ...signHeaders(api.warehouse.list.path, DEV_APP_SECRET, params), web_token: token };
    const listUrl = `${stack.apiUrl}${api.warehouse.list.path}?ip_id=${ipId}`;
    const sample = await (await fetch(listUrl, { headers })).json();

    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => sample);
    const barePort = await freePort();
    await bare.listen({ host: '127.0.0.1', port: barePort });

    const baseline = await load(`http://127.0.0.1:${barePort}/bare`, {});
    const listed = await load(listUrl, headers);
    await bare.close();
    return { baseline, listed, rows: Array.isArray(sample.data) ? sample.data.length : 0 };
  } finally {
    await stack.close();
  }
}

function chunkSizes() {
  const dist = join(repoRoot, 'console', 'dist');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(
      'console/dist/.vite/manifest.json missing: build the console first (npm test or npm start builds it)',
    );
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; src?: string; isDynamicEntry?: boolean; isEntry?: boolean }
  >;
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length;
  const rows = Object.values(manifest)
    .filter((c) => c.isDynamicEntry && c.file.endsWith('.js') && c.src?.includes('/features/'))
    .map((c) => {
      const route = c.src!.replace(/^src\/features\//, '').replace(/\.tsx?$/, '');
      const budget = /auth\/|login/i.test(route) ? 150 : 80;
      return { route, file: c.file, kb: gz(c.file) / 1024, budget };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const shared = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !rows.some((r) => r.file.endsWith(f)))
    .map((f) => ({ file: `assets/${f}`, kb: gz(`assets/${f}`) / 1024 }));
  return { rows, shared };
}

const fmt = (n: number) => n.toFixed(1);
const { baseline, listed, rows } = await throughput();
const ratio = listed.rps / baseline.rps;
console.log(`\nAPI throughput (${CONNECTIONS} connections, ${DURATION} s each, same run)`);
console.log(`  bare Fastify JSON route          ${fmt(baseline.rps)} req/s   p99 ${baseline.p99} ms`);
console.log(`  signed warehouse.list (${rows} rows)  ${fmt(listed.rps)} req/s   p99 ${listed.p99} ms`);
console.log(
  `  ratio                            ${(ratio * 100).toFixed(1)} %   target ≥ 25 %   ${ratio >= 0.25 ? 'OK' : 'BELOW TARGET'}`,
);

const chunks = chunkSizes();
console.log('\nConsole route chunks (gzip)');
let over = 0;
for (const r of chunks.rows) {
  const ok = r.kb <= r.budget;
  if (!ok) over++;
  console.log(`  ${r.route.padEnd(36)} ${fmt(r.kb).padStart(7)} KB   budget ${r.budget} KB   ${ok ? 'OK' : 'OVER'}`);
}
console.log('Shared chunks (gzip, loaded by every route)');
for (const s of chunks.shared) console.log(`  ${s.file.padEnd(48)} ${fmt(s.kb).padStart(7)} KB`);
console.log(`\n${ratio >= 0.25 && over === 0 ? 'All targets met.' : 'Some targets missed.'}`);
