import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { brands } from './brand.js';
import { createdAt, ts } from './columns.js';
import { users } from './user.js';

/**
 * Waybill (ERP) accounts: the printer's own login (wire `u`, `p`), separate from merchant accounts.
 * An account belongs to one merchant and prints only the pickups of the brands linked to it.
 */
export const erpAccounts = pgTable('erp_accounts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** The login name (`u`), stored trimmed and lower-case. */
  username: text('username').notNull().unique(),
  /** `scrypt$<salt hex>$<key hex>` (lib/password.ts). */
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  /** The merchant the account belongs to. */
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The brands whose pickups an ERP account prints (all of one merchant's). */
export const erpAccountBrands = pgTable(
  'erp_account_brands',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => erpAccounts.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.brandId] })],
);

/** ERP tokens (`t`): a row per login, valid until it expires or is revoked. */
export const erpTokens = pgTable(
  'erp_tokens',
  {
    /** 32 random bytes, hex. */
    token: text('token').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => erpAccounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('erp_tokens_account_idx').on(t.accountId)],
);
