import { fileUrl, type Wallpaper } from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { brands, virtualReceipts, wallpapers } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { fileBaseOf, picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';
import { RECEIPT_KIND } from '../holdings/index.js';

export type WallpaperRow = typeof wallpapers.$inferSelect;
type Extra = { received: number; ipTitle: string };

/** Thumbnail width of `pic` (the list's picture); `pc_pic` and `image_url` are the full picture. */
const THUMB_WIDTH = 300;

export const wallpaperToWire = (config: Config, row: WallpaperRow, x: Extra): Wallpaper => ({
  id: row.id,
  ip_id: row.ipId,
  ip_title: x.ipTitle,
  name: row.name,
  image_url: picUrl(config, row.imageUrl),
  pic: /^https?:\/\//i.test(row.imageUrl) ? row.imageUrl : fileUrl(fileBaseOf(config), row.imageUrl, THUMB_WIDTH),
  pc_pic: picUrl(config, row.imageUrl),
  short: row.short,
  type: row.type,
  received: x.received,
  created_at: formatTime(row.createdAt),
});

/** received (receipts of kind wallpaper) and the brand title of these wallpapers. */
async function extrasOf(db: Db | Tx, rows: WallpaperRow[]): Promise<Map<number, Extra>> {
  const out = new Map<number, Extra>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const received = await db
    .select({ id: virtualReceipts.itemId, n: count() })
    .from(virtualReceipts)
    .where(and(eq(virtualReceipts.kind, RECEIPT_KIND.wallpaper), inArray(virtualReceipts.itemId, ids)))
    .groupBy(virtualReceipts.itemId);
  const titles = await db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(inArray(brands.id, [...new Set(rows.map((r) => r.ipId))]));
  const r = new Map(received.map((x) => [x.id, Number(x.n)]));
  const t = new Map(titles.map((x) => [x.id, x.title]));
  for (const row of rows) out.set(row.id, { received: r.get(row.id) ?? 0, ipTitle: t.get(row.ipId) ?? '' });
  return out;
}

export async function wallpaperWire(db: Db | Tx, config: Config, row: WallpaperRow) {
  return wallpaperToWire(config, row, (await extrasOf(db, [row])).get(row.id)!);
}

export interface WallpaperListQuery {
  page: number;
  limit: number;
  type?: number;
  name?: string;
}

/** A page of the wallpapers of these brands, newest first. */
export async function listWallpapers(db: Db, config: Config, brandIds: number[], q: WallpaperListQuery) {
  const pagination = { page: q.page, limit: q.limit, total_rows: 0 };
  if (brandIds.length === 0) return { lists: [], pagination };
  const where: SQL[] = [inArray(wallpapers.ipId, brandIds)];
  if (q.type) where.push(eq(wallpapers.type, q.type));
  if (q.name) where.push(ilike(wallpapers.name, containing(q.name)));
  const [total] = await db
    .select({ n: count() })
    .from(wallpapers)
    .where(and(...where));
  const rows = await db
    .select()
    .from(wallpapers)
    .where(and(...where))
    .orderBy(desc(wallpapers.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const extras = await extrasOf(db, rows);
  return {
    lists: rows.map((r) => wallpaperToWire(config, r, extras.get(r.id)!)),
    pagination: { ...pagination, total_rows: Number(total?.n ?? 0) },
  };
}

/** The wallpaper `id` when it belongs to one of `brandIds`, locked in `tx`; else 404. */
export async function lockWallpaper(tx: Tx, brandIds: number[], id: number): Promise<WallpaperRow> {
  if (brandIds.length === 0) throw notFound();
  const [row] = await tx
    .select()
    .from(wallpapers)
    .where(and(eq(wallpapers.id, id), inArray(wallpapers.ipId, brandIds)))
    .for('update');
  if (!row) throw notFound();
  return row;
}
