// The ORDER BY of a list call's declared `sort` (shared/src/fields.ts `sort`).
import { type SortValue, sortOf } from '@toy/shared';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/**
 * A list's ORDER BY for its `sort` value: the sorted column, then the row id the same way, so pages
 * never repeat or skip a row and an index on (brand, column, id) can serve it; without a sort, the
 * list's own order (`fallback`). A figure the row derives (a sum over other tables) is given as the
 * SQL that computes it for the row.
 */
export function orderByOf<K extends string>(
  value: SortValue<K> | undefined,
  columns: Record<K, AnyColumn | SQL>,
  id: AnyColumn,
  fallback: SQL[],
): SQL[] {
  const s = sortOf(value);
  if (!s) return fallback;
  const way = s.desc ? desc : asc;
  return [way(columns[s.key]), way(id)];
}
