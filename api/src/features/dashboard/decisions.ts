import {
  DASHBOARD_LIST_MAX,
  DASHBOARD_REVIEW_DAYS,
  type DashboardLink,
  REVIEW_KINDS,
  type ReviewDecision,
  type ReviewKind,
  type ReviewNews,
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
const SOURCE: Record<ReviewKind, { table: string; title: string; status: string; reason: string; at: string }> = {
  record: {
    table: 'blind_box_records',
    title: 'title',
    status: 'status',
    reason: 'reason',
    at: 'coalesce(reviewed_at, updated_at)',
  },
  kuji: {
    table: 'kujis',
    title: 'title',
    status: 'audit_status',
    reason: 'reason',
    at: 'coalesce(reviewed_at, updated_at)',
  },
  toy: { table: 'toys', title: 'name', status: 'status', reason: 'remark', at: 'updated_at' },
  moment: { table: 'moments', title: 'name', status: 'status', reason: 'remark', at: 'updated_at' },
  skin: { table: 'skins', title: 'title', status: 'process_status', reason: 'remark', at: 'updated_at' },
};

/** One kind's rows of the brands `ids` decided after `since`. */
function decidedWhere(kind: ReviewKind, ids: SQL, since: Date): SQL {
  const c = SOURCE[kind];
  const status = sql.raw(c.status);
  return sql`from ${sql.raw(c.table)} where ip_id in (${ids}) and ${status} in (1, 2) and ${sql.raw(c.at)} >= ${since.toISOString()}::timestamptz`;
}

/** One kind's decided rows of the brands `ids` since `since`, newest first. */
function decided(kind: ReviewKind, ids: SQL, since: Date): SQL {
  const c = SOURCE[kind];
  return sql`select id, ip_id, ${sql.raw(c.title)} as title, ${sql.raw(c.status)} as status, ${sql.raw(c.reason)} as reason, ${sql.raw(c.at)} as at
    ${decidedWhere(kind, ids, since)} order by at desc limit ${DASHBOARD_LIST_MAX}`;
}

/**
 * How many decisions on the brands `ids` came after `since` (seconds), within DASHBOARD_REVIEW_DAYS,
 * and when the newest came: the menu badge (dashboard.reviewNews).
 */
export async function reviewNewsOf(db: Db, ids: SQL, since: number, now: number): Promise<ReviewNews> {
  const from = new Date(Math.max(since * 1000 + 1000, now - DASHBOARD_REVIEW_DAYS * 86_400_000));
  const kinds = await Promise.all(
    REVIEW_KINDS.map(async ({ kind }) => {
      const at = sql.raw(SOURCE[kind].at);
      const [row] = rowsOf<{ n: number; latest: string | Date | null }>(
        await db.execute(sql`select count(*)::int as n, max(${at}) as latest ${decidedWhere(kind, ids, from)}`),
      );
      return { n: Number(row?.n ?? 0), latest: row?.latest ? new Date(row.latest).getTime() : 0 };
    }),
  );
  return {
    count: kinds.reduce((sum, k) => sum + k.n, 0),
    latest: Math.floor(Math.max(0, ...kinds.map((k) => k.latest)) / 1000),
  };
}

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
      const rows = rowsOf<Row>(await db.execute(decided(kind, ids, since)));
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
