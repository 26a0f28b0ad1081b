// `npm test`: install what is missing, then run every suite — the contract's unit tests, the API
// (PostgreSQL or PGlite, below), the console's unit tests, and the browser and
// cross-package tests in Chromium. Prints each suite's counts and time, then one closing line:
// "N passed, N failed, N skipped".
//
// The database: the API and browser suites run on a PostgreSQL server when one answers — the run's
// database migrated and seeded once into a template, each file a `CREATE DATABASE … TEMPLATE` copy of
// it (all dropped when the run ends) — and on the embedded PGlite otherwise. Which server: TEST_DATABASE_URL,
// else DATABASE_URL, else a local one at postgres://postgres@127.0.0.1:5432/postgres if it answers.
// TEST_DATABASE=pglite runs both suites on the embedded PGlite whatever is there.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, chromiumPath, ensureConsoleBuilt, ensureInstall, root } from './lib.mjs';

ensureInstall();

const only = process.argv.slice(2);
const suites = [
  { name: 'shared', dir: 'shared', quick: true },
  { name: 'api', dir: 'api' },
  { name: 'console', dir: 'console', quick: true },
  { name: 'display-hub', dir: 'display-hub', quick: true },
  { name: 'display-client', dir: 'display-client', quick: true },
  { name: 'tests', dir: 'tests', browser: true },
].filter((s) => only.length === 0 || only.includes(s.name));

const chromium = chromiumPath();
if (suites.some((s) => s.browser)) {
  if (chromium) {
    ensureConsoleBuilt();
  } else {
    const line = '!'.repeat(78);
    console.warn(
      `\n${line}\n!! BROWSER TESTS SKIPPED: no Chromium found (looked at CHROMIUM_PATH and /usr/bin/chromium).`,
    );
    console.warn(
      `!! Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH to run them.\n${line}\n`,
    );
  }
}

/** The PostgreSQL server the suites run on, or null for the embedded PGlite (see the top). */
async function testServer() {
  if (process.env.TEST_DATABASE === 'pglite') return null;
  const named = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const url = named || 'postgres://postgres@127.0.0.1:5432/postgres';
  const pg = createRequire(join(root, 'api', 'package.json'))('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    // A server the caller named must answer; the local one is only taken when it does.
    if (named) throw new Error(`the test database server ${url} does not answer: ${error.message}`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}
const server = suites.some((s) => s.name === 'api' || s.browser) ? await testServer() : null;
console.log(
  server
    ? `› API and browser suites on PostgreSQL at ${new URL(server).host} (a copy of one template per file; TEST_DATABASE=pglite: the embedded PGlite)`
    : '› API and browser suites on the embedded PGlite (no PostgreSQL server answered; set TEST_DATABASE_URL to use one)',
);
/** The suites' environment: the server for both suites, or none (not even a DATABASE_URL of the caller's). */
const { DATABASE_URL: _url, E2E_DATABASE_URL: _e2eUrl, ...callerEnv } = process.env;
const suiteEnv = server ? { ...callerEnv, DATABASE_URL: server, E2E_DATABASE_URL: server } : callerEnv;

// One PGlite snapshot for the run: the API suite migrates and seeds it, the browser suite copies it.
const snapshotDir = mkdtempSync(join(tmpdir(), 'toy-snapshot-'));
process.on('exit', () => rmSync(snapshotDir, { recursive: true, force: true }));

const outDir = join(root, 'tests', 'artifacts', 'results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSuites = [];
/** Each failed test, named by file and title with the first line of its error, printed last. */
const failedTests = [];
/** Each suite's line of the closing table: its counts and how long it took. */
const rows = new Map();

const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';

/** One suite's vitest run; `quiet`: its output is kept in `suite.output`, for the caller to print. */
function runSuite(suite, quiet) {
  const suiteStarted = Date.now();
  const out = join(outDir, `${suite.name}.json`);
  const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  const child = spawn(bin(suite.dir, 'vitest'), args, {
    cwd: join(root, suite.dir),
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...suiteEnv, CHROMIUM_PATH: chromium ?? '', TEST_SNAPSHOT_DIR: snapshotDir },
  });
  const chunks = [];
  if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (c) => chunks.push(c));
  if (!quiet) console.log(`\n━━ ${suite.name} ━━`);
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (quiet) suite.output = `\n━━ ${suite.name} ━━\n${Buffer.concat(chunks).toString()}`;
      const row = { name: suite.name, passed: 0, failed: 0, skipped: 0, seconds: (Date.now() - suiteStarted) / 1000 };
      if (existsSync(out)) {
        const report = JSON.parse(readFileSync(out, 'utf8'));
        row.passed = report.numPassedTests;
        row.failed = report.numFailedTests;
        row.skipped = report.numPendingTests + (report.numTodoTests ?? 0);
        for (const key of ['passed', 'failed', 'skipped']) totals[key] += row[key];
        for (const file of report.testResults ?? []) {
          const name = file.name.replace(`${root}/`, '');
          const failures = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
          for (const t of failures)
            failedTests.push(`${name} › ${t.fullName ?? t.title}\n    ${firstLine(t.failureMessages?.[0])}`);
          // A file that failed before any test ran (an import or a hook) has no failed test to name.
          if (file.status === 'failed' && failures.length === 0)
            failedTests.push(`${name}\n    ${firstLine(file.message)}`);
        }
      }
      rows.set(suite.name, row);
      if (status !== 0) failedSuites.push(suite.name);
      resolve();
    });
  });
}

// The API suite keeps both cores busy; the browser suite, mostly waiting on its pages, about one and
// a half. So they run side by side: the browser suite starts as soon as the API suite's global setup
// has made the run's snapshot (which the browser suite copies), and the small suites (seconds each)
// run beside both. The API suite's output is printed whole when it ends, the browser suite's as it
// goes.
const started = Date.now();
const snapshotReady = () => existsSync(join(snapshotDir, 'pglite.tar'));
const quick = suites.filter((s) => s.quick);
const api = suites.filter((s) => !s.quick && !s.browser);
const browser = suites.filter((s) => s.browser);
let apiEnded = api.length === 0;
const apiRun = Promise.all(api.map((s) => runSuite(s, browser.length > 0))).then(() => {
  apiEnded = true;
  for (const suite of api) process.stdout.write(suite.output ?? '');
});
const quickRun = Promise.all(quick.map((s) => runSuite(s, true))).then(() => {
  for (const suite of quick) process.stdout.write(suite.output ?? '');
});
// On PGlite, until the snapshot exists (or the API suite ended without one: the browser suite then
// makes its own). On PostgreSQL, until the API suite ends: its files wait on round trips to the
// server, which a browser suite beside them stretches many times (measured: 238 s alone, over 16
// minutes beside it), while alone it takes a few minutes.
while (browser.length && !apiEnded && (server || !snapshotReady())) await new Promise((r) => setTimeout(r, 250));
for (const suite of browser) await runSuite(suite, false);
await Promise.all([apiRun, quickRun]);

console.log('');
const pad = (text, n) => String(text).padStart(n);
console.log(`${'suite'.padEnd(16)}${pad('passed', 8)}${pad('failed', 8)}${pad('skipped', 9)}${pad('time', 10)}`);
for (const r of suites.map((suite) => rows.get(suite.name)).filter(Boolean))
  console.log(
    `${r.name.padEnd(16)}${pad(r.passed, 8)}${pad(r.failed, 8)}${pad(r.skipped, 9)}${pad(`${r.seconds.toFixed(0)} s`, 10)}`,
  );
console.log(`${'all'.padEnd(41)}${pad(`${((Date.now() - started) / 1000).toFixed(0)} s`, 10)}`);

console.log('');
if (!chromium) console.warn('!! Browser tests were skipped: no Chromium (see above).');
if (failedTests.length) console.error(`Failed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}\n`);
if (failedSuites.length) console.error(`Failing suites: ${failedSuites.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites.length ? 1 : 0);
