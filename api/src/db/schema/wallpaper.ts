import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';

/**
 * Wallpapers (spec 03 §3): one 600×600 picture each. `type` 1 may not, 2 may drop to players from
 * draws (the wish planet). `received` is never stored: it is the count of `virtual_receipts` rows
 * of kind `wallpaper`.
 */
export const wallpapers = pgTable(
  'wallpapers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The upload key of the picture; pic (thumbnail) and pc_pic are made from it on the wire. */
    imageUrl: text('image_url').notNull(),
    short: text('short').notNull().default(''),
    type: integer('type').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallpapers_ip_idx').on(t.ipId, t.id), index('wallpapers_drop_idx').on(t.ipId, t.type)],
);
