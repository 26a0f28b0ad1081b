import { api, PER_ID } from '@toy/shared';
import { useCallback } from 'react';
import type { ApiError } from '../lib/http';
import { useCall } from '../lib/useCall';

/**
 * The brand filter of a list screen whose list needs a brand (`ip_id` in the URL): `onBrand` for
 * BrandFilter, and `table(list, read)` for DataTable's rows and states. Until BrandSelect has put the
 * first brand in the URL there is nothing to list (unless the merchant has no brands).
 */
export function useBrandList(
  ipId: number | undefined,
  setFilters: (patch: { ip_id: number | undefined }, options?: { replace?: boolean }) => void,
) {
  const brands = useCall(api.brand.mine, { per_id: PER_ID.box });
  const waitingBrand = ipId === undefined && (brands.isLoading || (brands.data?.ips.length ?? 0) > 0);
  const onBrand = useCallback(
    (ip_id: number | undefined, meta: { auto: boolean }) => setFilters({ ip_id }, { replace: meta.auto }),
    [setFilters],
  );
  /** DataTable's rows, loading, error and onRetry for a read of the brand's list. */
  const table = <R>(
    list: R[] | undefined,
    read: { isLoading: boolean; error: ApiError | undefined; mutate: () => Promise<unknown> },
  ) => ({
    rows: ipId === undefined ? (waitingBrand ? undefined : []) : list,
    loading: read.isLoading || waitingBrand,
    error: read.error ?? brands.error,
    onRetry: () => void read.mutate(),
  });
  return { onBrand, table };
}
