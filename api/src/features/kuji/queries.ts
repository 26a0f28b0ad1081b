import {
  ACTIVITY_KUJI,
  isPlainLevel,
  KUJI_AUDIT,
  type KujiBoxRow,
  type KujiDetail,
  type KujiGoodsRow,
  type KujiRow,
  type SortValue,
} from '@toy/shared';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, idList, rowsOf, type Tx } from '../../db/client.js';
import { brands, kujiBoxes, kujiGoods, kujis, orders } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { orderByOf } from '../../lib/sort.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';

/**
 * Read models of 一番赏 (spec 03 §3): the merchant's list, detail, goods and boxes, and the
 * reviewer's list. Declarations: kujiRoutes list/info/goods/boxes and review.kujiList
 * (shared/src/features/kuji.ts). Tables: kujis, kuji_goods, kuji_boxes, with the counts derived
 * from orders (type 14), order_items and deposits (kuji_id) and pickups.
 */

export type KujiDbRow = typeof kujis.$inferSelect;
export type KujiGoodsDbRow = typeof kujiGoods.$inferSelect;

/** A kuji of one of `brandIds` (locked when asked), else 404 like a missing one. */
export async function findKuji(db: Db | Tx, id: number, brandIds: number[], lock = false): Promise<KujiDbRow> {
  if (brandIds.length === 0) throw notFound();
  const query = db
    .select()
    .from(kujis)
    .where(and(eq(kujis.id, id), inArray(kujis.ipId, brandIds)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

export async function goodsOf(db: Db | Tx, kujiId: number): Promise<KujiGoodsDbRow[]> {
  return db.select().from(kujiGoods).where(eq(kujiGoods.kujiId, kujiId)).orderBy(asc(kujiGoods.sort));
}

/** 销售额's orders: a kuji's paid draws (activity type 14, paid), in kujiCounts and the list's sort. */
const PAID_DRAWS = sql`type = ${ACTIVITY_KUJI} and tran_state = 2`;
/** 剩余赏票: the tickets left in a kuji's boxes (those not removed), in kujiCounts and the list's sort. */
const TICKETS_LEFT = sql`coalesce(sum(cardinality(tickets) - drawn), 0)`;

export interface KujiCounts {
  sales: number;
  waitSettlement: number;
  settled: number;
  sold: number;
  /** Deposit states: 3 depositing, 0 in a pickup not shipped, 1 shipped, 2 received. */
  byState: Record<number, number>;
  remaining: number;
  boxes: number;
  soldOut: number;
  canNum: number;
  /** Listed at least once (a 上架 recorded, or draws sold): an approved kuji off shelf without it is 待上架. */
  listedOnce: boolean;
}

/** Every counter of these kujis, recomputed from orders, deposits and boxes. */
export async function kujiCounts(db: Db | Tx, ids: number[]): Promise<Map<number, KujiCounts>> {
  const out = new Map<number, KujiCounts>();
  for (const id of ids)
    out.set(id, {
      sales: 0,
      waitSettlement: 0,
      settled: 0,
      sold: 0,
      byState: {},
      remaining: 0,
      boxes: 0,
      soldOut: 0,
      canNum: 0,
      listedOnce: false,
    });
  if (ids.length === 0) return out;
  const list = idList(ids);
  const money = rowsOf<{ id: number; sale: number; wait: number; settled: number; sold: number }>(
    await db.execute(sql`
      select active_id as id, coalesce(sum(price), 0)::int as sale,
        coalesce(sum(merchant_income) filter (where settle_state = 0), 0)::int as wait,
        coalesce(sum(merchant_income) filter (where settle_state = 1), 0)::int as settled,
        coalesce(sum(buy_num), 0)::int as sold
      from orders where ${PAID_DRAWS} and active_id in (${list}) group by active_id`),
  );
  for (const r of money)
    Object.assign(out.get(r.id)!, { sales: r.sale, waitSettlement: r.wait, settled: r.settled, sold: r.sold });
  const states = rowsOf<{ id: number; state: number; n: number }>(
    await db.execute(sql`
      select kuji_id as id, state, count(*)::int as n from deposits
      where kuji_id in (${list}) group by kuji_id, state`),
  );
  for (const r of states) out.get(r.id)!.byState[r.state] = r.n;
  const boxes = rowsOf<{ id: number; remaining: number; n: number; sold_out: number; can: number }>(
    await db.execute(sql`
      select kuji_id as id,
        ${TICKETS_LEFT}::int as remaining,
        count(*)::int as n,
        count(*) filter (where drawn >= cardinality(tickets))::int as sold_out,
        count(*) filter (where drawn = 0)::int as can
      from kuji_boxes where kuji_id in (${list}) and removed_at is null group by kuji_id`),
  );
  for (const r of boxes)
    Object.assign(out.get(r.id)!, { remaining: r.remaining, boxes: r.n, soldOut: r.sold_out, canNum: r.can });
  const listed = rowsOf<{ id: number }>(
    await db.execute(sql`
      select distinct entity_id as id from audit_log
      where entity = 'kuji' and action = 'list' and entity_id in (${list})`),
  );
  for (const r of listed) out.get(r.id)!.listedOnce = true;
  for (const c of out.values()) if (c.sold > 0) c.listedOnce = true;
  return out;
}

/** The list row (kujiRow) of a kuji with its counts. */
export function kujiToWire(config: Config, row: KujiDbRow, c: KujiCounts, ipTitle: string): KujiRow {
  const s = (k: number) => c.byState[k] ?? 0;
  return {
    id: row.id,
    ip_id: row.ipId,
    ip_title: ipTitle,
    title: row.title,
    pic: picUrl(config, row.pic),
    top_pic: row.topPic ? picUrl(config, row.topPic) : '',
    audit_status: row.auditStatus,
    reason: row.reason,
    off: row.off,
    listed_once: c.listedOnce ? 1 : 0,
    is_official: row.isOfficial,
    price: fenToYuan(row.price),
    sales_price: fenToYuan(c.sales),
    not_send_num: s(0),
    dont_send_num: s(3),
    surplus_stock: c.remaining,
    stock: boxesOf(row, c),
    can_num: c.canNum,
    desc: row.desc,
    bean: fenToYuan(row.bean),
    service_charge: row.serviceCharge,
    shelves_time: formatTime(row.shelvesTime),
    seed_hash: row.seedHash,
    created_at: formatTime(row.createdAt),
  };
}

/** Boxes listed: those generated once approved; before that, the boxes the merchant asked for. */
const boxesOf = (row: KujiDbRow, c: { boxes: number }) =>
  row.auditStatus === KUJI_AUDIT.approved ? c.boxes : row.boxNum;

/** What the audit log keeps of a kuji (shared AUDIT_ENTITIES.kuji). */
export function kujiAuditView(row: KujiDbRow, goods: KujiGoodsDbRow[], stock: number) {
  return {
    id: row.id,
    title: row.title,
    audit_status: row.auditStatus,
    reason: row.reason,
    off: row.off,
    shelves_time: formatTime(row.shelvesTime),
    desc: row.desc,
    bean: fenToYuan(row.bean),
    pic: row.pic,
    stock,
    goods: goods.map((g) => ({
      id: g.id,
      level: g.level,
      is_lucky: g.isLucky,
      price: fenToYuan(g.price),
      is_shelves: g.isShelves,
      shelves: g.shelves,
    })),
  };
}

async function ipTitles(db: Db, ipIds: number[]): Promise<Map<number, string>> {
  if (ipIds.length === 0) return new Map();
  const rows = await db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(inArray(brands.id, [...new Set(ipIds)]));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Rows with their counts, as wire rows, in the given order. */
export async function kujiRows(db: Db, config: Config, rows: KujiDbRow[]): Promise<KujiRow[]> {
  const counts = await kujiCounts(
    db,
    rows.map((r) => r.id),
  );
  const titles = await ipTitles(
    db,
    rows.map((r) => r.ipId),
  );
  return rows.map((r) => kujiToWire(config, r, counts.get(r.id)!, titles.get(r.ipId) ?? ''));
}

export type KujiSort = SortValue<'price' | 'sales_price' | 'surplus_stock'>;

/**
 * The merchant list's sortable figures, each the one its row shows: 单抽价格, 销售额 (the paid draws
 * kujiCounts sums) and the remaining tickets over the boxes not removed (kujiCounts' remaining).
 */
const kujiSortable = {
  price: kujis.price,
  sales_price: sql`(select coalesce(sum(price), 0) from ${orders} where ${PAID_DRAWS} and active_id = ${kujis.id})`,
  surplus_stock: sql`(select ${TICKETS_LEFT} from ${kujiBoxes} where kuji_id = ${kujis.id} and removed_at is null)`,
};

/** A page of kujis matching `where`, newest first or by a column of the list either way (`sort`), and the total. */
export async function pageKujis(
  db: Db,
  config: Config,
  where: SQL | undefined,
  page: number,
  limit: number,
  sort?: KujiSort,
) {
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(kujis).where(where);
  const rows = await db
    .select()
    .from(kujis)
    .where(where)
    .orderBy(...orderByOf(sort, kujiSortable, kujis.id, [desc(kujis.id)]))
    .limit(limit)
    .offset((page - 1) * limit);
  return { list: await kujiRows(db, config, rows), total: total?.n ?? 0 };
}

/** The merchant's list: filters brand and title; on_sale counts approved kujis on shelf. */
export async function listKujis(
  db: Db,
  config: Config,
  q: { brandIds: number[]; ipId?: number | null; title: string; page: number; limit: number; sort?: KujiSort },
) {
  if (q.brandIds.length === 0) return { list: [], total: 0, onSale: 0, scheduled: 0, offShelf: 0 };
  const brands = q.ipId ? q.brandIds.filter((b) => b === q.ipId) : q.brandIds;
  const where = and(inArray(kujis.ipId, brands), q.title ? ilike(kujis.title, `%${q.title}%`) : undefined);
  const { list, total } = await pageKujis(db, config, where, q.page, q.limit, q.sort);
  // The header's counts over the approved kujis of the brands listed (the one chosen, or all the
  // merchant's): on sale (listed, sale time reached), scheduled (listed, before it) and off shelf;
  // one definition with the player side's onSale.
  const [counts] = await db
    .select({
      onSale: sql<number>`count(*) filter (where ${kujis.off} = 0 and ${kujis.shelvesTime} <= now())::int`,
      scheduled: sql<number>`count(*) filter (where ${kujis.off} = 0 and ${kujis.shelvesTime} > now())::int`,
      offShelf: sql<number>`count(*) filter (where ${kujis.off} = 1)::int`,
    })
    .from(kujis)
    .where(and(inArray(kujis.ipId, brands), eq(kujis.auditStatus, 1)));
  return {
    list,
    total,
    onSale: counts?.onSale ?? 0,
    scheduled: counts?.scheduled ?? 0,
    offShelf: counts?.offShelf ?? 0,
  };
}

/** Spec 03 §3 detail. */
export async function kujiInfo(db: Db, config: Config, row: KujiDbRow): Promise<KujiDetail> {
  const c = (await kujiCounts(db, [row.id])).get(row.id)!;
  const s = (k: number) => c.byState[k] ?? 0;
  const [items] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from order_items i join orders o on o.id = i.order_id
      where i.kuji_id = ${row.id} and o.type = ${ACTIVITY_KUJI} and o.tran_state = 2
        and coalesce(i.award, 0) = 0`),
  );
  return {
    id: row.id,
    title: row.title,
    pic: picUrl(config, row.pic),
    off: row.off,
    listed_once: c.listedOnce ? 1 : 0,
    audit_status: row.auditStatus,
    shelves_time: formatTime(row.shelvesTime),
    sales_price: fenToYuan(c.sales),
    order_w_price: fenToYuan(c.waitSettlement),
    order_y_price: fenToYuan(c.settled),
    service_charge: row.serviceCharge,
    stock: boxesOf(row, c),
    sold_out: c.soldOut,
    can_num: c.canNum,
    // Tickets sold; the Last and global prizes given with them are not sales.
    sales_num: items?.n ?? 0,
    deposit_num: s(3),
    harvest_num: s(0) + s(2),
    delivery_num: s(1),
    desc: row.desc,
    bean: fenToYuan(row.bean),
    price: fenToYuan(row.price),
    is_official: row.isOfficial,
    seed_hash: row.seedHash,
  };
}

/** Spec 03 §3 goods rows: `levels` = every level whose goods title and picture are this row's. */
export async function kujiGoodsRows(db: Db | Tx, config: Config, row: KujiDbRow): Promise<KujiGoodsRow[]> {
  const goods = await goodsOf(db, row.id);
  const c = (await kujiCounts(db, [row.id])).get(row.id)!;
  const sales = rowsOf<{ id: number; n: number }>(
    await db.execute(sql`
      select i.kuji_goods_id as id, count(*)::int as n from order_items i join orders o on o.id = i.order_id
      where i.kuji_id = ${row.id} and o.tran_state = 2 group by i.kuji_goods_id`),
  );
  const deposits = rowsOf<{ id: number; state: number; n: number }>(
    await db.execute(sql`
      select kuji_goods_id as id, state, count(*)::int as n from deposits
      where kuji_id = ${row.id} group by kuji_goods_id, state`),
  );
  const sold = new Map(sales.map((r) => [r.id, r.n]));
  const dep = (id: number, state: number) => deposits.find((r) => r.id === id && r.state === state)?.n ?? 0;
  const key = (g: KujiGoodsDbRow) => `${g.goodsTitle}\u0000${g.goodsPic}`;
  return goods.map((g) => ({
    active_id: row.id,
    goods_id: g.id,
    goods_info: { goods_pic: picUrl(config, g.goodsPic), goods_title: g.goodsTitle },
    level: g.level,
    levels: goods.filter((o) => key(o) === key(g)).map((o) => o.level),
    is_lucky: g.isLucky,
    price: fenToYuan(g.price),
    is_shelves: g.isShelves,
    shelves: g.shelves,
    stock_sum: g.stock * c.boxes,
    sales_num: sold.get(g.id) ?? 0,
    deposit_num: dep(g.id, 3),
    send_num: dep(g.id, 0),
    has_send_num: dep(g.id, 1) + dep(g.id, 2),
    start_section: g.startSection,
    end_section: g.endSection,
  }));
}

/** Spec 03 §3 boxes: one per listed box, best_num = box number, remaining per plain level. */
export async function kujiBoxRows(db: Db, row: KujiDbRow): Promise<KujiBoxRow[]> {
  const goods = (await goodsOf(db, row.id)).filter((g) => isPlainLevel(g.level));
  const boxes = await db
    .select()
    .from(kujiBoxes)
    .where(and(eq(kujiBoxes.kujiId, row.id), sql`${kujiBoxes.removedAt} is null`))
    .orderBy(asc(kujiBoxes.boxNo));
  return boxes.map((b) => {
    const left = b.tickets.slice(b.drawn);
    return {
      best_num: b.boxNo,
      sum_surplus_stock: left.length,
      goods: goods.map((g) => ({
        level: g.level,
        surplus_stock_sum: left.filter((l) => l === g.level).length,
        stock_sum: g.stock,
      })),
    };
  });
}
