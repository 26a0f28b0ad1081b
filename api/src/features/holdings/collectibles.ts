import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { collectibleHoldings, collectibleItems } from '../../db/schema.js';

/**
 * Minting copies to players: the one place a `collectible_holdings` row is made. Remaining stock
 * is never stored: an item's stock minus its holdings (destroyed copies stay issued).
 */
export type HoldingSource = 'purchase' | 'drop' | 'claim' | 'compose';

export interface Grant {
  playerId: number;
  collectibleId: number;
  source: HoldingSource;
  sourceId?: number;
}

/** Issued copies per item of the given collectibles. */
export async function issuedByItem(tx: Db | Tx, collectibleIds: number[]): Promise<Map<number, number>> {
  if (collectibleIds.length === 0) return new Map();
  const rows = await tx
    .select({ itemId: collectibleHoldings.itemId, n: count() })
    .from(collectibleHoldings)
    .where(inArray(collectibleHoldings.collectibleId, collectibleIds))
    .groupBy(collectibleHoldings.itemId);
  return new Map(rows.map((r) => [r.itemId, Number(r.n)]));
}

/**
 * Stock and remaining stock of each given collectible (the sum over its items). A collectible with
 * no items answers 0/0.
 */
export async function stockOf(
  tx: Db | Tx,
  collectibleIds: number[],
): Promise<Map<number, { stock: number; residue: number }>> {
  const out = new Map<number, { stock: number; residue: number }>();
  if (collectibleIds.length === 0) return out;
  for (const id of collectibleIds) out.set(id, { stock: 0, residue: 0 });
  const items = await tx
    .select({ id: collectibleItems.id, collectibleId: collectibleItems.collectibleId, stock: collectibleItems.stock })
    .from(collectibleItems)
    .where(inArray(collectibleItems.collectibleId, collectibleIds));
  const issued = await issuedByItem(tx, collectibleIds);
  for (const it of items) {
    const s = out.get(it.collectibleId) ?? { stock: 0, residue: 0 };
    s.stock += it.stock;
    s.residue += Math.max(0, it.stock - (issued.get(it.id) ?? 0));
    out.set(it.collectibleId, s);
  }
  return out;
}

/**
 * Mints one copy of a collectible to a player, inside the caller's transaction: the first item
 * (by serial) with a copy left, locked so concurrent mints take distinct token numbers. Answers
 * the holding's id, or null when the collectible is sold out.
 */
export async function grantCollectible(tx: Tx, grant: Grant): Promise<number | null> {
  const items = await tx
    .select({ id: collectibleItems.id, stock: collectibleItems.stock })
    .from(collectibleItems)
    .where(eq(collectibleItems.collectibleId, grant.collectibleId))
    .orderBy(asc(collectibleItems.serial))
    .for('update');
  for (const item of items) {
    const [row] = await tx
      .select({ n: count(), max: sql<number>`coalesce(max(${collectibleHoldings.tokenNo}), 0)` })
      .from(collectibleHoldings)
      .where(eq(collectibleHoldings.itemId, item.id));
    if (Number(row?.n ?? 0) >= item.stock) continue;
    const [held] = await tx
      .insert(collectibleHoldings)
      .values({
        playerId: grant.playerId,
        itemId: item.id,
        collectibleId: grant.collectibleId,
        tokenNo: Number(row?.max ?? 0) + 1,
        source: grant.source,
        sourceId: grant.sourceId ?? 0,
      })
      .returning({ id: collectibleHoldings.id });
    return held?.id ?? null;
  }
  return null;
}

/** The copies a player holds (not destroyed) of the given collectibles, oldest first. */
export async function liveHoldings(tx: Tx, playerId: number, collectibleIds: number[]) {
  if (collectibleIds.length === 0) return [];
  return tx
    .select({ id: collectibleHoldings.id, collectibleId: collectibleHoldings.collectibleId })
    .from(collectibleHoldings)
    .where(
      and(
        eq(collectibleHoldings.playerId, playerId),
        inArray(collectibleHoldings.collectibleId, collectibleIds),
        isNull(collectibleHoldings.destroyedAt),
      ),
    )
    .orderBy(asc(collectibleHoldings.id))
    .for('update');
}
