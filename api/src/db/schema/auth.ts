import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { users } from './user.js';

/** Merchant sessions (the `web_token`). */
export const sessions = pgTable(
  'sessions',
  {
    /** 32 random bytes, hex: the `web_token`. */
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A login QR: issued to the desktop, confirmed on the phone, consumed by the desktop's poll. */
export const qrTokens = pgTable('qr_tokens', {
  token: text('token').primaryKey(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  confirmedUserId: integer('confirmed_user_id').references(() => users.id, { onDelete: 'cascade' }),
  confirmedAt: ts('confirmed_at'),
  /** The session created by the confirmation, handed to the desktop once. */
  sessionToken: text('session_token').references(() => sessions.token, { onDelete: 'cascade' }),
  consumedAt: ts('consumed_at'),
});
