import {
  countryText,
  deliveryStatusText,
  type FreightCurrency,
  type PickupFilterValues,
  type PickupOrder,
  type RetrievalInfo,
  SHIPPABLE_STATUSES,
  type SortValue,
  sortOf,
} from '@toy/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
import { deposits, drawMachines, kujis, orderItems, pickupShipments, pickups, players } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';

export type PickupRow = typeof pickups.$inferSelect;
type Writer = Db | Tx;

/** A LIKE pattern that matches `text` anywhere, its wildcards escaped. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A filter time (Asia/Shanghai wall clock) as a timestamptz. */
export const shanghaiTime = (text: string, end = false) =>
  sql`(${text.length === 10 ? `${text} ${end ? '23:59:59' : '00:00:00'}` : text}::timestamp at time zone 'Asia/Shanghai')`;

/** The WHERE of the pickup list and export (spec 02 §7 "Pickup list"), tenancy first. */
export function pickupWhere(brandIds: number[], f: Omit<PickupFilterValues, 'ip_id'>): SQL {
  const conds: SQL[] = [sql`p.ip_id = any(${`{${brandIds.join(',')}}`}::int[])`];
  if (f.type) conds.push(sql`p.bussiness_type = ${Number(f.type)}`);
  if (f.delivery_status !== undefined) conds.push(sql`p.delivery_status = ${Number(f.delivery_status)}`);
  if (f.to_ship) conds.push(sql`p.delivery_status = any(${`{${SHIPPABLE_STATUSES.join(',')}}`}::int[])`);
  if (f.begin_at) conds.push(sql`p.created_at >= ${shanghaiTime(f.begin_at)}`);
  if (f.end_at) conds.push(sql`p.created_at <= ${shanghaiTime(f.end_at, true)}`);
  if (f.user_keyword) {
    const k = contains(f.user_keyword);
    conds.push(
      sql`(p.username ilike ${k} or p.phone ilike ${k} or exists (select 1 from players pl where pl.id = p.player_id and (pl.nickname ilike ${k} or pl.phone ilike ${k})))`,
    );
  }
  if (f.temp_title)
    conds.push(
      sql`exists (select 1 from deposits d left join draw_machines dm on dm.id = d.batch_id left join kujis k on k.id = d.kuji_id
        where d.pickup_id = p.id and coalesce(dm.title, k.title) ilike ${contains(f.temp_title)})`,
    );
  if (f.goods_title)
    conds.push(
      sql`exists (select 1 from deposits d join order_items oi on oi.id = d.order_item_id where d.pickup_id = p.id and oi.goods_title ilike ${contains(f.goods_title)})`,
    );
  if (f.state !== undefined)
    conds.push(sql`exists (select 1 from deposits d where d.pickup_id = p.id and d.state = ${Number(f.state)})`);
  return sql.join(conds, sql` and `);
}

export async function countPickups(db: Writer, where: SQL): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pickups p where ${where}`));
  return r?.n ?? 0;
}

/** One page of pickup ids, newest first, or by order time either way (`sort`). */
export async function pagePickupIds(
  db: Writer,
  where: SQL,
  page: number,
  limit: number,
  sort?: SortValue<'created_at'>,
): Promise<number[]> {
  const s = sortOf(sort);
  const order = s
    ? sql.raw(`p.created_at ${s.desc ? 'desc' : 'asc'}, p.id ${s.desc ? 'desc' : 'asc'}`)
    : sql`p.id desc`;
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`select p.id from pickups p where ${where} order by ${order} limit ${limit} offset ${(page - 1) * limit}`,
    ),
  );
  return rows.map((r) => r.id);
}

export interface PickupGoodsRow {
  id: number;
  pickupId: number;
  state: number;
  shipmentId: number | null;
  templateTitle: string;
  goodsTitle: string;
  goodsPic: string;
  nums: number;
}

export async function goodsOf(db: Writer, pickupIds: number[]): Promise<Map<number, PickupGoodsRow[]>> {
  const out = new Map<number, PickupGoodsRow[]>();
  if (pickupIds.length === 0) return out;
  const rows = await db
    .select({
      id: deposits.id,
      pickupId: deposits.pickupId,
      state: deposits.state,
      shipmentId: deposits.shipmentId,
      templateTitle: sql<string>`coalesce(${drawMachines.title}, ${kujis.title})`,
      goodsTitle: orderItems.goodsTitle,
      goodsPic: orderItems.goodsPic,
      nums: orderItems.nums,
    })
    .from(deposits)
    .innerJoin(orderItems, eq(orderItems.id, deposits.orderItemId))
    .leftJoin(drawMachines, eq(drawMachines.id, deposits.batchId))
    .leftJoin(kujis, eq(kujis.id, deposits.kujiId))
    .where(inArray(deposits.pickupId, pickupIds))
    .orderBy(asc(deposits.id));
  for (const r of rows) {
    const list = out.get(r.pickupId!) ?? [];
    list.push({ ...r, pickupId: r.pickupId! });
    out.set(r.pickupId!, list);
  }
  return out;
}

export async function pickupsByIds(db: Writer, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ p: pickups, nickname: players.nickname })
    .from(pickups)
    .innerJoin(players, eq(players.id, pickups.playerId))
    .where(inArray(pickups.id, ids));
  const byId = new Map(rows.map((r) => [r.p.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export function pickupToWire(p: PickupRow, nickname: string, goods: PickupGoodsRow[], config: Config): PickupOrder {
  return {
    id: p.id,
    ip_id: p.ipId,
    order_sn: p.orderSn,
    active_order_sn: p.bussinessType === 2 ? p.orderSn : '',
    bussiness_type: p.bussinessType,
    goods: goods.map((g) => ({
      id: g.id,
      template_title: g.templateTitle,
      goods_title: g.goodsTitle,
      goods_pic: picUrl(config, g.goodsPic),
      nums: g.nums,
      state: g.state,
    })),
    goods_nums: p.goodsNums,
    delivery_status: p.deliveryStatus,
    delivery_status_text: deliveryStatusText(p.deliveryStatus),
    deposit: fenToYuan(p.deposit),
    currency: p.currency as FreightCurrency,
    country: p.country ?? '',
    country_text: p.country ? countryText(p.country) : '',
    express_company: p.expressCompany,
    express: p.express,
    created_at: formatTime(p.createdAt),
    nickname,
    username: p.username,
    phone: p.phone,
    province: p.province,
    city: p.city,
    area: p.area,
    address: p.address,
  };
}

/** The pickup with its goods and shipments, as the detail and the player see it. */
export async function retrievalInfoOf(db: Writer, config: Config, id: number): Promise<RetrievalInfo> {
  const [row] = await pickupsByIds(db, [id]);
  if (!row) throw notFound();
  const goods = (await goodsOf(db, [id])).get(id) ?? [];
  const shipments = await db
    .select()
    .from(pickupShipments)
    .where(eq(pickupShipments.pickupId, id))
    .orderBy(asc(pickupShipments.id));
  return {
    ...pickupToWire(row.p, row.nickname, goods, config),
    shipments: shipments.map((s) => ({
      id: s.id,
      express_company: s.expressCompany,
      express: s.express,
      created_at: formatTime(s.createdAt),
      goods_ids: goods.filter((g) => g.shipmentId === s.id).map((g) => g.id),
    })),
  };
}

/**
 * The pickup a merchant call names (row id or order number), among the caller's brands only:
 * another merchant's pickup is 404. `lock` takes the row lock (inside a ship's transaction).
 */
export async function findPickup(db: Writer, brandIds: number[], key: { id?: number; sn?: string }, lock = false) {
  if (brandIds.length === 0) throw notFound();
  const match = key.id !== undefined ? eq(pickups.id, key.id) : eq(pickups.orderSn, key.sn ?? '');
  const query = db
    .select()
    .from(pickups)
    .where(and(match, inArray(pickups.ipId, brandIds)))
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

/** `id` of order.backInfo: the row id, or the order number (active_order_sn for ichiban-kuji). */
export const keyOfId = (id: string) => (/^\d{1,9}$/.test(id) ? { id: Number(id) } : { sn: id });
