import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Merchant and reviewer accounts. */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull().unique(),
  /** `scrypt$<salt hex>$<key hex>` (lib/password.ts). */
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull().default(''),
  /** 1 own brand, 2 shop. */
  authType: smallint('auth_type').notNull().default(1),
  perIds: integer('per_ids').array().notNull().default(sql`'{}'::integer[]`),
  isReviewer: boolean('is_reviewer').notNull().default(false),
  isAdmin: boolean('is_admin').notNull().default(false),
  /** A signed (签约) merchant may publish official ichiban-kuji (spec 03 §2). */
  isSigned: boolean('is_signed').notNull().default(false),
  createdAt: createdAt(),
});
