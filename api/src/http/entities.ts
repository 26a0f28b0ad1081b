import { type EntityKind, messages } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import {
  albums,
  blindBoxRecords,
  collectibles,
  composeRules,
  coupons,
  drawMachines,
  exchangeMethods,
  freightTemplates,
  gachaGoods,
  goods,
  kujis,
  marketOrders,
  moments,
  orders,
  scratchCards,
  skins,
  subscriptions,
  toys,
  wallpapers,
  warehouses,
} from '../db/schema.js';

type BrandRowTable = PgTable & { id: PgColumn; ipId: PgColumn };

/** The table of each kind of row a call may name by id (`RouteDef.entity`): each has `id` and `ip_id`. */
export const ENTITY_TABLES: Record<EntityKind, BrandRowTable> = {
  album: albums,
  'blind-box-record': blindBoxRecords,
  collectible: collectibles,
  'compose-rule': composeRules,
  coupon: coupons,
  'draw-machine': drawMachines,
  'exchange-method': exchangeMethods,
  'freight-template': freightTemplates,
  gacha: gachaGoods,
  goods,
  kuji: kujis,
  'market-order': marketOrders,
  moment: moments,
  order: orders,
  scratch: scratchCards,
  skin: skins,
  subscription: subscriptions,
  toy: toys,
  wallpaper: wallpapers,
  warehouse: warehouses,
};

const MISSING: Partial<Record<EntityKind, string>> = {
  album: messages.album.notFound,
  collectible: messages.collectible.notFound,
  'compose-rule': messages.composeRule.notFound,
};
/** What a missing row (or another merchant's) is called: the kind's own word, else 数据不存在. */
export const entityMissing = (kind: EntityKind) => MISSING[kind] ?? messages.common.notFound;

/** The brand of row `id` of `kind`; undefined when there is no such row (or it has no brand). */
export async function brandOfEntity(db: Db, kind: EntityKind, id: number): Promise<number | undefined> {
  const table = ENTITY_TABLES[kind];
  const [row] = await db.select({ ipId: table.ipId }).from(table).where(eq(table.id, id)).limit(1);
  return (row?.ipId as number | null | undefined) ?? undefined;
}
