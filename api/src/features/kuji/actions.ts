import { randomBytes } from 'node:crypto';
import {
  type AuditAction,
  type api,
  globalIntervalError,
  isGlobalLevel,
  isValidLevelList,
  KUJI_AUDIT,
  KUJI_OFF,
  kujiTicketsPerBox,
  messages,
  officialAllowed,
  type RouteParsed,
  seedHash,
  shanghaiInstant,
} from '@toy/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { kujiBoxes, kujiGoods, kujis, users } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { yuanToFen } from '../../lib/money.js';
import { audit } from '../audit/index.js';
import { insertBoxes } from './generate.js';
import { findKuji, goodsOf, type KujiDbRow, kujiAuditView, kujiCounts } from './queries.js';
import { commitRestockSeed } from './seeds.js';

/**
 * The merchant's kuji writes (spec 03 §5): publish, delete, update, stock, setLucky, setPrice,
 * setShelves (kujiRoutes in shared/src/features/kuji.ts). Tables: kujis, kuji_goods, kuji_boxes.
 * Each runs in one transaction that locks the kuji row and records the audit entry (entity `kuji`)
 * with the values before and after.
 */

const m = messages.kuji;

/** The audit view of a kuji as it is now in `tx`. */
export async function auditViewOf(tx: Db | Tx, kuji: KujiDbRow) {
  const c = (await kujiCounts(tx, [kuji.id])).get(kuji.id)!;
  return kujiAuditView(kuji, await goodsOf(tx, kuji.id), c.boxes);
}

/** Run `write` on the locked kuji and record before/after (nothing when nothing changed). */
export async function auditedWrite<T>(
  db: Db,
  request: FastifyRequest,
  id: number,
  brandIds: number[] | null,
  action: AuditAction | ((before: KujiDbRow) => AuditAction),
  write: (tx: Tx, kuji: KujiDbRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const kuji = brandIds ? await findKuji(tx, id, brandIds, true) : await lockAny(tx, id);
    const before = await auditViewOf(tx, kuji);
    const result = await write(tx, kuji);
    const [row] = await tx.select().from(kujis).where(eq(kujis.id, id));
    const after = row ? await auditViewOf(tx, row) : null;
    if (JSON.stringify(before) !== JSON.stringify(after))
      await audit(tx, request, {
        entity: 'kuji',
        id,
        ipId: kuji.ipId,
        action: typeof action === 'function' ? action(kuji) : action,
        before,
        after,
      });
    return result;
  });
}

async function lockAny(tx: Tx, id: number): Promise<KujiDbRow> {
  const [row] = await tx.select().from(kujis).where(eq(kujis.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export type KujiPublishInput = RouteParsed<typeof api.kuji.publish>;

/**
 * 提交申请: after the ordered rules, the facts — the brand is the merchant's (404), official only for
 * a signed merchant and the official brand, a valid level list, each global row's interval within
 * the tickets of a box. Then the kuji (audit 0, off 1, a fresh seed) and its rows.
 */
export async function publishKuji(db: Db, request: FastifyRequest, input: KujiPublishInput): Promise<{ id: number }> {
  if (input.is_official === 1) {
    const [user] = await db.select({ signed: users.isSigned }).from(users).where(eq(users.id, request.user!.id));
    if (!officialAllowed(input.ip_id, Boolean(user?.signed))) throw httpError(400, m.officialNotAllowed);
  }
  const rows = input.goods;
  if (!isValidLevelList(rows)) throw httpError(400, m.lastOrGlobalRequired);
  const tickets = kujiTicketsPerBox(rows);
  for (const row of rows.filter((r) => isGlobalLevel(r.level))) {
    const error = globalIntervalError(row, Number.MAX_SAFE_INTEGER);
    if (error) throw httpError(400, error);
    if ((row.end_section ?? 0) > tickets) throw httpError(400, m.intervalBeyondBox);
  }
  const seed = randomBytes(32).toString('hex');
  return db.transaction(async (tx) => {
    const [kuji] = await tx
      .insert(kujis)
      .values({
        ipId: input.ip_id,
        userId: request.user!.id,
        title: input.title,
        pic: input.pic,
        topPic: input.top_pic,
        price: yuanToFen(input.price),
        boxNum: input.stock,
        desc: input.desc,
        bean: input.is_bean === 1 ? yuanToFen(input.bean) : 0,
        serviceCharge: 6,
        shelvesTime: shanghaiInstant(input.shelves_time),
        isOfficial: input.is_official,
        auditStatus: KUJI_AUDIT.pending,
        off: KUJI_OFF.delisted,
        seed,
        seedHash: seedHash(seed),
      })
      .returning();
    await tx.insert(kujiGoods).values(
      rows.map((r, i) => ({
        kujiId: kuji!.id,
        sort: i + 1,
        level: r.level,
        goodsTitle: r.goods_title,
        goodsPic: r.goods_pic,
        stock: isGlobalLevel(r.level) || r.level === 0 ? 1 : r.stock,
        goodsPrice: yuanToFen(r.goods_price),
        costPrice: yuanToFen(r.cost_price),
        price: yuanToFen(r.goods_price),
        startSection: isGlobalLevel(r.level) ? r.start_section : null,
        endSection: isGlobalLevel(r.level) ? r.end_section : null,
        isLucky: r.is_lucky,
        isShelves: r.is_shelves,
        shelves: r.shelves,
      })),
    );
    await audit(tx, request, {
      entity: 'kuji',
      id: kuji!.id,
      ipId: input.ip_id,
      action: 'create',
      after: await auditViewOf(tx, kuji!),
    });
    return { id: kuji!.id };
  });
}

/** 删除: only while pending review. */
export async function deleteKuji(db: Db, request: FastifyRequest, id: number, brandIds: number[]): Promise<null> {
  await db.transaction(async (tx) => {
    const kuji = await findKuji(tx, id, brandIds, true);
    if (kuji.auditStatus !== KUJI_AUDIT.pending) throw httpError(409, m.deleteOnlyPending);
    const before = await auditViewOf(tx, kuji);
    await tx.delete(kujis).where(eq(kujis.id, id));
    await audit(tx, request, { entity: 'kuji', id, ipId: kuji.ipId, action: 'delete', before, after: null });
  });
  return null;
}

/** Shelf changes need an approved kuji (refused while its data is generated). */
function assertApproved(kuji: KujiDbRow) {
  if (kuji.auditStatus === KUJI_AUDIT.generating) throw httpError(409, m.generating);
  if (kuji.auditStatus !== KUJI_AUDIT.approved) throw httpError(409, m.notApproved);
}

export type KujiUpdateInput = RouteParsed<typeof api.kuji.update>;

/** 修改: one change per call — shelf toggle, sale time, description, coin usage, or cover. */
export async function updateKuji(db: Db, request: FastifyRequest, input: KujiUpdateInput, brandIds: number[]) {
  const action = (k: KujiDbRow): AuditAction =>
    input.off !== undefined && input.shelves_time === undefined
      ? input.off === 0
        ? 'list'
        : k.off === KUJI_OFF.listed
          ? 'delist'
          : 'update'
      : 'update';
  return auditedWrite(db, request, input.id, brandIds, action, async (tx, kuji) => {
    const set: Partial<typeof kujis.$inferInsert> = {};
    if (input.shelves_time !== undefined) {
      if (kuji.off === KUJI_OFF.listed) throw httpError(409, m.delistFirst);
      set.shelvesTime = shanghaiInstant(input.shelves_time);
    } else if (input.off !== undefined) {
      assertApproved(kuji);
      if (input.off === KUJI_OFF.listed) {
        const c = (await kujiCounts(tx, [kuji.id])).get(kuji.id)!;
        if (kuji.off === KUJI_OFF.soldOut || c.remaining === 0) throw httpError(409, m.soldOutCannotList);
      } else if (kuji.off === KUJI_OFF.soldOut) {
        // A sold-out kuji is off sale already: 下架 would answer success and change nothing.
        throw httpError(409, m.soldOutCannotDelist);
      }
      set.off = input.off;
    } else if (input.desc !== undefined) set.desc = input.desc;
    // Coins: {is_bean, bean}, or the spec's {id, bean} alone (0 = coins not used).
    else if (input.is_bean !== undefined || input.bean !== undefined)
      set.bean = input.is_bean === 0 ? 0 : yuanToFen(input.bean ?? 0);
    else if (input.pic !== undefined) set.pic = input.pic;
    if (Object.keys(set).length > 0)
      await tx
        .update(kujis)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(kujis.id, kuji.id));
  });
}

export type KujiStockInput = RouteParsed<typeof api.kuji.stock>;

/**
 * 调整箱数: type 1 adds boxes box_num+1.. from a freshly committed seed (approved kujis; a pending one
 * just changes its box count); type 2 removes the highest-numbered undrawn boxes, at most can_num.
 */
export async function changeStock(db: Db, request: FastifyRequest, input: KujiStockInput, brandIds: number[]) {
  await auditedWrite(db, request, input.active_id, brandIds, 'stock', async (tx, kuji) => {
    if (kuji.auditStatus === KUJI_AUDIT.generating) throw httpError(409, m.generating);
    if (kuji.auditStatus !== KUJI_AUDIT.approved) throw httpError(409, m.notApproved);
    if (input.type === 1) {
      // A fresh committed seed for the added boxes: never one already revealed (seeds.ts).
      const seed = await commitRestockSeed(tx, kuji, kuji.boxNum + 1);
      await insertBoxes(tx, kuji, kuji.boxNum + 1, kuji.boxNum + input.stock, seed);
      const set: Partial<typeof kujis.$inferInsert> = { boxNum: kuji.boxNum + input.stock };
      if (kuji.off === KUJI_OFF.soldOut) set.off = KUJI_OFF.delisted;
      await tx.update(kujis).set(set).where(eq(kujis.id, kuji.id));
      return;
    }
    const open = await tx
      .select({ boxNo: kujiBoxes.boxNo })
      .from(kujiBoxes)
      .where(and(eq(kujiBoxes.kujiId, kuji.id), isNull(kujiBoxes.removedAt), eq(kujiBoxes.drawn, 0)))
      .orderBy(desc(kujiBoxes.boxNo));
    if (input.stock > open.length) throw httpError(400, m.decreaseTooMany);
    const take = open.slice(0, input.stock).map((b) => b.boxNo);
    await tx
      .update(kujiBoxes)
      .set({ removedAt: sql`now()` })
      .where(and(eq(kujiBoxes.kujiId, kuji.id), inArray(kujiBoxes.boxNo, take)));
  });
  const c = (await kujiCounts(db, [input.active_id])).get(input.active_id)!;
  return { stock: c.boxes, can_num: c.canNum };
}

/** The prize row of a kuji (404 when it is another kuji's). */
async function goodsRow(tx: Tx, kuji: KujiDbRow, goodsId: number) {
  const [row] = await tx
    .select()
    .from(kujiGoods)
    .where(and(eq(kujiGoods.id, goodsId), eq(kujiGoods.kujiId, kuji.id)));
  if (!row) throw notFound();
  return row;
}

type GoodsTarget = { active_id: number; goods_id: number };

/** setLucky / setPrice / setShelves: one prize row's field, audited on the kuji. */
export async function setGoods(
  db: Db,
  request: FastifyRequest,
  input: GoodsTarget,
  brandIds: number[],
  change: (
    row: typeof kujiGoods.$inferSelect,
    all: (typeof kujiGoods.$inferSelect)[],
  ) => Partial<typeof kujiGoods.$inferInsert>,
): Promise<void> {
  await auditedWrite(db, request, input.active_id, brandIds, 'update', async (tx, kuji) => {
    const row = await goodsRow(tx, kuji, input.goods_id);
    const set = change(row, await goodsOf(tx, kuji.id));
    await tx.update(kujiGoods).set(set).where(eq(kujiGoods.id, row.id));
  });
}

/** 大奖: refused when the goods (same title and picture) holds several levels. */
export const luckyChange =
  (isLucky: number) => (row: typeof kujiGoods.$inferSelect, all: (typeof kujiGoods.$inferSelect)[]) => {
    const same = all.filter((g) => g.goodsTitle === row.goodsTitle && g.goodsPic === row.goodsPic);
    if (same.length > 1) throw httpError(409, m.luckyManyLevels);
    return { isLucky };
  };
