import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';
import { drawMachines } from './draw-machine.js';
import { players } from './player.js';

/**
 * Orders (spec 02 §3 Order): paid orders of every activity type (a draw is activity type 13) and
 * their items; the cabinet and pickups are in pickup.ts. Money is integer fen. Every counter a screen shows is derived
 * from these rows (see features/draw-machine/reconcile.ts).
 */

/** An order (spec 02 §3 Order). A draw is a paid order of activity type 13 with one box. */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderSn: text('order_sn').notNull(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** Activity type (spec 02 §4): 13 draw-box machine. */
    type: smallint('type').notNull(),
    /** The activity: a draw machine's id (batch_id) for type 13. */
    activeId: integer('active_id').notNull(),
    activeTitle: text('active_title').notNull(),
    activePic: text('active_pic').notNull(),
    buyNum: integer('buy_num').notNull().default(1),
    /** List price, fen. */
    price: integer('price').notNull(),
    /** Coins deducted, fen (borne by the merchant). */
    points: integer('points').notNull().default(0),
    /** What the player paid, fen: price − points. */
    receivedPrice: integer('received_price').notNull(),
    /** Platform service fee, fen: round(price × service_charge %). */
    serviceFee: integer('service_fee').notNull().default(0),
    /** The merchant's share, fen: price − points − service_fee. */
    merchantIncome: integer('merchant_income').notNull(),
    /** 0 pending settlement, 1 settled. */
    settleState: smallint('settle_state').notNull().default(0),
    settledAt: ts('settled_at'),
    isClose: smallint('is_close').notNull().default(0),
    payTime: ts('pay_time').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_sn_idx').on(t.orderSn),
    index('orders_active_idx').on(t.type, t.activeId),
    index('orders_ip_idx').on(t.ipId, t.id),
  ],
);

/** The goods of an order: for a draw, the one box taken (case_no, position) and its style. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => drawMachines.id, { onDelete: 'cascade' }),
    styleId: integer('style_id').notNull(),
    goodsTitle: text('goods_title').notNull(),
    goodsPic: text('goods_pic').notNull(),
    type: smallint('type').notNull(),
    caseNo: integer('case_no').notNull(),
    position: integer('position').notNull(),
    nums: integer('nums').notNull().default(1),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    uniqueIndex('order_items_box_idx').on(t.batchId, t.caseNo, t.position),
  ],
);
