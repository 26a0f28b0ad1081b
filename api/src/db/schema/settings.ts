import { integer, pgTable, smallint, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from '../schema.js';

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

/** The brands whose blind-box release may switch overseas sale on (configuration, ids not shown). */
export const overseasBrands = pgTable('overseas_brands', {
  brandId: integer('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
