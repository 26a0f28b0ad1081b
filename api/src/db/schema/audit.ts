import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log: one row per merchant write (features record it with `audit(…)` from
 * api/src/features/audit/record.ts). No foreign keys, so history outlives what it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    /** The actor's name and email at the time. */
    actor: text('actor').notNull().default(''),
    ipId: integer('ip_id'),
    /** `goods`, `gacha`, … (shared AUDIT_ENTITIES). */
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    /** `create`, `update`, `delete`, `stock`, … */
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id)],
);
