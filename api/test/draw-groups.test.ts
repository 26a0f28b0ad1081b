import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { DrawGroups, type Late } from '../src/features/draw-machine/draw-queue.js';

/**
 * The draw groups (draw-machine/draw-queue.ts) without a database: a group's transaction is a
 * function that waits where the real one waits for the machine's lock. Draws that arrive meanwhile
 * join that group once it goes on (Late.take); those it leaves (Late.leave) go first into the next.
 */

/** A database whose transactions just run their function. */
const db = { transaction: (fn: (tx: unknown) => Promise<unknown>) => fn({}) } as unknown as Db;

/** A gate the test opens. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('draw groups', () => {
  it('draws that arrive while a group waits for its lock join it; the ones it leaves go first into the next group', async () => {
    const groups: string[][] = [];
    const lock = gate();
    const waiting = gate();
    let calls = 0;
    const run = async (_tx: unknown, _key: number, wants: string[], late: Late<string>) => {
      calls += 1;
      if (calls === 1) {
        waiting.open();
        await lock.opened; // another copy holds the machine
      }
      const more = late.take();
      const left = more.filter((w) => w.startsWith('held'));
      if (left.length) late.leave(left);
      const all = [...wants, ...more.filter((w) => !left.includes(w))];
      groups.push(all);
      return all.map((w) => ({ ok: true as const, outcome: `${w} drawn in group ${groups.length}` }));
    };
    const draws = new DrawGroups(db, run);
    const first = draws.draw(1, 'a');
    await waiting.opened;
    const late = ['b', 'held-c', 'd'].map((w) => draws.draw(1, w));
    // Another machine's draws are not held up by it, and do not join it.
    expect(await draws.draw(2, 'x')).toBe('x drawn in group 1');
    lock.open();
    expect(await first).toBe('a drawn in group 2');
    expect(await Promise.all(late)).toEqual(['b drawn in group 2', 'held-c drawn in group 3', 'd drawn in group 2']);
    expect(groups).toEqual([['x'], ['a', 'b', 'd'], ['held-c']]);
  });

  it('a group that fails fails the late draws it took, and the next group still runs', async () => {
    const lock = gate();
    const started = gate();
    let n = 0;
    const run = async (_tx: unknown, _key: number, wants: string[], late: Late<string>) => {
      n += 1;
      if (n === 1) {
        started.open();
        await lock.opened;
        late.take();
        throw new Error('已售罄');
      }
      return wants.map((w) => ({ ok: true as const, outcome: w }));
    };
    const draws = new DrawGroups(db, run);
    const first = draws.draw(7, 'a');
    await started.opened;
    const second = draws.draw(7, 'b');
    lock.open();
    await expect(first).rejects.toThrow('已售罄');
    await expect(second).rejects.toThrow('已售罄');
    expect(await draws.draw(7, 'c')).toBe('c');
  });
});
