import { z } from 'zod';
import { messages } from './messages.js';

/**
 * Field builders shared by the feature schemas.
 *
 * Numbers are strict: a number field takes a JSON number, or text that is a plain decimal number
 * (a query string, a form field): `12`, `-3`, `4.50`, spaces around allowed. `true`, `[5]`, `{}`,
 * `null`, `'0x20'`, `'1e3'` and `'Infinity'` are refused, not read as numbers (z.coerce.number()
 * would make 1, 5, 32 and 1000 of them). An empty text is 0, as before, so an empty form field
 * fails its field's own rule with that rule's message. Integers are bounded by the int4 column
 * they are stored in.
 *
 * `wholeNumber()` is an integer check that does not abort the parse (zod's `.int()` does), so a
 * rule table attached with withRules still runs and its message still wins on a value like 1.5.
 */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** What a strict number field reads: a number as it is, decimal text as its number, '' as 0; else the value unchanged (refused). */
export function strictNumberInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return 0;
  return DECIMAL.test(text) ? Number(text) : value;
}

/** A zod number whose coercion is strictNumberInput (a class of its own, so `.min()` and the like keep it). */
const StrictNumber = z.core.$constructor('StrictNumber', (inst: z.ZodNumber, def: z.core.$ZodNumberDef) => {
  z.ZodNumber.init(inst, def);
  const parse = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    payload.value = strictNumberInput(payload.value);
    return parse(payload, ctx);
  };
});

/** z.coerce.number() made strict (see above): the same chainable number schema, the same input type. */
export const strictNumber = (params?: string | z.core.$ZodNumberParams): z.ZodCoercedNumber<unknown> =>
  z.core._number(
    StrictNumber as unknown as z.core.util.SchemaClass<z.ZodNumber>,
    params,
  ) as z.ZodCoercedNumber<unknown>;

/** A strict integer within the int4 column it is stored in. */
export const integer = () => strictNumber().int().min(INT4_MIN).max(INT4_MAX);

export const INT2_MIN = -32_768;
export const INT2_MAX = 32_767;
/**
 * A strict integer within the smallint column it is compared with (a state, type or category
 * filter): past it a 400 naming the field and its bound (分类 不能大于32767), never a database error.
 */
export const smallint = () => strictNumber().int().min(INT2_MIN).max(INT2_MAX);
/** An optional smallint filter: empty text or null is no filter. */
export const optionalSmallint = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), smallint().optional());

/** An integer (the message when it is not), within int4 (the same message when given, else the bound's own). */
export const wholeNumber = (message?: string) =>
  strictNumber()
    .refine(Number.isInteger, message ?? '请输入整数')
    .min(INT4_MIN, message)
    .max(INT4_MAX, message);
export const id = () => wholeNumber().positive();
export const optionalId = () =>
  z.preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), id().optional());
export const page = () => strictNumber().int().min(1).max(INT4_MAX).default(1);
export const limit = (def: number, max = 200) => strictNumber().int().min(1).max(max).default(def);

/** A list's sort value: a sortable column's key, ascending, or `-key`, descending. */
export type SortValue<K extends string> = K | `-${K}`;
/**
 * A list call's `sort` parameter over its sortable columns (`sort=-created_at`: newest first).
 * Empty means the list's own order; any other word is refused with 排序字段不正确.
 */
export const sort = <const K extends readonly [string, ...string[]]>(keys: K) => {
  const values = keys.flatMap((k) => [k, `-${k}`]) as [SortValue<K[number]>, ...SortValue<K[number]>[]];
  return z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(values, { message: messages.common.sortInvalid }).optional(),
  );
};
/** The column key and direction of a sort value. */
export function sortOf<K extends string>(value: SortValue<K> | undefined): { key: K; desc: boolean } | undefined {
  if (!value) return undefined;
  return value.startsWith('-') ? { key: value.slice(1) as K, desc: true } : { key: value as K, desc: false };
}
const TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/**
 * True for `yyyy-MM-dd`, `yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss` naming a time that exists
 * (years 1000–9999; no 02-30, no 24:00): what a time filter or field may be before the database
 * reads it (a pattern alone lets 2026-02-31 through, which PostgreSQL refuses).
 */
export function isCalendarTime(value: unknown): boolean {
  const match = typeof value === 'string' ? TIME_TEXT.exec(value.trim()) : null;
  if (!match) return false;
  const [y, mo, d, h, mi, s] = match.slice(1).map((x) => (x === undefined ? 0 : Number(x))) as number[];
  if (y! < 1000 || mo! < 1 || mo! > 12 || d! < 1 || h! > 23 || mi! > 59 || s! > 59) return false;
  return d! <= new Date(Date.UTC(y!, mo!, 0)).getUTCDate();
}

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, as the API writes every time. */
export const datetime = () => z.string();
/** Money on the wire is yuan with two decimals (stored as integer fen). */
export const yuan = () => z.number();

export const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total_rows: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

export const empty = z.null();
