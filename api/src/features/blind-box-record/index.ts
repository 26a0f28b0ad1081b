/**
 * The public face of blind-box-record/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { likePattern, listRecords } from './queries.js';
