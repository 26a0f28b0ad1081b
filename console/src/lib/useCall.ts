import type { RouteDef, RouteInput, RouteOutput } from '@toy/shared';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { type ApiError, type CallOptions, call } from './http';
import { keyMatcher, type QueryKey, queryKey } from './queryKeys';

export interface UseCallOptions extends CallOptions, Pick<SWRConfiguration, 'refreshInterval' | 'keepPreviousData'> {
  /** Skip the call (e.g. while a required filter is still empty). */
  enabled?: boolean;
}

/**
 * Reads a declared GET route through SWR: `useCall(api.warehouse.list, { ip_id })`.
 * The key comes from `queryKey`, so `invalidate(api.warehouse.list)` refreshes exactly these reads.
 */
export function useCall<D extends RouteDef>(def: D, input?: RouteInput<D>, options: UseCallOptions = {}) {
  const { enabled = true, refreshInterval, keepPreviousData = true, ...callOptions } = options;
  const key = enabled ? queryKey(def, input) : null;
  return useSWR<RouteOutput<D>, ApiError, QueryKey | null>(
    key,
    ([, keyInput]) => call(def, keyInput as RouteInput<D>, callOptions),
    { refreshInterval, keepPreviousData },
  );
}

/** Revalidates every cached read of `def` (optionally only those matching some input fields). */
export function invalidate<D extends RouteDef>(def: D, partial?: Partial<Record<string, unknown>>) {
  return mutate(keyMatcher(def, partial));
}
