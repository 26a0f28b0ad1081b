import { type COUPON_BUSINESS_TYPES, couponDiscount, messages } from '@toy/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { couponClaims, coupons } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';

const m = messages.coupon;
type BusinessType = (typeof COUPON_BUSINESS_TYPES)[number]['value'];

/** A claim with its coupon, as checkCoupon reads it. */
export type ClaimWithCoupon = { claim: typeof couponClaims.$inferSelect; coupon: typeof coupons.$inferSelect };

/**
 * The claims of these ids with their coupons, locked (a draw group reads all of its own at once).
 * `skipLocked`: claims another transaction holds are left out instead of waited for.
 */
export async function lockClaims(
  tx: Tx,
  claimIds: number[],
  { skipLocked = false } = {},
): Promise<Map<number, ClaimWithCoupon>> {
  if (claimIds.length === 0) return new Map();
  const rows = await tx
    .select({ claim: couponClaims, coupon: coupons })
    .from(couponClaims)
    .innerJoin(coupons, eq(coupons.id, couponClaims.couponId))
    .where(inArray(couponClaims.id, claimIds))
    .for('update', skipLocked ? { of: couponClaims, skipLocked } : { of: couponClaims });
  return new Map(rows.map((r) => [r.claim.id, r]));
}

/**
 * Why this claim cannot pay for this order (a message), or its discount in fen: the player's own,
 * unused and unexpired, of the order's brand and business type, its threshold met.
 */
export function checkCoupon(
  row: ClaimWithCoupon | undefined,
  use: Pick<CouponUse, 'playerId' | 'ipId' | 'businessTypes' | 'amount' | 'now'>,
): { ok: true; discount: number } | { ok: false; message: string } {
  const now = use.now ?? new Date();
  if (!row || row.claim.playerId !== use.playerId) return { ok: false, message: m.unusable };
  if (row.claim.usedAt) return { ok: false, message: m.used };
  if (row.claim.expiresAt.getTime() < now.getTime()) return { ok: false, message: m.expired };
  const { coupon } = row;
  if (coupon.ipId !== use.ipId || !(use.businessTypes as readonly number[]).includes(coupon.businessType))
    return { ok: false, message: m.notForOrder };
  const discount = couponDiscount(
    {
      coupon_type: coupon.couponType,
      full_amount: coupon.fullAmount,
      face_value: coupon.faceValue,
      max_face_value: coupon.maxFaceValue,
    },
    use.amount,
  );
  return discount > 0 ? { ok: true, discount } : { ok: false, message: m.belowThreshold };
}

/** Mark claims used by these orders; each coupon's used_num moves with them. */
export async function spendClaims(tx: Tx, uses: { claimId: number; orderSn: string }[], now = new Date()) {
  for (const u of uses) {
    const [claim] = await tx
      .update(couponClaims)
      .set({ usedAt: now, orderSn: u.orderSn })
      .where(eq(couponClaims.id, u.claimId))
      .returning({ couponId: couponClaims.couponId });
    await tx
      .update(coupons)
      .set({ usedNum: sql`${coupons.usedNum} + 1` })
      .where(eq(coupons.id, claim!.couponId));
  }
}

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
  const claims = await lockClaims(tx, [use.claimId]);
  const checked = checkCoupon(claims.get(use.claimId), use);
  if (!checked.ok) throw httpError(400, checked.message);
  await spendClaims(tx, [{ claimId: use.claimId, orderSn: use.orderSn }], use.now);
  return checked.discount;
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
