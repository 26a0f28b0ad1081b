import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';
import { users } from './user.js';

/**
 * 一番赏 (kuji, spec 03 §3): a published prize box with its prize rows, its boxes (sets) with the
 * committed ticket order of each, and the hash-chained public draw log. Money is integer fen.
 * Declarations: shared/src/features/kuji.ts; ticket order and awards: shared/src/kuji-draw.ts.
 */

export const kujis = pgTable(
  'kujis',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    pic: text('pic').notNull(),
    topPic: text('top_pic').notNull().default(''),
    /** Fen per draw. */
    price: integer('price').notNull(),
    /** Boxes (sets) listed: box numbers 1..box_num, less the removed ones. */
    boxNum: integer('box_num').notNull(),
    desc: text('desc').notNull().default(''),
    /** Max coin deduction per draw, fen; 0 = coins not used. */
    bean: integer('bean').notNull().default(0),
    /** Percent (fixed 6). */
    serviceCharge: numeric('service_charge', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    shelvesTime: ts('shelves_time').notNull(),
    /** 0 self-made, 1 official. */
    isOfficial: smallint('is_official').notNull().default(0),
    /** 0 pending review, 1 approved, 2 rejected, 3 data being generated. */
    auditStatus: smallint('audit_status').notNull().default(0),
    reason: text('reason').notNull().default(''),
    reviewedAt: ts('reviewed_at'),
    /** Once approved: 0 on shelf, 1 off shelf, 2 sold out. Approval leaves it off shelf. */
    off: smallint('off').notNull().default(1),
    /** 64 hex characters, secret until every box is sold out; seed_hash = sha256(seed) is public. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    revealedAt: ts('revealed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('kujis_ip_idx').on(t.ipId, t.id), index('kujis_audit_idx').on(t.auditStatus, t.id)],
);

/** A prize row (赏): its level code (Last 0, Wn 100+n, else 1 + label index) and stock per box. */
export const kujiGoods = pgTable(
  'kuji_goods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kujiId: integer('kuji_id')
      .notNull()
      .references(() => kujis.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    level: integer('level').notNull(),
    goodsTitle: text('goods_title').notNull(),
    goodsPic: text('goods_pic').notNull(),
    /** Tickets of this level in each box (Last and global prizes: 1, not a ticket). */
    stock: integer('stock').notNull(),
    /** Market price and cost, fen. */
    goodsPrice: integer('goods_price').notNull(),
    costPrice: integer('cost_price').notNull(),
    /** The price shown to players, fen (kuji.setPrice); starts as the market price. */
    price: integer('price').notNull(),
    /** Global prizes: the positions of the draw interval. */
    startSection: integer('start_section'),
    endSection: integer('end_section'),
    isLucky: smallint('is_lucky').notNull().default(0),
    /** 0 in stock, 1 pre-sale (shelves describes when it ships). */
    isShelves: smallint('is_shelves').notNull().default(0),
    shelves: text('shelves').notNull().default(''),
  },
  (t) => [index('kuji_goods_kuji_idx').on(t.kujiId, t.sort)],
);

/**
 * A box (set) of a kuji: `tickets` is the level code of each position 1..N, exactly
 * arrangeBox(seed, box_no, rows); `drawn` positions have been taken (draws go in position order).
 */
export const kujiBoxes = pgTable(
  'kuji_boxes',
  {
    kujiId: integer('kuji_id')
      .notNull()
      .references(() => kujis.id, { onDelete: 'cascade' }),
    boxNo: integer('box_no').notNull(),
    tickets: integer('tickets').array().notNull(),
    drawn: integer('drawn').notNull().default(0),
    /** Set when a stock reduction took the box out (only an undrawn box). */
    removedAt: ts('removed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kujiId, t.boxNo] }),
    index('kuji_boxes_open_idx').on(t.kujiId, t.boxNo).where(sql`${t.removedAt} is null`),
  ],
);

/**
 * The public draw log: one record per ticket, per kuji in `seq` order. `award` is set on the record
 * that completed a Last or global prize ({kind, level, position of the winning ticket}). The hash
 * chains each record to the previous one, the first to the kuji's seed_hash.
 */
export const kujiDrawLog = pgTable(
  'kuji_draw_log',
  {
    kujiId: integer('kuji_id')
      .notNull()
      .references(() => kujis.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    boxNo: integer('box_no').notNull(),
    position: integer('position').notNull(),
    level: integer('level').notNull(),
    orderSn: text('order_sn').notNull(),
    award: jsonb('award').$type<{ kind: 'last' | 'global'; level: number; position: number } | null>(),
    drawnAt: ts('drawn_at').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kujiId, t.seq] }), index('kuji_draw_log_box_idx').on(t.kujiId, t.boxNo, t.position)],
);

/**
 * The committed seeds of a kuji's restocks: boxes from `fromBox` (up to the next round's) are
 * arranged from `seed`, committed (seed_hash public) before their first ticket and revealed when
 * the kuji sells out. Round 1 is the kuji's own seed (kujis.seed) and gets a row here at the first
 * restock, with the time it was revealed; a restock always commits a fresh seed, so a box is never
 * drawn from a seed already revealed.
 */
export const kujiSeeds = pgTable(
  'kuji_seeds',
  {
    kujiId: integer('kuji_id')
      .notNull()
      .references(() => kujis.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    fromBox: integer('from_box').notNull(),
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    committedAt: ts('committed_at').notNull().defaultNow(),
    revealedAt: ts('revealed_at'),
  },
  (t) => [primaryKey({ columns: [t.kujiId, t.round] }), index('kuji_seeds_box_idx').on(t.kujiId, t.fromBox)],
);
