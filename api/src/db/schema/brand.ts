import { boolean, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './user.js';

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull().unique(),
    /** An upload key (served under /files) or an absolute URL. */
    pic: text('pic').notNull().default(''),
    /** 1 own brand, 2 template (shop) brand. */
    type: smallint('type').notNull().default(1),
    isTemplate: boolean('is_template').notNull().default(false),
    isShowcase: boolean('is_showcase').notNull().default(false),
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('brands_showcase_idx').on(t.isShowcase, t.sort)],
);

/** Which brands a merchant may act on, per permission id (tenancy). */
export const userBrands = pgTable(
  'user_brands',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    perId: integer('per_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandId, t.perId] }), index('user_brands_brand_idx').on(t.brandId)],
);
