import {
  activityTypeText,
  deliveryStatusOfOrder,
  ORDER_STATUS_FILTER,
  type Order,
  type OrderFilterValues,
  orderHeaderText,
  type SortValue,
  UNSPLITTABLE_TYPES,
} from '@toy/shared';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { orderItems, orderShipments, orders, players } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { orderByOf } from '../../lib/sort.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';

/**
 * Reads of orders: the list's conditions (spec 02 §7 filters), one page with its items and
 * shipments, one order by number or id within the merchant's brands (another brand's order is a
 * 404 like a missing one), and the row-to-wire mapper with the header text of shared.
 */

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;
export type ShipmentRow = typeof orderShipments.$inferSelect;
type Reader = Db | Tx;

/** `%text%` for ILIKE with the pattern characters taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A `yyyy-MM-dd HH:mm:ss` of Asia/Shanghai as a timestamptz. */
const shanghai = (value: string) => sql`(${value}::timestamp at time zone 'Asia/Shanghai')`;

/** An order number, whole or its beginning (case-insensitive): the order_sn pattern index. */
const snPrefix = (text: string) =>
  sql`${orders.orderSn} like ${`${text.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/**
 * The keyword (spec 02 §7: order number, nickname, name or phone), by what it can be: any keyword
 * matches the beginning of an order number; digits alone are also looked for inside phone numbers;
 * anything else inside nicknames and receiver names. Each part has its own index (the order_sn
 * pattern index, trigram indexes on phone, nickname and username), so a search reads only the
 * columns it can match.
 */
export function keywordCondition(keyword: string): SQL {
  const k = contains(keyword);
  return /^\d+$/.test(keyword)
    ? sql`(${snPrefix(keyword)} or ${orders.phone} like ${k})`
    : sql`(${snPrefix(keyword)} or ${orders.nickname} ilike ${k} or ${orders.username} ilike ${k})`;
}

/** The list's conditions over `orders` for resolved filters (shared resolveOrderFilters). */
export function orderConditions(brandIds: number[], f: OrderFilterValues): SQL {
  const parts: (SQL | undefined)[] = [
    f.ip_id !== undefined ? eq(orders.ipId, f.ip_id) : inArray(orders.ipId, brandIds.length ? brandIds : [-1]),
  ];
  if (f.active_type !== undefined) parts.push(eq(orders.type, f.active_type));
  const status = ORDER_STATUS_FILTER.find((s) => s.value === f.state);
  if (status) {
    parts.push(eq(orders.isClose, 0), inArray(orders.tranState, [...status.tran]));
    if (status.logistics) parts.push(inArray(orders.logisticsState, [...status.logistics]));
  }
  if (f.active_name) parts.push(sql`${orders.activeTitle} ilike ${contains(f.active_name)}`);
  if (f.order_code) parts.push(snPrefix(f.order_code));
  if (f.keyword) parts.push(keywordCondition(f.keyword));
  if (f.goods_name)
    parts.push(
      sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.goodsTitle} ilike ${contains(f.goods_name)})`,
    );
  if (f.begin_at) parts.push(sql`${orders.createdAt} >= ${shanghai(f.begin_at)}`);
  if (f.end_at) parts.push(sql`${orders.createdAt} <= ${shanghai(f.end_at)}`);
  return and(...parts)!;
}

export interface OrderBundle {
  order: OrderRow;
  items: ItemRow[];
  shipments: ShipmentRow[];
  avatar: string;
}

/** Items, shipments and the player's avatar of some orders. */
export async function bundle(db: Reader, rows: OrderRow[]): Promise<OrderBundle[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, shipments, avatars] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select().from(orderShipments).where(inArray(orderShipments.orderId, ids)).orderBy(asc(orderShipments.id)),
    db
      .select({ id: players.id, avatar: players.avatar })
      .from(players)
      .where(inArray(players.id, [...new Set(rows.map((r) => r.playerId))])),
  ]);
  const avatarOf = new Map(avatars.map((a) => [a.id, a.avatar]));
  return rows.map((order) => ({
    order,
    items: items.filter((i) => i.orderId === order.id),
    shipments: shipments.filter((s) => s.orderId === order.id),
    avatar: avatarOf.get(order.playerId) ?? '',
  }));
}

/** One page of the list: newest first, or by pay time or amount (`sort`). */
export async function listOrders(
  db: Reader,
  where: SQL,
  page: number,
  limit: number,
  sort?: SortValue<'pay_time' | 'amount'>,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(where)
    .orderBy(
      ...orderByOf(sort, { pay_time: orders.payTime, amount: orders.receivedPrice }, orders.id, [
        desc(orders.createdAt),
        desc(orders.id),
      ]),
    )
    .limit(limit)
    .offset((page - 1) * limit);
}

export async function countOrders(db: Reader, where: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  return row?.n ?? 0;
}

/** An order of the merchant's brands by number or id, locked for update inside a transaction. */
export async function findOrder(
  db: Reader,
  brandIds: number[],
  by: { sn: string } | { id: number },
  lock = false,
): Promise<OrderRow> {
  const match = 'sn' in by ? eq(orders.orderSn, by.sn) : eq(orders.id, by.id);
  const query = db
    .select()
    .from(orders)
    .where(and(match, inArray(orders.ipId, brandIds.length ? brandIds : [-1])));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export const unshippedItems = (db: Reader, orderId: number) =>
  db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.shipmentId)))
    .orderBy(asc(orderItems.id));

const secondsUntil = (at: Date | null, now: number) => (at ? Math.max(0, Math.floor((at.getTime() - now) / 1000)) : 0);

/** The wire order (shared `order`): yuan, Shanghai times, the header text and the child shipments. */
export function orderToWire(b: OrderBundle, config: Config, now = config.clock().getTime()): Order {
  const o = b.order;
  const surplus = o.tranState === 1 && o.isClose === 0 ? secondsUntil(o.payEndAt, now) : 0;
  const shipped = o.tranState === 2 && o.logisticsState === 1 && o.confirmAt;
  const itemsOf = (shipmentId: number) => b.items.filter((i) => i.shipmentId === shipmentId);
  const latest = b.shipments.at(-1);
  const wire: Omit<Order, 'state_text'> = {
    id: o.id,
    order_sn: o.orderSn,
    ip_id: o.ipId,
    type: o.type,
    type_text: activityTypeText(o.type),
    active_id: o.activeId,
    active_title: o.activeTitle,
    active_pic: picUrl(config, o.activePic),
    buy_num: o.buyNum,
    is_close: o.isClose,
    tran_state: o.tranState,
    logistics_state: o.logisticsState,
    delivery_status: deliveryStatusOfOrder(o.logisticsState),
    surplus_time: surplus,
    confirm_time: shipped ? formatTime(o.confirmAt) : '',
    confirm_surplus_time: shipped ? secondsUntil(o.confirmAt, now) : 0,
    is_pre_sale: o.isPreSale,
    price: fenToYuan(o.price),
    points: fenToYuan(o.points),
    logistics_fee: fenToYuan(o.logisticsFee),
    real_shop_discount_price: fenToYuan(o.discountPrice),
    receivable_price: fenToYuan(o.receivablePrice),
    received_price: fenToYuan(o.receivedPrice),
    deposit_pay_price: fenToYuan(o.depositPayPrice),
    total_pay_price: fenToYuan(o.totalPayPrice),
    final_pay_end: o.isPreSale && o.depositPayPrice > 0 && o.tranState === 1 ? formatTime(o.payEndAt) : '',
    refund_amount: fenToYuan(o.refundAmount),
    refund_reason: o.refundReason,
    remark: o.remark,
    public_remark: o.publicRemark,
    private_remark: o.privateRemark,
    pay_time: formatTime(o.payTime),
    created_at: formatTime(o.createdAt),
    logistics_send_at: formatTime(o.logisticsSendAt),
    username: o.username,
    phone: o.phone,
    province: o.province,
    city: o.city,
    area: o.area,
    address: o.address,
    user_info: { id: o.playerId, name: o.nickname, avatar: picUrl(config, b.avatar) },
    goods_object: { title: b.items.map((i) => i.goodsTitle).join('、') },
    more_goods_object: b.items.map((i) => ({ goods_title: i.goodsTitle, goods_num: i.nums })),
    details: b.items.map((i) => ({
      nums: i.nums,
      goods: { goods_pic: picUrl(config, i.goodsPic), goods_title: i.goodsTitle },
    })),
    goods: b.items.map((i) => ({
      id: i.id,
      goods_id: i.goodsId,
      goods_pic: picUrl(config, i.goodsPic),
      goods_title: i.goodsTitle,
      nums: i.nums,
      shipment_id: i.shipmentId,
    })),
    dont_send: b.items
      .filter((i) => i.shipmentId === null)
      .map((i) => ({ id: i.id, title: i.goodsTitle, pic: picUrl(config, i.goodsPic), buy_num: i.nums })),
    expre: latest
      ? {
          express: latest.express,
          express_company: latest.expressCompany,
          update_at: formatTime(latest.updateAt),
          child_order: b.shipments.map((s) => ({
            id: s.id,
            express: s.express,
            express_company: s.expressCompany,
            update_at: formatTime(s.updateAt),
            goods: itemsOf(s.id).map((i) => ({ id: i.id, goods_title: i.goodsTitle, nums: i.nums })),
          })),
        }
      : null,
    splittable: isSplittable(o.type, b.items) ? 1 : 0,
    platform_express: latest?.express ?? '',
    platform_express_company: latest?.expressCompany ?? '',
    platform_ip_id: o.ipId,
    virtual_goods_id: 0,
  };
  return {
    ...wire,
    state_text: orderHeaderText({ ...wire, deposit_pay_price: wire.deposit_pay_price }),
  };
}

/** Draw-box and one-prize orders, and orders of one line of one piece, are never split. */
export const isSplittable = (type: number, items: ItemRow[]) =>
  !(UNSPLITTABLE_TYPES as readonly number[]).includes(type) && items.length > 1;

/** The fields an audit entry of an order keeps (shared AUDIT_ENTITIES.order). */
export const auditView = (o: OrderRow, extra: Record<string, unknown> = {}) => ({
  order_sn: o.orderSn,
  is_close: o.isClose,
  tran_state: o.tranState,
  logistics_state: o.logisticsState,
  received_price: fenToYuan(o.receivedPrice),
  refund_amount: fenToYuan(o.refundAmount),
  public_remark: o.publicRemark,
  private_remark: o.privateRemark,
  ...extra,
});

/** One order as the wire shows it, read again (after a write). */
export async function wireOf(db: Reader, config: Config, id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound();
  const [b] = await bundle(db, [row]);
  return orderToWire(b!, config);
}
