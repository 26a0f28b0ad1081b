// `npm start`: install what is missing, build the console, migrate and seed the database, start the
// API and the console, print where they are. Data persists in DATA_DIR between runs.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bin, ensureConsoleBuilt, ensureInstall, root, startProcess, waitFor } from './lib.mjs';

ensureInstall();
ensureConsoleBuilt();

const host = process.env.HOST ?? '127.0.0.1';
const apiPort = Number(process.env.PORT ?? 8787);
const apiUrl = process.env.PUBLIC_URL ?? `http://${host}:${apiPort}`;
const consolePort = Number(process.env.CONSOLE_PORT ?? 8080);
const consoleApiBase = process.env.CONSOLE_API_BASE ?? apiUrl;

console.log('› Starting the API (migrations and demo data run at start)…');
const api = startProcess(bin('api', 'tsx'), [join(root, 'api', 'src', 'server.ts')], {
  env: { ...process.env, HOST: host, PORT: String(apiPort) },
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
  appSecret: process.env.APP_SECRET,
  distDir: join(root, 'console', 'dist'),
});

console.log(`
  盲盒商家后台 is running
  ─────────────────────────────────────────────
  Console   ${web.url}
  API       ${apiUrl}   (docs ${apiUrl}/docs, health ${apiUrl}/healthz)

  Demo accounts (password demo1234)
    brand@demo.local     own brands, per_ids 12,14,15,17
    shop@demo.local      shop, per_ids 14
    coupon@demo.local    coupons, per_ids 15
    reviewer@demo.local  platform reviewer

  Ctrl+C stops both.
`);

const stop = () => {
  api.kill('SIGTERM');
  web.close();
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
