import { api } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routeOf } from '../../http/route.js';
import { assertBrand } from '../../http/tenancy.js';
import { listWarehouses, saveWarehouse } from './queries.js';

/** Declarations: shared/src/features/warehouse.ts (box_admin, per_id 14). Table: warehouses. */
const warehouseRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.warehouse.list, async (query, request) => {
      if (query.ip_id !== undefined) await assertBrand(request, query.ip_id);
      const brandIds = query.ip_id !== undefined ? [query.ip_id] : await request.brands();
      return listWarehouses(db, app.cache, brandIds);
    }),
  );

  app.route(
    routeOf(api.warehouse.save, async (body, request) => {
      await assertBrand(request, body.ip_id);
      return saveWarehouse(db, await request.brands(), body);
    }),
  );
};

export default warehouseRoutes;
