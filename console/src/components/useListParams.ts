import type { RouteDef } from '@toy/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { listDefaults, parseListParams, serializeListParams } from './listParams';

/** A list route: a GET whose declared query is an object (its filters, page and limit). */
export type ListRoute = RouteDef & { query: z.ZodObject };

/**
 * The list state lives in the URL, typed by the list route's declared query:
 * `const { params, setFilters, setPage } = useListParams(api.goods.list)`. Reloading or sharing
 * the link restores filters, page and page size; a field that does not parse falls back to its
 * default. (A zod object can be given instead, for a state that is not one call's query.)
 */
export function useListParams<D extends ListRoute>(list: D): ReturnType<typeof useUrlState<D['query']>>;
export function useListParams<S extends z.ZodObject>(schema: S): ReturnType<typeof useUrlState<S>>;
export function useListParams(source: ListRoute | z.ZodObject) {
  return useUrlState('operationId' in source ? source.query : source);
}

function useUrlState<S extends z.ZodObject>(schema: S) {
  const [search, setSearch] = useSearchParams();
  const key = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the stable form of `search`
  const params = useMemo(() => parseListParams(schema, search), [schema, key]);

  // Changes start from the address bar, not from this render's `params`: a second change made
  // before React re-rendered after the first (a quick search, then a page size) keeps both.
  const latest = useCallback(
    () => (typeof window === 'undefined' ? search : new URLSearchParams(window.location.search)),
    [search],
  );
  const write = useCallback(
    (values: Partial<z.output<S>>, replace = false) =>
      setSearch(() => serializeListParams(schema, values, latest()), { replace }),
    [schema, setSearch, latest],
  );
  const current = useCallback(() => parseListParams(schema, latest()), [schema, latest]);

  /** Changes filters and goes back to page 1. `replace` for automatic changes (a default brand). */
  const setFilters = useCallback(
    (patch: Partial<z.output<S>>, options: { replace?: boolean } = {}) =>
      write({ ...current(), ...patch, page: 1 } as Partial<z.output<S>>, options.replace),
    [current, write],
  );
  const setPage = useCallback(
    (page: number) => write({ ...current(), page } as Partial<z.output<S>>),
    [current, write],
  );
  const setPageSize = useCallback(
    (limit: number) => write({ ...current(), limit, page: 1 } as Partial<z.output<S>>),
    [current, write],
  );
  /** Clears the filters but keeps what `keep` names (e.g. the brand). */
  const reset = useCallback(
    (keep: (keyof z.output<S>)[] = []) => {
      const next = { ...listDefaults(schema) } as Record<string, unknown>;
      const now = current() as Record<string, unknown>;
      for (const k of keep) next[k as string] = now[k as string];
      write(next as Partial<z.output<S>>);
    },
    [schema, current, write],
  );

  return { schema, params, setFilters, setPage, setPageSize, reset };
}
