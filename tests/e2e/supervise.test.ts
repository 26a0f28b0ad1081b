// `npm start` keeps the display hub running: a hub that exits is started again, with a growing
// delay, until the whole start is stopped (scripts/lib.mjs supervise).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { supervise } from '../../scripts/lib.mjs';
import { longest } from '../support/patience.js';

const quiet = { error: () => undefined };
const exiting = () => spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });

describe('a supervised process', () => {
  it('is started again each time it exits, the delay doubling, and not after stop()', async () => {
    const started: number[] = [];
    const run = supervise(
      () => {
        started.push(Date.now());
        return exiting();
      },
      { name: 'hub', firstDelayMs: 50, maxDelayMs: 400, log: quiet },
    );
    await expect.poll(() => started.length, { timeout: longest(20_000) }).toBeGreaterThanOrEqual(4);
    run.stop();
    const count = started.length;
    // Each wait is at least the doubled delay: 50, 100, 200 ms.
    const gaps = started.slice(1, 4).map((t, i) => t - started[i]!);
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(50 * 2 ** i);
    await new Promise((r) => setTimeout(r, 900));
    expect(started.length).toBe(count);
  });

  it('is not started again once stopped while running', async () => {
    let starts = 0;
    const run = supervise(
      () => {
        starts += 1;
        return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      },
      { name: 'hub', firstDelayMs: 10, log: quiet },
    );
    const exited = new Promise((r) => run.child.once('exit', r));
    run.stop();
    await exited;
    await new Promise((r) => setTimeout(r, 200));
    expect(starts).toBe(1);
  });
});
