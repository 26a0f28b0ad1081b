import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { users } from './user.js';

/** A skin's images by wire key (shared SKIN_IMAGES): upload keys or this API's URLs of them. */
export type SkinImageMap = Record<string, string>;

/**
 * Brand skins (spec 03 §3): `status` 1 awaiting listing / 0 on sale, `process_status` 0 pending,
 * 1 approved, 2 rejected (`remark` the reviewer's reason), `is_box_goods` the drop switch. What
 * players hold is in virtual_receipts (kind `skin`); `received` is never stored.
 */
export const skins = pgTable(
  'skins',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    fontTone: text('font_tone').notNull(),
    images: jsonb('images').$type<SkinImageMap>().notNull(),
    showPic: text('show_pic').notNull(),
    isBoxGoods: integer('is_box_goods').notNull().default(0),
    status: integer('status').notNull().default(1),
    processStatus: integer('process_status').notNull().default(0),
    remark: text('remark').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('skins_ip_idx').on(t.ipId, t.id), index('skins_process_idx').on(t.processStatus, t.id)],
);

/** The draft box: a form kept as it is, of its author (and of a brand once one is chosen). */
export const skinDrafts = pgTable(
  'skin_drafts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipId: integer('ip_id').references(() => brands.id, { onDelete: 'cascade' }),
    /** The skin being edited when the draft was saved (0: a new skin). */
    skinId: integer('skin_id').notNull().default(0),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    fontTone: text('font_tone').notNull().default(''),
    images: jsonb('images').$type<SkinImageMap>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('skin_drafts_user_idx').on(t.userId, t.id), index('skin_drafts_ip_idx').on(t.ipId)],
);

/** A preview code: the form as it was when the code was made; the page refuses it after `expires_at`. */
export const skinPreviews = pgTable(
  'skin_previews',
  {
    code: text('code').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    fontTone: text('font_tone').notNull().default(''),
    images: jsonb('images').$type<SkinImageMap>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('skin_previews_expires_idx').on(t.expiresAt)],
);
