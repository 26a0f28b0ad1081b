// `npm start`: install what is missing, build the console, migrate and seed the database, start the
// API and the console, print where they are. Data persists in DATA_DIR between runs.
// It also starts the venue display hub (8765/8764) against the local API.
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  bin,
  ensureConsoleBuilt,
  ensureInstall,
  newestMtime,
  root,
  run,
  startBanner,
  startProcess,
  supervise,
  waitFor,
} from './lib.mjs';

ensureInstall();
ensureConsoleBuilt();
ensureDisplayClientBuilt();

/** Build the display client (screens and control page) when its sources changed since the last build. */
function ensureDisplayClientBuilt() {
  const dir = join(root, 'display-client');
  const index = join(dir, 'dist', 'index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = newestMtime(
    ['src', 'index.html', 'control.html', 'vite.config.ts']
      .map((p) => join(dir, p))
      .concat(join(root, 'shared', 'src', 'display')),
  );
  if (built > sources) return;
  console.log('› Building the display client…');
  run(bin('display-client', 'vite'), ['build', '--logLevel', 'warn'], { cwd: dir });
}

/** The local venue's control key: HUB_CONTROL_KEY, else one kept in DATA_DIR/display/control-key. */
function localControlKey(dataDir) {
  if (process.env.HUB_CONTROL_KEY) return process.env.HUB_CONTROL_KEY;
  const file = join(dataDir, 'control-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 8) return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(12).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

const host = process.env.HOST ?? '127.0.0.1';
const apiPort = Number(process.env.PORT ?? 8787);
const apiUrl = process.env.PUBLIC_URL ?? `http://${host}:${apiPort}`;
const consolePort = Number(process.env.CONSOLE_PORT ?? 8080);
// Unless CONSOLE_API_BASE names it, the console calls the API on the hostname its page came from.
const consoleApiBase = process.env.CONSOLE_API_BASE;

const dataDir = process.env.DATA_DIR ?? join(root, '.data');
/**
 * The first start of the embedded database (no DATA_DIR/pglite yet) with the demo seed: simulated
 * players then fill the demo through the API (api/src/tools/demo-fill.ts), so every demo account's
 * pages show their states.
 * DEMO_FILL=0 skips it; production mode and PostgreSQL never run it.
 */
const fillDemo =
  !process.env.DATABASE_URL &&
  process.env.NODE_ENV !== 'production' &&
  process.env.SEED !== '0' &&
  process.env.DEMO_FILL !== '0' &&
  !existsSync(join(dataDir, 'pglite'));
console.log('› Starting the API (migrations and demo data run at start)…');
const api = startProcess(bin('api', 'tsx'), [join(root, 'api', 'src', 'server.ts')], {
  // Warnings and errors only, so the banner below stays readable: LOG_LEVEL=info logs every request.
  env: { ...process.env, HOST: host, PORT: String(apiPort), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
api.on('exit', (code) => {
  console.error(`API exited (${code})`);
  process.exit(code ?? 1);
});

if (!(await waitFor(`http://${host}:${apiPort}/healthz`, 120_000))) {
  console.error('The API did not become healthy within 120 s.');
  api.kill();
  process.exit(1);
}

const { startConsoleServer } = await import(pathToFileURL(join(root, 'console', 'serve.mjs')).href);
const web = await startConsoleServer({
  host: process.env.CONSOLE_HOST ?? host,
  port: consolePort,
  apiBase: consoleApiBase,
  apiPort,
  appSecret: process.env.APP_SECRET,
  distDir: join(root, 'console', 'dist'),
  displayBase: process.env.DISPLAY_BASE,
  connectSrc: (process.env.CONSOLE_CONNECT_SRC ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
});

const hubDataDir = join(dataDir, 'display');
const hubKey = localControlKey(hubDataDir);
const hubWsPort = Number(process.env.HUB_WS_PORT ?? 8765);
const hubMediaPort = Number(process.env.HUB_MEDIA_PORT ?? 8764);
const hubUrl = `http://${host}:${hubMediaPort}`;
console.log('› Starting the display hub…');
// node with the tsx loader (one process), from display-hub/ where tsx is installed.
// Restarted when it exits, as `restart: unless-stopped` does in docker-compose.yml.
const hub = supervise(
  () =>
    startProcess(process.execPath, ['--import', 'tsx', join(root, 'display-hub', 'src', 'main.ts')], {
      cwd: join(root, 'display-hub'),
      env: {
        ...process.env,
        HUB_HOST: process.env.HUB_HOST ?? host,
        HUB_WS_PORT: String(hubWsPort),
        HUB_MEDIA_PORT: String(hubMediaPort),
        HUB_CONTROL_KEY: hubKey,
        HUB_DATA_DIR: hubDataDir,
        API_BASE: process.env.API_BASE ?? apiUrl,
        // The API's pictures are under its public URL; the console may open the hub's pages.
        HUB_IMAGE_ORIGINS: process.env.HUB_IMAGE_ORIGINS ?? new URL(apiUrl).origin,
        HUB_ALLOWED_ORIGINS: process.env.HUB_ALLOWED_ORIGINS ?? new URL(String(web.url)).origin,
        LOG_LEVEL: process.env.HUB_LOG_LEVEL ?? 'warn',
      },
    }),
  { name: 'Display hub' },
);
const hubReady = await waitFor(`${hubUrl}/healthz`, 30_000);

console.log(
  startBanner({ webUrl: String(web.url), apiUrl, hubUrl, hubKey, hubReady, socketUrl: `ws://${host}:${hubWsPort}` }),
);

/** The simulator process filling the demo now, if any. */
let filling = null;
if (fillDemo) {
  const logFile = join(dataDir, 'demo-fill.log');
  console.log(
    `› First start: simulated players fill the demo for about a minute (draws, kujis, orders, pickups, coupons…);\n  pages fill as they go. Their log: ${logFile}`,
  );
  const log = createWriteStream(logFile);
  void (async () => {
    filling = startProcess(bin('api', 'tsx'), [join('src', 'tools', 'simulate.ts'), '--demo-fill', '--api', apiUrl], {
      cwd: join(root, 'api'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    filling.stdout.pipe(log);
    filling.stderr.pipe(log);
    const code = await new Promise((resolve) => filling.once('exit', resolve));
    filling = null;
    if (code === 0) console.log('› The demo is filled: every demo account has rows on its pages.');
    else console.error(`› The demo fill stopped (${code}); see ${logFile}`);
  })();
}

const stop = () => {
  filling?.kill('SIGTERM');
  hub.stop('SIGTERM');
  api.kill('SIGTERM');
  web.close();
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
