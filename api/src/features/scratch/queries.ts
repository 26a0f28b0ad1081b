import type { ScratchCard } from '@toy/shared';
import { messages } from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { brands, scratchCards, scratchRedemptions, scratchRefusals } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';

export type ScratchRow = typeof scratchCards.$inferSelect;
type Counts = { used: number; refused: number; ipTitle: string };

export const scratchToWire = (config: Config, row: ScratchRow, c: Counts): ScratchCard => ({
  id: row.id,
  ip_id: row.ipId,
  ip_title: c.ipTitle,
  title: row.title,
  total_num: row.totalNum,
  used_num: c.used,
  remaining: row.totalNum - c.used,
  refused_num: c.refused,
  created_at: formatTime(row.createdAt),
  active_id: row.activeId,
  active_type: row.activeType,
  active_title: row.activeTitle,
  active_pic: picUrl(config, row.activePic),
});

/** used_num and refused_num of these cards, counted from the redemption and refusal records. */
async function countsOf(db: Db | Tx, rows: ScratchRow[]): Promise<Map<number, Counts>> {
  const ids = rows.map((r) => r.id);
  const out = new Map<number, Counts>();
  if (ids.length === 0) return out;
  // One after another: inside a transaction the three share one connection.
  const used = await db
    .select({ id: scratchRedemptions.cardId, n: count() })
    .from(scratchRedemptions)
    .where(inArray(scratchRedemptions.cardId, ids))
    .groupBy(scratchRedemptions.cardId);
  const refused = await db
    .select({ id: scratchRefusals.cardId, n: count() })
    .from(scratchRefusals)
    .where(inArray(scratchRefusals.cardId, ids))
    .groupBy(scratchRefusals.cardId);
  const titles = await db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(inArray(brands.id, [...new Set(rows.map((r) => r.ipId))]));
  const u = new Map(used.map((r) => [r.id, Number(r.n)]));
  const f = new Map(refused.map((r) => [r.id, Number(r.n)]));
  const t = new Map(titles.map((r) => [r.id, r.title]));
  for (const r of rows)
    out.set(r.id, { used: u.get(r.id) ?? 0, refused: f.get(r.id) ?? 0, ipTitle: t.get(r.ipId) ?? '' });
  return out;
}

export async function wireOf(db: Db | Tx, config: Config, row: ScratchRow): Promise<ScratchCard> {
  const counts = await countsOf(db, [row]);
  return scratchToWire(config, row, counts.get(row.id)!);
}

export interface ScratchListQuery {
  page: number;
  limit: number;
  title?: string;
  active_title?: string;
}

/** A page of the cards of these brands, newest first. */
export async function listScratch(db: Db, config: Config, brandIds: number[], q: ScratchListQuery) {
  const pagination = { page: q.page, limit: q.limit, total_rows: 0 };
  if (brandIds.length === 0) return { lists: [], pagination };
  const where: SQL[] = [inArray(scratchCards.ipId, brandIds)];
  if (q.title) where.push(ilike(scratchCards.title, containing(q.title)));
  if (q.active_title) where.push(ilike(scratchCards.activeTitle, containing(q.active_title)));
  const [total] = await db
    .select({ n: count() })
    .from(scratchCards)
    .where(and(...where));
  const rows = await db
    .select()
    .from(scratchCards)
    .where(and(...where))
    .orderBy(desc(scratchCards.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const counts = await countsOf(db, rows);
  return {
    lists: rows.map((r) => scratchToWire(config, r, counts.get(r.id)!)),
    pagination: { ...pagination, total_rows: Number(total?.n ?? 0) },
  };
}

/** The card `id` when it belongs to one of `brandIds`; locked inside `tx` when given one; else 404. */
export async function findScratch(db: Db | Tx, brandIds: number[], id: number, lock = false): Promise<ScratchRow> {
  if (brandIds.length === 0) throw notFound();
  const query = db
    .select()
    .from(scratchCards)
    .where(and(eq(scratchCards.id, id), inArray(scratchCards.ipId, brandIds)));
  const [row] = lock ? await query.for('update') : await query.limit(1);
  if (!row) throw notFound();
  return row;
}

/** Edit, add codes and delete only while the card is not linked to an activity (spec 03 §4). */
export function assertUnlinked(row: ScratchRow) {
  if (row.activeId !== 0) throw httpError(409, messages.scratch.linked);
}

export const touch = (tx: Tx, id: number, set: Partial<ScratchRow>) =>
  tx
    .update(scratchCards)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(scratchCards.id, id))
    .returning()
    .then((rows) => rows[0]!);
