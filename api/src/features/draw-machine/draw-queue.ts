import type { Db, Tx } from '../../db/client.js';
import { type DrawOutcome, type DrawWant, drawMany } from './engine.js';

/** The most draws one transaction takes; the rest wait for the next. */
const MOST = 500;

interface Waiting<W, O> {
  want: W;
  resolve: (outcome: O) => void;
  reject: (error: unknown) => void;
}

/** Draws of one group in one transaction, on the row `key` locks: each want's outcome or error. */
export type DrawGroup<W, O> = (
  tx: Tx,
  key: number,
  wants: W[],
) => Promise<({ ok: true; outcome: O } | { ok: false; error: Error })[]>;

/**
 * Group commit for draws. Draws on one machine are serialised anyway (its row is locked), so the
 * draws that arrive while one transaction runs wait here and then go together into the next one
 * (engine.ts drawMany): a crowd of players costs a few transactions a second, not one each, and
 * never holds every database connection, so other calls stay fast. The row lock still serialises
 * draws across API copies. A failed transaction fails the draws in it, and changes nothing.
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
        try {
          const results = await this.db.transaction((tx) =>
            this.run(
              tx,
              key,
              group.map((g) => g.want),
            ),
          );
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
}

/** The draw machines' groups (engine.ts drawMany), one queue per machine. */
export class DrawQueue extends DrawGroups<DrawWant, DrawOutcome> {
  constructor(db: Db) {
    super(db, drawMany);
  }
}
