import { api, countryText, messages, type Subscription } from '@toy/shared';
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { players, subscriptions } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { audit } from '../audit/index.js';

const m = messages.subscription;
type Row = typeof subscriptions.$inferSelect;

const toWire = (row: Row, nickname: string): Subscription => ({
  id: row.id,
  ip_id: row.ipId,
  users: { email: row.email, nickname },
  wechat_id: row.wechatId,
  ig_id: row.igId,
  country: row.country,
  country_text: countryText(row.country),
  status: row.status,
  created_at: formatTime(row.createdAt),
});

/**
 * The review rule of spec 02 §4, per target status: the states it may leave from, and the message
 * when it may not (approve while pending; reject while not yet rejected).
 */
const REVIEW = {
  1: { from: () => eq(subscriptions.status, 0), refused: m.notPending, action: 'approve' },
  2: { from: () => ne(subscriptions.status, 2), refused: m.alreadyRejected, action: 'reject' },
} as const;

/** Declarations: shared/src/features/subscription.ts (box_admin, per_id 14). Table: subscriptions. */
const subscriptionRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.subscription.list, async (query, request) => {
      const brandIds = request.scope;
      const pagination = { page: query.page, limit: query.limit, total_rows: 0 };
      if (brandIds.length === 0) return { list: [], pagination };
      const where = and(
        inArray(subscriptions.ipId, brandIds),
        query.status === -1 ? undefined : eq(subscriptions.status, query.status),
      );
      const [total] = await db.select({ n: count() }).from(subscriptions).where(where);
      const rows = await db
        .select({ row: subscriptions, nickname: players.nickname })
        .from(subscriptions)
        .innerJoin(players, eq(players.id, subscriptions.playerId))
        .where(where)
        .orderBy(desc(subscriptions.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        list: rows.map((r) => toWire(r.row, r.nickname)),
        pagination: { ...pagination, total_rows: total?.n ?? 0 },
      };
    }),
  );

  app.route(
    routeOf(api.subscription.review, async (body, request) => {
      const brandIds = request.brandIds;
      const rule = REVIEW[body.status];
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.id, body.id), inArray(subscriptions.ipId, brandIds)))
          .for('update');
        if (!before) throw notFound();
        const [after] = await tx
          .update(subscriptions)
          .set({ status: body.status, reviewedAt: new Date() })
          .where(and(eq(subscriptions.id, body.id), rule.from()))
          .returning();
        if (!after) throw httpError(400, rule.refused);
        await audit(tx, request, {
          entity: 'subscription',
          id: after.id,
          ipId: after.ipId,
          action: rule.action,
          before: { id: before.id, status: before.status },
          after: { id: after.id, status: after.status },
        });
        return { id: after.id, status: after.status };
      });
    }),
  );
};

export default subscriptionRoutes;
