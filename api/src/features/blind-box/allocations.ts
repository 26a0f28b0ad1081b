import { randomBytes } from 'node:crypto';
import {
  type Allocation,
  adjustHidden,
  type Counts,
  maxHidden,
  messages,
  planCounts,
  RELEASE_LIMITS,
  seedHash,
} from '@toy/shared';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { boxAllocations } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { allocStyles, findTemplate, type StyleRow, stylesOf, type TemplateRow } from './templates.js';

const m = messages.blindBox;

export type AllocationRow = typeof boxAllocations.$inferSelect;

const toCounts = (stored: Record<string, number>): Counts =>
  Object.fromEntries(Object.entries(stored).map(([k, v]) => [Number(k), v]));

export function allocationToWire(config: Config, row: AllocationRow, styles: StyleRow[]): Allocation {
  const counts = toCounts(row.counts);
  return {
    box_sign: row.sign,
    seed_hash: row.seedHash,
    template_id: row.templateId,
    box_num: row.boxNum,
    limit_stock: row.limitStock,
    total: row.boxNum * row.limitStock,
    expire_time: formatTime(row.expiresAt),
    goods: styles.map((s) => ({
      id: s.id,
      goods_pic: picUrl(config, s.goodsPic),
      goods_title: s.goodsTitle,
      type: s.type,
      probability: s.probability,
      stock: counts[s.id] ?? 0,
    })),
  };
}

/** Unused allocations past their expiry are deleted (used ones keep their seed for the reveal). */
export async function purgeExpired(db: Db | Tx): Promise<void> {
  await db.delete(boxAllocations).where(and(isNull(boxAllocations.usedAt), lt(boxAllocations.expiresAt, sql`now()`)));
}

/**
 * 分配盒机: a fresh random seed (kept secret), its sha256 as the commitment, and the counts of
 * shared planCounts(seed, styles, box_num, limit_stock). Answers a new single-use box_sign.
 */
export async function allocate(
  db: Db,
  input: { template: TemplateRow; boxNum: number; userId: number; batchId?: number },
): Promise<{ row: AllocationRow; styles: StyleRow[] }> {
  const { template, boxNum } = input;
  const styles = (await stylesOf(db, [template.id])).get(template.id) ?? [];
  const seed = randomBytes(32).toString('hex');
  const counts = planCounts(seed, allocStyles(styles), boxNum, template.limitStock);
  await purgeExpired(db);
  const [row] = await db
    .insert(boxAllocations)
    .values({
      sign: randomBytes(24).toString('base64url'),
      ipId: template.ipId,
      templateId: template.id,
      batchId: input.batchId ?? null,
      userId: input.userId,
      boxNum,
      limitStock: template.limitStock,
      seed,
      seedHash: seedHash(seed),
      counts,
      expiresAt: new Date(Date.now() + RELEASE_LIMITS.boxSignTtlSeconds * 1000),
    })
    .returning();
  return { row: row!, styles };
}

/**
 * A live allocation by its box_sign: unused, unexpired, of one of `brandIds`, locked for the
 * transaction. Unknown, expired, used and foreign signs are all refused with the same answer.
 */
export async function liveAllocation(tx: Tx, sign: string, brandIds: number[]): Promise<AllocationRow> {
  if (brandIds.length === 0) throw httpError(400, m.boxSignInvalid);
  const [row] = await tx
    .select()
    .from(boxAllocations)
    .where(
      and(
        eq(boxAllocations.sign, sign),
        inArray(boxAllocations.ipId, brandIds),
        isNull(boxAllocations.usedAt),
        gt(boxAllocations.expiresAt, sql`now()`),
      ),
    )
    .for('update');
  if (!row) throw httpError(400, m.boxSignInvalid);
  return row;
}

/** Hidden stock: one hidden style's count set; the basic styles give or take the difference. */
export async function setHiddenStock(
  db: Db,
  input: { sign: string; hideId: number; hideStock: number; brandIds: number[] },
): Promise<{ row: AllocationRow; styles: StyleRow[] }> {
  return db.transaction(async (tx) => {
    const row = await liveAllocation(tx, input.sign, input.brandIds);
    const template = await findTemplate(tx, row.templateId, input.brandIds);
    if (!template) throw notFound();
    const styles = (await stylesOf(tx, [template.id])).get(template.id) ?? [];
    const hidden = styles.find((s) => s.id === input.hideId && s.type !== 1);
    if (!hidden) throw httpError(400, m.hideIdRequired);
    const alloc = allocStyles(styles);
    const counts = toCounts(row.counts);
    const total = row.boxNum * row.limitStock;
    const max = maxHidden(alloc, counts, hidden.id, total);
    if (input.hideStock > max) throw httpError(400, m.hideStockTooMany(max));
    const next = adjustHidden(row.seed, alloc, counts, hidden.id, input.hideStock, total);
    const [updated] = await tx
      .update(boxAllocations)
      .set({ counts: next })
      .where(eq(boxAllocations.id, row.id))
      .returning();
    return { row: updated!, styles };
  });
}
