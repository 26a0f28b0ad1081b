import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every table of the API. Money is integer fen; times are timestamptz (shown in Asia/Shanghai by
 * lib/time.ts). Ids are identity columns, so imported ids such as brand 267651 fit.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

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
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** 32 random bytes, hex: the `web_token`. */
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** A login QR: issued to the desktop, confirmed on the phone, consumed by the desktop's poll. */
export const qrTokens = pgTable('qr_tokens', {
  token: text('token').primaryKey(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  confirmedUserId: integer('confirmed_user_id').references(() => users.id, { onDelete: 'cascade' }),
  confirmedAt: ts('confirmed_at'),
  /** The session created by the confirmation, handed to the desktop once. */
  sessionToken: text('session_token').references(() => sessions.token, { onDelete: 'cascade' }),
  consumedAt: ts('consumed_at'),
});

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
  createdAt: createdAt(),
});

export const warehouses = pgTable(
  'warehouses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ipId: integer('ip_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Country code of shared COUNTRIES (th, sg, …). */
    country: text('country').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('warehouses_ip_idx').on(t.ipId, t.updatedAt)],
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
export * from './schema/audit.js';
export * from './schema/blind-box.js';
export * from './schema/coupon.js';
export * from './schema/draw.js';
export * from './schema/goods.js';
export * from './schema/jobs.js';
export * from './schema/settings.js';
