import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { OrderTimes } from '../../config.js';
import type { Db } from '../../db/client.js';
import { autoConfirmDue, expireDue, settleRefunds } from './lifecycle.js';

export interface TimerPass {
  expired: number;
  confirmed: number;
  refunds: number;
}

/**
 * One pass of the order timers: pending payments past their deadline time out (stock back), shipped
 * orders past their confirm deadline complete (auto-confirm of receipt), and refunds asked of the
 * payment channel are settled (refunded, or refund failed past the channel's window). Each step is
 * its own transaction and takes its rows with SKIP LOCKED, so several API copies never clash.
 */
export async function runOrderTimers(db: Db, times: OrderTimes, now = new Date()): Promise<TimerPass> {
  const expired = await db.transaction((tx) => expireDue(tx, now));
  const confirmed = await db.transaction((tx) => autoConfirmDue(tx, now));
  const refunds = await db.transaction((tx) => settleRefunds(tx, times, now));
  return { expired, confirmed, refunds };
}

/**
 * The order timer job, as the settlement job runs: a pass once the app is ready, then every
 * ORDER_TIMER_SECONDS (0: never).
 */
const orderTimers: FastifyPluginAsync = async (app) => {
  const seconds = app.appConfig.orderTimerSeconds;
  if (!(seconds > 0)) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const pass = () => {
    if (stopped || running) return running;
    running = runOrderTimers(app.db, app.appConfig.orderTimes, app.appConfig.clock())
      .then((n) => {
        if (n.expired + n.confirmed + n.refunds > 0) app.log.info(n, 'order timers');
      })
      .catch((err) => {
        if (!stopped) app.log.error({ err }, 'order timer pass failed');
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  app.addHook('onReady', async () => {
    await pass();
    timer = setInterval(pass, Math.min(seconds * 1000, 2 ** 31 - 1));
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await running;
  });
};

export default fp(orderTimers, { name: 'order-timers' });
