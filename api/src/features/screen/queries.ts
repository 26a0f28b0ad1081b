import type { ActivityMessage, ActivityStatus, RankingRow, SaleEntry, ScreenBrand } from '@toy/shared';
import { ACTIVITY_KUJI, ActivityAction, levelLabel, SCREEN_ACTIVITY, TRAN_STATE } from '@toy/shared';
import { and, asc, desc, eq, gt, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { brands, drawMachineGoods, drawMachines, kujiGoods, orderItems, orders, players } from '../../db/schema.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { kujiActivityStatus, kujiLaunches, latestKuji } from './kuji-queries.js';

/**
 * The platform's screen data (spec 03 §3), computed from the records: launches from released draw
 * machines and approved ichiban-kujis (kuji-queries.ts), hot brands and the ranking from paid orders,
 * activity messages from draws. Launches and the activity status carry activity_type (13 a draw
 * machine, 14 a kuji): the two are numbered in their own tables, so an id names one only with it.
 */

const DRAW_MACHINE = 13;
/** Hot brands and the ranking look at this many days of sales. */
export const SCREEN_WINDOW_DAYS = 30;

/** Start and end of a `yyyy-MM-dd` day in Asia/Shanghai (UTC+8, no daylight saving). */
export function dayRange(day?: string): [Date, Date] {
  const date = day ?? formatTime(new Date()).slice(0, 10);
  const start = new Date(`${date}T00:00:00+08:00`);
  return [start, new Date(start.getTime() + 24 * 3600 * 1000)];
}

const since = () => new Date(Date.now() - SCREEN_WINDOW_DAYS * 24 * 3600 * 1000);

/**
 * Today's launches: draw machines and approved kujis (listed or sold out) whose sale time falls on
 * the day, by sale time (a draw machine before a kuji at the same time).
 */
export async function saleList(db: Db, config: Config, day?: string, ipIds?: number[]): Promise<SaleEntry[]> {
  const range = dayRange(day);
  const [machines, kujiList] = await Promise.all([
    machineLaunches(db, config, range, ipIds),
    kujiLaunches(db, config, range, ipIds),
  ]);
  return [...machines, ...kujiList]
    .sort((a, b) => a.begin.localeCompare(b.begin) || a.activity_type - b.activity_type || a.id - b.id)
    .slice(0, 200);
}

async function machineLaunches(
  db: Db,
  config: Config,
  [start, end]: [Date, Date],
  ipIds?: number[],
): Promise<SaleEntry[]> {
  const drawn = db
    .select({ batchId: orderItems.batchId, n: sql<number>`count(*)::int`.as('drawn_n') })
    .from(orderItems)
    .groupBy(orderItems.batchId)
    .as('drawn');
  const total = db
    .select({ batchId: drawMachineGoods.batchId, n: sql<number>`sum(${drawMachineGoods.stockSum})::int`.as('total_n') })
    .from(drawMachineGoods)
    .groupBy(drawMachineGoods.batchId)
    .as('total');
  const rows = await db
    .select({
      id: drawMachines.id,
      title: drawMachines.title,
      pic: drawMachines.pic,
      price: drawMachines.price,
      shelvesTime: drawMachines.shelvesTime,
      ipId: brands.id,
      ipTitle: brands.title,
      total: total.n,
      drawn: drawn.n,
    })
    .from(drawMachines)
    .innerJoin(brands, eq(brands.id, drawMachines.ipId))
    .leftJoin(total, eq(total.batchId, drawMachines.id))
    .leftJoin(drawn, eq(drawn.batchId, drawMachines.id))
    .where(
      and(
        ne(drawMachines.off, 1),
        gte(drawMachines.shelvesTime, start),
        lt(drawMachines.shelvesTime, end),
        ipIds?.length ? inArray(drawMachines.ipId, ipIds) : undefined,
      ),
    )
    .orderBy(asc(drawMachines.shelvesTime), asc(drawMachines.id))
    .limit(200);
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    activity_type: SCREEN_ACTIVITY.machine,
    name: r.title,
    begin: formatTime(r.shelvesTime),
    state: r.shelvesTime.getTime() <= now ? 1 : 0,
    type: 2,
    price: fenToYuan(r.price),
    stock: Math.max(0, (r.total ?? 0) - (r.drawn ?? 0)),
    pic: picUrl(config, r.pic),
    ips: [{ id: r.ipId, title: r.ipTitle }],
  }));
}

/**
 * Orders that count as sales on the venue screens: open, paid within the window, and with the
 * money kept (paid, or a refund that failed). A refunded or refunding order no longer counts.
 */
const sold = () =>
  and(
    eq(orders.isClose, 0),
    inArray(orders.tranState, [TRAN_STATE.paid, TRAN_STATE.refundFailed]),
    gte(orders.payTime, since()),
  );

/** Brands by sales (list price of paid, open orders) over the window, most first. */
export async function hotBrands(db: Db, config: Config, limit: number): Promise<ScreenBrand[]> {
  const sales = sql<number>`sum(${orders.price})::int`;
  const rows = await db
    .select({ id: brands.id, title: brands.title, pic: brands.pic, sales })
    .from(orders)
    .innerJoin(brands, eq(brands.id, orders.ipId))
    .where(sold())
    .groupBy(brands.id, brands.title, brands.pic)
    .orderBy(desc(sales), asc(brands.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: r.title,
    pic: picUrl(config, r.pic),
    logo: picUrl(config, r.pic),
    hot: fenToYuan(r.sales),
  }));
}

/**
 * Every brand the venue may show, for the operator's choices: the enabled brands (templates too),
 * those with sales in the window first (by sales), then by the brands' own order.
 */
export async function venueBrands(db: Db, config: Config): Promise<ScreenBrand[]> {
  const sales = db
    .select({ ipId: orders.ipId, n: sql<number>`sum(${orders.price})::int`.as('sales_n') })
    .from(orders)
    .where(sold())
    .groupBy(orders.ipId)
    .as('sales');
  const rows = await db
    .select({ id: brands.id, title: brands.title, pic: brands.pic, sales: sales.n })
    .from(brands)
    .leftJoin(sales, eq(sales.ipId, brands.id))
    .where(eq(brands.status, 1))
    .orderBy(sql`coalesce(${sales.n}, 0) desc`, asc(brands.sort), asc(brands.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    name: r.title,
    pic: picUrl(config, r.pic),
    logo: picUrl(config, r.pic),
    hot: fenToYuan(r.sales ?? 0),
  }));
}

/** Players by amount spent (what they paid plus coins used) over the window, most first. */
export async function ranking(db: Db, config: Config, limit: number): Promise<RankingRow[]> {
  const spent = sql<number>`sum(${orders.receivedPrice} + ${orders.points})::int`;
  const rows = await db
    .select({ id: players.id, nickname: players.nickname, avatar: players.avatar, spent })
    .from(orders)
    .innerJoin(players, eq(players.id, orders.playerId))
    .where(sold())
    .groupBy(players.id, players.nickname, players.avatar)
    .orderBy(desc(spent), asc(players.id))
    .limit(limit);
  return rows.map((r) => ({
    user_id: r.id,
    name: r.nickname,
    avatar: picUrl(config, r.avatar),
    avatar_frame: '',
    amount: fenToYuan(r.spent),
  }));
}

/** The best prize level (lowest code: Last 0, then A…) an ichiban-kuji order won, or null. */
const bestKujiLevel = sql<
  number | null
>`(select min(${kujiGoods.level}) from ${orderItems} join ${kujiGoods} on ${kujiGoods.id} = ${orderItems.kujiGoodsId} where ${orderItems.orderId} = ${orders.id})`;
const DRAW_TYPES = [DRAW_MACHINE, ACTIVITY_KUJI];

/**
 * Activity messages: one per draw (action 1 a draw machine, 4 an ichiban-kuji draw with the best
 * level it won as ticket_level), ids are order ids. After `lastId` in ascending order;
 * with `lastId` 0, the newest `limit`, still oldest first.
 */
export async function barrage(db: Db, config: Config, lastId: number, limit: number): Promise<ActivityMessage[]> {
  const base = db
    .select({
      id: orders.id,
      nickname: players.nickname,
      avatar: players.avatar,
      ipTitle: brands.title,
      activeTitle: orders.activeTitle,
      payTime: orders.payTime,
      type: orders.type,
      level: bestKujiLevel,
    })
    .from(orders)
    .innerJoin(players, eq(players.id, orders.playerId))
    .innerJoin(brands, eq(brands.id, orders.ipId))
    .$dynamic();
  const rows =
    lastId > 0
      ? await base
          .where(and(inArray(orders.type, DRAW_TYPES), gt(orders.id, lastId)))
          .orderBy(asc(orders.id))
          .limit(limit)
      : (await base.where(inArray(orders.type, DRAW_TYPES)).orderBy(desc(orders.id)).limit(limit)).reverse();
  return rows.map((r) => ({
    id: r.id,
    user: { name: r.nickname, avatar: picUrl(config, r.avatar) },
    action: r.type === ACTIVITY_KUJI ? ActivityAction.kuji : ActivityAction.machine,
    ip_title: r.ipTitle,
    active_title: r.activeTitle,
    vip_level: 0,
    ticket_level: r.type === ACTIVITY_KUJI && r.level !== null ? levelLabel(r.level) : '',
    created_at: formatTime(r.payTime),
  }));
}

/**
 * The activity status of the given draw machine or kuji (activity_type 14), else of the latest
 * launch of either that is not delisted (a kuji only when launched strictly later).
 */
export async function activityStatus(
  db: Db,
  config: Config,
  activeId?: number,
  activityType: number = SCREEN_ACTIVITY.machine,
): Promise<ActivityStatus> {
  if (activeId) {
    return activityType === SCREEN_ACTIVITY.kuji
      ? kujiActivityStatus(db, config, activeId)
      : machineActivityStatus(db, config, activeId);
  }
  const [kuji, machine] = await Promise.all([latestKuji(db), latestMachine(db)]);
  if (kuji && (!machine || kuji.shelvesTime > machine.shelvesTime)) return kujiActivityStatus(db, config, kuji.id);
  return machineActivityStatus(db, config, machine?.id);
}

async function latestMachine(db: Db) {
  const [row] = await db
    .select({ id: drawMachines.id, shelvesTime: drawMachines.shelvesTime })
    .from(drawMachines)
    .where(and(ne(drawMachines.off, 1), lt(drawMachines.shelvesTime, new Date())))
    .orderBy(desc(drawMachines.shelvesTime), desc(drawMachines.id))
    .limit(1);
  return row;
}

/**
 * A draw machine's activity status: before its first draw it shows its prize goods (type 2); while
 * boxes are being drawn, the latest draw records (type 3); once sold out, the players who drew hidden
 * styles (type 4, state 3). No machine: type 0, nothing to show.
 */
async function machineActivityStatus(db: Db, config: Config, id: number | undefined): Promise<ActivityStatus> {
  if (!id) return { type: 0, activity_type: SCREEN_ACTIVITY.machine, state: 0, goods: [], records: [], lucky_user: [] };
  const [machine] = await db.select().from(drawMachines).where(eq(drawMachines.id, id)).limit(1);
  if (!machine)
    return { type: 0, activity_type: SCREEN_ACTIVITY.machine, state: 0, goods: [], records: [], lucky_user: [] };
  const info = { title: machine.title, reward_pic: picUrl(config, machine.pic) };
  const ids = { active_id: machine.id, activity_type: SCREEN_ACTIVITY.machine };
  const draws = await db
    .select({ nickname: players.nickname, avatar: players.avatar, type: orderItems.type })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(players, eq(players.id, orders.playerId))
    .where(eq(orderItems.batchId, machine.id))
    .orderBy(desc(orderItems.id))
    .limit(500);
  const person = (d: (typeof draws)[number]) => ({ name: d.nickname, avatar: picUrl(config, d.avatar) });
  if (draws.length === 0) {
    const goods = await db
      .select()
      .from(drawMachineGoods)
      .where(eq(drawMachineGoods.batchId, machine.id))
      .orderBy(asc(drawMachineGoods.sort));
    const level = (type: number) => (type === 3 ? '大隐藏' : type === 2 ? '小隐藏' : '基础款');
    const prizes = goods.map((g) => ({
      title: g.goodsTitle,
      pic: picUrl(config, g.goodsPic),
      level: level(g.type),
      num: g.stockSum,
    }));
    return { type: 2, ...ids, state: 1, info, goods: prizes, records: [], lucky_user: [] };
  }
  if (machine.off !== 2) {
    return {
      type: 3,
      ...ids,
      state: 1,
      info,
      goods: [],
      records: draws.slice(0, 50).map(person),
      lucky_user: [],
    };
  }
  const lucky = draws.filter((d) => d.type !== 1).map(person);
  return { type: 4, ...ids, state: 3, info, goods: [], records: [], lucky_user: lucky };
}
