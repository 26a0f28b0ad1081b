import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * The signatures of signed writes already accepted (http/replay.ts), so the same signed request
 * sent again within its ±300 s window is refused, whichever API copy it reaches. `sign` is the
 * request's `sign` header (itself a sha256, hex); `signed_at` is its `mt`. Rows whose window has
 * passed are pruned.
 */
export const requestSignatures = pgTable(
  'request_signatures',
  {
    sign: text('sign').primaryKey(),
    signedAt: ts('signed_at').notNull(),
  },
  (t) => [index('request_signatures_signed_at_idx').on(t.signedAt)],
);
