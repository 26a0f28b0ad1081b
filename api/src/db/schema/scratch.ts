import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { players } from './player.js';

/**
 * Scratch cards (spec 03 §3): a card of a brand and its redemption codes. `total_num` is the count
 * of codes; `used_num` the count of redemptions (one row a code at most: the unique index is what
 * makes a second redemption lose, even when both arrive at once).
 */
export const scratchCards = pgTable(
  'scratch_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Codes issued (the rows of scratch_codes). */
    totalNum: integer('total_num').notNull().default(0),
    /** 0 = not linked to an activity. */
    activeId: integer('active_id').notNull().default(0),
    /** The activity's relation type (shared SCRATCH_ACTIVITY_TYPES: 1 draw machine, 5 kuji); 0 when not linked. */
    activeType: integer('active_type').notNull().default(0),
    activeTitle: text('active_title').notNull().default(''),
    activePic: text('active_pic').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scratch_cards_ip_idx').on(t.ipId, t.id)],
);

/** One code: unique across the platform. */
export const scratchCodes = pgTable(
  'scratch_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cardId: integer('card_id')
      .notNull()
      .references(() => scratchCards.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scratch_codes_code_uq').on(t.code), index('scratch_codes_card_idx').on(t.cardId, t.id)],
);

/** A successful redemption: at most one a code. */
export const scratchRedemptions = pgTable(
  'scratch_redemptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    codeId: integer('code_id')
      .notNull()
      .references(() => scratchCodes.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => scratchCards.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scratch_redemptions_code_uq').on(t.codeId), index('scratch_redemptions_card_idx').on(t.cardId)],
);

/** A refused redemption: `used` (the code was redeemed already, card known) or `wrong` (no such code). */
export const scratchRefusals = pgTable(
  'scratch_refusals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cardId: integer('card_id').references(() => scratchCards.id, { onDelete: 'cascade' }),
    playerId: integer('player_id')
      .notNull()
      .references(() => players.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('scratch_refusals_card_idx').on(t.cardId), index('scratch_refusals_player_idx').on(t.playerId)],
);
