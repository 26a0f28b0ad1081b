// How long a wait may take on this machine now, for every suite's tests. A wait for a state (a page
// showing something, a socket answering) has a limit for an idle machine; on a busy one the same wait
// is allowed longer, so load makes a test slower, never wrong.
import { cpus, loadavg } from 'node:os';

/**
 * TEST_TIME_SCALE when set, else the load per core (a load average of 12 on 2 cores gives 6), at
 * least 1 and at most 10. Read at each call: the load changes while a suite runs.
 * @returns {number}
 */
export function patience() {
  const fromEnv = Number(process.env.TEST_TIME_SCALE);
  const load = (loadavg()[0] ?? 0) / Math.max(1, cpus().length);
  return Math.min(10, Math.max(1, Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : load));
}

/**
 * `ms` on an idle machine, longer on a busy one.
 * @param {number} ms
 * @returns {number}
 */
export const scaled = (ms) => Math.round(ms * patience());
