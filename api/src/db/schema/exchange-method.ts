import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { players } from './player.js';

/**
 * Exchange methods (spec 03 §3, the redemption zone): a single component or a set of 2–5 that a
 * player claims once for points. `components` are `{type, id}` (type 1/2 a row of `toys`, 3/17 a
 * skin); `relation` the related activity ids by key (lucky, shop, meet, share, scratch). Counts
 * (received, consume_points) come from `exchange_claims`; time_status from the times.
 */
export const exchangeMethods = pgTable(
  'exchange_methods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 1 single, 2 set. */
    type: smallint('type').notNull(),
    /** The set's cover (upload key); empty for a single. */
    pic: text('pic').notNull().default(''),
    points: integer('points').notNull().default(0),
    /** 0 off, 1 hold all, 2 hold any. */
    relationOrder: smallint('relation_order').notNull().default(0),
    relation: jsonb('relation').$type<Record<string, number[]>>().notNull(),
    components: jsonb('components').$type<{ type: number; id: number }[]>().notNull(),
    short: text('short').notNull().default(''),
    beginAt: timestamp('begin_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** 0 on shelf, 1 off shelf. */
    off: smallint('off').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchange_methods_ip_idx').on(t.ipId, t.id)],
);

/** A player's claim of an exchange method: one a player (the unique index decides a race). */
export const exchangeClaims = pgTable(
  'exchange_claims',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    exchangeMethodId: integer('exchange_method_id')
      .notNull()
      .references(() => exchangeMethods.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    /** The points the claim spent (the method's points at the time). */
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchange_claims_method_player_uq').on(t.exchangeMethodId, t.playerId),
    index('exchange_claims_player_idx').on(t.playerId),
  ],
);
