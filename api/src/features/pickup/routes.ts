import { api } from '@toy/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { jobs } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { assertClean, previewOf, readShippingSheet } from '../shipment/index.js';
import { exportPickupsNow, PICKUP_EXPORT_KIND, PICKUP_EXPORT_LIMITS, type PickupExportParams } from './export.js';
import { applyShipping, planShipping } from './import.js';
import {
  countPickups,
  findPickup,
  goodsOf,
  keyOfId,
  pagePickupIds,
  pickupsByIds,
  pickupToWire,
  pickupWhere,
  retrievalInfoOf,
} from './queries.js';
import { shipItems } from './ship.js';

/**
 * Declarations: shared/src/features/pickup.ts (pickupRoutes, retrievalRoutes; box_admin, per_id
 * 14). Tables: pickups, pickup_shipments, deposits (the items), jobs (large exports). Every ship
 * is audited in its transaction.
 */
const pickupRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;

  /** The brands a call acts on: the one asked for (checked), else all of the user's. */

  app.route(
    routeOf(api.pickup.list, async (query, request) => {
      const brandIds = request.scope;
      const empty = { list: [], pagination: { page: query.page, limit: query.limit, total_rows: 0 } };
      if (brandIds.length === 0) return empty;
      const where = pickupWhere(brandIds, query);
      const [ids, total] = await Promise.all([
        pagePickupIds(db, where, query.page, query.limit, query.sort),
        countPickups(db, where),
      ]);
      const [rows, goods] = await Promise.all([pickupsByIds(db, ids), goodsOf(db, ids)]);
      return {
        list: rows.map((r) => pickupToWire(r.p, r.nickname, goods.get(r.p.id) ?? [], config)),
        pagination: { page: query.page, limit: query.limit, total_rows: total },
      };
    }),
  );

  const shipAll = async (
    request: FastifyRequest,
    body: { order_sn: string; express_company: string; express: string },
  ) => {
    const brandIds = request.brandIds;
    const status = await db.transaction(async (tx) => {
      const pickup = await findPickup(tx, brandIds, { sn: body.order_sn }, true);
      return shipItems(tx, request, pickup, body);
    });
    return { delivery_status: status };
  };

  app.route(routeOf(api.pickup.ship, (body, request) => shipAll(request, body)));
  app.route(routeOf(api.retrieval.shipGood, (body, request) => shipAll(request, body)));

  app.route(
    routeOf(api.retrieval.shipMore, async (body, request) => {
      const brandIds = request.brandIds;
      const status = await db.transaction(async (tx) => {
        const pickup = await findPickup(tx, brandIds, { sn: body.order_sn }, true);
        return shipItems(tx, request, pickup, body, body.child_ids);
      });
      return { delivery_status: status };
    }),
  );

  app.route(
    routeOf(api.retrieval.backInfo, async (query, request) => {
      const pickup = await findPickup(db, request.brandIds, keyOfId(query.id));
      return { info: await retrievalInfoOf(db, config, pickup.id) };
    }),
  );

  app.route(
    routeOf(api.pickup.export, async (body, request) => {
      const brandIds = request.scope;
      const { ip_id: _ip, ...filters } = body;
      const total = brandIds.length ? await countPickups(db, pickupWhere(brandIds, filters)) : 0;
      const params: PickupExportParams = { brandIds, filters };
      if (total <= PICKUP_EXPORT_LIMITS.syncMaxRows) {
        const { url } = await exportPickupsNow(db, config, storage, request.user!.id, params);
        return { url, job_id: null, total_num: total };
      }
      const [job] = await db
        .insert(jobs)
        .values({ kind: PICKUP_EXPORT_KIND, userId: request.user!.id, params, totalNum: total })
        .returning({ id: jobs.id });
      app.jobs.wake();
      return { url: null, job_id: job!.id, total_num: total };
    }),
  );

  app.route(
    routeOf(api.pickup.import, async (body, request) => {
      const sheet = await readShippingSheet(db, config, storage, request, body.url);
      const plan = await planShipping(db, request.brandIds, sheet);
      return previewOf(db, config, storage, request.user!.id, plan);
    }),
  );

  app.route(
    routeOf(api.pickup.importConfirm, async (body, request) => {
      const sheet = await readShippingSheet(db, config, storage, request, body.url);
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const plan = await planShipping(tx, brandIds, sheet, true);
        assertClean(plan);
        await applyShipping(tx, request, plan);
        return { ship_num: plan.ships.length };
      });
    }),
  );
};

export default pickupRoutes;
