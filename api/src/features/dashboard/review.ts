import { REVIEW_KINDS, type ReviewDashboard, type ReviewKind } from '@toy/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { formatTime } from '../../lib/time.js';

/**
 * The platform reviewer's queue: per kind, the items pending review and when the one waiting
 * longest was submitted (its updated_at: a resubmission after a rejection starts a new wait). Each
 * count uses the kind's status index (…_status_idx, kujis_audit_idx, skins_process_idx).
 */
const PENDING: Record<ReviewKind, ReturnType<typeof sql>> = {
  record: sql`select count(*)::int as n, min(updated_at) as oldest from blind_box_records where status = 0`,
  kuji: sql`select count(*)::int as n, min(updated_at) as oldest from kujis where audit_status = 0`,
  toy: sql`select count(*)::int as n, min(updated_at) as oldest from toys where status = 0`,
  moment: sql`select count(*)::int as n, min(updated_at) as oldest from moments where status = 0`,
  skin: sql`select count(*)::int as n, min(updated_at) as oldest from skins where process_status = 0`,
};

/** The review page's tab (and, for moments, the switch inside the 心愿星球 tab). */
const TAB: Record<ReviewKind, Record<string, string>> = {
  record: { tab: 'records' },
  kuji: { tab: 'kuji' },
  toy: { tab: 'toy' },
  moment: { tab: 'toy', kind: 'moment' },
  skin: { tab: 'skin' },
};

export async function reviewView(db: Db, now = Date.now()): Promise<ReviewDashboard> {
  const rows = await Promise.all(
    REVIEW_KINDS.map(async ({ kind, label }) => {
      const [row] = rowsOf<{ n: number; oldest: string | Date | null }>(await db.execute(PENDING[kind]));
      const oldest = row?.oldest ? new Date(row.oldest) : null;
      return {
        kind,
        label,
        count: row?.n ?? 0,
        oldest_at: formatTime(oldest),
        oldest_wait_seconds: oldest ? Math.max(0, Math.floor((now - oldest.getTime()) / 1000)) : 0,
        link: { page: 'review/blindBox', query: TAB[kind] },
      };
    }),
  );
  return { updated_at: formatTime(new Date(now)), queue: rows };
}
