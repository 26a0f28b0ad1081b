import {
  type Goods,
  type goodsSave,
  type goodsStock,
  messages,
  type SortValue,
  STOCK_ACTION,
  STOCK_LIMIT,
} from '@toy/shared';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { ReadCache } from '../../db/read-cache.js';
import { goods } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { orderByOf } from '../../lib/sort.js';
import { formatTime } from '../../lib/time.js';
import { keyOfPic, picUrl } from '../../lib/urls.js';

type Row = typeof goods.$inferSelect;
const m = messages.goods;

export const goodsToWire = (row: Row, config: Config): Goods => ({
  id: row.id,
  ip_id: row.ipId,
  title: row.title,
  price: fenToYuan(row.price),
  goods_num: row.goodsNum,
  goods_code: row.goodsCode,
  pic: picUrl(config, row.pic),
  is_overseas: row.isOverseas,
  stock_limit: row.stockLimit,
  stock: row.stockLimit === STOCK_LIMIT.limited ? row.stock : 0,
  weight: row.weight,
  length: row.length,
  width: row.width,
  height: row.height,
  created_at: formatTime(row.createdAt),
});

/** `%…%` for ILIKE with the pattern characters of `text` escaped. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface GoodsListQuery {
  page: number;
  limit: number;
  title?: string;
  sort?: SortValue<'stock' | 'price'>;
}

/** A page of the goods of these brands, newest first. */
export async function listGoods(db: Db, cache: ReadCache, config: Config, brandIds: number[], q: GoodsListQuery) {
  const pagination = { page: q.page, limit: q.limit, total_rows: 0 };
  if (brandIds.length === 0) return { lists: [], pagination };
  const key = `goods:${brandIds.join(',')}:${q.page}:${q.limit}:${q.sort ?? ''}:${q.title ?? ''}`;
  return cache.get(key, async () => {
    const where: SQL[] = [inArray(goods.ipId, brandIds)];
    if (q.title) where.push(ilike(goods.title, containing(q.title)));
    const [total] = await db
      .select({ n: count() })
      .from(goods)
      .where(and(...where));
    const rows = await db
      .select()
      .from(goods)
      .where(and(...where))
      .orderBy(...orderByOf(q.sort, { stock: goods.stock, price: goods.price }, goods.id, [desc(goods.id)]))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { lists: rows.map((r) => goodsToWire(r, config)), pagination: { ...pagination, total_rows: total?.n ?? 0 } };
  });
}

/** The goods `id` when it belongs to one of `brandIds`, locked for update inside `tx`; else 404. */
export async function lockGoods(tx: Tx, brandIds: number[], id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(goods)
    .where(and(eq(goods.id, id), inArray(goods.ipId, brandIds)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function findGoods(db: Db, brandIds: number[], id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(goods)
    .where(and(eq(goods.id, id), inArray(goods.ipId, brandIds)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

type SaveInput = z.output<typeof goodsSave>;

/** The columns a save writes (stock only on create: later changes go through goods.stock). */
export const goodsValues = (input: SaveInput, config: Config) => ({
  ipId: input.ip_id,
  title: input.title,
  price: yuanToFen(input.price),
  goodsNum: input.goods_num,
  goodsCode: input.goods_code,
  pic: keyOfPic(config, input.pic),
  isOverseas: input.is_overseas,
  weight: input.weight,
  length: input.length,
  width: input.width,
  height: input.height,
});

export async function insertGoods(tx: Tx, config: Config, input: SaveInput): Promise<Row> {
  const limited = input.stock_limit === STOCK_LIMIT.limited;
  const [row] = await tx
    .insert(goods)
    .values({ ...goodsValues(input, config), stockLimit: input.stock_limit, stock: limited ? (input.stock ?? 0) : 0 })
    .returning();
  return row!;
}

export async function updateGoods(tx: Tx, config: Config, id: number, input: SaveInput): Promise<Row> {
  const [row] = await tx
    .update(goods)
    .set({ ...goodsValues(input, config), updatedAt: sql`now()` })
    .where(eq(goods.id, id))
    .returning();
  return row!;
}

type StockInput = z.output<typeof goodsStock>;

/**
 * One atomic stock change on a locked row (spec 01 §4): → unlimited; unlimited → limited with a
 * new stock; limited → limited adding or reducing. The UPDATE itself re-checks the condition
 * (`stock >= num`), so even without the row lock no change is lost and stock never goes below 0.
 */
export async function changeStock(tx: Tx, current: Row, input: StockInput): Promise<Row> {
  if (input.current_stock_limit !== null && input.current_stock_limit !== current.stockLimit) {
    throw httpError(409, m.stockChanged);
  }
  const base = and(eq(goods.id, current.id), eq(goods.stockLimit, current.stockLimit));
  let update: { stockLimit?: number; stock: number | SQL };
  let where = base;
  if (input.stock_limit === STOCK_LIMIT.unlimited) {
    update = { stockLimit: STOCK_LIMIT.unlimited, stock: 0 };
  } else if (current.stockLimit === STOCK_LIMIT.unlimited) {
    if (input.stock_num === null || input.stock_num < 0) throw httpError(400, m.stockNumNegative);
    update = { stockLimit: STOCK_LIMIT.limited, stock: input.stock_num };
  } else {
    const num = input.num ?? 0;
    if (input.action !== STOCK_ACTION.add && input.action !== STOCK_ACTION.reduce)
      throw httpError(400, m.stockActionRequired);
    if (num < 1) throw httpError(400, m.numPositive);
    const delta = input.action === STOCK_ACTION.add ? num : -num;
    update = { stock: sql`${goods.stock} + ${delta}` };
    where = and(base, sql`${goods.stock} + ${delta} between 0 and 2147483647`);
  }
  const [row] = await tx
    .update(goods)
    .set({ ...update, updatedAt: sql`now()` })
    .where(where)
    .returning();
  if (!row) throw httpError(409, input.action === STOCK_ACTION.reduce ? m.stockNotEnough : m.stockTooHigh);
  return row;
}
