import {
  ACTIVITY_DRAW_BOX,
  ACTIVITY_KUJI,
  ACTIVITY_TYPES,
  activityTypeText,
  type BoxAlert,
  DASHBOARD_LIST_MAX,
  DASHBOARD_LOW_BOXES_PERCENT,
  DASHBOARD_LOW_STOCK,
  DASHBOARD_TREND_DAYS,
  type DashboardLink,
  type MerchantDashboard,
  resolveOrderFilters,
  SHIPPABLE_STATUSES,
  type StockAlert,
} from '@toy/shared';
import { sql } from 'drizzle-orm';
import { type Db, idList, rowsOf } from '../../db/client.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { countOrders, orderConditions } from '../order/index.js';
import { type Calendar, calendar, dayOf, dayText } from './days.js';
import { reviewDecisions } from './decisions.js';

/**
 * The merchant's figures (box_admin): every one a query over the records of `brandIds`. Sales are
 * the orders the venue screens count as sold: open, paid (or a failed refund), by pay time.
 * Settlement is the merchant's income of draw-machine and kuji orders, pending or settled.
 */

/** Orders that count as sales (open, money kept); the partial index orders_ip_sold_idx covers them. */
const SOLD = sql`is_close = 0 and tran_state in (2, 7)`;
const DRAW_TYPES = [ACTIVITY_DRAW_BOX, ACTIVITY_KUJI];
/** A sold-out machine or kuji stays an alert this many days after its last draw. */
const SOLD_OUT_ALERT_DAYS = 7;

export async function merchantView(
  db: Db,
  brandIds: number[],
  ipId: number | undefined,
  now = Date.now(),
): Promise<MerchantDashboard> {
  const cal = calendar(now, DASHBOARD_TREND_DAYS);
  const ids = idList(brandIds);
  const base: Record<string, number> = ipId !== undefined ? { ip_id: ipId } : {};
  const link = (page: string, query: DashboardLink['query'] = {}): DashboardLink => ({
    page,
    query: { ...base, ...query },
  });
  const [days, settlement, work, boxes, stock, reviews, top, decisions] = await Promise.all([
    salesByDay(db, ids, cal),
    settlementOf(db, ids),
    workOf(db, brandIds, ids),
    boxAlerts(db, ids, now),
    stockAlerts(db, ids),
    reviewCounts(db, ids),
    topSeries(db, ids, cal),
    reviewDecisions(db, ids, now),
  ]);

  const types = ACTIVITY_TYPES.filter((t) => days.some((d) => d.type === t.value)).map((t) => ({
    type: t.value as number,
    type_text: t.label as string,
  }));
  for (const d of days)
    if (!types.some((t) => t.type === d.type)) types.push({ type: d.type, type_text: activityTypeText(d.type) });
  const on = (day: number) => days.filter((d) => d.day === day);
  const total = (rows: SalesRow[], pick: (r: SalesRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const [today, yesterday] = [on(cal.today), on(cal.today - 1)];
  const todayText = dayText(cal.today);
  const todayOrders = link('order/list', { begin_at: todayText, end_at: todayText });

  return {
    updated_at: formatTime(cal.now),
    today: {
      sales: {
        today: fenToYuan(total(today, (r) => r.amount)),
        yesterday: fenToYuan(total(yesterday, (r) => r.amount)),
        link: todayOrders,
      },
      orders: { today: total(today, (r) => r.n), yesterday: total(yesterday, (r) => r.n), link: todayOrders },
      draws: {
        today: total(today, (r) => r.draws),
        yesterday: total(yesterday, (r) => r.draws),
        link: link('order/list', { active_type: ACTIVITY_DRAW_BOX, begin_at: todayText, end_at: todayText }),
      },
    },
    settlement: {
      pending: { amount: fenToYuan(settlement.pending), link: link('drawMachine/list') },
      settled: { amount: fenToYuan(settlement.settled), link: link('drawMachine/list') },
    },
    trend: {
      types,
      days: Array.from({ length: DASHBOARD_TREND_DAYS }, (_, i) => {
        const rows = on(cal.trendFirst + i);
        return {
          date: dayText(cal.trendFirst + i),
          amount: fenToYuan(total(rows, (r) => r.amount)),
          by_type: types.map((t) =>
            fenToYuan(
              total(
                rows.filter((r) => r.type === t.type),
                (r) => r.amount,
              ),
            ),
          ),
        };
      }),
    },
    work: {
      orders_to_ship: { count: work.toShip, link: link('order/list', { state: 2 }) },
      pickups_to_ship: { count: work.pickups, link: link('pickup/list', { to_ship: 1 }) },
      refunds: { count: work.refunds, link: link('order/list', { state: 4 }) },
      stored: { count: work.stored, link: link('deposit/list') },
    },
    alerts: {
      boxes: {
        count: boxes.length,
        list: boxes.slice(0, DASHBOARD_LIST_MAX).map((b) => ({
          ...b,
          link: seriesLink(b),
        })),
      },
      stock: {
        count: stock.length,
        list: stock.slice(0, DASHBOARD_LIST_MAX).map((s) => ({
          ...s,
          link: (s.kind === 'gacha'
            ? { page: 'gacha/list', query: { ip_id: s.ip_id, goods_title: s.title } }
            : { page: 'goods/list', query: { ip_id: s.ip_id, title: s.title } }) as DashboardLink,
        })),
      },
      records_rejected: { count: reviews.rejected, link: link('blindBoxRecord/list', { status: 2 }) },
      releases_pending: { count: reviews.pending, link: link('kuji/list') },
    },
    top_series: top.map((t) => ({
      ...t,
      link: seriesLink(t),
    })),
    reviews: decisions,
  };
}

/** The list row of a draw machine (name keyword) or a kuji (title). */
const seriesLink = (s: { kind: 'draw_machine' | 'kuji'; ip_id: number; title: string }): DashboardLink =>
  s.kind === 'kuji'
    ? { page: 'kuji/list', query: { ip_id: s.ip_id, title: s.title } }
    : { page: 'drawMachine/list', query: { ip_id: s.ip_id, keyword: s.title } };

interface SalesRow {
  day: number;
  type: number;
  amount: number;
  n: number;
  draws: number;
}

/** Sales of each day of the trend (today and yesterday included) by activity type. */
async function salesByDay(db: Db, ids: ReturnType<typeof idList>, cal: Calendar): Promise<SalesRow[]> {
  return rowsOf<SalesRow>(
    await db.execute(sql`
      select ${dayOf('pay_time')} as day, type, coalesce(sum(total_pay_price), 0)::int as amount, count(*)::int as n,
        coalesce(sum(buy_num) filter (where type in (${idList(DRAW_TYPES)})), 0)::int as draws
      from orders
      where ip_id in (${ids}) and ${SOLD} and pay_time >= ${cal.trendStart.toISOString()}::timestamptz
      group by 1, 2`),
  );
}

/** The merchant's income of draw-machine and kuji orders, pending and settled. */
async function settlementOf(db: Db, ids: ReturnType<typeof idList>) {
  const rows = rowsOf<{ settle_state: number; fen: number }>(
    await db.execute(sql`
      select settle_state, coalesce(sum(merchant_income), 0)::int as fen from orders
      where ip_id in (${ids}) and type in (${idList(DRAW_TYPES)}) and tran_state = 2
      group by settle_state`),
  );
  const of = (state: number) => rows.find((r) => Number(r.settle_state) === state)?.fen ?? 0;
  return { pending: of(0), settled: of(1) };
}

/** Orders to ship (the order list's 待发货), pickups to ship, refunds to handle, items in storage. */
async function workOf(db: Db, brandIds: number[], ids: ReturnType<typeof idList>) {
  const count = async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0;
  const [toShip, refunds, pickups, stored] = await Promise.all([
    countOrders(db, orderConditions(brandIds, resolveOrderFilters({ state: 2 }))),
    count(sql`select count(*)::int as n from orders where ip_id in (${ids}) and is_close = 0 and tran_state in (6, 7)`),
    count(
      sql`select count(*)::int as n from pickups where ip_id in (${ids}) and delivery_status = any(${`{${SHIPPABLE_STATUSES.join(',')}}`}::int[])`,
    ),
    count(sql`select count(*)::int as n from deposits where ip_id in (${ids}) and state = 3`),
  ]);
  return { toShip, refunds, pickups, stored };
}

type BoxRow = Omit<BoxAlert, 'link'>;

/**
 * Draw machines and kujis on sale with less than DASHBOARD_LOW_BOXES_PERCENT % of their boxes
 * (tickets) left, and those sold out whose last draw is at most SOLD_OUT_ALERT_DAYS days old; the
 * fewest left first.
 */
async function boxAlerts(db: Db, ids: ReturnType<typeof idList>, now: number): Promise<BoxRow[]> {
  const recent = new Date(now - SOLD_OUT_ALERT_DAYS * 86400_000).toISOString();
  const machines = rowsOf<{
    id: number;
    ip_id: number;
    title: string;
    off: number;
    total: number;
    sold: number;
    last: string | null;
  }>(
    await db.execute(sql`
      select m.id, m.ip_id, m.title, m.off,
        (select coalesce(sum(cardinality(c.styles)), 0) from draw_machine_cases c
          where c.batch_id = m.id
            and not exists (select 1 from draw_removed_cases r where r.batch_id = c.batch_id and r.case_no = c.case_no))::int as total,
        (select count(*) from order_items i where i.batch_id = m.id)::int as sold,
        (select l.drawn_at from draw_log l where l.batch_id = m.id order by l.seq desc limit 1) as last
      from draw_machines m where m.ip_id in (${ids}) and m.off in (0, 2)`),
  );
  const kujiRows = rowsOf<{
    id: number;
    ip_id: number;
    title: string;
    off: number;
    total: number;
    left: number;
    last: string | null;
  }>(
    await db.execute(sql`
      select k.id, k.ip_id, k.title, k.off,
        coalesce(sum(cardinality(b.tickets)), 0)::int as total,
        coalesce(sum(cardinality(b.tickets) - b.drawn), 0)::int as left,
        (select l.drawn_at from kuji_draw_log l where l.kuji_id = k.id order by l.seq desc limit 1) as last
      from kujis k left join kuji_boxes b on b.kuji_id = k.id and b.removed_at is null
      where k.ip_id in (${ids}) and k.audit_status = 1 and k.off in (0, 2)
      group by k.id`),
  );
  const alert = (
    kind: BoxRow['kind'],
    r: { id: number; ip_id: number; title: string; off: number; last: string | null },
    total: number,
    left: number,
  ): BoxRow | null => {
    const soldOut = r.off === 2 || left <= 0;
    const recentDraw = r.last !== null && new Date(r.last).toISOString() >= recent;
    if (soldOut ? !recentDraw : r.off !== 0 || left * 100 >= total * DASHBOARD_LOW_BOXES_PERCENT) return null;
    return { kind, id: r.id, ip_id: r.ip_id, title: r.title, left: Math.max(0, left), total, sold_out: soldOut };
  };
  return [
    ...machines.map((m) => alert('draw_machine', m, m.total, m.total - m.sold)),
    ...kujiRows.map((k) => alert('kuji', k, k.total, k.left)),
  ]
    .filter((a): a is BoxRow => a !== null)
    .sort((a, b) => a.left / Math.max(1, a.total) - b.left / Math.max(1, b.total) || a.id - b.id);
}

/** Stock-limited goods and valid gacha goods with at most DASHBOARD_LOW_STOCK left; the fewest first. */
async function stockAlerts(db: Db, ids: ReturnType<typeof idList>): Promise<Omit<StockAlert, 'link'>[]> {
  const rows = rowsOf<{ kind: 'goods' | 'gacha'; id: number; ip_id: number; title: string; stock: number }>(
    await db.execute(sql`
      select 'goods' as kind, id, ip_id, title, stock from goods
        where ip_id in (${ids}) and stock_limit = 1 and stock <= ${DASHBOARD_LOW_STOCK}
      union all
      select 'gacha' as kind, id, ip_id, goods_title as title, stock from gacha_goods
        where ip_id in (${ids}) and status = 1 and stock <= ${DASHBOARD_LOW_STOCK}
      order by stock, kind, id`),
  );
  return rows.map((r) => ({ ...r, stock: Number(r.stock) }));
}

/** Blind-box records rejected, kujis waiting for review. */
async function reviewCounts(db: Db, ids: ReturnType<typeof idList>) {
  const [row] = rowsOf<{ rejected: number; pending: number }>(
    await db.execute(sql`
      select (select count(*) from blind_box_records where ip_id in (${ids}) and status = 2)::int as rejected,
        (select count(*) from kujis where ip_id in (${ids}) and audit_status = 0)::int as pending`),
  );
  return { rejected: row?.rejected ?? 0, pending: row?.pending ?? 0 };
}

/**
 * Draw machines and kujis by what was paid (total_pay_price, after coins and coupons) since Monday
 * 00:00, the most first: 本周实收, not the draw-machine list's 销售额 (list prices since the sale began).
 */
async function topSeries(db: Db, ids: ReturnType<typeof idList>, cal: Calendar) {
  const rows = rowsOf<{ type: number; active_id: number; ip_id: number; amount: number; n: number }>(
    await db.execute(sql`
      select type, active_id, ip_id, coalesce(sum(total_pay_price), 0)::int as amount, count(*)::int as n from orders
      where ip_id in (${ids}) and ${SOLD} and pay_time >= ${cal.weekStart.toISOString()}::timestamptz
        and type in (${idList(DRAW_TYPES)})
      group by type, active_id, ip_id order by amount desc, active_id limit ${DASHBOARD_LIST_MAX}`),
  );
  const machineIds = rows.filter((r) => r.type === ACTIVITY_DRAW_BOX).map((r) => r.active_id);
  const kujiIds = rows.filter((r) => r.type === ACTIVITY_KUJI).map((r) => r.active_id);
  const titles = rowsOf<{ kind: string; id: number; title: string }>(
    await db.execute(sql`
      select 'draw_machine' as kind, id, title from draw_machines where id in (${idList(machineIds)})
      union all select 'kuji' as kind, id, title from kujis where id in (${idList(kujiIds)})`),
  );
  return rows.map((r) => {
    const kind = r.type === ACTIVITY_KUJI ? ('kuji' as const) : ('draw_machine' as const);
    return {
      kind,
      id: r.active_id,
      ip_id: r.ip_id,
      title: titles.find((t) => t.kind === kind && t.id === r.active_id)?.title ?? '',
      amount: fenToYuan(r.amount),
      orders: r.n,
    };
  });
}
