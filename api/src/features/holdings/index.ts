/**
 * The public face of holdings/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { activityNamed, activityOf, activityPage, holdsRelation, resolveActivities } from './activities.js';
export { grantCollectible, issuedByItem, liveHoldings, stockOf } from './collectibles.js';
export type { PaidDraw } from './drops.js';
export { grantDrops } from './drops.js';
export { orderSn } from './order-sn.js';
export { RECEIPT_KIND } from './receipts.js';
