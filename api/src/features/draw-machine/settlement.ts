import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { SETTLE_DAYS, settleDue } from './engine.js';

/**
 * One settlement pass over every brand: draw orders paid more than SETTLE_DAYS ago move from
 * pending to settled. A plain read first, so a pass with nothing due writes nothing. Answers the
 * number of orders settled.
 */
export async function runOnce(db: Db, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - SETTLE_DAYS * 86400_000);
  const [due] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.settleState, 0), sql`${orders.payTime} < ${cutoff.toISOString()}`))
    .limit(1);
  if (!due) return 0;
  return db.transaction((tx) => settleDue(tx, cutoff));
}

/**
 * The settlement job: a pass once the app is ready, then every SETTLE_INTERVAL_MINUTES (0: never),
 * so pending amounts settle whether or not anyone reads a list. Every API copy may run it: a pass
 * only touches orders still pending, so two copies never settle one order twice.
 */
const settlementJob: FastifyPluginAsync = async (app) => {
  const minutes = app.appConfig.settleIntervalMinutes;
  if (!(minutes > 0)) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const pass = () => {
    if (stopped || running) return running;
    running = runOnce(app.db, app.appConfig.clock().getTime())
      .then((n) => {
        if (n > 0) app.log.info({ settled: n }, 'draw orders settled');
      })
      .catch((err) => {
        if (!stopped) app.log.error({ err }, 'settlement pass failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  app.addHook('onReady', async () => {
    await pass();
    // setInterval takes at most 2^31 − 1 ms (about 24.8 days).
    timer = setInterval(pass, Math.min(minutes * 60_000, 2 ** 31 - 1));
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await running;
  });
};

export default fp(settlementJob, { name: 'draw-settlement' });
