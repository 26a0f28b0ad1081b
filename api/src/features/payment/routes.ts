import { api } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { paymentsOf } from './record.js';

/**
 * A player's payments (declaration player.payments, shared/src/features/payment.ts; table
 * payments). The channel's notification that pays an order is the order's: order/payment-notify.ts.
 */
const paymentRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache } = app;

  app.route(
    routeOf(api.player.payments, async (query, request) => {
      const playerId = await playerOf(db, cache, request);
      return { list: await paymentsOf(db, playerId, query.order_sn) };
    }),
  );
};

export default paymentRoutes;
