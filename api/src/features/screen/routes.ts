import { api } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routeOf } from '../../http/route.js';
import { activityStatus, barrage, hotBrands, ranking, saleList, venueBrands } from './queries.js';

/** Declarations: shared/src/display/screen-data.ts (public, signed). The display hub polls these. */
const screenRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;
  app.route(
    routeOf(api.screen.sale, async (query) => ({
      list: await saleList(db, config, query.date, query.ip_ids?.split(',').map(Number)),
    })),
  );
  app.route(routeOf(api.screen.hot, async (query) => ({ list: await hotBrands(db, config, query.limit) })));
  app.route(routeOf(api.screen.brands, async () => ({ list: await venueBrands(db, config) })));
  app.route(routeOf(api.screen.user, async (query) => ({ list: await ranking(db, config, query.limit) })));
  app.route(routeOf(api.screen.barrage, async (query) => barrage(db, config, query.last_id, query.limit)));
  app.route(
    routeOf(api.screen.active, async (query) => activityStatus(db, config, query.active_id, query.activity_type)),
  );
};

export default screenRoutes;
