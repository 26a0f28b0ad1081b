import { api, messages } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { albumOptions, assignAlbum } from '../album/index.js';
import { changeCoupon, couponOf, couponToWire, createCoupon, listCoupons } from './queries.js';

/**
 * Declarations: shared/src/features/coupon.ts (coupon_admin, per_id 15). Tables: coupons and
 * coupon_claims (the player's side is player-routes.ts).
 */
const couponRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.coupon.list, async (query, request) => {
      const brandIds = request.scope;
      const { rows, total } = await listCoupons(db, brandIds, query);
      return { list: rows.map(couponToWire), page: { page: query.page, limit: query.limit, total_rows: total } };
    }),
  );

  app.route(
    routeOf(api.coupon.detail, async (query, request) => ({
      list: couponToWire(await couponOf(db, request.brandIds, query.id)),
    })),
  );

  app.route(
    routeOf(api.coupon.create, async (body, request) => {
      return createCoupon(db, request, body);
    }),
  );

  app.route(
    routeOf(api.coupon.update, async (body, request) => {
      if (body.id === undefined) throw httpError(400, messages.common.notFound);
      await changeCoupon(db, request, request.brandIds, body.id, body);
      return { id: body.id };
    }),
  );

  app.route(
    routeOf(api.coupon.delete, async (body, request) => {
      await changeCoupon(db, request, request.brandIds, body.id, null);
      return null;
    }),
  );

  app.route(
    routeOf(api.coupon.setAlbum, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction((tx) => assignAlbum(tx, request, 'coupon', brandIds, body));
      return null;
    }),
  );

  app.route(
    routeOf(api.coupon.albums, async (_query, request) => {
      return albumOptions(db, request.scope);
    }),
  );
};

export default couponRoutes;
