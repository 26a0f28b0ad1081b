import { api } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routeOf } from '../../http/route.js';
import { listWarehouses, saveWarehouse } from './queries.js';

/** Declarations: shared/src/features/warehouse.ts (box_admin, per_id 14). Table: warehouses. */
const warehouseRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.warehouse.list, async (_query, request) => {
      return listWarehouses(db, app.cache, request.scope);
    }),
  );

  app.route(
    routeOf(api.warehouse.save, async (body, request) => {
      return saveWarehouse(db, request.brandIds, body);
    }),
  );
};

export default warehouseRoutes;
