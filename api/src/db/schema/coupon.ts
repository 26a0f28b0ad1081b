import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { albums } from './collectible.js';
import { players } from './player.js';

/**
 * Coupons of a brand (spec 02 §3 "Coupon"). Money is integer fen; `face_value` of a percentage
 * coupon (type 3) is the percent itself (85 = 8.5折). The box-machine settings pick award coupons
 * from here (coupon.associationList).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 0 universal, 1 blind-box machine, 2 activity, 3 ichiban-kuji. */
    businessType: smallint('business_type').notNull().default(0),
    /** 0 whole order, 1 single draw only. */
    firstOnly: smallint('first_only').notNull().default(0),
    /** 0 threshold, 3 percentage, 5 no threshold. */
    couponType: smallint('coupon_type').notNull(),
    /** Fen. */
    fullAmount: integer('full_amount').notNull().default(0),
    /** Fen, or the percent for type 3. */
    faceValue: integer('face_value').notNull(),
    /** Fen: the cap of a percentage discount. */
    maxFaceValue: integer('max_face_value').notNull().default(0),
    /** 1 same as the coupon period, 2 days after claiming. */
    invalidType: smallint('invalid_type').notNull().default(1),
    invalidTime: integer('invalid_time').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    totalNum: integer('total_num').notNull(),
    issueNum: integer('issue_num').notNull().default(0),
    usedNum: integer('used_num').notNull().default(0),
    limitNum: integer('limit_num').notNull().default(1),
    /** 1 points, 2 spend points, 3 guess pending link, 4 new user, 5 first subscription, 6 none, 7 limited-time. */
    receiveCondition: smallint('receive_condition').notNull().default(6),
    needPoints: integer('need_points').notNull().default(0),
    /** 数字藏品合辑 the coupon is shown in (设置合辑); null when none. */
    catalogId: integer('catalog_id').references(() => albums.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupons_ip_idx').on(t.ipId, t.id)],
);

/**
 * A coupon in a player's hands: claimed (within total_num and limit_num), usable until
 * `expires_at`, used once on an order. The coupon's issue_num and used_num count these rows and
 * change in the same transaction as them.
 */
export const couponClaims = pgTable(
  'coupon_claims',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** Points (coins, fen) the claim cost. */
    pointsSpent: integer('points_spent').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    orderSn: text('order_sn'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_claims_coupon_idx').on(t.couponId, t.playerId),
    index('coupon_claims_player_idx').on(t.playerId),
    // The dashboard's claims and uses by day.
    index('coupon_claims_created_idx').on(t.couponId, t.createdAt),
    index('coupon_claims_used_idx').on(t.couponId, t.usedAt).where(sql`${t.usedAt} is not null`),
  ],
);
