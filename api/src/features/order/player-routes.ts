import { api, type Order, type PlayerOrder } from '@toy/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { channelOf, orderPayment } from '../payment/index.js';
import { amountDue, applyPayment, assertPayable, buy, cancel, confirm, playerOrder } from './lifecycle.js';
import { bundle, type OrderRow, orderToWire, wireOf } from './queries.js';

/**
 * The player's orders (declarations: shared playerOrderRoutes, under api.player): buying the
 * brand's goods (a release sale, activity type 5), paying (a pre-sale: deposit, then the final
 * payment, each a payments row paid through the payment channel), cancelling, confirming receipt
 * and the player's own list. The life cycle, stock and deadlines are in features/order/lifecycle.ts;
 * the merchant never sees the private remark here.
 */
const withoutPrivate = ({ private_remark: _, ...rest }: Order): PlayerOrder => rest;

const playerOrderRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, cache } = app;
  const times = config.orderTimes;
  const channel = channelOf(config.payment);

  /** Run a step on the player's locked order and answer it as it now is. */
  const step = async (playerId: number, sn: string, run: (tx: Tx, o: OrderRow) => Promise<void>) => {
    const id = await db.transaction(async (tx) => {
      const o = await playerOrder(tx, playerId, sn);
      await run(tx, o);
      return o.id;
    });
    return withoutPrivate(await wireOf(db, config, id));
  };

  app.route(
    routeOf(api.player.orderBuy, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      const order = await db.transaction((tx) => buy(tx, playerId, body, times, config.clock()));
      return withoutPrivate(await wireOf(db, config, order.id));
    }),
  );

  app.route(
    routeOf(api.player.orderPay, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      // A payment past its deadline marks the order timed out, then answers 订单已超时: the
      // timeout is kept, so the step runs in its own transaction and the answer comes after it.
      let failure: unknown = null;
      // The amount due becomes a payment (payments): paid at once through an instant channel,
      // else the order waits for the channel's signed notification (payment/notify.ts).
      const answer = await step(playerId, body.order_sn, async (tx, o) => {
        try {
          const now = config.clock();
          await assertPayable(tx, o, now);
          const { paid } = await orderPayment(tx, channel, { playerId, orderSn: o.orderSn, amount: amountDue(o) }, now);
          if (paid) await applyPayment(tx, o, times, now);
        } catch (error) {
          failure = error;
        }
      });
      if (failure) throw failure;
      return answer;
    }),
  );

  app.route(
    routeOf(api.player.orderCancel, async (body, request) =>
      step(await playerOf(db, cache, request), body.order_sn, (tx, o) => cancel(tx, o)),
    ),
  );

  app.route(
    routeOf(api.player.orderConfirm, async (body, request) =>
      step(await playerOf(db, cache, request), body.order_sn, (tx, o) => confirm(tx, o, config.clock())),
    ),
  );

  app.route(
    routeOf(api.player.orderList, async (query, request) => {
      const playerId = await playerOf(db, cache, request);
      const rows = await db
        .select()
        .from(orders)
        .where(eq(orders.playerId, playerId))
        .orderBy(desc(orders.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const [total] = await db.select({ n: count() }).from(orders).where(eq(orders.playerId, playerId));
      const now = config.clock().getTime();
      return {
        list: (await bundle(db, rows)).map((b) => withoutPrivate(orderToWire(b, config, now))),
        total_rows: total?.n ?? 0,
      };
    }),
  );
};

export default playerOrderRoutes;
