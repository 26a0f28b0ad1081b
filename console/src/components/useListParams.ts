import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { listDefaults, parseListParams, serializeListParams } from './listParams';

/**
 * The list state lives in the URL: `const { params, setFilters, setPage } = useListParams(schema)`.
 * Reloading or sharing the link restores filters, page and page size.
 */
export function useListParams<S extends z.ZodObject>(schema: S) {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the stable form of `search`
  const params = useMemo(() => parseListParams(schema, search), [schema, key]);

  const write = useCallback(
    (values: Partial<z.output<S>>, replace = false) =>
      setSearch((prev) => serializeListParams(schema, values, prev), { replace }),
    [schema, setSearch],
  );

  /** Changes filters and goes back to page 1. `replace` for automatic changes (a default brand). */
  const setFilters = useCallback(
    (patch: Partial<z.output<S>>, options: { replace?: boolean } = {}) =>
      write({ ...params, ...patch, page: 1 } as Partial<z.output<S>>, options.replace),
    [params, write],
  );
  const setPage = useCallback((page: number) => write({ ...params, page } as Partial<z.output<S>>), [params, write]);
  const setPageSize = useCallback(
    (limit: number) => write({ ...params, limit, page: 1 } as Partial<z.output<S>>),
    [params, write],
  );
  /** Clears the filters but keeps what `keep` names (e.g. the brand). */
  const reset = useCallback(
    (keep: (keyof z.output<S>)[] = []) => {
      const next = { ...listDefaults(schema) } as Record<string, unknown>;
      for (const k of keep) next[k as string] = (params as Record<string, unknown>)[k as string];
      write(next as Partial<z.output<S>>);
    },
    [schema, params, write],
  );

  return { params, setFilters, setPage, setPageSize, reset };
}
