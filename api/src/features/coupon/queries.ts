import { type Coupon, type CouponSaveInput, couponTimeState, messages, shanghaiInstant } from '@toy/shared';
import { and, count, desc, eq, gt, gte, ilike, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { coupons } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { audit } from '../audit/index.js';
import { containing } from '../goods/index.js';

export type CouponRow = typeof coupons.$inferSelect;

/** The wire form (yuan; a percentage coupon's face_value stays the percent). */
export const couponToWire = (c: CouponRow): Coupon => ({
  id: c.id,
  ip_id: c.ipId,
  title: c.title,
  business_type: c.businessType,
  first_only: c.firstOnly,
  coupon_type: c.couponType,
  full_amount: fenToYuan(c.fullAmount),
  face_value: c.couponType === 3 ? c.faceValue : fenToYuan(c.faceValue),
  max_face_value: fenToYuan(c.maxFaceValue),
  invalid_type: c.invalidType,
  invalid_time: c.invalidTime,
  start_time: formatTime(c.startTime),
  end_time: formatTime(c.endTime),
  total_num: c.totalNum,
  issue_num: c.issueNum,
  used_num: c.usedNum,
  limit_num: c.limitNum,
  receive_condition: c.receiveCondition,
  need_points: c.needPoints,
  catalog_id: c.catalogId,
  state: c.endTime.getTime() < Date.now() ? 1 : 0,
  time_state: couponTimeState({ start: c.startTime, end: c.endTime }),
  created_at: formatTime(c.createdAt),
});

/** The list's state filter (spec 02 §4) as conditions on the period: 1 in progress, 2 not yet, 3 ended. */
const STATE_WHERE: Record<number, () => SQL> = {
  1: () => and(lte(coupons.startTime, sql`now()`), gte(coupons.endTime, sql`now()`))!,
  2: () => gt(coupons.startTime, sql`now()`),
  3: () => lt(coupons.endTime, sql`now()`),
};

export interface CouponFilterValues {
  id?: number;
  title?: string;
  state?: number;
  business_type?: number;
  start_time?: string;
  end_time?: string;
}

export function couponWhere(brandIds: number[], f: CouponFilterValues): SQL {
  const where: SQL[] = [inArray(coupons.ipId, brandIds)];
  if (f.id !== undefined) where.push(eq(coupons.id, f.id));
  if (f.title) where.push(ilike(coupons.title, containing(f.title)));
  const state = f.state !== undefined ? STATE_WHERE[f.state] : undefined;
  if (state) where.push(state());
  if (f.business_type !== undefined) where.push(eq(coupons.businessType, f.business_type));
  // The time range selects coupons whose period overlaps it.
  if (f.start_time) where.push(gte(coupons.endTime, shanghaiInstant(f.start_time)));
  if (f.end_time) where.push(lte(coupons.startTime, shanghaiInstant(f.end_time)));
  return and(...where)!;
}

export async function listCoupons(db: Db, brandIds: number[], f: CouponFilterValues & { page: number; limit: number }) {
  if (brandIds.length === 0) return { rows: [] as CouponRow[], total: 0 };
  const where = couponWhere(brandIds, f);
  const [total] = await db.select({ n: count() }).from(coupons).where(where);
  const rows = await db
    .select()
    .from(coupons)
    .where(where)
    .orderBy(desc(coupons.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { rows, total: total?.n ?? 0 };
}

export async function couponOf(db: Db, brandIds: number[], id: number): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), inArray(coupons.ipId, brandIds)));
  if (!row) throw notFound();
  return row;
}

const columnsOf = (input: CouponSaveInput) => ({
  ipId: input.ip_id,
  title: input.title,
  businessType: input.business_type,
  firstOnly: input.first_only,
  couponType: input.coupon_type,
  fullAmount: yuanToFen(input.full_amount),
  faceValue: input.coupon_type === 3 ? input.face_value : yuanToFen(input.face_value),
  maxFaceValue: yuanToFen(input.max_face_value),
  invalidType: input.invalid_type,
  invalidTime: input.invalid_time,
  startTime: shanghaiInstant(input.start_time),
  endTime: shanghaiInstant(input.end_time),
  totalNum: input.total_num,
  limitNum: input.limit_num,
  receiveCondition: input.receive_condition,
  needPoints: input.need_points,
});

export async function createCoupon(db: Db, request: FastifyRequest, input: CouponSaveInput) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(coupons).values(columnsOf(input)).returning();
    await audit(tx, request, {
      entity: 'coupon',
      id: row!.id,
      ipId: row!.ipId,
      action: 'create',
      after: couponToWire(row!),
    });
    return { id: row!.id };
  });
}

/**
 * Update or delete a coupon of `brandIds` that nobody has claimed (spec 02 §4): the row is locked,
 * so a claim racing the edit either comes first (and the edit is refused) or waits for it.
 */
export async function changeCoupon(
  db: Db,
  request: FastifyRequest,
  brandIds: number[],
  id: number,
  input: CouponSaveInput | null,
) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, id), inArray(coupons.ipId, brandIds)))
      .for('update');
    if (!before) throw notFound();
    if (before.issueNum > 0) throw httpError(400, messages.coupon.claimed);
    if (input === null) {
      await tx.delete(coupons).where(eq(coupons.id, id));
      await audit(tx, request, {
        entity: 'coupon',
        id,
        ipId: before.ipId,
        action: 'delete',
        before: couponToWire(before),
      });
      return null;
    }
    const [after] = await tx
      .update(coupons)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(eq(coupons.id, id))
      .returning();
    await audit(tx, request, {
      entity: 'coupon',
      id,
      ipId: after!.ipId,
      action: 'update',
      before: couponToWire(before),
      after: couponToWire(after!),
    });
    return { id };
  });
}
