import { z } from 'zod';

/**
 * Field builders shared by the feature schemas.
 *
 * `wholeNumber()` is an integer check that does not abort the parse (zod's `.int()` does), so a
 * rule table attached with withRules still runs and its message still wins on a value like 1.5.
 */
export const wholeNumber = (message = '请输入整数') => z.coerce.number().refine(Number.isInteger, message);
export const id = () => wholeNumber().positive();
export const optionalId = () =>
  z.preprocess(
    (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
    wholeNumber().positive().optional(),
  );
export const page = () => z.coerce.number().int().min(1).default(1);
export const limit = (def: number, max = 200) => z.coerce.number().int().min(1).max(max).default(def);
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
