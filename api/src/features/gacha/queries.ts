import { type GachaGoods, gachaCateText, LIMITS, type SortValue } from '@toy/shared';
import { and, asc, between, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
import { gachaActivityGoods, gachaGoods } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { orderByOf } from '../../lib/sort.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';

type Row = typeof gachaGoods.$inferSelect;
export type GachaRow = Row & { activeIds: number[] };

export const GACHA_PICTURE = {
  width: LIMITS.goodsPicture.width,
  height: LIMITS.goodsPicture.height,
  maxBytes: LIMITS.goodsPictureMaxBytes,
};
export const GACHA_VIDEO = { width: 0, height: 0, maxBytes: LIMITS.videoMaxBytes, kind: 'video' as const };

/** The activity ids bound to a goods row, as a column of any select over gacha_goods. */
export const activeIdsColumn = sql<
  number[]
>`coalesce((select array_agg(a.activity_id order by a.activity_id) from ${gachaActivityGoods} a where a.goods_id = ${gachaGoods.id}), '{}')`;

const fourLabels = (label: string[]) => Array.from({ length: LIMITS.gachaLabels }, (_, i) => label[i] ?? '');

/** The wire fields without the two times (what the audit log keeps; cheap for an import's rows). */
export const gachaFields = (
  row: Omit<GachaRow, 'createdAt' | 'updatedAt'>,
  config: Config,
): Omit<GachaGoods, 'created_at' | 'updated_at'> => ({
  id: row.id,
  ip_id: row.ipId,
  goods_title: row.goodsTitle,
  price: fenToYuan(row.price),
  cost_price: fenToYuan(row.costPrice),
  stock: row.stock,
  cate: row.cate,
  cate_text: gachaCateText(row.cate),
  pics: row.pics.map((p) => picUrl(config, p)),
  video_url: picUrl(config, row.videoUrl),
  label: fourLabels(row.label),
  channel: row.channel,
  channel_title: row.channel,
  link: row.link,
  code: row.code,
  active_num: row.activeIds.length,
  active_ids: row.activeIds.map(Number),
  status: row.status,
  catalog_id: row.catalogId,
});

export const gachaToWire = (row: GachaRow, config: Config): GachaGoods => ({
  ...gachaFields(row, config),
  created_at: formatTime(row.createdAt),
  updated_at: formatTime(row.updatedAt),
});

export interface GachaFilterValues {
  goods_title?: string;
  sku_id?: number;
  channel_id?: string;
  cate?: number;
}

/** The WHERE of the list and of the export: the same filters select the same rows. */
export function gachaWhere(brandIds: number[], f: GachaFilterValues): SQL {
  const where: SQL[] = [inArray(gachaGoods.ipId, brandIds)];
  if (f.goods_title) where.push(ilike(gachaGoods.goodsTitle, containing(f.goods_title)));
  if (f.sku_id !== undefined) where.push(eq(gachaGoods.id, f.sku_id));
  if (f.channel_id) where.push(eq(gachaGoods.channel, f.channel_id));
  if (f.cate !== undefined) where.push(eq(gachaGoods.cate, f.cate));
  return and(...where)!;
}

const selection = { row: gachaGoods, activeIds: activeIdsColumn };
const flatten = (r: { row: Row; activeIds: number[] }): GachaRow => ({ ...r.row, activeIds: r.activeIds ?? [] });

export async function countGacha(db: Db, brandIds: number[], f: GachaFilterValues): Promise<number> {
  if (brandIds.length === 0) return 0;
  const [total] = await db.select({ n: count() }).from(gachaGoods).where(gachaWhere(brandIds, f));
  return total?.n ?? 0;
}

/** A page of the list, newest first. */
export async function listGacha(
  db: Db,
  brandIds: number[],
  f: GachaFilterValues & { page: number; limit: number; sort?: SortValue<'stock' | 'price'> },
): Promise<GachaRow[]> {
  if (brandIds.length === 0) return [];
  const rows = await db
    .select(selection)
    .from(gachaGoods)
    .where(gachaWhere(brandIds, f))
    .orderBy(
      ...orderByOf(f.sort, { stock: gachaGoods.stock, price: gachaGoods.price }, gachaGoods.id, [desc(gachaGoods.id)]),
    )
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return rows.map(flatten);
}

/** The ids the filters select, ascending: the export's snapshot, walked in chunks by id range. */
export async function gachaIds(db: Db, brandIds: number[], f: GachaFilterValues): Promise<number[]> {
  if (brandIds.length === 0) return [];
  const rows = await db
    .select({ id: gachaGoods.id })
    .from(gachaGoods)
    .where(gachaWhere(brandIds, f))
    .orderBy(asc(gachaGoods.id));
  return rows.map((r) => r.id);
}

/** One exported goods as the database hands it over: a JSON array (see gachaRange). */
export type ExportRecord = [
  id: number,
  goodsTitle: string,
  price: number,
  costPrice: number,
  stock: number,
  cate: number,
  channel: string,
  label: string[],
  link: string,
  code: string,
  pics: string[],
  videoUrl: string,
  activeNum: number,
  status: number,
  createdAtMs: number,
];

/**
 * The selected goods with ids in [fromId, toId], ascending, each as one JSON text. A bounded id
 * range keeps each chunk's scan to its own rows, and one text cell per row is several times
 * cheaper for PGlite to hand over than fifteen cells with arrays and timestamps. The records
 * come out lazily, for one pass.
 */
export async function gachaRange(
  db: Db,
  brandIds: number[],
  f: GachaFilterValues,
  fromId: number,
  toId: number,
): Promise<Iterable<ExportRecord>> {
  const g = gachaGoods;
  const result = await db.execute(sql`
    select json_build_array(${g.id}, ${g.goodsTitle}, ${g.price}, ${g.costPrice}, ${g.stock}, ${g.cate},
      ${g.channel}, ${g.label}, ${g.link}, ${g.code}, ${g.pics}, ${g.videoUrl},
      (select count(*) from ${gachaActivityGoods} a where a.goods_id = ${g.id}), ${g.status},
      (extract(epoch from ${g.createdAt}) * 1000)::bigint)::text as r
    from ${g}
    where ${and(gachaWhere(brandIds, f), between(g.id, fromId, toId))}
    order by ${g.id}`);
  const rows = rowsOf<{ r: string }>(result);
  // Parsed one at a time as the caller takes them, each text let go once parsed, so a chunk's
  // rows are not all alive (and moved to the old generation) while it is written.
  return (function* () {
    for (let i = 0; i < rows.length; i++) {
      const text = rows[i]!.r;
      rows[i] = undefined as never;
      yield JSON.parse(text) as ExportRecord;
    }
  })();
}

/** The goods when it belongs to one of `brandIds` (and to `ipId` when given), else 404. */
export async function findGacha(db: Db | Tx, brandIds: number[], id: number, ipId?: number, lock = false) {
  const where = and(
    eq(gachaGoods.id, id),
    inArray(gachaGoods.ipId, brandIds),
    ipId === undefined ? undefined : eq(gachaGoods.ipId, ipId),
  );
  const query = db.select().from(gachaGoods).where(where);
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
  const bound = await db
    .select({ id: gachaActivityGoods.activityId })
    .from(gachaActivityGoods)
    .where(eq(gachaActivityGoods.goodsId, id))
    .orderBy(asc(gachaActivityGoods.activityId));
  return { ...row, activeIds: bound.map((b) => b.id) } satisfies GachaRow;
}

export async function unbindGacha(tx: Tx, id: number): Promise<void> {
  await tx.delete(gachaActivityGoods).where(eq(gachaActivityGoods.goodsId, id));
}
