/**
 * The public face of audit/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */

export type { AuditInput } from './record.js';
export { audit, auditMany } from './record.js';
