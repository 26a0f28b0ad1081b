import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';

/**
 * Freight templates (spec 02 §3 "Freight template"): one per brand and country; prices in US
 * cents and Thai satang (integer hundredths). free_num 1 means always free, both prices 0.
 */
export const freightTemplates = pgTable(
  'freight_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Country code of shared COUNTRIES (th, sg, id, my, ph, vn). */
    country: text('country').notNull(),
    freeNum: integer('free_num').notNull(),
    priceUs: integer('price_us').notNull(),
    priceTh: integer('price_th').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('freight_templates_ip_country_idx').on(t.ipId, t.country)],
);
