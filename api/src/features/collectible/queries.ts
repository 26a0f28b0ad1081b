import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import {
  COLLECTIBLE_FILE_TYPES,
  type CollectibleDetail,
  type CollectibleItem,
  type CollectibleRow,
  fileUrl,
  type SortValue,
} from '@toy/shared';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { albums, brands, collectibleHoldings, collectibleItems, collectibles } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { orderByOf } from '../../lib/sort.js';
import { formatTime } from '../../lib/time.js';
import { fileBaseOf, picUrl } from '../../lib/urls.js';
import type { FileStore } from '../../storage/store.js';
import { containing } from '../goods/index.js';
import { issuedByItem, stockOf } from '../holdings/index.js';

export type CollectibleRecord = typeof collectibles.$inferSelect;
export type CollectibleItemRecord = typeof collectibleItems.$inferSelect;

/** Thumbnail width of a list's picture. */
const THUMB_WIDTH = 300;

const thumb = (config: Config, key: string) =>
  /^https?:\/\//i.test(key) ? key : fileUrl(fileBaseOf(config), key, THUMB_WIDTH);

/** sha256 hex of a stored upload's bytes, read from the store; throws when it is absent. */
export async function sha256OfStored(storage: FileStore, key: string): Promise<string> {
  const body = await storage.get(key);
  if (!body) throw new Error(`no stored file ${key}`);
  const hash = createHash('sha256');
  await pipeline(body, hash);
  return hash.digest('hex');
}

interface Extra {
  stock: number;
  residue: number;
  ipTitle: string;
  catalogTitle: string | null;
  fileType: number;
}

/** Stock and remaining stock, brand title, album title and file type of these collectibles. */
async function extrasOf(db: Db | Tx, rows: CollectibleRecord[]): Promise<Map<number, Extra>> {
  const out = new Map<number, Extra>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const stocks = await stockOf(db, ids);
  const titles = await db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(inArray(brands.id, [...new Set(rows.map((r) => r.ipId))]));
  const albumIds = [...new Set(rows.map((r) => r.catalogId).filter((x): x is number => x !== null))];
  const albumTitles = albumIds.length
    ? await db.select({ id: albums.id, title: albums.title }).from(albums).where(inArray(albums.id, albumIds))
    : [];
  const models = await db
    .select({ id: collectibleItems.collectibleId })
    .from(collectibleItems)
    .where(
      and(inArray(collectibleItems.collectibleId, ids), eq(collectibleItems.fileType, COLLECTIBLE_FILE_TYPES.model)),
    );
  const t = new Map(titles.map((x) => [x.id, x.title]));
  const a = new Map(albumTitles.map((x) => [x.id, x.title]));
  const glb = new Set(models.map((x) => x.id));
  for (const row of rows) {
    const s = stocks.get(row.id) ?? { stock: 0, residue: 0 };
    out.set(row.id, {
      stock: s.stock,
      residue: s.residue,
      ipTitle: t.get(row.ipId) ?? '',
      catalogTitle: row.catalogId !== null ? (a.get(row.catalogId) ?? null) : null,
      fileType: glb.has(row.id) ? COLLECTIBLE_FILE_TYPES.model : COLLECTIBLE_FILE_TYPES.image,
    });
  }
  return out;
}

export const collectibleToRow = (config: Config, row: CollectibleRecord, x: Extra): CollectibleRow => ({
  id: row.id,
  title: row.title,
  pic: picUrl(config, row.pic),
  stock: x.stock,
  residue_stock: x.residue,
  catalog_id: x.catalogTitle === null ? null : row.catalogId,
  catalog: x.catalogTitle === null ? null : { title: x.catalogTitle },
  type: row.type,
  file_type: x.fileType,
  ip_id: row.ipId,
  ip_title: x.ipTitle,
  created_at: formatTime(row.createdAt),
});

/** The full record of one collectible: its row, detail fields and items with their files and hashes. */
export async function collectibleDetailOf(
  db: Db | Tx,
  config: Config,
  row: CollectibleRecord,
): Promise<CollectibleDetail> {
  const extra = (await extrasOf(db, [row])).get(row.id)!;
  const items = await db
    .select()
    .from(collectibleItems)
    .where(eq(collectibleItems.collectibleId, row.id))
    .orderBy(asc(collectibleItems.serial));
  const issued = await issuedByItem(db, [row.id]);
  const wireItems: CollectibleItem[] = items.map((it) => ({
    id: it.id,
    serial: it.serial,
    title: it.title,
    pic: picUrl(config, it.pic),
    file_path: picUrl(config, it.filePath),
    file_hash: it.fileHash,
    stock: it.stock,
    residue_stock: Math.max(0, it.stock - (issued.get(it.id) ?? 0)),
    coord: it.coord,
    file_type: it.fileType,
  }));
  return {
    ...collectibleToRow(config, row, extra),
    pic_desc: row.picDesc.map((p) => picUrl(config, p)),
    author: row.author,
    copyright_charge: row.copyrightCharge,
    goods_content: row.goodsContent,
    items: wireItems,
  };
}

export interface CollectibleListQuery {
  page: number;
  limit: number;
  catalog_id?: number;
  title?: string;
  sort?: SortValue<'created_at' | 'stock' | 'residue_stock'>;
}

/**
 * The list's sortable figures, each the one its row shows: the creation time, the stock over the
 * items and what remains of it, each item's stock less its issued copies, never below 0 (stockOf).
 */
const collectibleSortable = {
  created_at: collectibles.createdAt,
  stock: sql`(select coalesce(sum(i.stock), 0) from ${collectibleItems} i where i.collectible_id = ${collectibles.id})`,
  residue_stock: sql`(select coalesce(sum(greatest(0, i.stock - (select count(*) from ${collectibleHoldings} h
    where h.collectible_id = i.collectible_id and h.item_id = i.id))), 0)
    from ${collectibleItems} i where i.collectible_id = ${collectibles.id})`,
};

/** A page of the collectibles of these brands, newest first or by a column of the list either way (`sort`). */
export async function listCollectibles(db: Db, config: Config, brandIds: number[], q: CollectibleListQuery) {
  const pagination = { page: q.page, limit: q.limit, total_rows: 0 };
  if (brandIds.length === 0) return { list: [], pagination };
  const where: SQL[] = [inArray(collectibles.ipId, brandIds)];
  if (q.catalog_id) where.push(eq(collectibles.catalogId, q.catalog_id));
  if (q.title) where.push(ilike(collectibles.title, containing(q.title)));
  const [total] = await db
    .select({ n: count() })
    .from(collectibles)
    .where(and(...where));
  const rows = await db
    .select()
    .from(collectibles)
    .where(and(...where))
    .orderBy(...orderByOf(q.sort, collectibleSortable, collectibles.id, [desc(collectibles.id)]))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const extras = await extrasOf(db, rows);
  return {
    list: rows.map((r) => {
      const row = collectibleToRow(config, r, extras.get(r.id)!);
      return { ...row, pic: thumb(config, r.pic) };
    }),
    pagination: { ...pagination, total_rows: Number(total?.n ?? 0) },
  };
}

/** The collectibles `ids` of `brandIds`, locked in `tx`; 404 unless every one is there. */
export async function lockCollectibles(tx: Tx, brandIds: number[], ids: number[]): Promise<CollectibleRecord[]> {
  if (brandIds.length === 0 || ids.length === 0) throw notFound();
  const rows = await tx
    .select()
    .from(collectibles)
    .where(and(inArray(collectibles.id, ids), inArray(collectibles.ipId, brandIds)))
    .orderBy(asc(collectibles.id))
    .for('update');
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/** One collectible of `brandIds`, else 404. */
export async function findCollectible(db: Db | Tx, brandIds: number[], id: number): Promise<CollectibleRecord> {
  if (brandIds.length === 0) throw notFound();
  const [row] = await db
    .select()
    .from(collectibles)
    .where(and(eq(collectibles.id, id), inArray(collectibles.ipId, brandIds)));
  if (!row) throw notFound();
  return row;
}
