import { TOY_STATUS, WALLPAPER_DROP_TYPE } from '@toy/shared';
import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
import { moments, skins, toys, virtualReceipts, wallpapers } from '../../db/schema.js';
import { RECEIPT_KIND } from './receipts.js';

/**
 * What several features share about a player's virtual holdings, below all of them: the wish-planet
 * drops of paid draws (draw machines and kujis grant them; toys, moments, wallpapers and skins are
 * what drops), recorded in virtual_receipts by kind (receipts.ts).
 *
 * The sources, as data: each names its receipt `kind` and the select of the ids of its items a
 * brand currently gives (they drop in id order). Another kind of goods joins by adding its source
 * to DROP_SOURCES.
 */
export interface DropSource {
  kind: string;
  /** A select of one column `id`: the brand's items of this kind that drop now. */
  ids(tx: Db | Tx, ipId: number): SQLWrapper;
}

/** A source's items for a brand, in the order they drop. */
export async function candidatesOf(tx: Db | Tx, source: DropSource, ipId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`select q.id from (${source.ids(tx, ipId)}) q order by q.id`),
  );
  return rows.map((r) => r.id);
}

export const DROP_SOURCES: DropSource[] = [
  {
    // Toys and scenes: approved, with the wish-planet switch on.
    kind: RECEIPT_KIND.toy,
    ids: (tx, ipId) =>
      tx
        .select({ id: toys.id })
        .from(toys)
        .where(and(eq(toys.ipId, ipId), eq(toys.status, TOY_STATUS.approved), eq(toys.isBoxGoods, 1))),
  },
  {
    // Highlight moments: approved.
    kind: RECEIPT_KIND.moment,
    ids: (tx, ipId) =>
      tx
        .select({ id: moments.id })
        .from(moments)
        .where(and(eq(moments.ipId, ipId), eq(moments.status, TOY_STATUS.approved))),
  },
  {
    // Wallpapers of type 2 (allowed to drop).
    kind: RECEIPT_KIND.wallpaper,
    ids: (tx, ipId) =>
      tx
        .select({ id: wallpapers.id })
        .from(wallpapers)
        .where(and(eq(wallpapers.ipId, ipId), eq(wallpapers.type, WALLPAPER_DROP_TYPE))),
  },
  {
    // Skins approved (process_status 1), on sale (status 0), with the drop switch on.
    kind: RECEIPT_KIND.skin,
    ids: (tx, ipId) =>
      tx
        .select({ id: skins.id })
        .from(skins)
        .where(and(eq(skins.ipId, ipId), eq(skins.processStatus, 1), eq(skins.status, 0), eq(skins.isBoxGoods, 1))),
  },
];

/** The source of a receipt kind. */
export const dropSourceOf = (kind: (typeof RECEIPT_KIND)[keyof typeof RECEIPT_KIND]): DropSource =>
  DROP_SOURCES.find((s) => s.kind === kind)!;

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
  if (draws.length === 0 || sources.length === 0) return [];
  const playerIds = [...new Set(draws.map((d) => d.playerId))];
  // Every source's items and which of these players hold each, in one statement (the draw's
  // machine is locked meanwhile): a player gets the first item, in source then id order, not held.
  const parts = sources.map(
    (source, i) => sql`select ${source.kind}::text as kind, ${i}::int as src, q.id from (${source.ids(tx, ipId)}) q`,
  );
  const offered = rowsOf<{ kind: string; id: number; holders: number[] }>(
    await tx.execute(sql`
      with c as (${sql.join(parts, sql` union all `)})
      select c.kind, c.id, coalesce(array_agg(v.player_id) filter (where v.player_id is not null), '{}') as holders
      from c left join ${virtualReceipts} v
        on v.kind = c.kind and v.item_id = c.id and v.player_id = any(${sql.param(playerIds)}::int[])
      group by c.src, c.kind, c.id
      order by c.src, c.id`),
  ).map((r) => ({ kind: r.kind, itemId: r.id, holders: r.holders }));
  if (offered.length === 0) return [];
  const holds = new Set(offered.flatMap((o) => o.holders.map((p) => `${p}:${o.kind}:${o.itemId}`)));
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
