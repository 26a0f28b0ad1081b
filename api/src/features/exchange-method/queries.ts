import {
  dollStrOf,
  EXCHANGE_LIMITS,
  type ExchangeActivity,
  type ExchangeComponent,
  type ExchangeMethod,
  emptyRelation,
  type RelationIds,
  timeStatusOf,
} from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL, sql, sum } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { brands, exchangeClaims, exchangeMethods } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';
import { resolveActivities } from '../holdings/index.js';
import { componentsForDisplay } from './components.js';

export type ExchangeRow = typeof exchangeMethods.$inferSelect;
interface Extra {
  ipTitle: string;
  received: number;
  consumed: number;
  dolls: ExchangeComponent[];
  activities: ExchangeActivity[];
}

export const relationOf = (row: ExchangeRow): RelationIds => ({ ...emptyRelation(), ...row.relation });

export const exchangeToWire = (config: Config, row: ExchangeRow, x: Extra, now = new Date()): ExchangeMethod => ({
  id: row.id,
  ip_id: row.ipId,
  ip_title: x.ipTitle,
  name: row.name,
  type: row.type,
  pic: picUrl(config, row.pic),
  points: row.points,
  consume_points: x.consumed,
  per_limit: EXCHANGE_LIMITS.perUser,
  relation_order: row.relationOrder,
  relation_order_str: JSON.stringify(relationOf(row)),
  short: row.short,
  begin_at: formatTime(row.beginAt),
  end_at: formatTime(row.endAt),
  doll_str: dollStrOf(row.components),
  dolls: x.dolls,
  time_status: timeStatusOf(row.beginAt, row.endAt, now),
  off: row.off,
  received: x.received,
  bind_order: { goods: x.activities },
  created_at: formatTime(row.createdAt),
});

/** Counts (from the claims), brand titles, components and related activities of these rows. */
async function extrasOf(db: Db | Tx, config: Config, rows: ExchangeRow[]): Promise<Map<number, Extra>> {
  const out = new Map<number, Extra>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const claims = await db
    .select({ id: exchangeClaims.exchangeMethodId, n: count(), points: sum(exchangeClaims.points) })
    .from(exchangeClaims)
    .where(inArray(exchangeClaims.exchangeMethodId, ids))
    .groupBy(exchangeClaims.exchangeMethodId);
  const titles = await db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(inArray(brands.id, [...new Set(rows.map((r) => r.ipId))]));
  const components = await componentsForDisplay(db, config, rows);
  const c = new Map(claims.map((x) => [x.id, x]));
  const t = new Map(titles.map((x) => [x.id, x.title]));
  for (const row of rows) {
    const activities = (await resolveActivities(db, config, null, relationOf(row))) ?? [];
    out.set(row.id, {
      ipTitle: t.get(row.ipId) ?? '',
      received: Number(c.get(row.id)?.n ?? 0),
      consumed: Number(c.get(row.id)?.points ?? 0),
      dolls: row.components.flatMap((ref) => components.get(`${ref.type}:${ref.id}`) ?? []),
      activities,
    });
  }
  return out;
}

export async function exchangeWire(db: Db | Tx, config: Config, row: ExchangeRow) {
  return exchangeToWire(config, row, (await extrasOf(db, config, [row])).get(row.id)!);
}

export async function exchangeWires(db: Db | Tx, config: Config, rows: ExchangeRow[]) {
  const extras = await extrasOf(db, config, rows);
  const now = new Date();
  return rows.map((r) => exchangeToWire(config, r, extras.get(r.id)!, now));
}

/** A page of the exchange methods of these brands, newest first, with the single/set counts. */
export async function listExchange(
  db: Db,
  config: Config,
  brandIds: number[],
  q: { page: number; limit: number; name?: string },
) {
  const pagination = { page: q.page, limit: q.limit, total_rows: 0 };
  if (brandIds.length === 0) return { lists: [], res: { multi: 0, single: 0 }, pagination };
  const where: SQL[] = [inArray(exchangeMethods.ipId, brandIds)];
  if (q.name) where.push(ilike(exchangeMethods.name, containing(q.name)));
  const [counts] = await db
    .select({
      n: count(),
      multi: sql<number>`count(*) filter (where ${exchangeMethods.type} = 2)`,
      single: sql<number>`count(*) filter (where ${exchangeMethods.type} = 1)`,
    })
    .from(exchangeMethods)
    .where(and(...where));
  const rows = await db
    .select()
    .from(exchangeMethods)
    .where(and(...where))
    .orderBy(desc(exchangeMethods.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    lists: await exchangeWires(db, config, rows),
    res: { multi: Number(counts?.multi ?? 0), single: Number(counts?.single ?? 0) },
    pagination: { ...pagination, total_rows: Number(counts?.n ?? 0) },
  };
}

/** The exchange method `id` of one of `brandIds`, locked inside `tx` when asked; else 404. */
export async function findExchange(db: Db | Tx, brandIds: number[], id: number, lock = false): Promise<ExchangeRow> {
  if (brandIds.length === 0) throw notFound();
  const query = db
    .select()
    .from(exchangeMethods)
    .where(and(eq(exchangeMethods.id, id), inArray(exchangeMethods.ipId, brandIds)));
  const [row] = lock ? await query.for('update') : await query.limit(1);
  if (!row) throw notFound();
  return row;
}

export async function claimCount(db: Db | Tx, id: number) {
  const [row] = await db.select({ n: count() }).from(exchangeClaims).where(eq(exchangeClaims.exchangeMethodId, id));
  return Number(row?.n ?? 0);
}
