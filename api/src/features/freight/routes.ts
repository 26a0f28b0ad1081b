import { api } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { depositFreight } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { fenToYuan } from '../../lib/money.js';
import { listTemplates, saveTemplate } from './templates.js';

/**
 * Declarations: shared/src/features/freight.ts. Tables: deposit_freight (the freight check) and
 * freight_templates (templates.ts).
 */
const freightRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.freight.info, async (query) => {
      const [row] = await db.select().from(depositFreight).where(eq(depositFreight.ipId, query.ip_id)).limit(1);
      if (!row) return null;
      return {
        id: row.id,
        ip_id: row.ipId,
        free_days: row.freeDays,
        free_num: row.freeNum,
        unit_price: fenToYuan(row.unitPrice),
      };
    }),
  );

  app.route(
    routeOf(api.freight.list, async (_query, request) => {
      return listTemplates(db, request.scope);
    }),
  );

  app.route(
    routeOf(api.freight.save, async (body, request) => {
      return saveTemplate(db, request, request.brandIds, body);
    }),
  );
};

export default freightRoutes;
