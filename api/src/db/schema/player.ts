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
