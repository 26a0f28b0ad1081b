import type { PermissionId } from '@toy/shared';
import type { z } from 'zod';
import type { Option } from './form/controls';
import { readFilter } from './listParams';

/**
 * A list's filters as data: the list page declares them and FilterBar lays them out (a row on a
 * desktop, a drawer on a phone). Each names the list query's field it fills; the box's test id is
 * `${bar}-filter-${testId ?? name}`.
 */
export type FilterField = BrandField | TextField | SelectField | RangeField;

/** The brand (`ip_id`), applied at once; when a bar declares none, it comes first. */
export interface BrandField {
  kind: 'brand';
  perId?: PermissionId;
}
export interface TextField {
  kind: 'text';
  name: string;
  label: string;
  testId?: string;
  width?: string;
  placeholder?: string;
  inputMode?: 'numeric';
  /** Shown (and applied) only while this holds for the drafts, e.g. a field of one activity type. */
  when?: (drafts: Record<string, string>) => boolean;
}
export interface SelectField {
  kind: 'select';
  name: string;
  label: string;
  options: readonly Option[];
  testId?: string;
  width?: string;
  /** Shown (and applied) only while this holds for the drafts, e.g. a field of one activity type. */
  when?: (drafts: Record<string, string>) => boolean;
}
/** Two date-times, `from` and `to` (begin_at / end_at): whole days, 00:00:00 to 23:59:59. */
export interface RangeField {
  kind: 'range';
  label: string;
  from?: string;
  to?: string;
  /** The boxes' test ids are `${bar}-filter-${testId}-from|to`; without it `${bar}-filter-begin|end`. */
  testId?: string;
}

export const brandFilter = (perId?: PermissionId): BrandField => ({ kind: 'brand', perId });
export const textFilter = (name: string, label: string, more: Partial<TextField> = {}): TextField => ({
  kind: 'text',
  name,
  label,
  ...more,
});
export const selectFilter = (
  name: string,
  label: string,
  options: readonly Option[],
  more: Partial<SelectField> = {},
): SelectField => ({ kind: 'select', name, label, options, ...more });
export const rangeFilter = (label: string, more: Partial<RangeField> = {}): RangeField => ({
  kind: 'range',
  label,
  ...more,
});

/** The field names a filter fills (a range two). */
export function namesOf(field: FilterField): string[] {
  if (field.kind === 'brand') return [];
  if (field.kind === 'range') return [field.from ?? 'begin_at', field.to ?? 'end_at'];
  return [field.name];
}

export const DAY_START = '00:00:00';
export const DAY_END = '23:59:59';

/**
 * A range bound as the list sends it (spec 02 §9): a date alone, or a date at 00:00:00 picked as the
 * end, covers the whole day, so 今天 to 今天 finds today's rows.
 */
export function rangeBound(value: string, end: boolean): string {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text} ${end ? DAY_END : DAY_START}`;
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(text)) return `${text}:00`;
  if (end && text.endsWith(` ${DAY_START}`)) return `${text.slice(0, 10)} ${DAY_END}`;
  return text;
}

/** The drafts (text) of the declared fields from the list's URL values. */
export function draftsOf(fields: readonly FilterField[], params: Record<string, unknown>): Record<string, string> {
  const names = fields.flatMap(namesOf);
  return Object.fromEntries(
    names.map((n) => [n, params[n] === undefined || params[n] === null ? '' : String(params[n])]),
  );
}

/** True when the field is in use for these drafts (a `when` select of another type is not). */
export const shows = (field: FilterField, drafts: Record<string, string>) =>
  (field.kind !== 'select' && field.kind !== 'text') || !field.when || field.when(drafts);

/**
 * The values 搜索 writes to the URL: each field read by the list query's own schema (nothing when
 * empty or refused), range ends widened to whole days, hidden fields cleared.
 */
export function readFilters(
  fields: readonly FilterField[],
  schema: z.ZodObject,
  drafts: Record<string, string>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'brand') continue;
    const visible = shows(field, drafts);
    if (field.kind === 'range') {
      const [from, to] = namesOf(field) as [string, string];
      out[from] = readFilter(schema.shape[from], rangeBound(drafts[from] ?? '', false));
      out[to] = readFilter(schema.shape[to], rangeBound(drafts[to] ?? '', true));
    } else out[field.name] = visible ? readFilter(schema.shape[field.name], drafts[field.name] ?? '') : undefined;
  }
  return out;
}

/** How many declared filters (not the brand) are set in the URL: the count on a phone's 筛选 button. */
export function activeCount(fields: readonly FilterField[], params: Record<string, unknown>, schema: z.ZodObject) {
  const set = (name: string) => {
    const value = params[name];
    const fallback = (schema.shape[name] as z.ZodType | undefined)?.safeParse(undefined).data;
    return value !== undefined && value !== '' && value !== fallback;
  };
  return fields.filter((field) => namesOf(field).some(set)).length;
}
