import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';
import { users } from './user.js';

/**
 * Blind boxes from record to release (spec 01 §3): a merchant's record (备案) is reviewed by the
 * platform; an approved record becomes a template; a release allocates a template's styles into
 * cases with a committed seed (box_allocations) and publishes a draw machine (./draw-machine.ts)
 * whose cases keep that allocation. Money is integer fen (USD cents, THB satang); times timestamptz.
 */

/** One style of a record as submitted (the wire's goods JSON, with picture keys). */
export interface RecordStyle {
  goods_title: string;
  goods_pic: string;
  type: number;
  probability: number | null;
  sku_id: number | null;
  is_overseas: number;
}

export const blindBoxRecords = pgTable(
  'blind_box_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The merchant's brand the record belongs to (tenancy). */
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** The blind box's brand: the own brand, or the template brand a shop picked. */
    goodsIpId: integer('goods_ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Official single-box price, fen. */
    price: integer('price').notNull(),
    limitStock: integer('limit_stock').notNull(),
    shopTime: ts('shop_time').notNull(),
    goods: jsonb('goods').$type<RecordStyle[]>().notNull(),
    pics: jsonb('pics').$type<string[]>().notNull(),
    pic: text('pic').notNull(),
    mainPic: text('main_pic').notNull(),
    oneBoxPic: text('one_box_pic').notNull(),
    onePackPic: text('one_pack_pic').notNull(),
    color: text('color').notNull().default(''),
    isOverseas: smallint('is_overseas').notNull().default(0),
    /** 0 pending, 1 approved, 2 rejected. */
    status: smallint('status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('blind_box_records_ip_idx').on(t.ipId, t.id), index('blind_box_records_status_idx').on(t.status, t.id)],
);

/** An approved record, releasable by its brand (ip_id). */
export const blindBoxTemplates = pgTable(
  'blind_box_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    recordId: integer('record_id')
      .notNull()
      .references(() => blindBoxRecords.id, { onDelete: 'cascade' }),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    goodsIpId: integer('goods_ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Fen. */
    price: integer('price').notNull(),
    limitStock: integer('limit_stock').notNull(),
    shopTime: ts('shop_time').notNull(),
    isOverseas: smallint('is_overseas').notNull().default(0),
    pic: text('pic').notNull(),
    mainPic: text('main_pic').notNull(),
    oneBoxPic: text('one_box_pic').notNull(),
    onePackPic: text('one_pack_pic').notNull(),
    pics: jsonb('pics').$type<string[]>().notNull(),
    color: text('color').notNull().default(''),
    /** 1 usable, 0 withdrawn. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('blind_box_templates_record_idx').on(t.recordId), index('blind_box_templates_ip_idx').on(t.ipId)],
);

/** The styles of a template, in order (`sort`); their ids are the allocation's style ids (hide_id). */
export const blindBoxTemplateStyles = pgTable(
  'blind_box_template_styles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => blindBoxTemplates.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    goodsTitle: text('goods_title').notNull(),
    goodsPic: text('goods_pic').notNull(),
    /** 1 basic, 2 small hidden, 3 big hidden. */
    type: smallint('type').notNull(),
    /** N of the drop rate 1:N (hidden only). */
    probability: integer('probability'),
    /** The goods id the style was picked from (no foreign key: goods may be deleted later). */
    skuId: integer('sku_id'),
    isOverseas: smallint('is_overseas').notNull().default(0),
  },
  (t) => [index('blind_box_template_styles_template_idx').on(t.templateId, t.sort)],
);

/**
 * An allocation (分配盒机): a secret seed, its public hash, and the per-style counts. `sign` is the
 * box_sign the merchant quotes (random, stored, single use, expiring). Used rows are kept: the seed
 * is revealed from here later. Unused rows past `expires_at` are deleted.
 */
export const boxAllocations = pgTable(
  'box_allocations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    sign: text('sign').notNull(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => blindBoxTemplates.id, { onDelete: 'cascade' }),
    /** Set when the allocation adds stock to an existing draw machine (a later restock). */
    batchId: integer('batch_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    boxNum: integer('box_num').notNull(),
    limitStock: integer('limit_stock').notNull(),
    /** 64 hex characters; never sent before the reveal. */
    seed: text('seed').notNull(),
    /** hex(sha256(seed)). */
    seedHash: text('seed_hash').notNull(),
    /** Template style id → boxes of that style (shared/allocation.ts). */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revealedAt: ts('revealed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('box_allocations_sign_idx').on(t.sign), index('box_allocations_expiry_idx').on(t.expiresAt)],
);

/** The brands whose blind-box release may switch overseas sale on (configuration, ids not shown). */
export const overseasBrands = pgTable('overseas_brands', {
  brandId: integer('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
