import { type MomentRow, messages, TOY_STATUS, type ToyRow } from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { brands, moments, toys, virtualReceipts } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { containing } from '../goods/index.js';
import { RECEIPT_KIND } from '../holdings/index.js';

export type ToyTableRow = typeof toys.$inferSelect;
export type MomentTableRow = typeof moments.$inferSelect;
type Writer = Db | Tx;

interface Extra {
  received: number;
  ipTitle: string;
}

export const toyToWire = (config: Config, row: ToyTableRow, x: Extra): ToyRow => ({
  id: row.id,
  ip_id: row.ipId,
  ip_title: x.ipTitle,
  type: row.type,
  name: row.name,
  image_url: picUrl(config, row.imageUrl),
  short: row.short,
  is_box_goods: row.isBoxGoods,
  received: x.received,
  status: row.status,
  remark: row.remark,
  created_at: formatTime(row.createdAt),
});

export const momentToWire = (config: Config, row: MomentTableRow, x: Extra): MomentRow => ({
  id: row.id,
  ip_id: row.ipId,
  ip_title: x.ipTitle,
  name: row.name,
  image_url: picUrl(config, row.imageUrl),
  image_url_source: picUrl(config, row.imageUrlSource),
  image_url_watermark: picUrl(config, row.imageUrlWatermark),
  short: row.short,
  received: x.received,
  status: row.status,
  remark: row.remark,
  created_at: formatTime(row.createdAt),
});

/** `received` of these items (the count of players' receipts) and their brand titles. */
async function extrasOf(
  db: Writer,
  kind: string,
  rows: { id: number; ipId: number }[],
): Promise<(row: { id: number; ipId: number }) => Extra> {
  const ids = rows.map((r) => r.id);
  const received = ids.length
    ? await db
        .select({ id: virtualReceipts.itemId, n: count() })
        .from(virtualReceipts)
        .where(and(eq(virtualReceipts.kind, kind), inArray(virtualReceipts.itemId, ids)))
        .groupBy(virtualReceipts.itemId)
    : [];
  const ipIds = [...new Set(rows.map((r) => r.ipId))];
  const titles = ipIds.length
    ? await db.select({ id: brands.id, title: brands.title }).from(brands).where(inArray(brands.id, ipIds))
    : [];
  const r = new Map(received.map((x) => [x.id, Number(x.n)]));
  const t = new Map(titles.map((x) => [x.id, x.title]));
  return (row) => ({ received: r.get(row.id) ?? 0, ipTitle: t.get(row.ipId) ?? '' });
}

export async function toyWires(db: Writer, config: Config, rows: ToyTableRow[]): Promise<ToyRow[]> {
  const extra = await extrasOf(db, RECEIPT_KIND.toy, rows);
  return rows.map((r) => toyToWire(config, r, extra(r)));
}

export async function momentWires(db: Writer, config: Config, rows: MomentTableRow[]): Promise<MomentRow[]> {
  const extra = await extrasOf(db, RECEIPT_KIND.moment, rows);
  return rows.map((r) => momentToWire(config, r, extra(r)));
}

/** res.doll and res.pic of the lists: how many toys and scenes these brands have. */
export async function toySummary(db: Writer, brandIds: number[]) {
  if (brandIds.length === 0) return { doll: 0, pic: 0 };
  const rows = await db
    .select({ type: toys.type, n: count() })
    .from(toys)
    .where(inArray(toys.ipId, brandIds))
    .groupBy(toys.type);
  const of = (type: number) => Number(rows.find((r) => r.type === type)?.n ?? 0);
  return { doll: of(1), pic: of(2) };
}

export interface ToyListQuery {
  page: number;
  limit: number;
  type?: number;
  name?: string;
}

const pageOf = (q: { page: number; limit: number }, total: number) => ({
  page: q.page,
  limit: q.limit,
  total_rows: total,
});

/** A page of the toys and scenes of these brands, newest first. */
export async function listToys(db: Db, config: Config, brandIds: number[], q: ToyListQuery) {
  const res = await toySummary(db, brandIds);
  if (brandIds.length === 0) return { lists: [], res, pagination: pageOf(q, 0) };
  const where: SQL[] = [inArray(toys.ipId, brandIds)];
  if (q.type) where.push(eq(toys.type, q.type));
  if (q.name) where.push(ilike(toys.name, containing(q.name)));
  const [total] = await db
    .select({ n: count() })
    .from(toys)
    .where(and(...where));
  const rows = await db
    .select()
    .from(toys)
    .where(and(...where))
    .orderBy(desc(toys.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { lists: await toyWires(db, config, rows), res, pagination: pageOf(q, Number(total?.n ?? 0)) };
}

/** A page of the highlight moments of these brands, newest first. */
export async function listMoments(db: Db, config: Config, brandIds: number[], q: ToyListQuery) {
  const res = await toySummary(db, brandIds);
  if (brandIds.length === 0) return { lists: [], res, pagination: pageOf(q, 0) };
  const where: SQL[] = [inArray(moments.ipId, brandIds)];
  if (q.name) where.push(ilike(moments.name, containing(q.name)));
  const [total] = await db
    .select({ n: count() })
    .from(moments)
    .where(and(...where));
  const rows = await db
    .select()
    .from(moments)
    .where(and(...where))
    .orderBy(desc(moments.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return { lists: await momentWires(db, config, rows), res, pagination: pageOf(q, Number(total?.n ?? 0)) };
}

/** The toy `id` when it belongs to one of `brandIds`, locked inside a transaction; else 404. */
export async function findToy(tx: Tx, brandIds: number[], id: number): Promise<ToyTableRow> {
  if (brandIds.length === 0) throw notFound();
  const [row] = await tx
    .select()
    .from(toys)
    .where(and(eq(toys.id, id), inArray(toys.ipId, brandIds)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function findMoment(tx: Tx, brandIds: number[], id: number): Promise<MomentTableRow> {
  if (brandIds.length === 0) throw notFound();
  const [row] = await tx
    .select()
    .from(moments)
    .where(and(eq(moments.id, id), inArray(moments.ipId, brandIds)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** How many players hold the item (virtual_receipts). */
export async function receivedOf(tx: Writer, kind: string, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(virtualReceipts)
    .where(and(eq(virtualReceipts.kind, kind), eq(virtualReceipts.itemId, id)));
  return Number(row?.n ?? 0);
}

/** Spec 03 §4: only a rejected item is edited (an approved one keeps name, picture, description). */
export function assertEditable(
  row: { status: number; name: string; imageUrl: string; short: string },
  next: { name: string; imageKey: string; short: string },
) {
  if (row.status === TOY_STATUS.pending) throw httpError(409, messages.toy.pendingLocked);
  if (
    row.status === TOY_STATUS.approved &&
    (row.name !== next.name || row.imageUrl !== next.imageKey || row.short !== next.short)
  )
    throw httpError(409, messages.toy.approvedLocked);
}

/** Spec 03 §4: delete only when nobody received it and it is not pending. */
export async function assertDeletable(tx: Tx, kind: string, row: { id: number; status: number }) {
  if (row.status === TOY_STATUS.pending) throw httpError(409, messages.toy.deletePending);
  if ((await receivedOf(tx, kind, row.id)) > 0) throw httpError(409, messages.toy.deleteReceived);
}

export const now = sql`now()`;
