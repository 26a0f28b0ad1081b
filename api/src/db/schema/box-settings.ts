import { integer, pgTable, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { ts } from './columns.js';

/**
 * Box-machine settings of a brand (spec 02 §3): the guess game's prompt and perspective cards and
 * the awards for a right or wrong guess. A coupon award's content is the coupon id.
 */
export const boxMachineSettings = pgTable(
  'box_machine_settings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    promptCard: smallint('prompt_card').notNull().default(0),
    exchargePropmt: integer('excharge_propmt').notNull().default(0),
    persCard: smallint('pers_card').notNull().default(0),
    exchargePers: integer('excharge_pers').notNull().default(0),
    /** 0 empty, 1 points, 2 prompt card x1, 3 coupon. */
    sucAwardType: smallint('suc_award_type').notNull().default(0),
    sucAwardContent: integer('suc_award_content').notNull().default(0),
    errAwardType: smallint('err_award_type').notNull().default(0),
    errAwardContent: integer('err_award_content').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('box_machine_settings_ip_idx').on(t.ipId)],
);

/** Deposit (cabinet) settings of a brand: free days, free-shipping count, retrieval freight. */
export const depositFreight = pgTable(
  'deposit_freight',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    freeDays: integer('free_days').notNull(),
    freeNum: integer('free_num').notNull(),
    /** Fen. */
    unitPrice: integer('unit_price').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deposit_freight_ip_idx').on(t.ipId)],
);
