import { api } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { idList } from '../../db/client.js';
import { routeOf } from '../../http/route.js';
import { couponView } from './coupon.js';
import { reviewNewsOf } from './decisions.js';
import { merchantView } from './merchant.js';
import { reviewView } from './review.js';

/**
 * The home dashboard (declarations: shared/src/features/dashboard.ts): dashboard.get for the
 * merchant (box_admin, per_id 14), dashboard.coupon for the coupon manager (coupon_admin, per_id
 * 15), dashboard.review for the platform reviewer; dashboard.reviewNews, the merchant's menu badge of
review decisions it has not looked at. Tenancy first: the brand filter must be one of
 * the account's brands for that per_id (else 404), absent means all of them. Every figure is a
 * query over the records (merchant.ts: orders, pickups, deposits, draw machines, kujis, goods,
 * gacha goods, blind-box records; coupon.ts: coupons, coupon_claims; review.ts: the review
 * queues), never a stored counter.
 */
const dashboardRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(routeOf(api.dashboard.get, async (query, request) => merchantView(db, request.scope, query.ip_id)));

  app.route(routeOf(api.dashboard.coupon, async (query, request) => couponView(db, request.scope, query.ip_id)));

  app.route(
    routeOf(api.dashboard.reviewNews, async (query, request) =>
      reviewNewsOf(db, idList(request.brandIds), query.since, Date.now()),
    ),
  );

  app.route(routeOf(api.dashboard.review, async () => reviewView(db)));
};

export default dashboardRoutes;
