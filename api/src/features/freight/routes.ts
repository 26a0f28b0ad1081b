import { api } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { depositFreight } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { assertBrand } from '../../http/tenancy.js';
import { fenToYuan } from '../../lib/money.js';
import { listTemplates, saveTemplate } from './templates.js';

/**
 * Declarations: shared/src/features/freight.ts. Tables: deposit_freight (the freight check) and
 * freight_templates (templates.ts).
 */
const freightRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.freight.info, async (query, request) => {
      await assertBrand(request, query.ip_id);
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
    routeOf(api.freight.list, async (query, request) => {
      if (query.ip_id !== undefined) await assertBrand(request, query.ip_id);
      return listTemplates(db, query.ip_id !== undefined ? [query.ip_id] : await request.brands());
    }),
  );

  app.route(
    routeOf(api.freight.save, async (body, request) => {
      await assertBrand(request, body.ip_id);
      return saveTemplate(db, request, await request.brands(), body);
    }),
  );
};

export default freightRoutes;
