import { api } from '@toy/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { deposits, orderItems, orders } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';

/** A player's cabinet (declaration player.deposit; table deposits): what the draws left there. */
const playerDepositRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, cache } = app;

  app.route(
    routeOf(api.player.deposit, async (query, request) => {
      const playerId = await playerOf(db, cache, request);
      const rows = await db
        .select({ d: deposits, title: orders.activeTitle, goodsTitle: orderItems.goodsTitle, pic: orderItems.goodsPic })
        .from(deposits)
        .innerJoin(orderItems, eq(orderItems.id, deposits.orderItemId))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(eq(deposits.playerId, playerId), query.state === undefined ? undefined : eq(deposits.state, query.state)),
        )
        .orderBy(asc(deposits.id))
        .limit(1000);
      return {
        list: rows.map((r) => ({
          id: r.d.id,
          batch_id: r.d.batchId,
          kuji_id: r.d.kujiId,
          title: r.title,
          goods_title: r.goodsTitle,
          goods_pic: picUrl(config, r.pic),
          state: r.d.state,
          created_at: formatTime(r.d.createdAt),
        })),
      };
    }),
  );
};

export default playerDepositRoutes;
