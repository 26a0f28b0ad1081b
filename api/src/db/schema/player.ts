import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

/** Players of the platform's player side (`/player/...`), with their own sessions. */
export const players = pgTable('players', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  phone: text('phone').notNull().unique(),
  nickname: text('nickname').notNull(),
  avatar: text('avatar').notNull().default(''),
  /** Coin balance, fen (1 coin = 1 yuan). */
  coins: integer('coins').notNull().default(0),
  createdAt: createdAt(),
});

export const playerSessions = pgTable(
  'player_sessions',
  {
    /** 32 random bytes, hex: the `player_token` header. */
    token: text('token').primaryKey(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('player_sessions_player_idx').on(t.playerId)],
);

/**
 * One-time login codes (player.code → player.login): the code's sha256 with its phone, its expiry
 * and its wrong tries. Only the newest unused code of a phone counts; rows in the database, so any
 * API copy checks a code another copy sent. Rows past the throttle window are removed.
 */
export const playerLoginCodes = pgTable(
  'player_login_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    /** hex(sha256(phone + ":" + code)). */
    codeHash: text('code_hash').notNull(),
    /** The address that asked for it (an IPv6 address as its /64). */
    address: text('address').notNull(),
    tries: integer('tries').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('player_login_codes_phone_idx').on(t.phone, t.createdAt),
    index('player_login_codes_address_idx').on(t.address, t.createdAt),
  ],
);

/**
 * Wrong player logins (a wrong, expired or missing code), counted per address within the window
 * (features/player/login-code.ts); rows past the window are removed.
 */
export const playerLoginFailures = pgTable(
  'player_login_failures',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('player_login_failures_address_idx').on(t.address, t.at)],
);
