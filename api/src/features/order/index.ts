/**
 * The public face of order/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { countOrders, orderConditions } from './queries.js';
