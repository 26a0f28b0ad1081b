import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './user.js';

/**
 * Background jobs (exports), shared by every API copy: a poller claims a pending job, or a running
 * one whose lease ran out (its API copy stopped), with `FOR UPDATE SKIP LOCKED`, and renews the
 * lease while it works; pending jobs are taken round-robin by owner (the user who asked), oldest first
 * within an owner, so one merchant's queue cannot starve another's. Progress is `now_num` of `total_num`; the answer (a file URL) is `result`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** What runs it: a key of api/src/features/job/kinds.ts (`gacha.export`, …). */
    kind: text('kind').notNull(),
    /** pending | running | done | failed */
    status: text('status').notNull().default('pending'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The kind's input (filters, brand ids), as the request gave it after tenancy. */
    params: jsonb('params').notNull(),
    nowNum: integer('now_num').notNull().default(0),
    totalNum: integer('total_num').notNull().default(0),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** When a poller last took it: the queue serves the owner whose last claim is oldest first. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_status_idx').on(t.status, t.id), index('jobs_user_claimed_idx').on(t.userId, t.claimedAt)],
);
