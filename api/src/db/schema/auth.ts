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

/**
 * Failed password logins (merchant, QR confirmation and waybill accounts), kept here so the limits
 * hold across API copies: an account's and an address's failures within the window are counted
 * before a login is tried (features/auth/throttle.ts). Rows older than the window are removed.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** `merchant:<email>` or `erp:<username>`, lower case. */
    account: text('account').notNull(),
    /** The client's address (an IPv6 address as its /64). */
    address: text('address').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.account, t.at),
    index('login_failures_address_idx').on(t.address, t.at),
    index('login_failures_at_idx').on(t.at),
  ],
);
