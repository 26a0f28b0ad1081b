import { type FairnessLog, type KujiPublicLog, verifyFairness, verifyKujiLog } from '@toy/shared';
import { apiClient } from './client.js';

/**
 * `npm run verify-draws -- <batch_id> [--api URL]`: fetch a machine's public fairness log
 * (GET /public/box/fairness, no login), recompute every allocation from its revealed seed, check
 * each draw against it and the hash chain. Prints OK, or the first record that does not match
 * (`FAIL batch <id> at record <seq>: …`), or `FAIL batch <id>: allocation …` when a seed is not
 * revealed yet (the machine is still on sale) or does not match its commitment; exit code 1 on
 * any failure. `--file log.json` verifies a saved copy of the log instead.
 *
 * `npm run verify-draws -- --kuji <active_id> [--api URL]` does the same for a 一番赏's public log
 * (GET /public/kuji/fairness) with verifyKujiLog: the chain, tickets drawn once, Last and global
 * prizes to the right ticket; once the seed is revealed (sold out) also every ticket's level and
 * every global winner. While the seed is still sealed (a box is not sold out) it fails as a machine
 * on sale does: `FAIL kuji <id>: seed not revealed yet …`, exit 1, since the tickets' levels cannot
 * be checked. Each restock has its own committed seed (the log's `seeds`): a box drawn after
 * the seed it was arranged from had been revealed fails (`box N drawn from a seed already
 * revealed`). A saved kuji log (`--file`) is recognised by its prize rows.
 */
// `node scripts/api-tool.mjs verify-draws -- 12` passes the `--` through: it is not an argument.
const args = process.argv.slice(2).filter((a) => a !== '--');
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const file = opt('--file');
const kujiOpt = opt('--kuji');
const batchId = Number(args.find((a, i) => /^\d+$/.test(a) && !args[i - 1]?.startsWith('--')));
let log: FairnessLog;
if (file) {
  const { readFileSync } = await import('node:fs');
  const { resolve } = await import('node:path');
  const saved = JSON.parse(readFileSync(resolve(process.env.TOOL_CWD ?? process.cwd(), file), 'utf8'));
  if (Array.isArray(saved?.rows)) verifyKuji(saved as KujiPublicLog);
  log = saved as FairnessLog;
} else if (kujiOpt !== undefined) {
  const id = Number(kujiOpt);
  if (!Number.isInteger(id) || id < 1) {
    console.error('usage: npm run verify-draws -- --kuji <active_id> [--api http://127.0.0.1:8787]');
    process.exit(2);
  }
  const { call, api, base } = apiClient(opt('--api'));
  const res = await call(api.fairness.kujiLog, { active_id: id }).catch((error: Error) => {
    console.error(`✖ ${base}: ${error.cause instanceof Error ? error.cause.message : error.message}`);
    process.exit(1);
  });
  if (res.status !== 0) {
    console.error(`✖ ${res.msg}`);
    process.exit(1);
  }
  verifyKuji(res.data as KujiPublicLog);
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

/** Verify a kuji's public log, print the outcome and exit. */
function verifyKuji(k: KujiPublicLog): never {
  const problems = verifyKujiLog(k);
  const tickets = k.records.filter((r) => r.award === null).length;
  const awards = k.records.length - tickets;
  if (problems.length > 0) {
    for (const p of problems) {
      console.log(`FAIL kuji ${k.active_id}${p.seq ? ` at record ${p.seq}` : ''}: ${p.reason}`);
      const record = k.records.find((r) => r.seq === p.seq);
      if (record) console.log(JSON.stringify(record));
    }
    process.exit(1);
  }
  const sealed = k.seed === null || (k.seeds ?? []).some((r) => r.seed === null);
  if (sealed) {
    console.log(
      `FAIL kuji ${k.active_id}: seed not revealed yet (revealed when every box is sold out); the chain of ${tickets} tickets and ${awards} prizes holds, but ticket levels and global winners cannot be checked`,
    );
    process.exit(1);
  }
  const seeds = k.seeds?.length ?? 1;
  console.log(
    `OK kuji ${k.active_id} (${k.title}): ${tickets} tickets, ${awards} prizes, ${seeds > 1 ? `${seeds} seeds` : 'the seed'} revealed and matching`,
  );
  process.exit(0);
}
