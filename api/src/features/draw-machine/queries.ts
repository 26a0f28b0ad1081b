import { ACTIVITY_DRAW_BOX, type BoxGoodsRow, type DrawMachine, type SortValue } from '@toy/shared';
import { and, asc, desc, eq, ilike, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, idList, rowsOf, type Tx } from '../../db/client.js';
import { blindBoxTemplates, brands, drawMachineGoods, drawMachines, orders } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { orderByOf } from '../../lib/sort.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';

export type MachineRow = typeof drawMachines.$inferSelect;

/** A machine of one of `brandIds` (locked for the transaction when asked), else 404 like a missing one. */
export async function findMachine(db: Db | Tx, id: number, brandIds: number[], lock = false): Promise<MachineRow> {
  if (brandIds.length === 0) throw notFound();
  const query = db
    .select()
    .from(drawMachines)
    .where(and(eq(drawMachines.id, id), inArray(drawMachines.ipId, brandIds)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  return row;
}

/**
 * 销售额: the list price of a machine's draw orders (activity type 13) since it went on sale, in
 * machineCounts and the list's sort. Not the dashboard's 本周热销系列 (what was paid this week, after
 * coins and coupons): the console's column says which it is.
 */
const DRAW_SALES = sql`coalesce(sum(price), 0)`;
const DRAW_ORDERS = sql`type = ${ACTIVITY_DRAW_BOX}`;

export interface MachineCounts {
  saleAmount: number;
  waitSettlement: number;
  settled: number;
  sold: number;
  /** Deposit states: 3 depositing, 0 in a pickup not shipped, 1 shipped, 2 received. */
  byState: Record<number, number>;
  /** Boxes listed (cases not removed × limit_stock) and the hidden ones among them. */
  listed: number;
  hiddenListed: number;
}

/** Every counter of these machines, recomputed from the order, deposit and case rows. */
export async function machineCounts(db: Db | Tx, ids: number[]): Promise<Map<number, MachineCounts>> {
  const out = new Map<number, MachineCounts>();
  if (ids.length === 0) return out;
  for (const id of ids)
    out.set(id, { saleAmount: 0, waitSettlement: 0, settled: 0, sold: 0, byState: {}, listed: 0, hiddenListed: 0 });
  const list = idList(ids);
  const money = rowsOf<{ id: number; sale: number; wait: number; settled: number; sold: number }>(
    await db.execute(sql`
      select active_id as id, ${DRAW_SALES}::int as sale,
        coalesce(sum(merchant_income) filter (where settle_state = 0), 0)::int as wait,
        coalesce(sum(merchant_income) filter (where settle_state = 1), 0)::int as settled,
        coalesce(sum(buy_num), 0)::int as sold
      from orders where ${DRAW_ORDERS} and active_id in (${list}) group by active_id`),
  );
  for (const r of money)
    Object.assign(out.get(r.id)!, { saleAmount: r.sale, waitSettlement: r.wait, settled: r.settled, sold: r.sold });
  const states = rowsOf<{ id: number; state: number; n: number }>(
    await db.execute(sql`
      select batch_id as id, state, count(*)::int as n from deposits
      where batch_id in (${list}) group by batch_id, state`),
  );
  for (const r of states) out.get(r.id)!.byState[r.state] = r.n;
  const listed = rowsOf<{ id: number; n: number; hidden: number }>(
    await db.execute(sql`
      select c.batch_id as id, count(*)::int as n, count(*) filter (where g.type <> 1)::int as hidden
      from draw_machine_cases c
      cross join lateral unnest(c.styles) as s(style_id)
      join draw_machine_goods g on g.batch_id = c.batch_id and g.style_id = s.style_id
      where c.batch_id in (${list})
        and not exists (select 1 from draw_removed_cases r where r.batch_id = c.batch_id and r.case_no = c.case_no)
      group by c.batch_id`),
  );
  for (const r of listed) Object.assign(out.get(r.id)!, { listed: r.n, hiddenListed: r.hidden });
  return out;
}

export function machineToWire(
  config: Config,
  row: MachineRow,
  c: MachineCounts,
  template: { ipTitle: string; price: number },
): DrawMachine {
  const s = (k: number) => c.byState[k] ?? 0;
  return {
    id: row.id,
    ip_id: row.ipId,
    title: row.title,
    pic: picUrl(config, row.pic),
    price: fenToYuan(row.price),
    official_price: fenToYuan(template.price),
    sale_amount: { cn: fenToYuan(c.saleAmount) },
    off: row.off,
    stay_send_goods: s(0),
    stay_retrieval: s(3),
    stock: row.stock,
    surplus_num: c.listed - c.sold,
    desc: row.desc,
    bean: fenToYuan(row.bean),
    shelves_time: formatTime(row.shelvesTime),
    service_charge: row.serviceCharge,
    wait_settlement_price: { cn: fenToYuan(c.waitSettlement) },
    settlement_price: { cn: fenToYuan(c.settled) },
    can_num: row.stock,
    limit_stock: row.limitStock,
    seed_hash: row.seedHash,
    template: { ip_title: template.ipTitle, title: row.title },
    box_goods_nums: { nums: c.listed, yc_num: c.hiddenListed },
    cupboard: { sold_num: c.sold, consign_num: s(3), d_goods_num: s(0) + s(1), y_goods_num: s(2) },
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

/** The template (record) of each machine: its series title (the blind box's brand) and official price. */
async function templateFacts(db: Db, templateIds: number[]): Promise<Map<number, { title?: string; price: number }>> {
  if (templateIds.length === 0) return new Map();
  const rows = await db
    .select({ id: blindBoxTemplates.id, title: brands.title, price: blindBoxTemplates.price })
    .from(blindBoxTemplates)
    .leftJoin(brands, eq(brands.id, blindBoxTemplates.goodsIpId))
    .where(inArray(blindBoxTemplates.id, [...new Set(templateIds)]));
  return new Map(rows.map((r) => [r.id, { title: r.title ?? undefined, price: r.price }]));
}

export type MachineSort = SortValue<'shelves_time' | 'official_price' | 'sale_amount' | 'stock'>;

/**
 * The list's sortable figures, each the one its row shows: the sale time, 官方售价 (the template's
 * price, as templateFacts reads it), 销售额 (the sum machineCounts makes of the machine's draw orders)
 * and the remaining whole cases.
 */
const machineSortable = {
  shelves_time: drawMachines.shelvesTime,
  official_price: sql`coalesce((select t.price from ${blindBoxTemplates} t where t.id = ${drawMachines.templateId}), ${drawMachines.price})`,
  sale_amount: sql`(select ${DRAW_SALES} from ${orders} where ${DRAW_ORDERS} and active_id = ${drawMachines.id})`,
  stock: drawMachines.stock,
};

/** A page of the brand's machines: newest first, or by a column of the list either way (`sort`). */
export async function listMachines(
  db: Db,
  config: Config,
  q: { ipId: number; keyword: string; page: number; limit: number; sort?: MachineSort },
): Promise<{ list: DrawMachine[]; total: number; onSale: number }> {
  const where = and(
    eq(drawMachines.ipId, q.ipId),
    q.keyword ? ilike(drawMachines.title, `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
  );
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(drawMachines).where(where)) as [
    { total: number },
  ];
  const [{ onSale }] = (await db
    .select({ onSale: sql<number>`count(*)::int` })
    .from(drawMachines)
    // 在售: listed and its sale time reached.
    .where(and(eq(drawMachines.ipId, q.ipId), eq(drawMachines.off, 0), lte(drawMachines.shelvesTime, sql`now()`)))) as [
    { onSale: number },
  ];
  const rows = await db
    .select()
    .from(drawMachines)
    .where(where)
    .orderBy(...orderByOf(q.sort, machineSortable, drawMachines.id, [desc(drawMachines.id)]))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const counts = await machineCounts(
    db,
    rows.map((r) => r.id),
  );
  const templates = await templateFacts(
    db,
    rows.map((r) => r.templateId),
  );
  return {
    list: rows.map((r) => {
      const t = templates.get(r.templateId);
      return machineToWire(config, r, counts.get(r.id)!, { ipTitle: t?.title ?? '', price: t?.price ?? r.price });
    }),
    total,
    onSale,
  };
}

export async function machineInfo(db: Db, config: Config, id: number, brandIds: number[]): Promise<DrawMachine> {
  const row = await findMachine(db, id, brandIds);
  const counts = await machineCounts(db, [id]);
  const t = (await templateFacts(db, [row.templateId])).get(row.templateId);
  const fallback = (await ipTitles(db, [row.ipId])).get(row.ipId) ?? '';
  return machineToWire(config, row, counts.get(id)!, { ipTitle: t?.title ?? fallback, price: t?.price ?? row.price });
}

/** Spec 01 §3 "Box goods row" per style, from the case, draw and deposit rows. */
export async function machineGoods(db: Db, config: Config, id: number, brandIds: number[]): Promise<BoxGoodsRow[]> {
  await findMachine(db, id, brandIds);
  const goods = await db
    .select()
    .from(drawMachineGoods)
    .where(eq(drawMachineGoods.batchId, id))
    .orderBy(asc(drawMachineGoods.sort));
  const listed = rowsOf<{ style_id: number; n: number }>(
    await db.execute(sql`
      select s.style_id, count(*)::int as n
      from draw_machine_cases c cross join lateral unnest(c.styles) as s(style_id)
      where c.batch_id = ${id}
        and not exists (select 1 from draw_removed_cases r where r.batch_id = c.batch_id and r.case_no = c.case_no)
      group by s.style_id`),
  );
  const sold = rowsOf<{ style_id: number; n: number }>(
    await db.execute(sql`
      select style_id, count(*)::int as n from order_items where batch_id = ${id} group by style_id`),
  );
  const states = rowsOf<{ style_id: number; state: number; n: number }>(
    await db.execute(sql`
      select style_id, state, count(*)::int as n from deposits where batch_id = ${id} group by style_id, state`),
  );
  const listedOf = new Map(listed.map((r) => [r.style_id, r.n]));
  const soldOf = new Map(sold.map((r) => [r.style_id, r.n]));
  const total = listed.reduce((n, r) => n + r.n, 0);
  const state = (styleId: number, s: number) => states.find((r) => r.style_id === styleId && r.state === s)?.n ?? 0;
  return goods.map((g) => {
    const stockSum = listedOf.get(g.styleId) ?? 0;
    const soldNum = soldOf.get(g.styleId) ?? 0;
    return {
      id: g.styleId,
      goods_pic: picUrl(config, g.goodsPic),
      goods_title: g.goodsTitle,
      type: g.type,
      probability: g.probability,
      stock_sum: stockSum,
      sold_num: soldNum,
      j_goods_num: state(g.styleId, 3),
      d_goods_num: state(g.styleId, 0),
      y_goods_num: state(g.styleId, 1) + state(g.styleId, 2),
      stock: stockSum - soldNum,
      rate: total ? Math.round((stockSum / total) * 10000) / 100 : 0,
    };
  });
}

/** The fields of a machine the audit log shows (shared AUDIT_ENTITIES.drawMachine). */
export const machineAuditView = (row: MachineRow) => ({
  id: row.id,
  title: row.title,
  off: row.off,
  shelves_time: formatTime(row.shelvesTime),
  desc: row.desc,
  bean: fenToYuan(row.bean),
  stock: row.stock,
});
