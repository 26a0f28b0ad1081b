/**
 * The public face of album/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { albumOptions, assignAlbum } from './assign.js';
