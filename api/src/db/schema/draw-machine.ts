import { index, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { blindBoxTemplateStyles, blindBoxTemplates, boxAllocations } from './blind-box.js';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';
import { users } from './user.js';

/**
 * Draw machines (抽盒机, spec 01 §3): a released template with the cases of its committed
 * allocations, the cases a stock decrease removed, and the hash-chained draw log of each machine.
 * Money is integer fen (USD cents, THB satang).
 */

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

/** Cases taken out of a machine by a stock decrease (never a case a draw has opened). */
export const drawRemovedCases = pgTable(
  'draw_removed_cases',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => drawMachines.id, { onDelete: 'cascade' }),
    caseNo: integer('case_no').notNull(),
    removedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.caseNo] })],
);

/**
 * The draw log: one record per draw, per machine in `seq` order (1, 2, …). `hash` =
 * sha256(prev_hash | the record's fields) (shared/src/features/fairness.ts recordHash); the first
 * record's prev_hash is the machine's seed_hash, so changing any record breaks the chain.
 */
export const drawLog = pgTable(
  'draw_log',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => drawMachines.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    allocationId: integer('allocation_id')
      .notNull()
      .references(() => boxAllocations.id, { onDelete: 'restrict' }),
    caseNo: integer('case_no').notNull(),
    position: integer('position').notNull(),
    styleId: integer('style_id').notNull(),
    orderSn: text('order_sn').notNull(),
    drawnAt: ts('drawn_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.seq] })],
);
