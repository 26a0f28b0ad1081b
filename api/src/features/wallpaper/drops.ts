import { WALLPAPER_DROP_TYPE } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { wallpapers } from '../../db/schema.js';
import { RECEIPT_KIND } from '../toy/queries.js';

/**
 * Wallpapers as a kind of wish-planet drop: the brand's wallpapers of type 2 (allowed to drop).
 * The drop table of toys (features/toy/drops.ts) takes this next to its own kinds; a dropped
 * wallpaper is a `virtual_receipts` row of kind `wallpaper`.
 */
export const wallpaperDrops = {
  kind: RECEIPT_KIND.wallpaper,
  ids: (tx: Db | Tx, ipId: number) =>
    tx
      .select({ id: wallpapers.id })
      .from(wallpapers)
      .where(and(eq(wallpapers.ipId, ipId), eq(wallpapers.type, WALLPAPER_DROP_TYPE))),
};
