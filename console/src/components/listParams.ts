import { PAGE_SIZES } from '@toy/shared';
import { z } from 'zod';

/**
 * A list's URL state: its filters plus page and page size, typed by one zod object per feature.
 * Reading never throws: a field that does not parse falls back to its default, so an edited or
 * stale link still opens the list.
 */
export interface ListSchemaOptions {
  pageSize?: number;
  pageSizes?: readonly number[];
}

export function listSchema<Shape extends z.ZodRawShape>(filters: Shape, options: ListSchemaOptions = {}) {
  const pageSize = options.pageSize ?? PAGE_SIZES[0];
  const pageSizes = options.pageSizes ?? PAGE_SIZES;
  return z.object({
    ...filters,
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => pageSizes.includes(n))
      .default(pageSize),
  });
}

/**
 * The page sizes a list offers: its declared default first, then the larger standard sizes (a
 * spec-02 list of 10 a page offers 10, 20, 50, …).
 */
export function pageSizesFor(schema: z.ZodObject): readonly number[] {
  const limit = schema.shape.limit as z.ZodType | undefined;
  const first = limit?.safeParse(undefined).data;
  if (typeof first !== 'number' || PAGE_SIZES.includes(first as never)) return PAGE_SIZES;
  return [first, ...PAGE_SIZES.filter((n) => n > first)];
}

export type ListSchema = z.ZodObject<z.ZodRawShape & { page: z.ZodType; limit: z.ZodType }>;

/** Optional filter fields as they come from a query string. */
export const filter = {
  id: () => z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number().int().positive().optional()),
  text: () => z.preprocess((v) => (v === '' || v == null ? undefined : v), z.string().trim().max(200).optional()),
  int: () => z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number().int().optional()),
  oneOf: <const T extends readonly [string, ...string[]]>(values: T) =>
    z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(values).optional()),
};

const fieldDefault = (schema: z.ZodType): unknown => {
  const r = schema.safeParse(undefined);
  return r.success ? r.data : undefined;
};

/** Parses URL search params into the list's typed values, field by field. */
export function parseListParams<S extends z.ZodObject>(schema: S, search: URLSearchParams): z.output<S> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = search.get(key);
    const parsed = field.safeParse(raw === null ? undefined : raw);
    out[key] = parsed.success ? parsed.data : fieldDefault(field);
  }
  return out as z.output<S>;
}

/** The defaults of every field (what an empty query means). */
export function listDefaults<S extends z.ZodObject>(schema: S): z.output<S> {
  return parseListParams(schema, new URLSearchParams());
}

/**
 * Writes values back as search params: empty values and defaults are left out so links stay short;
 * params the schema does not know are kept.
 */
export function serializeListParams<S extends z.ZodObject>(
  schema: S,
  values: Partial<z.output<S>>,
  previous: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const defaults = listDefaults(schema) as Record<string, unknown>;
  const next = new URLSearchParams();
  for (const [key, value] of previous) if (!(key in schema.shape)) next.append(key, value);
  for (const key of Object.keys(schema.shape)) {
    const value = (values as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    if (defaults[key] !== undefined && String(defaults[key]) === String(value)) continue;
    next.set(key, String(value));
  }
  return next;
}

/** The input of a list call: the values without empty fields. */
export function toQuery<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out as T;
}

/** A filter box's text as a list query's field reads it: nothing when empty or when the field refuses it. */
export function readFilter(field: z.ZodType | undefined, text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed || !field) return undefined;
  const parsed = field.safeParse(trimmed);
  return parsed.success ? parsed.data : undefined;
}
