import {
  api,
  messages,
  PAYMENT_SIGN_WINDOW_SECONDS,
  PAYMENT_STATE,
  paymentSign,
  type SignParams,
  TRAN_STATE,
} from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { orders, payments } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { yuanToFen } from '../../lib/money.js';
import { safeEqual } from '../../lib/seal.js';
import { lockPayment } from '../payment/index.js';
import { applyPayment } from './lifecycle.js';

const c = messages.common;
const pm = messages.payment;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The payment channel's notification that an order is paid (declaration payment.notify,
 * shared/src/features/payment.ts; tables payments, orders). The notification is checked before its
 * body is read: `sign` = hex(HMAC-SHA256(PAYMENT_SECRET, path + "\n" + mt + "\n" + canonical(body))),
 * `mt` within ±300 s; anything else answers 401 and changes nothing. A verified notification of a
 * pending payment for its exact amount marks it paid (with the channel's trade_no) and applies it
 * to its order in one transaction; a repeated one answers the same and changes nothing; one for a
 * closed payment (the order was cancelled or timed out) is refused with 409, for the channel to refund.
 */
const paymentNotify: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.register(async (inbound) => {
    inbound.addHook('preValidation', async (request) => {
      const given = header(request, 'sign');
      const mt = header(request, 'mt');
      if (!given || !mt) throw httpError(401, c.signMissing);
      if (!/^\d{1,12}$/.test(mt)) throw httpError(401, c.signInvalid);
      const body = request.body;
      const params = body && typeof body === 'object' && !Array.isArray(body) ? (body as SignParams) : null;
      const path = request.url.split('?')[0]!;
      if (!safeEqual(given.toLowerCase(), paymentSign(config.payment.secret, path, mt, params)))
        throw httpError(401, c.signInvalid);
      if (Math.abs(config.clock().getTime() / 1000 - Number(mt)) > PAYMENT_SIGN_WINDOW_SECONDS)
        throw httpError(401, c.signExpired);
    });

    inbound.route(
      routeOf(api.payment.notify, async (body, request) => {
        const now = config.clock();
        return db.transaction(async (tx) => {
          const payment = await lockPayment(tx, body.pay_sn);
          if (payment.state === PAYMENT_STATE.paid) return { pay_sn: payment.paySn, state: payment.state };
          if (payment.state === PAYMENT_STATE.closed) throw httpError(409, pm.paymentClosed);
          if (yuanToFen(body.amount) !== payment.amount) throw httpError(400, pm.amountMismatch);
          await tx
            .update(payments)
            .set({ state: PAYMENT_STATE.paid, tradeNo: body.trade_no, paidAt: now })
            .where(eq(payments.id, payment.id));
          const [order] = await tx.select().from(orders).where(eq(orders.orderSn, payment.orderSn)).for('update');
          // A pending payment's order is pending: cancel, time-out and close close its payments.
          if (order && order.tranState === TRAN_STATE.pending && !order.isClose)
            await applyPayment(tx, order, config.orderTimes, now);
          else request.log.warn({ paySn: payment.paySn }, 'payment notified for an order no longer pending');
          return { pay_sn: payment.paySn, state: PAYMENT_STATE.paid };
        });
      }),
    );
  });
};

export default paymentNotify;
