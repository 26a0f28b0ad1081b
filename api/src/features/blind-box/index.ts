/**
 * The public face of blind-box/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { allocate, allocationToWire, liveAllocation } from './allocations.js';
export { allocStyles, findTemplate, stylesOf } from './templates.js';
