// How long a wait may take on this machine now, for every suite's tests. A wait for a state (a page
// showing something, a socket answering) has a limit for an idle machine; on a busy one the same wait
// is allowed longer, so load makes a test slower, never wrong.
import { cpus, loadavg } from 'node:os';

/** The most a wait is stretched: past it a slow machine is a failure worth seeing, not a wait. */
export const MAX_PATIENCE = 3;

/**
 * TEST_TIME_SCALE when set, else the load per core (a load average of 4 on 2 cores gives 2), at
 * least 1 and at most MAX_PATIENCE. Read at each call: the load changes while a suite runs.
 * @returns {number}
 */
export function patience() {
  const fromEnv = Number(process.env.TEST_TIME_SCALE);
  const load = (loadavg()[0] ?? 0) / Math.max(1, cpus().length);
  return Math.min(MAX_PATIENCE, Math.max(1, Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : load));
}

/**
 * `ms` on an idle machine, longer on a busy one.
 * @param {number} ms
 * @returns {number}
 */
export const scaled = (ms) => Math.round(ms * patience());

/**
 * `ms` stretched as far as patience goes: for the limits a suite reads once, as it starts. The
 * machine may get much busier while the run goes on (a second run beside it), and a limit only
 * catches a hang, so it allows what the busiest machine may need.
 * @param {number} ms
 * @returns {number}
 */
export const longest = (ms) => ms * MAX_PATIENCE;
