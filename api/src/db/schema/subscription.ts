import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';
import { players } from './player.js';

/**
 * Subscription applications (spec 02 §3): a player asks to subscribe to a brand; the merchant
 * approves (1) or rejects (2) while pending (0). An approval is what the coupon condition
 * "first subscription" reads.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    wechatId: text('wechat_id').notNull().default(''),
    igId: text('ig_id').notNull().default(''),
    country: text('country').notNull(),
    status: smallint('status').notNull().default(0),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_ip_idx').on(t.ipId, t.status, t.id),
    index('subscriptions_player_idx').on(t.playerId, t.ipId),
  ],
);
