import { api, messages, TOY_STATUS } from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { auditLog, moments, toys, users } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { containing } from '../goods/index.js';
import { momentWires, now, toyWires } from '../toy/index.js';

type Table = typeof toys | typeof moments;

/**
 * Declarations: shared/src/features/toy-routes.ts toyReviewRoutes (role reviewer). Tables: toys,
 * moments. Like the kuji's: a pending item is decided once (409 when already decided); approval
 * makes it droppable, rejection keeps the remark the merchant reads on its list. Audited.
 */
const toyReviewRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  /** Who submitted each item: the user of its last create or edit (audit_log). */
  const submitters = async (entity: 'toy' | 'moment', ids: number[]) => {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await db
      .selectDistinctOn([auditLog.entityId], { id: auditLog.entityId, email: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(
        and(
          eq(auditLog.entity, entity),
          inArray(auditLog.entityId, ids),
          inArray(auditLog.action, ['create', 'update']),
        ),
      )
      .orderBy(auditLog.entityId, desc(auditLog.id));
    return new Map(rows.map((r) => [r.id, r.email ?? '']));
  };

  const pageOf = async (table: Table, query: { status: number; name: string; page: number; limit: number }) => {
    const where: SQL[] = [];
    if (query.status !== -1) where.push(eq(table.status, query.status));
    if (query.name) where.push(ilike(table.name, containing(query.name)));
    const [total] = await db
      .select({ n: count() })
      .from(table as typeof toys)
      .where(and(...where));
    const rows = await db
      .select()
      .from(table as typeof toys)
      .where(and(...where))
      .orderBy(desc(table.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return { rows, total: Number(total?.n ?? 0) };
  };

  app.route(
    routeOf(api.review.toyList, async (query) => {
      const { rows, total } = await pageOf(toys, query);
      const who = await submitters(
        'toy',
        rows.map((r) => r.id),
      );
      const list = (await toyWires(db, config, rows)).map((r) => ({ ...r, submitter: who.get(r.id) ?? '' }));
      return { list, pagination: { page: query.page, limit: query.limit, total_rows: total } };
    }),
  );

  app.route(
    routeOf(api.review.momentList, async (query) => {
      const { rows, total } = await pageOf(moments, query);
      const who = await submitters(
        'moment',
        rows.map((r) => r.id),
      );
      const list = (await momentWires(db, config, rows as unknown as (typeof moments.$inferSelect)[])).map((r) => ({
        ...r,
        submitter: who.get(r.id) ?? '',
      }));
      return { list, pagination: { page: query.page, limit: query.limit, total_rows: total } };
    }),
  );

  /** Only a pending item is decided, once: the conditional update settles two reviewers racing. */
  const decide = async (
    entity: 'toy' | 'moment',
    table: Table,
    body: { id: number; status: 1 | 2; remark: string },
    request: FastifyRequest,
  ) =>
    db.transaction(async (tx: Tx) => {
      const [before] = await tx
        .select()
        .from(table as typeof toys)
        .where(eq(table.id, body.id))
        .for('update');
      if (!before) throw notFound();
      if (before.status !== TOY_STATUS.pending) throw httpError(409, messages.toy.decided);
      const [row] = await tx
        .update(table as typeof toys)
        .set({ status: body.status, remark: body.remark, updatedAt: now })
        .where(and(eq(table.id, body.id), inArray(table.status, [TOY_STATUS.pending])))
        .returning();
      await audit(tx, request, {
        entity,
        id: row!.id,
        ipId: row!.ipId,
        action: body.status === 1 ? 'approve' : 'reject',
        before: { status: before.status, remark: before.remark },
        after: { status: row!.status, remark: row!.remark },
      });
      return { id: row!.id, status: row!.status };
    });

  app.route(routeOf(api.review.toyDecide, async (body, request) => decide('toy', toys, body, request)));
  app.route(routeOf(api.review.momentDecide, async (body, request) => decide('moment', moments, body, request)));
};

export default toyReviewRoutes;
