import { randomBytes } from 'node:crypto';
import {
  api,
  MARKET_LINE,
  MARKET_PLATFORM_CODES,
  MARKET_SHOP_ID_PATTERN,
  MARKET_SIGN_WINDOW_SECONDS,
  type MarketShipment,
  marketSign,
  messages,
  type SignParams,
} from '@toy/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { marketLinks, marketOrderGoods, marketOrders, marketShipments } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { yuanToFen } from '../../lib/money.js';
import { safeEqual } from '../../lib/seal.js';
import { shipmentToWire, statusOfLines } from './queries.js';

const m = messages.market;
const c = messages.common;
/** The HMAC key of a shop without a link: random per process, never a real link's secret. */
const NO_LINK_KEY = randomBytes(32).toString('hex');

declare module 'fastify' {
  interface FastifyRequest {
    /** The marketplace link (platform shop → brand) of an inbound request, once its signature is checked. */
    marketLink?: { id: number; platform: string; shopId: string; ipId: number };
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

/** Every refusal of a shop: one answer, so a caller learns neither whether a shop, a link nor a brand exists. */
const refused = () => httpError(403, m.shopRefused);

/**
 * The marketplace's own calls (declarations: shared market.push, market.receipt, market.shipments),
 * not a merchant's: no session. A call names its shop (`shop_id`) and is signed with the secret of
 * that shop's link (table market_links, shared marketSign); it acts only on the linked brand's
 * orders. The link and signature are checked before the body is validated, so a forged or stale
 * request learns nothing about the body and nothing is written.
 */
const inboundRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.addHook('preValidation', async (request) => {
    const platform = (request.params as { platform?: string }).platform ?? '';
    if (!(MARKET_PLATFORM_CODES as string[]).includes(platform)) throw httpError(404, m.platformUnknown);
    const given = header(request, 'sign');
    const mt = header(request, 'mt');
    if (!given || !mt) throw httpError(401, c.signMissing);
    if (!/^\d{1,12}$/.test(mt)) throw httpError(401, c.signInvalid);
    const params = paramsOf(request);
    const shopId = params?.shop_id;
    if (typeof shopId !== 'string' || !MARKET_SHOP_ID_PATTERN.test(shopId)) throw refused();
    const [link] = await db
      .select()
      .from(marketLinks)
      .where(and(eq(marketLinks.platform, platform), eq(marketLinks.shopId, shopId)))
      .limit(1);
    // Without a link the signature is still computed (with a key nobody holds), so both take as long.
    const path = request.url.split('?')[0]!;
    const expected = marketSign(link?.secret ?? NO_LINK_KEY, path, mt, params);
    if (!safeEqual(given.toLowerCase(), expected) || !link) throw refused();
    if (Math.abs(Date.now() / 1000 - Number(mt)) > MARKET_SIGN_WINDOW_SECONDS) throw httpError(401, c.signExpired);
    request.marketLink = { id: link.id, platform, shopId, ipId: link.ipId };
  });

  app.route(
    routeOf(api.market.push, async (body, request) => {
      const { platform, ipId } = request.marketLink!;
      const seen = new Set<string>();
      for (const o of body.orders) {
        if (seen.has(o.order_sn)) throw httpError(400, m.pushDuplicate(o.order_sn));
        seen.add(o.order_sn);
      }
      // Only the linked brand: another brand, existing or not, is the same refusal.
      if (body.orders.some((o) => o.ip_id !== ipId)) throw refused();

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
            .select({ id: marketOrders.id, ipId: marketOrders.ipId })
            .from(marketOrders)
            .where(and(eq(marketOrders.platform, platform), eq(marketOrders.orderSn, o.order_sn)));
          if (existing!.ipId !== ipId) throw refused();
          answer.push({ order_sn: o.order_sn, id: existing!.id, created: false });
        }
        return { orders: answer };
      });
    }),
  );

  app.route(
    routeOf(api.market.receipt, async (body, request) => {
      const { platform, ipId } = request.marketLink!;
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(marketOrders)
          .where(
            and(
              eq(marketOrders.platform, platform),
              eq(marketOrders.orderSn, body.order_sn),
              eq(marketOrders.ipId, ipId),
            ),
          )
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
      const { platform, ipId } = request.marketLink!;
      const rows = await db
        .select({ shipment: marketShipments, orderSn: marketOrders.orderSn })
        .from(marketShipments)
        .innerJoin(marketOrders, eq(marketOrders.id, marketShipments.orderId))
        .where(
          and(
            eq(marketShipments.platform, platform),
            eq(marketOrders.ipId, ipId),
            gt(marketShipments.id, query.since_id),
          ),
        )
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
