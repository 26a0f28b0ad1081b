/**
 * Date-time text as the wire carries it: `yyyy-MM-dd HH:mm:ss`, Asia/Shanghai wall-clock time.
 * Everything here is plain string and number work, so the result never depends on the browser's
 * own locale or time zone.
 */
export const DATETIME_FORMAT = 'yyyy-MM-dd HH:mm:ss';
export const TIME_ZONE = 'Asia/Shanghai';

export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDateTime(p: DateTimeParts): string {
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function valid(p: DateTimeParts): boolean {
  return (
    p.year >= 1000 &&
    p.month >= 1 &&
    p.month <= 12 &&
    p.day >= 1 &&
    p.day <= daysInMonth(p.year, p.month) &&
    p.hour <= 23 &&
    p.minute <= 59 &&
    p.second <= 59
  );
}

// 2026-03-01 10:00:00, 2026-3-1 9:5, 2026/03/01, 2026.3.1T10:00, 2026年3月1日 10时5分, 2026-03-01 10：00
const LOOSE =
  /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?(?:(?:\s+|\s*T\s*|(?<=日))(\d{1,2})(?:\s*[:：时]\s*(\d{1,2})(?:\s*[:：分]\s*(\d{1,2})\s*秒?)?\s*分?)?\s*[时点]?)?$/;
// 20260301 and 20260301100000
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:\s*(\d{2})(\d{2})(\d{2}))?$/;

/** The parts of a date-time text in any of the forms a merchant may type, or null. */
export function parseDateTimeParts(text: string): DateTimeParts | null {
  const m = LOOSE.exec(text.trim()) ?? COMPACT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m.slice(1).map((v) => (v ? Number(v) : undefined));
  const parts = { year: year!, month: month!, day: day!, hour, minute, second };
  return valid(parts) ? parts : null;
}

/**
 * What a merchant typed, normalised to `yyyy-MM-dd HH:mm:ss`: '' for blank text, null when it is
 * not a date-time. A date alone means its first second (00:00:00).
 */
export function parseDateTime(text: string): string | null {
  if (!text.trim()) return '';
  const parts = parseDateTimeParts(text);
  return parts ? formatDateTime(parts) : null;
}

const shanghaiClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The Asia/Shanghai wall-clock time of an instant (now by default). */
export function shanghaiDateTime(instant: Date = new Date()): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of shanghaiClock.formatToParts(instant)) parts[part.type] = Number(part.value);
  return formatDateTime({
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  });
}
