import { type COUPON_BUSINESS_TYPES, couponDiscount, messages } from '@toy/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { couponClaims, coupons } from '../../db/schema.js';
import { httpError } from '../../http/errors.js';

const m = messages.coupon;
type BusinessType = (typeof COUPON_BUSINESS_TYPES)[number]['value'];

export interface CouponUse {
  /** The player's claim (player.coupons → mine[].id). */
  claimId: number;
  playerId: number;
  ipId: number;
  /** The business types this order accepts (a release sale: 0 universal, 2 activity). */
  businessTypes: readonly BusinessType[];
  /** What the discount applies to, fen. */
  amount: number;
  orderSn: string;
  now?: Date;
}

/**
 * Spend one claimed coupon on an order, in the order's transaction: the claim must be the
 * player's, unused and unexpired, of the order's brand and business type, and its threshold met.
 * Answers the discount in fen; the claim is marked used and the coupon's used_num moves with it.
 */
export async function useCoupon(tx: Tx, use: CouponUse): Promise<number> {
  const now = use.now ?? new Date();
  const [row] = await tx
    .select({ claim: couponClaims, coupon: coupons })
    .from(couponClaims)
    .innerJoin(coupons, eq(coupons.id, couponClaims.couponId))
    .where(and(eq(couponClaims.id, use.claimId), eq(couponClaims.playerId, use.playerId)))
    .for('update', { of: couponClaims });
  if (!row) throw httpError(400, m.unusable);
  if (row.claim.usedAt) throw httpError(400, m.used);
  if (row.claim.expiresAt.getTime() < now.getTime()) throw httpError(400, m.expired);
  const { coupon } = row;
  if (coupon.ipId !== use.ipId || !(use.businessTypes as readonly number[]).includes(coupon.businessType))
    throw httpError(400, m.notForOrder);
  const off = couponDiscount(
    {
      coupon_type: coupon.couponType,
      full_amount: coupon.fullAmount,
      face_value: coupon.faceValue,
      max_face_value: coupon.maxFaceValue,
    },
    use.amount,
  );
  if (off <= 0) throw httpError(400, m.belowThreshold);
  await tx.update(couponClaims).set({ usedAt: now, orderSn: use.orderSn }).where(eq(couponClaims.id, use.claimId));
  await tx
    .update(coupons)
    .set({ usedNum: sql`${coupons.usedNum} + 1` })
    .where(eq(coupons.id, coupon.id));
  return off;
}

/**
 * Give back the coupon an unpaid order used (cancelled, timed out or closed before payment): the
 * claim is usable again until its own expiry and used_num moves back. A refund keeps it spent.
 */
export async function returnCoupon(tx: Tx, orderSn: string): Promise<void> {
  const back = await tx
    .update(couponClaims)
    .set({ usedAt: null, orderSn: null })
    .where(eq(couponClaims.orderSn, orderSn))
    .returning({ couponId: couponClaims.couponId });
  for (const b of back)
    await tx
      .update(coupons)
      .set({ usedNum: sql`${coupons.usedNum} - 1` })
      .where(eq(coupons.id, b.couponId));
}
