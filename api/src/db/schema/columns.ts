import { timestamp } from 'drizzle-orm/pg-core';

/** Column helpers of the table files: times are timestamptz (shown in Asia/Shanghai by lib/time.ts). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
