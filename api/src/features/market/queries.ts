import {
  MARKET_LINE,
  type MarketFilters,
  type MarketOrder,
  type MarketShipment,
  marketDeliveryOf,
  marketPlatformText,
  type SortValue,
} from '@toy/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { marketOrderGoods, marketOrders, marketShipments } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { orderByOf } from '../../lib/sort.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';

export type MarketOrderRow = typeof marketOrders.$inferSelect;
export type MarketLineRow = typeof marketOrderGoods.$inferSelect;
export type MarketShipmentRow = typeof marketShipments.$inferSelect;
type Reader = Db | Tx;

/** The list's filters after parsing (what the list and the export share). */
export interface MarketFilterValues {
  platform?: string;
  goods_title?: string;
  begin_at?: string;
  end_at?: string;
  delivery_status?: number;
}

export const filtersOf = (f: MarketFilters & MarketFilterValues): MarketFilterValues => ({
  platform: f.platform,
  goods_title: f.goods_title,
  begin_at: f.begin_at,
  end_at: f.end_at,
  delivery_status: f.delivery_status,
});

/** A `yyyy-MM-dd HH:mm:ss` wall-clock time in Asia/Shanghai (UTC+8 all year). */
const shanghai = (value: string) => new Date(`${value.replace(' ', 'T')}+08:00`);

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of the list and the export: the brands first (tenancy), then each filter given. */
export function whereOf(brandIds: number[], f: MarketFilterValues): SQL {
  const conditions: SQL[] = [inArray(marketOrders.ipId, brandIds)];
  if (f.platform) conditions.push(eq(marketOrders.platform, f.platform));
  if (f.delivery_status !== undefined) conditions.push(eq(marketOrders.deliveryStatus, f.delivery_status));
  if (f.begin_at) conditions.push(gte(marketOrders.createdAt, shanghai(f.begin_at)));
  if (f.end_at) conditions.push(lte(marketOrders.createdAt, shanghai(f.end_at)));
  if (f.goods_title) {
    const pattern = `%${escapeLike(f.goods_title)}%`;
    conditions.push(sql`exists (select 1 from ${marketOrderGoods} g where g.order_id = ${marketOrders.id}
      and (g.goods_title ilike ${pattern} or g.template_title ilike ${pattern}))`);
  }
  return and(...conditions)!;
}

export function toWire(order: MarketOrderRow, lines: MarketLineRow[], config: Config): MarketOrder {
  return {
    id: order.id,
    platform: order.platform,
    platform_text: marketPlatformText(order.platform),
    order_sn: order.orderSn,
    ip_id: order.ipId,
    goods: lines.map((l) => ({
      id: l.id,
      template_title: l.templateTitle,
      goods_title: l.goodsTitle,
      nums: l.nums,
      goods_pic: picUrl(config, l.goodsPic),
      state: l.state,
    })),
    goods_nums: order.goodsNums,
    delivery_status: order.deliveryStatus,
    deposit: fenToYuan(order.deposit),
    express_company: order.expressCompany,
    express: order.express,
    username: order.username,
    phone: order.phone,
    province: order.province,
    city: order.city,
    area: order.area,
    address: order.address,
    created_at: formatTime(order.createdAt),
  };
}

/** The goods lines of these orders, by order id, in the order the marketplace sent them. */
export async function linesOf(db: Reader, orderIds: number[]): Promise<Map<number, MarketLineRow[]>> {
  const byOrder = new Map<number, MarketLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(marketOrderGoods)
    .where(inArray(marketOrderGoods.orderId, orderIds))
    .orderBy(asc(marketOrderGoods.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

/** One page of the list, newest first. */
export async function listMarket(
  db: Db,
  config: Config,
  brandIds: number[],
  f: MarketFilterValues,
  page: number,
  limit: number,
  sort?: SortValue<'created_at'>,
): Promise<{ list: MarketOrder[]; total: number }> {
  if (brandIds.length === 0) return { list: [], total: 0 };
  const where = whereOf(brandIds, f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(marketOrders)
      .where(where)
      .orderBy(
        ...orderByOf(sort, { created_at: marketOrders.createdAt }, marketOrders.id, [
          desc(marketOrders.createdAt),
          desc(marketOrders.id),
        ]),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(marketOrders).where(where),
  ]);
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  return { list: rows.map((r) => toWire(r, lines.get(r.id) ?? [], config)), total: total?.n ?? 0 };
}

export async function countMarket(db: Db, brandIds: number[], f: MarketFilterValues): Promise<number> {
  if (brandIds.length === 0) return 0;
  const [row] = await db.select({ n: count() }).from(marketOrders).where(whereOf(brandIds, f));
  return row?.n ?? 0;
}

/** An order of these brands (404 otherwise, like a missing one); `lock` takes its row lock. */
export async function findOrder(db: Reader, brandIds: number[], id: number, lock = false): Promise<MarketOrderRow> {
  if (brandIds.length === 0) throw notFound();
  const query = db
    .select()
    .from(marketOrders)
    .where(and(eq(marketOrders.id, id), inArray(marketOrders.ipId, brandIds)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

export const shipmentToWire = (s: MarketShipmentRow, orderSn: string, goodsIds: number[]): MarketShipment => ({
  id: s.id,
  order_sn: orderSn,
  express_company: s.expressCompany,
  express: s.express,
  goods_ids: goodsIds,
  created_at: formatTime(s.createdAt),
});

/** The shipments of one order, oldest first, with the goods lines each carried. */
export async function shipmentsOf(db: Reader, order: MarketOrderRow, lines: MarketLineRow[]) {
  const rows = await db
    .select()
    .from(marketShipments)
    .where(eq(marketShipments.orderId, order.id))
    .orderBy(asc(marketShipments.id));
  return rows.map((s) =>
    shipmentToWire(
      s,
      order.orderSn,
      lines.filter((l) => l.shipmentId === s.id).map((l) => l.id),
    ),
  );
}

/** The order's delivery_status from its lines (shared MARKET_DELIVERY_RULES). */
export const statusOfLines = (lines: Pick<MarketLineRow, 'state'>[]) =>
  marketDeliveryOf({
    total: lines.length,
    shipped: lines.filter((l) => l.state === MARKET_LINE.shipped).length,
    received: lines.filter((l) => l.state === MARKET_LINE.received).length,
  });

/** What the audit log shows of an order. */
export const auditFields = (order: MarketOrderRow, shippedGoods?: string[]) => ({
  id: order.id,
  order_sn: order.orderSn,
  platform: order.platform,
  delivery_status: order.deliveryStatus,
  express_company: order.expressCompany,
  express: order.express,
  ...(shippedGoods ? { shipped_goods: shippedGoods } : {}),
});
