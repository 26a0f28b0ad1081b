/**
 * The public face of pickup/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { contains, findPickup, shanghaiTime } from './queries.js';
export { shipItems } from './ship.js';
