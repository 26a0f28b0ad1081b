import { api } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { depositFreight } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { assertBrand } from '../../http/tenancy.js';
import { fenToYuan } from '../../lib/money.js';

/** Declarations: shared/src/features/freight.ts. Table: deposit_freight. */
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
};

export default freightRoutes;
