import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt } from './columns.js';
import { drawMachines } from './draw-machine.js';
import { kujiGoods, kujis } from './kuji.js';
import { orderItems } from './order.js';
import { players } from './player.js';

/**
 * The player's cabinet (spec 02 "Deposit order row") and pickups of deposited items (spec 02
 * "Pickup order", a retrieval order: type 1 on the detail and ship pages).
 */

/** A pickup (retrieval order) of deposited items, with the receiver and its delivery status. */
export const pickups = pgTable(
  'pickups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderSn: text('order_sn').notNull(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** 1 draw-box machine, 2 ichiban-kuji. */
    bussinessType: smallint('bussiness_type').notNull().default(1),
    /** Spec 02 §4: 0 not shipped, 1 shipped, 2 received, 4 partly shipped, 5 partly received. */
    deliveryStatus: smallint('delivery_status').notNull().default(0),
    /** Freight in hundredths of `currency` (fen, US cents, satang; 0 = free shipping). */
    deposit: integer('deposit').notNull().default(0),
    /** CNY at home; an overseas pickup pays its freight template's currency (USD or THB). */
    currency: text('currency').notNull().default('CNY'),
    /** An overseas pickup's destination (a freight country: th, sg, id, my, ph, vn); null at home. */
    country: text('country'),
    goodsNums: integer('goods_nums').notNull(),
    expressCompany: text('express_company').notNull().default(''),
    express: text('express').notNull().default(''),
    username: text('username').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    area: text('area').notNull().default(''),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pickups_sn_idx').on(t.orderSn),
    index('pickups_ip_idx').on(t.ipId, t.deliveryStatus),
    index('pickups_ip_id_idx').on(t.ipId, t.id),
    index('pickups_ip_created_idx').on(t.ipId, t.createdAt, t.id),
  ],
);

/** One shipment of a pickup: some or all of its items under one courier and tracking number. */
export const pickupShipments = pgTable(
  'pickup_shipments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pickupId: integer('pickup_id')
      .notNull()
      .references(() => pickups.id, { onDelete: 'cascade' }),
    expressCompany: text('express_company').notNull(),
    express: text('express').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pickup_shipments_pickup_idx').on(t.pickupId)],
);

/** A won item in the player's cabinet (spec 02 "Deposit order row"). */
export const deposits = pgTable(
  'deposits',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** The draw machine (type 1 items) — null for ichiban-kuji items. */
    batchId: integer('batch_id').references(() => drawMachines.id, { onDelete: 'cascade' }),
    /** The style (draw machines) — null for ichiban-kuji items. */
    styleId: integer('style_id'),
    /** Ichiban-kuji items: the kuji and the prize row. */
    kujiId: integer('kuji_id').references(() => kujis.id, { onDelete: 'cascade' }),
    kujiGoodsId: integer('kuji_goods_id').references(() => kujiGoods.id, { onDelete: 'cascade' }),
    /** Spec 02 §4 deposit state: 3 depositing, 0 not shipped (in a pickup), 1 shipped, 2 received. */
    state: smallint('state').notNull().default(3),
    pickupId: integer('pickup_id').references(() => pickups.id, { onDelete: 'set null' }),
    /** The shipment that sent this item (null until shipped). */
    shipmentId: integer('shipment_id').references(() => pickupShipments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deposits_item_idx').on(t.orderItemId),
    index('deposits_batch_idx').on(t.batchId, t.state),
    index('deposits_kuji_idx').on(t.kujiId, t.state),
    index('deposits_player_idx').on(t.playerId, t.state),
    index('deposits_pickup_idx').on(t.pickupId),
    index('deposits_ip_idx').on(t.ipId, t.id),
    index('deposits_ip_state_idx').on(t.ipId, t.state),
  ],
);
