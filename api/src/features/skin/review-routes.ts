import { api, messages } from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { skins, users } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { containing } from '../goods/index.js';
import { auditView, skinsToWire } from './queries.js';

/**
 * Declarations: shared/src/features/skin.ts (skinReviewRoutes, role reviewer). The platform
 * reviewer sees every brand's skins; only a pending skin is decided, once (the conditional update
 * settles two reviewers racing). The decision is audited in the same transaction.
 */
const skinReviewRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.review.skinList, async (query) => {
      const where: SQL[] = [];
      if (query.status !== undefined && query.status >= 0) where.push(eq(skins.processStatus, query.status));
      if (query.title) where.push(ilike(skins.title, containing(query.title)));
      const [total] = await db
        .select({ n: count() })
        .from(skins)
        .where(and(...where));
      const rows = await db
        .select()
        .from(skins)
        .where(and(...where))
        .orderBy(desc(skins.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const ids = [...new Set(rows.map((r) => r.userId).filter((v): v is number => v !== null))];
      const names = ids.length
        ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
        : [];
      const byId = new Map(names.map((u) => [u.id, u.name]));
      const list = (await skinsToWire(db, config, rows)).map((s, i) => ({
        ...s,
        submitter: byId.get(rows[i]!.userId ?? 0) ?? '',
      }));
      return { list, pagination: { page: query.page, limit: query.limit, total_rows: Number(total?.n ?? 0) } };
    }),
  );

  app.route(
    routeOf(api.review.skinDecide, async (body, request) =>
      db.transaction(async (tx) => {
        const [before] = await tx.select().from(skins).where(eq(skins.id, body.id)).for('update');
        if (!before) throw notFound();
        const [decided] = await tx
          .update(skins)
          .set({
            processStatus: body.status,
            remark: body.status === 2 ? body.reason : '',
            reviewerId: request.user!.id,
            updatedAt: sql`now()`,
          })
          .where(and(eq(skins.id, body.id), eq(skins.processStatus, 0)))
          .returning();
        if (!decided) throw httpError(409, messages.skin.decided);
        await audit(tx, request, {
          entity: 'skin',
          id: decided.id,
          ipId: decided.ipId,
          action: body.status === 1 ? 'approve' : 'reject',
          before: auditView(before),
          after: auditView(decided),
        });
        return { id: decided.id, process_status: decided.processStatus };
      }),
    ),
  );
};

export default skinReviewRoutes;
