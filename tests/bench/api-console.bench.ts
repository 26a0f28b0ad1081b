// Foundation figures from one run on this machine, each beside a baseline measured in the
// same run, so a noisy shared machine moves both sides alike.
//   1. requests/s of the signed, authenticated warehouse list vs a bare Fastify JSON route;
//   2. the gzip size of every console route's chunk, and of the page's whole first load, against
//      their budgets.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { api, createClient, DEV_APP_SECRET } from '@toy/shared';
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
    const client = createClient({ baseUrl: stack.apiUrl, secret: DEV_APP_SECRET, token });
    const { url: listUrl, init } = client.signedRequest(api.warehouse.list, { ip_id: ipId });
    const { headers } = init;
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

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/** Budgets, gzip KB: a route's own chunk, and its whole first load. */
/** What a browser without a session loads for /login (the lean page, or the page inside the app). */
const LOGIN_PAGES = ['auth/LeanLogin', 'auth/LoginPage'];
/** Open pages outside the merchant layout. */
const OPEN_PAGES = ['erp/WaybillPage'];

const BUDGET = {
  login: { chunk: 150, firstLoad: 150 },
  other: { chunk: 80, firstLoad: 250 },
};

/**
 * The pages a URL opens: the lazy imports of the route map, the router and the entry (the lean
 * login), as `src/features/…` paths. Other lazy chunks (dialogs, drawers, tabs) load after a page
 * is up and are not routes.
 */
function routePages(): Set<string> {
  const files = ['src/main.tsx', 'src/app/router.tsx', 'src/app/routeMap.ts'];
  const pages = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(repoRoot, 'console', file), 'utf8');
    for (const [, path] of text.matchAll(/import\('(?:\.\.?\/)+(features\/[^']+)'\)/g)) pages.add(`src/${path}.tsx`);
  }
  return pages;
}

/**
 * Each console route's own chunk, and its whole first load: what a browser opening the page
 * downloads before showing it, i.e. the entry, the route chunk and every chunk they import
 * statically, transitively (Vite's manifest), plus the app layout's for the pages inside it (every
 * page but the login pages and the open pages).
 */
function chunkSizes() {
  // CONSOLE_DIST measures a private build, as the browser tests do.
  const dist = process.env.CONSOLE_DIST || join(repoRoot, 'console', 'dist');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(
      'console/dist/.vite/manifest.json missing: build the console first (npm test or npm start builds it)',
    );
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const sizes = new Map<string, number>();
  const gz = (file: string) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file))).length / 1024);
    return sizes.get(file)!;
  };
  /** The keys of these chunks and of every chunk they import statically, transitively. */
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const next of manifest[key]!.imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const total = (keys: Set<string>) => [...keys].reduce((sum, key) => sum + gz(manifest[key]!.file), 0);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error(`${manifestPath}: no entry chunk`);
  const layout = Object.keys(manifest).find((key) => key.endsWith('src/app/layout/AppLayout.tsx'));

  const pages = routePages();
  const rows = Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && c.file.endsWith('.js') && c.src && pages.has(c.src))
    .map(([key, c]) => {
      const route = c.src!.replace(/^src\/features\//, '').replace(/\.tsx?$/, '');
      const login = LOGIN_PAGES.includes(route);
      const open = login || OPEN_PAGES.includes(route);
      const loaded = closure(open || !layout ? [entry, key] : [entry, layout, key]);
      return {
        route,
        kb: gz(c.file),
        firstLoad: total(loaded),
        chunks: loaded.size,
        budget: login ? BUDGET.login : BUDGET.other,
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const every = closure([entry]);
  const common = [...every]
    .map((key) => ({ file: manifest[key]!.file, kb: gz(manifest[key]!.file) }))
    .sort((a, b) => b.kb - a.kb);
  return { rows, common, commonKb: total(every) };
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
console.log('\nConsole routes (gzip): the route chunk, and the whole first load of the page');
console.log(
  `  ${'route'.padEnd(36)} ${'chunk'.padStart(7)}    ${'budget'.padEnd(11)} ${'first load'.padStart(10)}    budget`,
);
let over = 0;
const mark = (kb: number, budget: number) => {
  if (kb > budget) over++;
  return `${String(budget).padStart(3)} KB ${kb <= budget ? 'OK  ' : 'OVER'}`;
};
for (const r of chunks.rows)
  console.log(
    `  ${r.route.padEnd(36)} ${fmt(r.kb).padStart(7)} KB ${mark(r.kb, r.budget.chunk)} ${fmt(r.firstLoad).padStart(7)} KB ${mark(r.firstLoad, r.budget.firstLoad)}  (${r.chunks} chunks)`,
  );
console.log(`Loaded by every page (the entry and its static imports): ${fmt(chunks.commonKb)} KB`);
for (const c of chunks.common) console.log(`  ${c.file.padEnd(48)} ${fmt(c.kb).padStart(7)} KB`);
console.log(`\n${ratio >= 0.25 && over === 0 ? 'All targets met.' : 'Some targets missed.'}`);
