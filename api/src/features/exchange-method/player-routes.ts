import { api, componentKind, messages, timeStatusOf } from '@toy/shared';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { exchangeClaims, exchangeMethods, players, virtualReceipts } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { holdsRelation } from '../holdings/index.js';
import { pointsOf } from './points.js';
import { exchangeWires, relationOf } from './queries.js';

const m = messages.exchangeMethod;

/**
 * Declarations: shared/src/features/exchange-method.ts (playerExchangeRoutes). A claim: on shelf and
 * in progress, the related orders held, enough points (./points.ts), once a player. The player's
 * row is locked for the claim, so two claims of one player never spend the same points; the unique
 * index on exchange_claims (method, player) decides a race of the same claim: exactly one wins.
 * The components become virtual_receipts (source exchange, source_id the claim); ones already held
 * are skipped.
 */
const playerExchangeRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache, appConfig: config } = app;

  app.route(
    routeOf(api.player.exchangeMethods, async (query, request) => {
      const playerId = await playerOf(db, cache, request);
      const where: SQL[] = [eq(exchangeMethods.off, 0)];
      if (query.ip_id !== undefined) where.push(eq(exchangeMethods.ipId, query.ip_id));
      const [total] = await db
        .select({ n: count() })
        .from(exchangeMethods)
        .where(and(...where));
      const rows = await db
        .select()
        .from(exchangeMethods)
        .where(and(...where))
        .orderBy(desc(exchangeMethods.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const mine = rows.length
        ? await db
            .select({ id: exchangeClaims.exchangeMethodId })
            .from(exchangeClaims)
            .where(
              and(
                eq(exchangeClaims.playerId, playerId),
                inArray(
                  exchangeClaims.exchangeMethodId,
                  rows.map((r) => r.id),
                ),
              ),
            )
        : [];
      const claimed = new Set(mine.map((r) => r.id));
      const wires = await exchangeWires(db, config, rows);
      return {
        lists: wires.map((w) => ({
          id: w.id,
          ip_id: w.ip_id,
          name: w.name,
          type: w.type,
          pic: w.pic,
          points: w.points,
          short: w.short,
          begin_at: w.begin_at,
          end_at: w.end_at,
          time_status: w.time_status,
          relation_order: w.relation_order,
          dolls: w.dolls,
          claimed: claimed.has(w.id),
        })),
        pagination: { page: query.page, limit: query.limit, total_rows: Number(total?.n ?? 0) },
      };
    }),
  );

  app.route(routeOf(api.player.points, async (_query, request) => pointsOf(db, await playerOf(db, cache, request))));

  app.route(
    routeOf(api.player.claimExchange, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      return db.transaction(async (tx) => {
        await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).for('update');
        const [method] = await tx.select().from(exchangeMethods).where(eq(exchangeMethods.id, body.id));
        if (!method) throw notFound();
        if (method.off === 1) throw httpError(409, m.offShelf);
        const status = timeStatusOf(method.beginAt, method.endAt);
        if (status === 2) throw httpError(409, m.notStarted);
        if (status === 3) throw httpError(409, m.ended);
        const [already] = await tx
          .select({ id: exchangeClaims.id })
          .from(exchangeClaims)
          .where(and(eq(exchangeClaims.exchangeMethodId, method.id), eq(exchangeClaims.playerId, playerId)));
        if (already) throw httpError(409, m.alreadyClaimed);
        if (!(await holdsRelation(tx, playerId, method.relationOrder, relationOf(method))))
          throw httpError(409, m.relationUnmet);
        const balance = await pointsOf(tx, playerId);
        if (balance.points < method.points) throw httpError(409, m.pointsShort);
        const won = await tx
          .insert(exchangeClaims)
          .values({ exchangeMethodId: method.id, playerId, points: method.points })
          .onConflictDoNothing({ target: [exchangeClaims.exchangeMethodId, exchangeClaims.playerId] })
          .returning({ id: exchangeClaims.id });
        if (won.length === 0) throw httpError(409, m.alreadyClaimed);
        const claimId = won[0]!.id;
        const received = method.components.map((c) => ({ kind: componentKind(c.type), id: c.id }));
        if (received.length > 0)
          await tx
            .insert(virtualReceipts)
            .values(
              received.map((r) => ({ playerId, kind: r.kind, itemId: r.id, source: 'exchange', sourceId: claimId })),
            )
            .onConflictDoNothing();
        return { claim_id: claimId, points: balance.points - method.points, received };
      });
    }),
  );
};

export default playerExchangeRoutes;
