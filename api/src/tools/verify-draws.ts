import { type FairnessLog, verifyFairness } from '@toy/shared';
import { apiClient } from './client.js';

/**
 * `npm run verify-draws -- <batch_id> [--api URL]`: fetch a machine's public fairness log
 * (GET /public/box/fairness, no login), recompute every allocation from its revealed seed, check
 * each draw against it and the hash chain. Prints OK, or the first record that does not match
 * (`FAIL batch <id> at record <seq>: …`), or `FAIL batch <id>: allocation …` when a seed is not
 * revealed yet (the machine is still on sale) or does not match its commitment; exit code 1 on
 * any failure. `--file log.json` verifies a saved copy of the log instead.
 */
// `node scripts/api-tool.mjs verify-draws -- 12` passes the `--` through: it is not an argument.
const args = process.argv.slice(2).filter((a) => a !== '--');
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const file = opt('--file');
const batchId = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')));
let log: FairnessLog;
if (file) {
  const { readFileSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  log = JSON.parse(readFileSync(resolve(process.env.TOOL_CWD ?? process.cwd(), file), 'utf8')) as FairnessLog;
} else {
  if (!Number.isInteger(batchId) || batchId < 1) {
    console.error('usage: npm run verify-draws -- <batch_id> [--api http://127.0.0.1:8787] | --file log.json');
    process.exit(2);
  }
  const { call, api, base } = apiClient(opt('--api'));
  const res = await call(api.fairness.log, { batch_id: batchId }).catch((error: Error) => {
    console.error(`✖ ${base}: ${error.cause instanceof Error ? error.cause.message : error.message}`);
    process.exit(1);
  });
  if (res.status !== 0) {
    console.error(`✖ ${res.msg}`);
    process.exit(1);
  }
  log = res.data as FairnessLog;
}
const failure = verifyFairness(log);
if (failure?.reason.startsWith('allocation ')) {
  // Not about a record: a seed is still sealed (the machine is on sale) or does not match its hash.
  console.log(`FAIL batch ${log.batch_id}: ${failure.reason}`);
  process.exit(1);
}
if (failure) {
  const record = log.records.find((r) => r.seq === failure.seq);
  console.log(`FAIL batch ${log.batch_id} at record ${failure.seq}: ${failure.reason}`);
  if (record) console.log(JSON.stringify(record));
  process.exit(1);
}
console.log(
  `OK batch ${log.batch_id} (${log.title}): ${log.records.length} draws, ${log.allocations.length} seed(s) revealed and matching`,
);
