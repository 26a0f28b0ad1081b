import { type ComposeGroup, type ComposeRule, type ComposeVirtual, composeStatusOf, messages } from '@toy/shared';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import {
  albums,
  collectibles,
  composeGroupCollectibles,
  composeGroups,
  composeRecords,
  composeRules,
} from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';
import { stockOf } from '../holdings/index.js';

export type ComposeRuleRow = typeof composeRules.$inferSelect;
type Reader = Db | Tx;

/** Stock, remaining stock and counts of a target: a collectible (type 1) or an album's collectibles (type 2). */
export interface TargetStock {
  title: string;
  pic: string;
  stock: number;
  residue: number;
  /** The target's collectibles: 1 for a collectible. */
  count: number;
  /** Those with a copy left. */
  countLeft: number;
}

/** The collectibles of these albums, by album, in id order. */
async function albumCollectibles(db: Reader, albumIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(albumIds.map((id) => [id, []]));
  if (albumIds.length === 0) return out;
  const rows = await db
    .select({ id: collectibles.id, albumId: collectibles.catalogId })
    .from(collectibles)
    .where(inArray(collectibles.catalogId, albumIds))
    .orderBy(asc(collectibles.id));
  for (const r of rows) if (r.albumId !== null) out.get(r.albumId)?.push(r.id);
  return out;
}

/** The collectibles (type 1) or albums (type 2) of `ipId` among `ids`, with their stock; others are left out. */
export async function targetsOf(
  db: Reader,
  config: Config,
  ipId: number | number[],
  type: number,
  ids: number[],
): Promise<Map<number, TargetStock>> {
  const out = new Map<number, TargetStock>();
  if (ids.length === 0) return out;
  const brandIds = Array.isArray(ipId) ? ipId : [ipId];
  if (type === 1) {
    const rows = await db
      .select({ id: collectibles.id, title: collectibles.title, pic: collectibles.pic })
      .from(collectibles)
      .where(and(inArray(collectibles.id, ids), inArray(collectibles.ipId, brandIds)));
    const stock = await stockOf(
      db as Tx,
      rows.map((r) => r.id),
    );
    for (const r of rows) {
      const s = stock.get(r.id) ?? { stock: 0, residue: 0 };
      out.set(r.id, {
        title: r.title,
        pic: picUrl(config, r.pic),
        stock: s.stock,
        residue: s.residue,
        count: 1,
        countLeft: s.residue > 0 ? 1 : 0,
      });
    }
    return out;
  }
  const rows = await db
    .select({ id: albums.id, title: albums.title, pic: albums.pic })
    .from(albums)
    .where(and(inArray(albums.id, ids), inArray(albums.ipId, brandIds)));
  const members = await albumCollectibles(
    db,
    rows.map((r) => r.id),
  );
  const stock = await stockOf(db as Tx, [...members.values()].flat());
  for (const r of rows) {
    const list = members.get(r.id) ?? [];
    const each = list.map((id) => stock.get(id) ?? { stock: 0, residue: 0 });
    out.set(r.id, {
      title: r.title,
      pic: picUrl(config, r.pic),
      stock: each.reduce((n, s) => n + s.stock, 0),
      residue: each.reduce((n, s) => n + s.residue, 0),
      count: list.length,
      countLeft: each.filter((s) => s.residue > 0).length,
    });
  }
  return out;
}

/** The collectible an album target grants next: the album's first collectible with a copy left. */
export async function nextOfAlbum(tx: Tx, albumId: number): Promise<number | null> {
  const list = (await albumCollectibles(tx, [albumId])).get(albumId) ?? [];
  const stock = await stockOf(tx, list);
  return list.find((id) => (stock.get(id)?.residue ?? 0) > 0) ?? null;
}

/** Compose records per rule. */
export async function composedOf(db: Reader, ruleIds: number[]): Promise<Map<number, number>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .select({ id: composeRecords.composeId, n: count() })
    .from(composeRecords)
    .where(inArray(composeRecords.composeId, ruleIds))
    .groupBy(composeRecords.composeId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Collectibles as the chooser and the groups show them, with stock and remaining stock. */
export async function collectibleVirtuals(
  db: Reader,
  config: Config,
  ids: number[],
): Promise<Map<number, ComposeVirtual>> {
  const out = new Map<number, ComposeVirtual>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: collectibles.id, title: collectibles.title, pic: collectibles.pic })
    .from(collectibles)
    .where(inArray(collectibles.id, ids));
  const stock = await stockOf(
    db as Tx,
    rows.map((r) => r.id),
  );
  for (const r of rows) {
    const s = stock.get(r.id) ?? { stock: 0, residue: 0 };
    out.set(r.id, {
      id: r.id,
      type: 1,
      title: r.title,
      pic: picUrl(config, r.pic),
      stock: s.stock,
      surplus_stock: s.residue,
    });
  }
  return out;
}

/** The groups of these rules, in order, each with its collectibles (in order). */
export async function groupsOf(db: Reader, config: Config, ruleIds: number[]): Promise<Map<number, ComposeGroup[]>> {
  const out = new Map<number, ComposeGroup[]>(ruleIds.map((id) => [id, []]));
  if (ruleIds.length === 0) return out;
  const groups = await db
    .select()
    .from(composeGroups)
    .where(inArray(composeGroups.composeId, ruleIds))
    .orderBy(asc(composeGroups.sort), asc(composeGroups.id));
  const links = groups.length
    ? await db
        .select()
        .from(composeGroupCollectibles)
        .where(
          inArray(
            composeGroupCollectibles.groupId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(composeGroupCollectibles.sort))
    : [];
  const virtuals = await collectibleVirtuals(db, config, [...new Set(links.map((l) => l.collectibleId))]);
  for (const g of groups) {
    const ids = links.filter((l) => l.groupId === g.id).map((l) => l.collectibleId);
    out.get(g.composeId)?.push({
      group_id: g.id,
      group_name: g.groupName,
      expend_num: g.expendNum,
      virtual_ids: ids,
      virtual_total: ids.length,
      virtuals: ids.map((id) => virtuals.get(id)).filter((v): v is ComposeVirtual => v !== undefined),
    });
  }
  return out;
}

/** A target no longer there (deleted once its rule had ended). */
const goneTarget: TargetStock = {
  title: messages.composeRule.targetDeleted,
  pic: '',
  stock: 0,
  residue: 0,
  count: 0,
  countLeft: 0,
};

/** Rules on the wire: counts derived from the compose records, the target's stock from its holdings. */
export async function ruleWires(db: Reader, config: Config, rows: ComposeRuleRow[], now = new Date()) {
  const ids = rows.map((r) => r.id);
  const composed = await composedOf(db, ids);
  const groups = await groupsOf(db, config, ids);
  const targets = new Map<string, TargetStock>();
  for (const type of [1, 2]) {
    const of = rows.filter((r) => r.virtualType === type);
    const found = await targetsOf(
      db,
      config,
      [...new Set(of.map((r) => r.ipId))],
      type,
      of.map((r) => r.virtualId),
    );
    for (const [id, t] of found) targets.set(`${type}:${id}`, t);
  }
  return rows.map((r): ComposeRule => {
    const done = composed.get(r.id) ?? 0;
    const t = targets.get(`${r.virtualType}:${r.virtualId}`) ?? goneTarget;
    return {
      id: r.id,
      ip_id: r.ipId,
      begin_at: formatTime(r.beginAt),
      end_at: formatTime(r.endAt),
      virtual_id: r.virtualId,
      virtual_type: r.virtualType,
      stock: r.stock,
      publish_status: composeStatusOf(r.beginAt, r.endAt, now),
      original_stock: r.stock,
      surplus_stock: Math.max(0, r.stock - done),
      composed: done,
      virtual_info: {
        title: t.title,
        pic: t.pic,
        stock: t.stock,
        surplus_stock: t.residue,
        stock_num: t.count,
        surplus_stock_num: t.countLeft,
      },
      group_data: groups.get(r.id) ?? [],
    };
  });
}

export const ruleWire = async (db: Reader, config: Config, row: ComposeRuleRow) =>
  (await ruleWires(db, config, [row]))[0]!;

/** A page of the rules of these brands, newest first. */
export async function listRules(db: Db, config: Config, brandIds: number[], q: { page: number; limit: number }) {
  const pagination = { page: q.page, limit: q.limit, total_rows: 0 };
  if (brandIds.length === 0) return { lists: [], pagination };
  const where = inArray(composeRules.ipId, brandIds);
  const [total] = await db.select({ n: count() }).from(composeRules).where(where);
  const rows = await db
    .select()
    .from(composeRules)
    .where(where)
    .orderBy(desc(composeRules.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    lists: await ruleWires(db, config, rows),
    pagination: { ...pagination, total_rows: Number(total?.n ?? 0) },
  };
}

/** The rule `id` when it belongs to one of `brandIds` (locked in a transaction when `lock`); else 404. */
export async function findRule(db: Reader, brandIds: number[], id: number, lock = false): Promise<ComposeRuleRow> {
  if (brandIds.length === 0) throw notFound();
  const q = db
    .select()
    .from(composeRules)
    .where(and(eq(composeRules.id, id), inArray(composeRules.ipId, brandIds)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The chooser: the brand's collectibles (type 1) or albums (type 2) with stock and remaining stock. */
export async function virtualPage(
  db: Db,
  config: Config,
  ipId: number,
  q: { type: number; title?: string; page: number; limit: number },
) {
  const page = async (table: typeof albums | typeof collectibles) => {
    const where: SQL[] = [eq(table.ipId, ipId)];
    if (q.title) where.push(ilike(table.title, containing(q.title)));
    const [total] = await db
      .select({ n: count() })
      .from(table as typeof albums)
      .where(and(...where));
    const rows = await db
      .select({ id: table.id })
      .from(table as typeof albums)
      .where(and(...where))
      .orderBy(desc(table.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { total, rows };
  };
  const { total, rows } = await page(q.type === 2 ? albums : collectibles);
  const ids = rows.map((r) => r.id);
  const found = await targetsOf(db, config, ipId, q.type, ids);
  const lists: ComposeVirtual[] = ids.flatMap((id) => {
    const t = found.get(id);
    return t ? [{ id, type: q.type, title: t.title, pic: t.pic, stock: t.stock, surplus_stock: t.residue }] : [];
  });
  return { lists, pagination: { page: q.page, limit: q.limit, total_rows: Number(total?.n ?? 0) } };
}

/** A page of a group's collectibles: picture, title, stock and remaining (close_num). */
export async function groupItemPage(db: Db, config: Config, groupId: number, q: { page: number; limit: number }) {
  const where = eq(composeGroupCollectibles.groupId, groupId);
  const [total] = await db.select({ n: count() }).from(composeGroupCollectibles).where(where);
  const links = await db
    .select({ id: composeGroupCollectibles.collectibleId })
    .from(composeGroupCollectibles)
    .where(where)
    .orderBy(asc(composeGroupCollectibles.sort), asc(composeGroupCollectibles.collectibleId))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const virtuals = await collectibleVirtuals(
    db,
    config,
    links.map((l) => l.id),
  );
  const lists = links.flatMap((l) => {
    const v = virtuals.get(l.id);
    return v ? [{ id: v.id, pic: v.pic, title: v.title, stock: v.stock, close_num: v.surplus_stock }] : [];
  });
  return { lists, pagination: { page: q.page, limit: q.limit, total_rows: Number(total?.n ?? 0) } };
}
