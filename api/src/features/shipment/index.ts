/**
 * The public face of shipment/: what other features may use of it. Anything else in the folder is
 * its own (scripts/check-layers.mjs refuses imports of it from another feature).
 */

export type { ImportPlan, SheetRows } from './sheet.js';
export {
  assertClean,
  planSheet,
  previewOf,
  readShippingSheet,
  type SheetWords,
  sheetLines,
  text as sheetText,
} from './sheet.js';
