/**
 * The public face of coupon/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */

export type { CouponRow } from './queries.js';
export { couponToWire } from './queries.js';
export { checkCoupon, lockClaims, returnCoupon, spendClaims, useCoupon } from './use.js';
