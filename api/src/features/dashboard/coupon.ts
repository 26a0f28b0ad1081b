import {
  type CouponAlert,
  type CouponDashboard,
  DASHBOARD_COUPON_ENDING_DAYS,
  DASHBOARD_COUPON_ISSUED_PERCENT,
  DASHBOARD_LIST_MAX,
  DASHBOARD_TREND_DAYS,
  type DashboardLink,
} from '@toy/shared';
import { sql } from 'drizzle-orm';
import { type Db, idList, rowsOf } from '../../db/client.js';
import { formatTime } from '../../lib/time.js';
import { calendar, dayOf, dayText } from './days.js';

/**
 * The coupon manager's figures (coupon_admin): coupons in progress (claim period includes now),
 * claims and uses by day counted from coupon_claims (not the coupons' issue_num / used_num), and
 * the coupons in progress that end within DASHBOARD_COUPON_ENDING_DAYS days or whose claims reach
 * DASHBOARD_COUPON_ISSUED_PERCENT % of their total.
 */
export async function couponView(
  db: Db,
  brandIds: number[],
  ipId: number | undefined,
  now = Date.now(),
): Promise<CouponDashboard> {
  const cal = calendar(now, DASHBOARD_TREND_DAYS);
  const ids = idList(brandIds);
  const at = cal.now.toISOString();
  const since = cal.trendStart.toISOString();
  const base: Record<string, number> = ipId !== undefined ? { ip_id: ipId } : {};
  const link = (query: DashboardLink['query'] = {}): DashboardLink => ({
    page: 'coupon/list',
    query: { ...base, ...query },
  });

  const [running, claimed, used] = await Promise.all([
    db.execute(sql`
      select c.id, c.ip_id, c.title, c.end_time, c.total_num,
        (select count(*) from coupon_claims k where k.coupon_id = c.id)::int as claimed
      from coupons c
      where c.ip_id in (${ids}) and c.start_time <= ${at}::timestamptz and c.end_time >= ${at}::timestamptz
      order by c.end_time, c.id`),
    db.execute(sql`
      select ${dayOf('k.created_at')} as day, count(*)::int as n
      from coupons c join coupon_claims k on k.coupon_id = c.id
      where c.ip_id in (${ids}) and k.created_at >= ${since}::timestamptz
      group by 1`),
    db.execute(sql`
      select ${dayOf('k.used_at')} as day, count(*)::int as n
      from coupons c join coupon_claims k on k.coupon_id = c.id
      where c.ip_id in (${ids}) and k.used_at >= ${since}::timestamptz
      group by 1`),
  ]);
  const coupons = rowsOf<{
    id: number;
    ip_id: number;
    title: string;
    end_time: string | Date;
    total_num: number;
    claimed: number;
  }>(running);
  const perDay = (rows: unknown) => {
    const map = new Map<number, number>();
    for (const r of rowsOf<{ day: number; n: number }>(rows)) map.set(Number(r.day), r.n);
    return (day: number) => map.get(day) ?? 0;
  };
  const claims = perDay(claimed);
  const uses = perDay(used);

  const endingBy = now + DASHBOARD_COUPON_ENDING_DAYS * 86400_000;
  const nearing: CouponAlert[] = [];
  for (const c of coupons) {
    const end = new Date(c.end_time);
    const ending = end.getTime() <= endingBy;
    const issued = c.total_num > 0 && c.claimed * 100 >= c.total_num * DASHBOARD_COUPON_ISSUED_PERCENT;
    if (!ending && !issued) continue;
    nearing.push({
      id: c.id,
      ip_id: c.ip_id,
      title: c.title,
      end_time: formatTime(end),
      claimed: c.claimed,
      total: c.total_num,
      reason: ending ? 'ending' : 'issued',
      link: { page: 'coupon/list', query: { ip_id: c.ip_id, id: c.id } },
    });
  }

  return {
    updated_at: formatTime(cal.now),
    in_progress: { count: coupons.length, link: link({ state: 1 }) },
    claimed_today: { today: claims(cal.today), yesterday: claims(cal.today - 1), link: link({ state: 1 }) },
    used_today: { today: uses(cal.today), yesterday: uses(cal.today - 1), link: link({ state: 1 }) },
    nearing: { count: nearing.length, list: nearing.slice(0, DASHBOARD_LIST_MAX) },
    trend: Array.from({ length: DASHBOARD_TREND_DAYS }, (_, i) => {
      const day = cal.trendFirst + i;
      return { date: dayText(day), claimed: claims(day), used: uses(day) };
    }),
  };
}
