import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { skins } from '../../db/schema.js';
import { RECEIPT_KIND } from '../toy/queries.js';

/**
 * What a brand's skins offer to the wish-planet drops: approved (process_status 1), on sale
 * (status 0) and with the drop switch on (is_box_goods 1). The drop table that picks from these
 * candidates and records what a player received (virtual_receipts, kind skin, source draw) is
 * features/toy/drops.ts.
 */
export const skinDrops = {
  kind: RECEIPT_KIND.skin,
  ids: (tx: Db | Tx, ipId: number) =>
    tx
      .select({ id: skins.id })
      .from(skins)
      .where(and(eq(skins.ipId, ipId), eq(skins.processStatus, 1), eq(skins.status, 0), eq(skins.isBoxGoods, 1))),
};
