import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { players } from './player.js';

/**
 * Wish-planet toys and scenes, and highlight moments (spec 03 §3). Both go through review
 * (`status` 0 pending, 1 approved, 2 rejected, `remark` the reviewer's note). `received` is never
 * stored: it is the count of `virtual_receipts` rows of the item.
 */
export const toys = pgTable(
  'toys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** 1 toy (luck sprite, a GIF), 2 scene. */
    type: integer('type').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    short: text('short').notNull().default(''),
    /** 1 = may drop to players from draws (the wish-planet switch). */
    isBoxGoods: integer('is_box_goods').notNull().default(0),
    status: integer('status').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('toys_ip_idx').on(t.ipId, t.id), index('toys_status_idx').on(t.status, t.id)],
);

export const moments = pgTable(
  'moments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The picture shown in lists; the server makes the other two from it. */
    imageUrl: text('image_url').notNull(),
    imageUrlSource: text('image_url_source').notNull().default(''),
    imageUrlWatermark: text('image_url_watermark').notNull().default(''),
    short: text('short').notNull().default(''),
    status: integer('status').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moments_ip_idx').on(t.ipId, t.id), index('moments_status_idx').on(t.status, t.id)],
);

/**
 * What a player received of the virtual goods: `kind` toy | moment | wallpaper | skin, the item's
 * id, and where it came from (`source` draw | exchange | claim, `source_id` the order, exchange
 * claim or activity). A player holds an item once.
 */
export const virtualReceipts = pgTable(
  'virtual_receipts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    itemId: integer('item_id').notNull(),
    source: text('source').notNull(),
    sourceId: integer('source_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('virtual_receipts_player_item_uq').on(t.playerId, t.kind, t.itemId),
    index('virtual_receipts_item_idx').on(t.kind, t.itemId),
  ],
);
