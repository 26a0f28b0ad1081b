import type { Db } from '../../db/client.js';
import { type DrawOutcome, type DrawWant, drawMany } from './engine.js';

/** The most draws one transaction takes; the rest wait for the next. */
const MOST = 500;

interface Waiting {
  want: DrawWant;
  resolve: (outcome: DrawOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for draws. Draws on one machine are serialised anyway (its row is locked), so the
 * draws that arrive while one transaction runs wait here and then go together into the next one
 * (engine.ts drawMany): a crowd of players costs a few transactions a second, not one each, and
 * never holds every database connection, so other calls stay fast. The row lock still serialises
 * draws across API copies. A failed transaction fails the draws in it, and changes nothing.
 */
export class DrawQueue {
  private readonly waiting = new Map<number, Waiting[]>();
  private readonly running = new Set<number>();

  constructor(private readonly db: Db) {}

  draw(batchId: number, want: DrawWant): Promise<DrawOutcome> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(batchId);
      if (queue) queue.push({ want, resolve, reject });
      else this.waiting.set(batchId, [{ want, resolve, reject }]);
      if (!this.running.has(batchId)) void this.pump(batchId);
    });
  }

  private async pump(batchId: number): Promise<void> {
    this.running.add(batchId);
    try {
      for (;;) {
        // Let the event loop read the requests that have arrived first: PGlite runs a whole
        // transaction without giving I/O a turn, so without this every group would hold one draw.
        await new Promise((resolve) => setImmediate(resolve));
        const queue = this.waiting.get(batchId);
        if (!queue?.length) break;
        const group = queue.splice(0, MOST);
        if (queue.length === 0) this.waiting.delete(batchId);
        try {
          const results = await this.db.transaction((tx) =>
            drawMany(
              tx,
              batchId,
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
      this.running.delete(batchId);
    }
  }
}
