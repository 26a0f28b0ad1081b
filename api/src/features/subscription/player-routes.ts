import { api, messages } from '@toy/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { brands, subscriptions } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';

const m = messages.subscription;

/**
 * The player's subscription applications (declarations: shared/src/features/subscription.ts). A
 * player has at most one open application per brand: a pending or approved one answers its message;
 * after a rejection the player may apply again.
 */
const playerSubscriptionRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache } = app;

  app.route(
    routeOf(api.player.subscribe, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      return db.transaction(async (tx) => {
        const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.ip_id)).for('update');
        if (!brand) throw httpError(404, messages.common.notFound);
        const [open] = await tx
          .select({ status: subscriptions.status })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.playerId, playerId),
              eq(subscriptions.ipId, body.ip_id),
              inArray(subscriptions.status, [0, 1]),
            ),
          );
        if (open) throw httpError(400, open.status === 0 ? m.pending : m.subscribed);
        const [row] = await tx
          .insert(subscriptions)
          .values({
            ipId: body.ip_id,
            playerId,
            email: body.email,
            wechatId: body.wechat_id,
            igId: body.ig_id,
            country: body.country,
          })
          .returning({ id: subscriptions.id, status: subscriptions.status });
        return row!;
      });
    }),
  );

  app.route(
    routeOf(api.player.subscriptions, async (_query, request) => {
      const playerId = await playerOf(db, cache, request);
      const rows = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.playerId, playerId))
        .orderBy(asc(subscriptions.id));
      return {
        list: rows.map((r) => ({ id: r.id, ip_id: r.ipId, status: r.status, created_at: formatTime(r.createdAt) })),
      };
    }),
  );
};

export default playerSubscriptionRoutes;
