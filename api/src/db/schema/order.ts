import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';
import { drawMachines } from './draw-machine.js';
import { goods } from './goods.js';
import { kujiGoods, kujis } from './kuji.js';
import { players } from './player.js';

/**
 * Orders (spec 02 §3 Order): paid orders of every activity type (a draw is activity type 13) and
 * their items; the cabinet and pickups are in pickup.ts. Money is integer fen. Every counter a screen shows is derived
 * from these rows (see features/draw-machine/reconcile.ts).
 */

/**
 * An order (spec 02 §3 Order). A draw is a paid order of activity type 13 with one box, its item in
 * storage (logistics_state 3). A release sale (type 5) is a purchase of goods with a receiver and the
 * whole life of features/order (pending payment → paid → shipped → received, or cancelled, timed
 * out, refunded, closed). States: shared ORDER_HEADER_RULES, TRAN_STATE, LOGISTICS_STATE.
 */
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
    /** Null until paid (a pre-sale: until the final payment). */
    payTime: ts('pay_time').defaultNow(),
    createdAt: createdAt(),
    /** 1 pending, 2 paid, 3 timeout, 4 refunded, 5 cancelled, 6 refunding, 7 refund failed. */
    tranState: smallint('tran_state').notNull().default(2),
    /** 0 awaiting shipment, 1 shipped, 2 completed, 3 in storage, 4 partly shipped, 5 partly received. */
    logisticsState: smallint('logistics_state').notNull().default(3),
    /** The current payment's deadline (the whole order, a deposit or the final payment); null when none is due. */
    payEndAt: ts('pay_end_at'),
    isPreSale: smallint('is_pre_sale').notNull().default(0),
    /** Pre-sale deposit due and paid, fen. */
    depositPrice: integer('deposit_price').notNull().default(0),
    depositPayPrice: integer('deposit_pay_price').notNull().default(0),
    /** What was paid in total (deposit + final, or the whole order), fen. */
    totalPayPrice: integer('total_pay_price').notNull().default(0),
    logisticsFee: integer('logistics_fee').notNull().default(0),
    discountPrice: integer('real_shop_discount_price').notNull().default(0),
    /** Amount due: price + logistics_fee − discount − points, fen. */
    receivablePrice: integer('receivable_price').notNull().default(0),
    remark: text('remark').notNull().default(''),
    publicRemark: text('public_remark').notNull().default(''),
    privateRemark: text('private_remark').notNull().default(''),
    username: text('username').notNull().default(''),
    phone: text('phone').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    area: text('area').notNull().default(''),
    address: text('address').notNull().default(''),
    /** The player's nickname when ordering (the list's keyword searches it without a join). */
    nickname: text('nickname').notNull().default(''),
    closedAt: ts('closed_at'),
    refundAmount: integer('refund_amount').notNull().default(0),
    refundAt: ts('refund_at'),
    refundReason: text('refund_reason').notNull().default(''),
    /** When receipt is confirmed automatically (set when the whole order has shipped). */
    confirmAt: ts('confirm_at'),
    receivedAt: ts('received_at'),
    /** 1 when receipt was confirmed by the timer rather than the player. */
    autoConfirmed: smallint('auto_confirmed').notNull().default(0),
    logisticsSendAt: ts('logistics_send_at'),
  },
  (t) => [
    uniqueIndex('orders_sn_idx').on(t.orderSn),
    index('orders_active_idx').on(t.type, t.activeId),
    index('orders_ip_idx').on(t.ipId, t.id),
    index('orders_ip_created_idx').on(t.ipId, t.createdAt, t.id),
    // The list's sorts (order.list `sort`): by pay time, by amount.
    index('orders_ip_paid_idx').on(t.ipId, t.payTime, t.id),
    index('orders_ip_amount_idx').on(t.ipId, t.receivedPrice, t.id),
    index('orders_ip_state_idx').on(t.ipId, t.isClose, t.tranState, t.logisticsState, t.id),
    index('orders_player_idx').on(t.playerId, t.id),
    // The dashboard's sales (open orders with the money kept, by pay time) and settlement, index-only.
    index('orders_ip_sold_idx')
      .on(t.ipId, t.payTime, t.type, t.totalPayPrice, t.buyNum, t.activeId)
      .where(sql`${t.isClose} = 0 and ${t.tranState} in (2, 7)`),
    index('orders_ip_settle_idx').on(t.ipId, t.type, t.settleState, t.merchantIncome).where(sql`${t.tranState} = 2`),
    index('orders_pay_end_idx').on(t.payEndAt).where(sql`${t.tranState} = 1`),
    index('orders_confirm_idx').on(t.confirmAt).where(sql`${t.tranState} = 2 and ${t.logisticsState} = 1`),
    index('orders_refunding_idx').on(t.refundAt).where(sql`${t.tranState} = 6`),
    index('orders_sn_pattern_idx').on(t.orderSn.op('text_pattern_ops')),
    index('orders_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    index('orders_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('orders_nickname_trgm_idx').using('gin', sql`${t.nickname} gin_trgm_ops`),
  ],
);

/** A shipment of an order (a child order): the items it covers point at it (order_items.shipment_id). */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    express: text('express').notNull(),
    expressCompany: text('express_company').notNull(),
    platform: text('platform').notNull().default(''),
    createdAt: createdAt(),
    updateAt: ts('update_at').notNull().defaultNow(),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId, t.id)],
);

/**
 * The goods of an order: for a draw, the one box taken (case_no, position) and its style (the draw
 * columns are null for goods lines); for a purchase, the goods (goods_id) and how many.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').references(() => drawMachines.id, { onDelete: 'cascade' }),
    styleId: integer('style_id'),
    /** Ichiban-kuji (type 14): the kuji, the prize row won, and for a ticket its box (case_no) and position. */
    kujiId: integer('kuji_id').references(() => kujis.id, { onDelete: 'cascade' }),
    kujiGoodsId: integer('kuji_goods_id').references(() => kujiGoods.id, { onDelete: 'cascade' }),
    /** Ichiban-kuji: 0 a ticket, 1 the Last prize, 2 a global prize. */
    award: smallint('award'),
    goodsId: integer('goods_id').references(() => goods.id, { onDelete: 'set null' }),
    goodsTitle: text('goods_title').notNull(),
    goodsPic: text('goods_pic').notNull(),
    type: smallint('type'),
    caseNo: integer('case_no'),
    position: integer('position'),
    nums: integer('nums').notNull().default(1),
    /** The shipment that sent the item; null while unshipped. */
    shipmentId: integer('shipment_id').references(() => orderShipments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('order_items_goods_title_trgm_idx').using('gin', sql`${t.goodsTitle} gin_trgm_ops`),
    index('order_items_order_idx').on(t.orderId),
    uniqueIndex('order_items_box_idx').on(t.batchId, t.caseNo, t.position),
    uniqueIndex('order_items_kuji_ticket_idx').on(t.kujiId, t.caseNo, t.position, t.kujiGoodsId),
    index('order_items_kuji_goods_idx').on(t.kujiGoodsId),
  ],
);
