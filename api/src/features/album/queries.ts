import { type Album, type AlbumOption, messages } from '@toy/shared';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { albumLikes, albums, brands, collectibles } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { picUrl } from '../../lib/urls.js';
import { stockOf } from '../holdings/index.js';

export type AlbumRow = typeof albums.$inferSelect;

/** What an album's card shows beside its own fields: all counted, none stored. */
interface Extra {
  ipTitle: string;
  likes: number;
  goods: number;
  stock: number;
  residue: number;
}

export const albumToWire = (config: Config, row: AlbumRow, x: Extra): Album => ({
  id: row.id,
  ip_id: row.ipId,
  ip_title: x.ipTitle,
  title: row.title,
  pic: picUrl(config, row.pic),
  bg_pic: picUrl(config, row.bgPic),
  content: row.content,
  like_num: x.likes,
  data: { goods_num: x.goods, stock_num: x.stock, surplus_stock_num: x.residue, stock: x.stock - x.residue },
});

/** The brand titles, likes, collectibles and their stock (holdings.ts stockOf) of these albums. */
async function extrasOf(tx: Tx, rows: AlbumRow[]): Promise<Map<number, Extra>> {
  const out = new Map<number, Extra>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const titles = await tx
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(inArray(brands.id, [...new Set(rows.map((r) => r.ipId))]));
  const likes = await tx
    .select({ id: albumLikes.albumId, n: count() })
    .from(albumLikes)
    .where(inArray(albumLikes.albumId, ids))
    .groupBy(albumLikes.albumId);
  const members = await tx
    .select({ id: collectibles.id, albumId: collectibles.catalogId })
    .from(collectibles)
    .where(inArray(collectibles.catalogId, ids));
  const stock = await stockOf(
    tx,
    members.map((c) => c.id),
  );
  const t = new Map(titles.map((x) => [x.id, x.title]));
  const l = new Map(likes.map((x) => [x.id, Number(x.n)]));
  for (const row of rows)
    out.set(row.id, { ipTitle: t.get(row.ipId) ?? '', likes: l.get(row.id) ?? 0, goods: 0, stock: 0, residue: 0 });
  for (const c of members) {
    const x = out.get(c.albumId!);
    const s = stock.get(c.id);
    if (!x) continue;
    x.goods += 1;
    x.stock += s?.stock ?? 0;
    x.residue += s?.residue ?? 0;
  }
  return out;
}

export async function albumWire(tx: Tx, config: Config, row: AlbumRow): Promise<Album> {
  return albumToWire(config, row, (await extrasOf(tx, [row])).get(row.id)!);
}

export interface AlbumListQuery {
  need_page: number;
  easy: number;
  page: number;
  limit: number;
}

/**
 * The albums of these brands, newest first: a page of 12 (or all when need_page is 0), whole
 * cards or, with easy=1, only id and title. One snapshot, so the counts agree with each other.
 */
export async function listAlbums(db: Db, config: Config, brandIds: number[], q: AlbumListQuery) {
  const paged = q.need_page !== 0;
  const pagination = { page: paged ? q.page : 1, limit: q.limit, total_rows: 0 };
  if (brandIds.length === 0) return { list: [], pagination };
  const where = inArray(albums.ipId, brandIds);
  return db.transaction(async (tx) => {
    const [total] = await tx.select({ n: count() }).from(albums).where(where);
    const totalRows = Number(total?.n ?? 0);
    const base = tx.select().from(albums).where(where).orderBy(desc(albums.id)).$dynamic();
    const rows = paged ? await base.limit(q.limit).offset((q.page - 1) * q.limit) : await base;
    const done = { ...pagination, total_rows: totalRows, limit: paged ? q.limit : totalRows };
    if (q.easy === 1) return { list: rows.map((r): AlbumOption => ({ id: r.id, title: r.title })), pagination: done };
    const extras = await extrasOf(tx, rows);
    return { list: rows.map((r) => albumToWire(config, r, extras.get(r.id)!)), pagination: done };
  });
}

const missing = () => httpError(404, messages.album.notFound);

/** The album `id` when it belongs to one of `brandIds`, locked in `tx`; else 404 (another merchant's too). */
export async function lockAlbum(tx: Tx, brandIds: number[], id: number): Promise<AlbumRow> {
  if (brandIds.length === 0) throw missing();
  const [row] = await tx
    .select()
    .from(albums)
    .where(and(eq(albums.id, id), inArray(albums.ipId, brandIds)))
    .for('update');
  if (!row) throw missing();
  return row;
}
