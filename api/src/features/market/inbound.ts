import {
  api,
  MARKET_LINE,
  MARKET_SIGN_WINDOW_SECONDS,
  type MarketShipment,
  marketSign,
  messages,
  type SignParams,
} from '@toy/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { brands, marketOrderGoods, marketOrders, marketShipments } from '../../db/schema.js';
import { httpError } from '../../http/errors.js';
import { routeOf } from '../../http/route.js';
import { yuanToFen } from '../../lib/money.js';
import { safeEqual } from '../../lib/seal.js';
import { shipmentToWire, statusOfLines } from './queries.js';

const m = messages.market;
const c = messages.common;

declare module 'fastify' {
  interface FastifyRequest {
    /** The marketplace platform of an inbound request, once its signature is checked. */
    marketPlatform?: string;
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** What the marketplace signed: the raw query of a GET, the JSON body of a POST. */
function paramsOf(request: FastifyRequest): SignParams {
  const value = request.method === 'GET' ? request.query : request.body;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The marketplace's own calls (declarations: shared market.push, market.receipt, market.shipments),
 * not a merchant's: no session; each platform signs with its secret from the API config
 * (shared marketSign). The platform and signature are checked before the body is validated, so a
 * forged or stale request learns nothing about the body and nothing is written.
 */
const inboundRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.addHook('preValidation', async (request) => {
    const platform = (request.params as { platform?: string }).platform ?? '';
    const secret = Object.hasOwn(config.marketSecrets, platform) ? config.marketSecrets[platform] : undefined;
    if (!secret) throw httpError(404, m.platformUnknown);
    const given = header(request, 'sign');
    const mt = header(request, 'mt');
    if (!given || !mt) throw httpError(401, c.signMissing);
    if (!/^\d{1,12}$/.test(mt)) throw httpError(401, c.signInvalid);
    const path = request.url.split('?')[0]!;
    if (!safeEqual(given.toLowerCase(), marketSign(secret, path, mt, paramsOf(request))))
      throw httpError(401, c.signInvalid);
    if (Math.abs(Date.now() / 1000 - Number(mt)) > MARKET_SIGN_WINDOW_SECONDS) throw httpError(401, c.signExpired);
    request.marketPlatform = platform;
  });

  app.route(
    routeOf(api.market.push, async (body, request) => {
      const platform = request.marketPlatform!;
      const seen = new Set<string>();
      for (const o of body.orders) {
        if (seen.has(o.order_sn)) throw httpError(400, m.pushDuplicate(o.order_sn));
        seen.add(o.order_sn);
      }
      const ipIds = [...new Set(body.orders.map((o) => o.ip_id))];
      const known = new Set(
        (await db.select({ id: brands.id }).from(brands).where(inArray(brands.id, ipIds))).map((b) => b.id),
      );
      const missing = body.orders.find((o) => !known.has(o.ip_id));
      if (missing) throw httpError(400, m.pushBrandMissing(missing.order_sn));

      return db.transaction(async (tx) => {
        const answer: { order_sn: string; id: number; created: boolean }[] = [];
        for (const o of body.orders) {
          const [created] = await tx
            .insert(marketOrders)
            .values({
              platform,
              orderSn: o.order_sn,
              ipId: o.ip_id,
              deposit: yuanToFen(o.freight),
              goodsNums: o.goods.reduce((n, g) => n + g.nums, 0),
              username: o.receiver.username,
              phone: o.receiver.phone,
              province: o.receiver.province,
              city: o.receiver.city,
              area: o.receiver.area,
              address: o.receiver.address,
            })
            .onConflictDoNothing({ target: [marketOrders.platform, marketOrders.orderSn] })
            .returning({ id: marketOrders.id });
          if (created) {
            await tx.insert(marketOrderGoods).values(
              o.goods.map((g) => ({
                orderId: created.id,
                templateTitle: g.template_title,
                goodsTitle: g.goods_title,
                nums: g.nums,
                goodsPic: g.goods_pic,
              })),
            );
            answer.push({ order_sn: o.order_sn, id: created.id, created: true });
            continue;
          }
          const [existing] = await tx
            .select({ id: marketOrders.id })
            .from(marketOrders)
            .where(and(eq(marketOrders.platform, platform), eq(marketOrders.orderSn, o.order_sn)));
          answer.push({ order_sn: o.order_sn, id: existing!.id, created: false });
        }
        return { orders: answer };
      });
    }),
  );

  app.route(
    routeOf(api.market.receipt, async (body, request) => {
      const platform = request.marketPlatform!;
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(marketOrders)
          .where(and(eq(marketOrders.platform, platform), eq(marketOrders.orderSn, body.order_sn)))
          .for('update');
        if (!order) throw httpError(404, m.orderMissing);
        const shipments = await tx.select().from(marketShipments).where(eq(marketShipments.orderId, order.id));
        const chosen = body.express ? shipments.filter((s) => s.express === body.express) : shipments;
        if (body.express && chosen.length === 0) throw httpError(404, m.expressMissing);
        if (shipments.length === 0) throw httpError(409, m.notShipped);
        const ids = chosen.map((s) => s.id);
        await tx
          .update(marketOrderGoods)
          .set({ state: MARKET_LINE.received })
          .where(
            and(
              eq(marketOrderGoods.orderId, order.id),
              inArray(marketOrderGoods.shipmentId, ids),
              eq(marketOrderGoods.state, MARKET_LINE.shipped),
            ),
          );
        await tx
          .update(marketShipments)
          .set({ receivedAt: sql`coalesce(${marketShipments.receivedAt}, now())` })
          .where(inArray(marketShipments.id, ids));
        const lines = await tx
          .select({ state: marketOrderGoods.state })
          .from(marketOrderGoods)
          .where(eq(marketOrderGoods.orderId, order.id));
        const status = statusOfLines(lines);
        await tx
          .update(marketOrders)
          .set({ deliveryStatus: status, updatedAt: sql`now()` })
          .where(eq(marketOrders.id, order.id));
        return { delivery_status: status };
      });
    }),
  );

  app.route(
    routeOf(api.market.shipments, async (query, request) => {
      const platform = request.marketPlatform!;
      const rows = await db
        .select({ shipment: marketShipments, orderSn: marketOrders.orderSn })
        .from(marketShipments)
        .innerJoin(marketOrders, eq(marketOrders.id, marketShipments.orderId))
        .where(and(eq(marketShipments.platform, platform), gt(marketShipments.id, query.since_id)))
        .orderBy(asc(marketShipments.id))
        .limit(query.limit);
      const lines = rows.length
        ? await db
            .select({ id: marketOrderGoods.id, shipmentId: marketOrderGoods.shipmentId })
            .from(marketOrderGoods)
            .where(
              inArray(
                marketOrderGoods.shipmentId,
                rows.map((r) => r.shipment.id),
              ),
            )
            .orderBy(asc(marketOrderGoods.id))
        : [];
      const list: MarketShipment[] = rows.map((r) =>
        shipmentToWire(
          r.shipment,
          r.orderSn,
          lines.filter((l) => l.shipmentId === r.shipment.id).map((l) => l.id),
        ),
      );
      return { list };
    }),
  );
};

export default inboundRoutes;
