import type { RouteDef, RouteInput } from '@toy/shared';

/** An SWR key: the call's operationId and its input. */
export type QueryKey = readonly [operationId: string, input: unknown];

/** The one query-key factory: `queryKey(api.warehouse.list, { ip_id: 3 })` → ['warehouse.list', { ip_id: 3 }]. */
export function queryKey<D extends RouteDef>(def: D, input?: RouteInput<D>): QueryKey {
  return [def.operationId, normalizeInput(input)] as const;
}

/** Inputs that differ only by undefined/empty fields share a key. */
export function normalizeInput(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input ?? null;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input).sort()) {
    const value = (input as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    out[key] = value;
  }
  return out;
}

const isQueryKey = (key: unknown): key is QueryKey => Array.isArray(key) && typeof key[0] === 'string';

/**
 * A matcher for SWR's `mutate(matcher)`: every cached call of `def`, or only those whose input
 * contains every field of `partial` (compared as strings, as the query string would carry them).
 */
export function keyMatcher<D extends RouteDef>(def: D, partial?: Partial<Record<string, unknown>>) {
  return (key: unknown): boolean => {
    if (!isQueryKey(key) || key[0] !== def.operationId) return false;
    if (!partial) return true;
    const input = (key[1] ?? {}) as Record<string, unknown>;
    return Object.entries(partial).every(([k, v]) => v === undefined || String(input[k]) === String(v));
  };
}
