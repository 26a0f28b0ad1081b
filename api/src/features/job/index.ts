/**
 * The public face of job/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */
export { EXPORT_PREFIX, writeExport } from './files.js';
export type { JobContext, JobResult } from './runner.js';
export { registerJobKind } from './runner.js';
