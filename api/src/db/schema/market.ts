import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';
import { users } from './user.js';

/**
 * Marketplace orders (spec 02 §3 "Marketplace shipping order"): paid orders a third-party
 * marketplace pushed to its inbound endpoint, their goods lines, and the shipments the merchant
 * made, which are also the notifications the marketplace reads back.
 */

/** One marketplace order, unique by (platform, order_sn): a second push of it changes nothing. */
export const marketOrders = pgTable(
  'market_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** A code of shared MARKET_PLATFORMS. */
    platform: text('platform').notNull(),
    /** The marketplace's order number. */
    orderSn: text('order_sn').notNull(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Spec 02 §4: 0 not shipped, 1 shipped, 2 received, 4 partly shipped, 5 partly received. */
    deliveryStatus: smallint('delivery_status').notNull().default(0),
    /** Freight, fen (0 = free shipping). */
    deposit: integer('deposit').notNull().default(0),
    goodsNums: integer('goods_nums').notNull(),
    /** The latest shipment's courier and tracking number. */
    expressCompany: text('express_company').notNull().default(''),
    express: text('express').notNull().default(''),
    username: text('username').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    area: text('area').notNull().default(''),
    address: text('address').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_orders_sn_idx').on(t.platform, t.orderSn),
    index('market_orders_ip_idx').on(t.ipId, t.createdAt),
    index('market_orders_ip_status_idx').on(t.ipId, t.deliveryStatus, t.createdAt),
  ],
);

/** A shipment of some or all of an order's goods; read back by the marketplace (since_id). */
export const marketShipments = pgTable(
  'market_shipments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketOrders.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    expressCompany: text('express_company').notNull(),
    express: text('express').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: ts('received_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('market_shipments_order_idx').on(t.orderId),
    index('market_shipments_platform_idx').on(t.platform, t.id),
  ],
);

/** A goods line of an order: 0 not shipped, 1 shipped (in `shipmentId`), 2 received. */
export const marketOrderGoods = pgTable(
  'market_order_goods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => marketOrders.id, { onDelete: 'cascade' }),
    templateTitle: text('template_title').notNull(),
    goodsTitle: text('goods_title').notNull(),
    nums: integer('nums').notNull(),
    goodsPic: text('goods_pic').notNull().default(''),
    state: smallint('state').notNull().default(0),
    shipmentId: integer('shipment_id').references(() => marketShipments.id, { onDelete: 'set null' }),
  },
  (t) => [index('market_order_goods_order_idx').on(t.orderId)],
);

/**
 * A marketplace shop linked to a brand (marketplaceLink): the shop signs its pushes, receipts and
 * shipment reads with `secret`, and only orders of `ipId` are taken from it. One link per
 * (platform, shop id). The secret is kept as it is, since the API computes the shop's HMAC with it.
 */
export const marketLinks = pgTable(
  'market_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    platform: text('platform').notNull(),
    shopId: text('shop_id').notNull(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    rotatedAt: ts('rotated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('market_links_shop_idx').on(t.platform, t.shopId), index('market_links_ip_idx').on(t.ipId)],
);
