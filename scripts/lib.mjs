// Helpers the root scripts share: find the repo, run pnpm without a global install, install when needed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PNPM = ['-y', 'pnpm@12.21.0'];
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

export function run(cmd, args, opts = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (result.status !== 0 && !opts.allowFail) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

export const pnpm = (args, opts) => run(npx, [...PNPM, ...args], opts);
export const bin = (pkg, name) => join(root, pkg, 'node_modules', '.bin', name);

/** Install when node_modules is missing or older than the lockfile. */
export function ensureInstall() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh && existsSync(bin('api', 'tsx'))) return;
  console.log('› Installing dependencies (pnpm 12 through npx)…');
  pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
}

/** Newest modification time of the files under the given folders (skips node_modules and dist). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      if (/node_modules|dist$/.test(p)) return;
      for (const name of readdirSync(p)) walk(join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(p);
  return newest;
}

/** Build the console when its sources (or the contract) changed since the last build. */
export function ensureConsoleBuilt({ force = false } = {}) {
  const index = join(root, 'console', 'dist', 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = newestMtime(
    ['console/src', 'console/index.html', 'console/vite.config.ts', 'shared/src'].map((p) => join(root, p)),
  );
  if (!force && built > sources) return;
  console.log('› Building the console…');
  run(bin('console', 'vite'), ['build', '--logLevel', 'warn'], { cwd: join(root, 'console') });
}

export function startProcess(cmd, args, opts = {}) {
  return spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
}

/**
 * Keeps a process running as Docker's `restart: unless-stopped` does: when it exits it is started
 * again after a delay that doubles from `firstDelayMs` up to `maxDelayMs`, and starts from
 * `firstDelayMs` again once a run has lasted `steadyMs`. `stop()` ends it for good.
 */
export function supervise(
  start,
  { name, firstDelayMs = 100, maxDelayMs = 60_000, steadyMs = 10_000, log = console } = {},
) {
  let child;
  let stopped = false;
  let delay = firstDelayMs;
  let timer;
  const launch = () => {
    const startedAt = Date.now();
    child = start();
    child.on('exit', (code, signal) => {
      if (stopped) return;
      if (Date.now() - startedAt >= steadyMs) delay = firstDelayMs;
      log.error(`${name} exited (${code ?? signal}); starting it again in ${(delay / 1000).toFixed(1)} s.`);
      timer = setTimeout(launch, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  };
  launch();
  return {
    get child() {
      return child;
    },
    stop(signal = 'SIGTERM') {
      stopped = true;
      clearTimeout(timer);
      child?.kill(signal);
    },
  };
}

export async function waitFor(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

export const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

/** Chromium for the browser tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

/**
 * What `npm start` prints once everything answers: where the console, the API and the venue screens
 * are, and the demo accounts (api/src/seed/data.ts) with what each is for.
 * @param {{ webUrl: string, apiUrl: string, hubUrl: string, hubKey: string, hubReady: boolean, socketUrl: string }} a
 */
export function startBanner({ webUrl, apiUrl, hubUrl, hubKey, hubReady, socketUrl }) {
  return `
  盲盒商家后台 is running
  ─────────────────────────────────────────────
  Console   ${webUrl}
  API       ${apiUrl}   (docs ${apiUrl}/docs, health ${apiUrl}/healthz)

  Venue screens (display hub${hubReady ? '' : ' — NOT READY, see the log above'})
    store     ${hubUrl}/screen_md
    event     ${hubUrl}/extend   ${hubUrl}/extend_left   ${hubUrl}/extend_center   ${hubUrl}/extend_right
    control   ${hubUrl}/control#key=${hubKey}
    status    ${hubUrl}/status   (socket ${socketUrl})

  Demo accounts (password demo1234)
    brand@demo.local     own brands, per_ids 12,14,15,17
    shop@demo.local      shop, per_ids 14
    coupon@demo.local    coupons, per_ids 15
    reviewer@demo.local  platform reviewer
    erp@demo.local       waybill printing, signs in at ${webUrl}/print_waybill

  Ctrl+C stops them all.
`;
}
