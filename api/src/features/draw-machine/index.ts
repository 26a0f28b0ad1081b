/**
 * The public face of draw-machine/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { DrawGroups, joinLate, type Late } from './draw-queue.js';
