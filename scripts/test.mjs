// `npm test`: install what is missing, then run every suite — the contract's unit tests, the API
// (PGlite, or PostgreSQL when DATABASE_URL is set), the console's unit tests, and the browser and
// cross-package tests in Chromium. Prints each suite's counts and time, then one closing line:
// "N passed, N failed, N skipped".
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { bin, chromiumPath, ensureConsoleBuilt, ensureInstall, root, run } from './lib.mjs';

ensureInstall();

const only = process.argv.slice(2);
const suites = [
  { name: 'shared', dir: 'shared' },
  { name: 'api', dir: 'api' },
  { name: 'console', dir: 'console' },
  { name: 'display-hub', dir: 'display-hub' },
  { name: 'display-client', dir: 'display-client' },
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

const outDir = join(root, 'tests', 'artifacts', 'results');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSuites = [];
/** Each suite's line of the closing table: its counts and how long it took. */
const rows = [];
const started = Date.now();
for (const suite of suites) {
  console.log(`\n━━ ${suite.name} ━━`);
  const suiteStarted = Date.now();
  const out = join(outDir, `${suite.name}.json`);
  const status = run(
    bin(suite.dir, 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: join(root, suite.dir), allowFail: true, env: { ...process.env, CHROMIUM_PATH: chromium ?? '' } },
  );
  const row = { name: suite.name, passed: 0, failed: 0, skipped: 0, seconds: (Date.now() - suiteStarted) / 1000 };
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    row.passed = report.numPassedTests;
    row.failed = report.numFailedTests;
    row.skipped = report.numPendingTests + (report.numTodoTests ?? 0);
    for (const key of ['passed', 'failed', 'skipped']) totals[key] += row[key];
  }
  rows.push(row);
  if (status !== 0) failedSuites.push(suite.name);
}

console.log('');
const pad = (text, n) => String(text).padStart(n);
console.log(`${'suite'.padEnd(16)}${pad('passed', 8)}${pad('failed', 8)}${pad('skipped', 9)}${pad('time', 10)}`);
for (const r of rows)
  console.log(
    `${r.name.padEnd(16)}${pad(r.passed, 8)}${pad(r.failed, 8)}${pad(r.skipped, 9)}${pad(`${r.seconds.toFixed(0)} s`, 10)}`,
  );
console.log(`${'all'.padEnd(41)}${pad(`${((Date.now() - started) / 1000).toFixed(0)} s`, 10)}`);

console.log('');
if (!chromium) console.warn('!! Browser tests were skipped: no Chromium (see above).');
if (failedSuites.length) console.error(`Failing suites: ${failedSuites.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites.length ? 1 : 0);
