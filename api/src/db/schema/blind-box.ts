import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands, users } from '../schema.js';

/**
 * Blind boxes from record to release (spec 01 §3): a merchant's record (备案) is reviewed by the
 * platform; an approved record becomes a template; a release allocates a template's styles into
 * cases with a committed seed (box_allocations) and publishes a draw machine (draw_machines) whose
 * cases keep that allocation. Money is integer fen (USD cents, THB satang); times timestamptz.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

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

/** A draw machine (抽盒机, batch): one released template (spec 01 §3 "Draw-machine batch"). */
export const drawMachines = pgTable(
  'draw_machines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => blindBoxTemplates.id, { onDelete: 'restrict' }),
    /** The allocation it was published with (its seed_hash is the machine's commitment). */
    allocationId: integer('allocation_id')
      .notNull()
      .references(() => boxAllocations.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    pic: text('pic').notNull(),
    /** Fen. */
    price: integer('price').notNull(),
    /** USD cents / THB satang, when overseas. */
    priceUs: integer('price_us'),
    priceTh: integer('price_th'),
    isOverseas: smallint('is_overseas').notNull().default(0),
    /** 0 listed, 1 delisted, 2 sold out. Listed machines sell from shelves_time. */
    off: smallint('off').notNull().default(0),
    /** Remaining whole cases. */
    stock: integer('stock').notNull(),
    boxNum: integer('box_num').notNull(),
    limitStock: integer('limit_stock').notNull(),
    desc: text('desc').notNull(),
    /** Max coin deduction per draw, fen (1 coin = 1 yuan); 0 = coins not used. */
    bean: integer('bean').notNull().default(0),
    shelvesTime: ts('shelves_time').notNull(),
    /** Percent. */
    serviceCharge: numeric('service_charge', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    isPreSale: smallint('is_pre_sale').notNull().default(0),
    deliveryTime: ts('delivery_time'),
    wrap: text('wrap').notNull(),
    seedHash: text('seed_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('draw_machines_ip_idx').on(t.ipId, t.shelvesTime),
    index('draw_machines_template_idx').on(t.templateId),
  ],
);

/** The goods of a draw machine: the template's styles copied at publish, with their allocated totals. */
export const drawMachineGoods = pgTable(
  'draw_machine_goods',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => drawMachines.id, { onDelete: 'cascade' }),
    styleId: integer('style_id')
      .notNull()
      .references(() => blindBoxTemplateStyles.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull(),
    goodsTitle: text('goods_title').notNull(),
    goodsPic: text('goods_pic').notNull(),
    type: smallint('type').notNull(),
    probability: integer('probability'),
    /** Boxes of this style ever allocated to the machine. */
    stockSum: integer('stock_sum').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.styleId] })],
);

/**
 * The committed allocation, per case: `styles` is the ordered list of template style ids of the
 * case's limit_stock boxes, exactly `arrangeCases(seed, …)` of its allocation. Draws take boxes case
 * by case (case_no ascending), position by position.
 */
export const drawMachineCases = pgTable(
  'draw_machine_cases',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => drawMachines.id, { onDelete: 'cascade' }),
    caseNo: integer('case_no').notNull(),
    allocationId: integer('allocation_id')
      .notNull()
      .references(() => boxAllocations.id, { onDelete: 'restrict' }),
    styles: integer('styles').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.caseNo] })],
);
