import type { Db, Tx } from '../../db/client.js';

/** The most draws one transaction takes; the rest wait for the next. */
const MOST = 500;

interface Waiting<W, O> {
  want: W;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/**
 * The draws that reached this copy while its group waited for the row `key` locks (another copy's
 * group held it). `take` moves them into the group; `leave` gives back those the group could not
 * take, to the front of the queue, for the next group.
 */
export interface Late<W> {
  take(): W[];
  leave(wants: W[]): void;
}

/**
 * Draws of one group in one transaction, on the row `key` locks: each want's outcome or error, for
 * `wants` and then the late ones it took (joinLate).
 */
export type DrawGroup<W, O> = (
  tx: Tx,
  key: number,
  wants: W[],
  late: Late<W>,
) => Promise<({ ok: true; outcome: O } | { ok: false; error: Error })[]>;

/**
 * The late draws (Late) whose own rows `lock` can take without waiting: they join the group. The
 * others wait for the next group. The lock must not wait (SKIP LOCKED): these rows are locked after
 * the machine or kuji, and another copy's group may hold them while it waits for that row.
 */
export async function joinLate<W>(late: Late<W> | undefined, lock: (wants: W[]) => Promise<Set<W>>): Promise<W[]> {
  const extra = late?.take() ?? [];
  if (extra.length === 0) return [];
  const locked = await lock(extra);
  const left = extra.filter((w) => !locked.has(w));
  if (left.length > 0) late!.leave(left);
  return extra.filter((w) => locked.has(w));
}

/**
 * Group commit for draws. Draws on one machine are serialised anyway (its row is locked), so the
 * draws that arrive while one transaction runs wait here and then go together into the next one
 * (engine.ts drawMany): a crowd of players costs a few transactions a second, not one each, and
 * never holds every database connection, so other calls stay fast. The row lock still serialises
 * draws across API copies; the draws that arrive while a group waits for it (another copy holds it)
 * join that group once it has the lock (Late), so several copies make no more, smaller groups than
 * one. A failed transaction fails the draws in it, and changes nothing.
 * Kuji draws (kuji/draw.ts drawKujiMany) are grouped the same way, per kuji.
 */
export class DrawGroups<W, O> {
  private readonly waiting = new Map<number, Waiting<W, O>[]>();
  private readonly running = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly run: DrawGroup<W, O>,
  ) {}

  draw(key: number, want: W): Promise<O> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ want, resolve, reject });
      else this.waiting.set(key, [{ want, resolve, reject }]);
      if (!this.running.has(key)) void this.pump(key);
    });
  }

  private async pump(key: number): Promise<void> {
    this.running.add(key);
    try {
      for (;;) {
        // Let the event loop read the requests that have arrived first: PGlite runs a whole
        // transaction without giving I/O a turn, so without this every group would hold one draw.
        await new Promise((resolve) => setImmediate(resolve));
        const queue = this.waiting.get(key);
        if (!queue?.length) break;
        const group = queue.splice(0, MOST);
        if (queue.length === 0) this.waiting.delete(key);
        const wants = group.map((g) => g.want);
        try {
          const results = await this.db.transaction((tx) => this.run(tx, key, wants, this.late(key, group)));
          for (const [i, r] of results.entries()) {
            if (r.ok) group[i]!.resolve(r.outcome);
            else group[i]!.reject(r.error);
          }
        } catch (error) {
          for (const g of group) g.reject(error);
        }
      }
    } finally {
      this.running.delete(key);
    }
  }

  /** The draws that arrive for `key` while `group` waits for its lock: taken into it, or left in front. */
  private late(key: number, group: Waiting<W, O>[]): Late<W> {
    return {
      take: () => {
        const queue = this.waiting.get(key);
        if (!queue) return [];
        const more = queue.splice(0, Math.max(0, MOST - group.length));
        if (queue.length === 0) this.waiting.delete(key);
        group.push(...more);
        return more.map((g) => g.want);
      },
      leave: (wants) => {
        const left = group.filter((g) => wants.includes(g.want));
        group.splice(0, group.length, ...group.filter((g) => !wants.includes(g.want)));
        this.waiting.set(key, [...left, ...(this.waiting.get(key) ?? [])]);
      },
    };
  }
}
