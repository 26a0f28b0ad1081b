/**
 * The public face of order/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { amountDue, applyPayment, assertPayable, buy, cancel, confirm, playerOrder } from './lifecycle.js';
export type { OrderRow } from './queries.js';
export { bundle, countOrders, orderConditions, orderToWire, wireOf } from './queries.js';
