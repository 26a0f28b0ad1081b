import {
  ACTIVITY_DRAW_BOX,
  ACTIVITY_KUJI,
  ACTIVITY_RELATION_TYPES,
  type ExchangeActivity,
  emptyRelation,
  type RelationIds,
  type RelationKey,
  SCRATCH_ACTIVITY_TYPES,
  TRAN_STATE,
} from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { drawMachines, kujis, orders, scratchCards, scratchRedemptions } from '../../db/schema.js';
import { picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';

/**
 * A brand's activities, by relation type (shared ACTIVITY_RELATION_TYPES): lucky = draw machines,
 * shop = kujis, scratch = scratch cards; meet and share have none yet. An exchange method relates to
 * them, a scratch card is linked to one (lucky or shop), a skin's admin claim names one. A player
 * holds an activity's order when a paid order of it (draw machine, kuji) or a redemption of it
 * (scratch card) is theirs.
 */
interface Source {
  table: PgTable;
  id: PgColumn;
  ipId: PgColumn;
  title: PgColumn;
  pic: PgColumn;
  /** The ids among `ids` of which the player holds an order. */
  held(tx: Db | Tx, playerId: number, ids: number[]): Promise<number[]>;
}

const paidOrdersOf = (type: number) => async (tx: Db | Tx, playerId: number, ids: number[]) => {
  const rows = await tx
    .selectDistinct({ id: orders.activeId })
    .from(orders)
    .where(
      and(
        eq(orders.playerId, playerId),
        eq(orders.type, type),
        eq(orders.tranState, TRAN_STATE.paid),
        inArray(orders.activeId, ids),
      ),
    );
  return rows.map((r) => r.id);
};

const SOURCES: Partial<Record<RelationKey, Source>> = {
  lucky: {
    table: drawMachines,
    id: drawMachines.id,
    ipId: drawMachines.ipId,
    title: drawMachines.title,
    pic: drawMachines.pic,
    held: paidOrdersOf(ACTIVITY_DRAW_BOX),
  },
  shop: {
    table: kujis,
    id: kujis.id,
    ipId: kujis.ipId,
    title: kujis.title,
    pic: kujis.pic,
    held: paidOrdersOf(ACTIVITY_KUJI),
  },
  scratch: {
    table: scratchCards,
    id: scratchCards.id,
    ipId: scratchCards.ipId,
    title: scratchCards.title,
    pic: scratchCards.activePic,
    held: async (tx, playerId, ids) => {
      const rows = await tx
        .selectDistinct({ id: scratchRedemptions.cardId })
        .from(scratchRedemptions)
        .where(and(eq(scratchRedemptions.playerId, playerId), inArray(scratchRedemptions.cardId, ids)));
      return rows.map((r) => r.id);
    },
  },
};

const keyOfType = (type: number) => ACTIVITY_RELATION_TYPES.find((t) => t.value === type)!.key;

type ActivityRow = { id: number; title: string; pic: string | null };
const toWire = (config: Config, type: number, r: ActivityRow): ExchangeActivity => ({
  id: r.id,
  type,
  title: r.title,
  pic: picUrl(config, r.pic ?? ''),
});

/** A page of the brand's activities of relation type `type`. */
export async function activityPage(
  db: Db,
  config: Config,
  ipId: number,
  q: { type: number; title?: string; page: number; limit: number },
) {
  const source = SOURCES[keyOfType(q.type)];
  if (!source) return { lists: [], total: 0 };
  const where: SQL[] = [eq(source.ipId, ipId)];
  if (q.title) where.push(ilike(source.title, containing(q.title)));
  const [total] = await db
    .select({ n: count() })
    .from(source.table)
    .where(and(...where));
  const rows = (await db
    .select({ id: source.id, title: source.title, pic: source.pic })
    .from(source.table)
    .where(and(...where))
    .orderBy(desc(source.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as ActivityRow[];
  return {
    lists: rows.map((r) => toWire(config, q.type, r)),
    total: Number(total?.n ?? 0),
  };
}

/** The activities of `relation`, each the brand's; null when one is not (missing or another's). */
export async function resolveActivities(
  db: Db | Tx,
  config: Config,
  ipId: number | null,
  relation: RelationIds,
): Promise<ExchangeActivity[] | null> {
  const out: ExchangeActivity[] = [];
  for (const { key, value } of ACTIVITY_RELATION_TYPES) {
    const ids = relation[key] ?? [];
    if (ids.length === 0) continue;
    const source = SOURCES[key];
    if (!source) return null;
    const where: SQL[] = [inArray(source.id, ids)];
    if (ipId !== null) where.push(eq(source.ipId, ipId));
    const rows = (await db
      .select({ id: source.id, title: source.title, pic: source.pic })
      .from(source.table)
      .where(and(...where))) as ActivityRow[];
    if (ipId !== null && rows.length !== ids.length) return null;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of ids) {
      const r = byId.get(id);
      if (r) out.push(toWire(config, value, r));
    }
  }
  return out;
}

/** The brand's activity of relation type `type` and id `id`; null when it is missing or another's. */
export async function activityOf(
  db: Db | Tx,
  config: Config,
  ipId: number,
  type: number,
  id: number,
): Promise<ExchangeActivity | null> {
  const key = ACTIVITY_RELATION_TYPES.find((t) => t.value === type)?.key;
  if (!key || !SOURCES[key]) return null;
  const found = await resolveActivities(db, config, ipId, { ...emptyRelation(), [key]: [id] });
  return found?.[0] ?? null;
}

/**
 * The brand's draw machine or kuji of id `id` (an activity named by its id alone, as the skin's
 * admin claim names it): the draw machine first; null when neither is the brand's.
 */
export async function activityNamed(db: Db | Tx, config: Config, ipId: number, id: number) {
  for (const { value } of SCRATCH_ACTIVITY_TYPES) {
    const found = await activityOf(db, config, ipId, value, id);
    if (found) return found;
  }
  return null;
}

/**
 * Whether the player holds the orders `relation` asks: all of them (relation_order 1) or any
 * (2). 0 asks nothing.
 */
export async function holdsRelation(tx: Tx, playerId: number, relationOrder: number, relation: RelationIds) {
  if (relationOrder !== 1 && relationOrder !== 2) return true;
  let wanted = 0;
  let held = 0;
  for (const { key } of ACTIVITY_RELATION_TYPES) {
    const ids = relation[key] ?? [];
    if (ids.length === 0) continue;
    wanted += ids.length;
    const source = SOURCES[key];
    if (source) held += (await source.held(tx, playerId, ids)).length;
  }
  return relationOrder === 1 ? wanted > 0 && held === wanted : held > 0;
}
