import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';
import { players } from './player.js';

/**
 * Payments (shared/src/features/payment.ts): one row per paid player action — a draw (its order),
 * a kuji draw, a release-sale order's payment (a pre-sale's deposit and final payment are two).
 * `coins` left the player's balance in the action's own transaction; `amount` is the money part,
 * paid through the payment channel (`provider`) and marked paid only on its verified notification
 * (the sandbox channel confirms at once). Amounts in fen.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    paySn: text('pay_sn').notNull().unique(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id),
    /** The order it pays (orders.order_sn). */
    orderSn: text('order_sn').notNull(),
    /** 'draw' | 'kuji' | 'order'. */
    kind: text('kind').notNull(),
    coins: integer('coins').notNull().default(0),
    amount: integer('amount').notNull(),
    /** The channel: 'sandbox' or 'gateway'. */
    provider: text('provider').notNull(),
    /** PAYMENT_STATE: 0 pending, 1 paid, 2 closed. */
    state: smallint('state').notNull().default(0),
    /** The channel's transaction number, from its notification. */
    tradeNo: text('trade_no'),
    payUrl: text('pay_url').notNull().default(''),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [index('payments_order_idx').on(t.orderSn), index('payments_player_idx').on(t.playerId)],
);
