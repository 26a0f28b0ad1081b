import { api, auditActionText } from '@toy/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { auditLog } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { formatTime } from '../../lib/time.js';

/**
 * Declarations: shared/src/features/audit.ts. Table: audit_log. A merchant sees the history of
 * entities recorded under any of their brands (for any permission id); others' is empty.
 */
const auditRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.audit.list, async (query, request) => {
      const brandIds = request.brandIds;
      const pagination = { page: query.page, limit: query.limit, total_rows: 0 };
      if (brandIds.length === 0) return { list: [], pagination };
      const where = and(
        eq(auditLog.entity, query.entity),
        eq(auditLog.entityId, query.id),
        inArray(auditLog.ipId, brandIds),
      );
      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
      const rows = await db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        list: rows.map((r) => ({
          id: r.id,
          entity: r.entity,
          entity_id: r.entityId,
          ip_id: r.ipId,
          action: r.action,
          action_text: auditActionText(r.action),
          actor: r.actor,
          before: (r.before as Record<string, unknown> | null) ?? null,
          after: (r.after as Record<string, unknown> | null) ?? null,
          created_at: formatTime(r.createdAt),
        })),
        pagination: { ...pagination, total_rows: total?.n ?? 0 },
      };
    }),
  );
};

export default auditRoutes;
