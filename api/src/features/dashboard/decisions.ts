import {
  DASHBOARD_LIST_MAX,
  DASHBOARD_REVIEW_DAYS,
  type DashboardLink,
  REVIEW_KINDS,
  type ReviewDecision,
  type ReviewKind,
} from '@toy/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { formatTime } from '../../lib/time.js';

/**
 * The platform review's decisions on a merchant's submissions (blind-box records, kujis, toys and
 * scenes, moments, skins): each kind's approved (1) or rejected (2) rows of the merchant's brands,
 * decided in the last DASHBOARD_REVIEW_DAYS days. Records and kujis keep when they were reviewed;
 * the others change only by the review once submitted, so their updated_at is the decision's time.
 */
const DECIDED: Record<ReviewKind, (ids: SQL, since: Date) => SQL> = {
  record: (ids, since) =>
    sql`select id, ip_id, title, status, reason, coalesce(reviewed_at, updated_at) as at from blind_box_records
        where ip_id in (${ids}) and status in (1, 2) and coalesce(reviewed_at, updated_at) >= ${since.toISOString()}::timestamptz`,
  kuji: (ids, since) =>
    sql`select id, ip_id, title, audit_status as status, reason, coalesce(reviewed_at, updated_at) as at from kujis
        where ip_id in (${ids}) and audit_status in (1, 2) and coalesce(reviewed_at, updated_at) >= ${since.toISOString()}::timestamptz`,
  toy: (ids, since) =>
    sql`select id, ip_id, name as title, status, remark as reason, updated_at as at from toys
        where ip_id in (${ids}) and status in (1, 2) and updated_at >= ${since.toISOString()}::timestamptz`,
  moment: (ids, since) =>
    sql`select id, ip_id, name as title, status, remark as reason, updated_at as at from moments
        where ip_id in (${ids}) and status in (1, 2) and updated_at >= ${since.toISOString()}::timestamptz`,
  skin: (ids, since) =>
    sql`select id, ip_id, title, process_status as status, remark as reason, updated_at as at from skins
        where ip_id in (${ids}) and process_status in (1, 2) and updated_at >= ${since.toISOString()}::timestamptz`,
};

/** Where the merchant finds the item: its list, filtered to it. */
const LINK: Record<ReviewKind, (row: Row) => DashboardLink> = {
  record: (r) => ({ page: 'blindBoxRecord/list', query: { ip_id: r.ip_id, status: r.status, title: r.title } }),
  kuji: (r) => ({ page: 'kuji/list', query: { ip_id: r.ip_id, title: r.title } }),
  toy: (r) => ({ page: 'toy/list', query: { ip_id: r.ip_id } }),
  moment: (r) => ({ page: 'toy/album', query: { ip_id: r.ip_id } }),
  skin: (r) => ({ page: 'skin/list', query: { ip_id: r.ip_id } }),
};

interface Row {
  id: number;
  ip_id: number;
  title: string;
  status: number;
  reason: string;
  at: string | Date;
}

export async function reviewDecisions(db: Db, ids: SQL, now: number): Promise<ReviewDecision[]> {
  const since = new Date(now - DASHBOARD_REVIEW_DAYS * 86_400_000);
  const kinds = await Promise.all(
    REVIEW_KINDS.map(async ({ kind, label }) => {
      const rows = rowsOf<Row>(
        await db.execute(sql`${DECIDED[kind](ids, since)} order by at desc limit ${DASHBOARD_LIST_MAX}`),
      );
      return rows.map((r) => ({ kind, label, row: r, at: new Date(r.at) }));
    }),
  );
  return kinds
    .flat()
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, DASHBOARD_LIST_MAX)
    .map(({ kind, label, row, at }) => ({
      kind,
      label,
      title: row.title,
      result: row.status === 1 ? 'approved' : 'rejected',
      result_text: row.status === 1 ? '已通过' : '已驳回',
      reason: row.reason,
      decided_at: formatTime(at),
      link: LINK[kind](row),
    }));
}
