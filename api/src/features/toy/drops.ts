import { TOY_STATUS } from '@toy/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { moments, toys, virtualReceipts } from '../../db/schema.js';
import { skinDrops } from '../skin/drops.js';
import { wallpaperDrops } from '../wallpaper/drops.js';
import { RECEIPT_KIND } from './queries.js';

/**
 * Virtual goods that drop to players from paid draws, as data: each source names its receipt
 * `kind` and lists the ids of its items a brand currently gives (in the order they drop). Another
 * kind of goods joins by adding its source to DROP_SOURCES.
 */
export interface DropSource {
  kind: string;
  candidates(tx: Tx, ipId: number): Promise<number[]>;
}

export const DROP_SOURCES: DropSource[] = [
  {
    // Toys and scenes: approved, with the wish-planet switch on.
    kind: RECEIPT_KIND.toy,
    candidates: async (tx, ipId) =>
      (
        await tx
          .select({ id: toys.id })
          .from(toys)
          .where(and(eq(toys.ipId, ipId), eq(toys.status, TOY_STATUS.approved), eq(toys.isBoxGoods, 1)))
          .orderBy(asc(toys.id))
      ).map((r) => r.id),
  },
  {
    // Highlight moments: approved.
    kind: RECEIPT_KIND.moment,
    candidates: async (tx, ipId) =>
      (
        await tx
          .select({ id: moments.id })
          .from(moments)
          .where(and(eq(moments.ipId, ipId), eq(moments.status, TOY_STATUS.approved)))
          .orderBy(asc(moments.id))
      ).map((r) => r.id),
  },
  // Wallpapers of type 2.
  wallpaperDrops,
  // Skins approved, on sale, with the drop switch on.
  skinDrops,
];

/** One successful paid draw: who drew, and the order it made. */
export interface PaidDraw {
  playerId: number;
  orderId: number;
}

export interface Drop {
  playerId: number;
  kind: string;
  itemId: number;
  orderId: number;
}

/**
 * After paid draws of brand `ipId` (in the draw's transaction): each draw gives its player one item
 * of the brand the player does not hold yet, the first in source order, then item order; a player
 * who holds them all gets nothing. Recorded in virtual_receipts (source `draw`, source_id the order).
 * A few statements for any number of draws.
 */
export async function grantDrops(
  tx: Tx,
  ipId: number,
  draws: PaidDraw[],
  sources: DropSource[] = DROP_SOURCES,
): Promise<Drop[]> {
  if (draws.length === 0) return [];
  const offered: { kind: string; itemId: number }[] = [];
  for (const source of sources) {
    for (const itemId of await source.candidates(tx, ipId)) offered.push({ kind: source.kind, itemId });
  }
  if (offered.length === 0) return [];
  const playerIds = [...new Set(draws.map((d) => d.playerId))];
  const held = await tx
    .select({ playerId: virtualReceipts.playerId, kind: virtualReceipts.kind, itemId: virtualReceipts.itemId })
    .from(virtualReceipts)
    .where(
      and(
        inArray(virtualReceipts.playerId, playerIds),
        inArray(virtualReceipts.kind, [...new Set(offered.map((o) => o.kind))]),
        inArray(virtualReceipts.itemId, [...new Set(offered.map((o) => o.itemId))]),
      ),
    );
  const holds = new Set(held.map((h) => `${h.playerId}:${h.kind}:${h.itemId}`));
  const drops: Drop[] = [];
  for (const draw of draws) {
    const next = offered.find((o) => !holds.has(`${draw.playerId}:${o.kind}:${o.itemId}`));
    if (!next) continue;
    holds.add(`${draw.playerId}:${next.kind}:${next.itemId}`);
    drops.push({ playerId: draw.playerId, kind: next.kind, itemId: next.itemId, orderId: draw.orderId });
  }
  if (drops.length > 0)
    await tx
      .insert(virtualReceipts)
      .values(
        drops.map((d) => ({
          playerId: d.playerId,
          kind: d.kind,
          itemId: d.itemId,
          source: 'draw',
          sourceId: d.orderId,
        })),
      )
      .onConflictDoNothing();
  return drops;
}
