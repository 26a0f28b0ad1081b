import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './user.js';

/** A stored upload: its kind and size as checked from the content. */
export const uploads = pgTable('uploads', {
  key: text('key').primaryKey(),
  /** image | glb | xlsx | video */
  kind: text('kind').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /** sha256 hex of the content. */
  hash: text('hash').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The name a generated file downloads as (`订单列表_20261123_1530.xlsx`); the key stays unguessable. */
  downloadName: text('download_name'),
  createdAt: createdAt(),
});
