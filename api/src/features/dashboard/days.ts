import { type SQL, sql } from 'drizzle-orm';
import { formatTime } from '../../lib/time.js';

/** Asia/Shanghai is UTC+8 all year (no daylight saving), as shanghaiInstant reads times. */
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86400_000;

/** The number of the Asia/Shanghai day of an instant (days since 1970-01-01 there). */
export const dayNumber = (ms: number) => Math.floor((ms + OFFSET_MS) / DAY_MS);
/** The first instant of an Asia/Shanghai day. */
export const dayStart = (day: number) => new Date(day * DAY_MS - OFFSET_MS);
/** `yyyy-MM-dd` of an Asia/Shanghai day. */
export const dayText = (day: number) => formatTime(dayStart(day)).slice(0, 10);

/** The Asia/Shanghai day number of a timestamp column, in SQL (no time zone data needed). */
export const dayOf = (column: SQL | string) =>
  sql`((floor(extract(epoch from ${typeof column === 'string' ? sql.raw(column) : column}))::bigint + ${sql.raw(String(OFFSET_MS / 1000))}) / ${sql.raw(String(DAY_MS / 1000))})::int`;

/** Today, yesterday and the first day of the trend, and Monday of this week (Asia/Shanghai). */
export function calendar(now: number, trendDays: number) {
  const today = dayNumber(now);
  // 1970-01-01 was a Thursday: day 0 is weekday 4 (Monday 1 … Sunday 7).
  const weekday = ((today + 3) % 7) + 1;
  return {
    now: new Date(now),
    today,
    todayStart: dayStart(today),
    yesterdayStart: dayStart(today - 1),
    trendFirst: today - trendDays + 1,
    trendStart: dayStart(today - trendDays + 1),
    weekStart: dayStart(today - weekday + 1),
  };
}
export type Calendar = ReturnType<typeof calendar>;
