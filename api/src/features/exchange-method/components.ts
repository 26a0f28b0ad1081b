import { componentKind, type ExchangeComponent } from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { skins, toys } from '../../db/schema.js';
import { picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';

/**
 * Where the components of an exchange method come from, by type: 1 luck sprite and 2 scene are
 * approved rows of `toys`; 3 and 17 are personal skins, approved rows of `skins`.
 */
export interface ComponentQuery {
  type: number;
  name?: string;
  page: number;
  limit: number;
}
export interface ComponentPage {
  lists: ExchangeComponent[];
  total: number;
}
interface ComponentProvider {
  /** An approved page of the brand's components of the type. */
  page(db: Db | Tx, config: Config, ipId: number, q: ComponentQuery): Promise<ComponentPage>;
  /** The brand's approved components of the type among `ids`. */
  byIds(db: Db | Tx, config: Config, ipId: number, type: number, ids: number[]): Promise<ExchangeComponent[]>;
  /** Components of the type among `ids` whatever their review state, for showing a saved method. */
  shown(db: Db | Tx, config: Config, type: number, ids: number[]): Promise<ExchangeComponent[]>;
}

/** A table of components: its columns, and which of its rows are offered for a component type. */
interface ComponentTable {
  table: typeof toys | typeof skins;
  id: AnyPgColumn;
  ipId: AnyPgColumn;
  name: AnyPgColumn;
  image: AnyPgColumn;
  /** Rows of the component type (toys hold two types). */
  ofType: (type: number) => SQL | undefined;
  /** Rows a merchant may offer: approved. */
  approved: SQL;
}

/** A provider over one table: approved rows of the brand, newest first, filtered by name. */
function tableComponents(t: ComponentTable): ComponentProvider {
  const columns = { id: t.id, name: t.name, image: t.image };
  const toWire = (config: Config, type: number, r: { id: unknown; name: unknown; image: unknown }) => ({
    id: Number(r.id),
    type,
    name: String(r.name),
    title: String(r.name),
    image_url: picUrl(config, String(r.image)),
    pic: picUrl(config, String(r.image)),
  });
  return {
    async page(db, config, ipId, q) {
      const where: (SQL | undefined)[] = [eq(t.ipId, ipId), t.ofType(q.type), t.approved];
      if (q.name) where.push(ilike(t.name, containing(q.name)));
      const [total] = await db
        .select({ n: count() })
        .from(t.table)
        .where(and(...where));
      const rows = await db
        .select(columns)
        .from(t.table)
        .where(and(...where))
        .orderBy(desc(t.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return { lists: rows.map((r) => toWire(config, q.type, r)), total: Number(total?.n ?? 0) };
    },
    async byIds(db, config, ipId, type, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select(columns)
        .from(t.table)
        .where(and(eq(t.ipId, ipId), t.ofType(type), t.approved, inArray(t.id, ids)));
      return rows.map((r) => toWire(config, type, r));
    },
    async shown(db, config, type, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select(columns)
        .from(t.table)
        .where(and(t.ofType(type), inArray(t.id, ids)));
      return rows.map((r) => toWire(config, type, r));
    },
  };
}

/** Luck sprites (1) and scenes (2): approved toys of that type. */
const toyComponents = tableComponents({
  table: toys,
  id: toys.id,
  ipId: toys.ipId,
  name: toys.name,
  image: toys.imageUrl,
  ofType: (type) => eq(toys.type, type),
  approved: eq(toys.status, 1),
});

/** Personal skins (3 and 17): approved skins. */
export const skinComponents = tableComponents({
  table: skins,
  id: skins.id,
  ipId: skins.ipId,
  name: skins.title,
  image: skins.showPic,
  ofType: () => undefined,
  approved: eq(skins.processStatus, 1),
});

export const componentProvider = (type: number): ComponentProvider =>
  componentKind(type) === 'toy' ? toyComponents : skinComponents;

/**
 * The components of `refs` in the order given, each one of the brand's approved ones; null when
 * one is not (missing, another brand's, not approved, or of another type).
 */
export async function resolveComponents(
  db: Db | Tx,
  config: Config,
  ipId: number,
  refs: { type: number; id: number }[],
): Promise<ExchangeComponent[] | null> {
  const found = new Map<string, ExchangeComponent>();
  for (const type of new Set(refs.map((r) => r.type))) {
    const ids = refs.filter((r) => r.type === type).map((r) => r.id);
    for (const c of await componentProvider(type).byIds(db, config, ipId, type, ids)) found.set(`${type}:${c.id}`, c);
  }
  const out: ExchangeComponent[] = [];
  for (const r of refs) {
    const c = found.get(`${r.type}:${r.id}`);
    if (!c) return null;
    out.push(c);
  }
  return out;
}

/** Components for display (a list row): those still there, missing ones left out. */
export async function componentsForDisplay(
  db: Db | Tx,
  config: Config,
  rows: { ipId: number; components: { type: number; id: number }[] }[],
): Promise<Map<string, ExchangeComponent>> {
  const out = new Map<string, ExchangeComponent>();
  const idsByType = new Map<number, Set<number>>();
  for (const c of rows.flatMap((r) => r.components)) {
    if (!idsByType.has(c.type)) idsByType.set(c.type, new Set());
    idsByType.get(c.type)!.add(c.id);
  }
  for (const [type, ids] of idsByType)
    for (const c of await componentProvider(type).shown(db, config, type, [...ids])) out.set(`${type}:${c.id}`, c);
  return out;
}
