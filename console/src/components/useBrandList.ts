import { PER_ID, type PermissionId, type RouteInput } from '@toy/shared';
import { brandRoutes } from '@toy/shared/features/brand';
import { useCallback } from 'react';
import type { ApiError } from '../lib/http';
import { useCall } from '../lib/useCall';
import { pageSizesFor, toQuery } from './listParams';
import { type ListRoute, useListParams } from './useListParams';

/**
 * The brand filter of a list screen whose list needs a brand (`ip_id` in the URL): `onBrand` for
 * BrandFilter, and `table(list, read)` for DataTable's rows and states. Until BrandSelect has put the
 * first brand in the URL there is nothing to list (unless the merchant has no brands).
 */
export function useBrandList(
  ipId: number | undefined,
  setFilters: (patch: { ip_id: number | undefined }, options?: { replace?: boolean }) => void,
  perId: PermissionId = PER_ID.box,
  allBrands = false,
) {
  const brands = useCall(brandRoutes.mine, { per_id: perId });
  const waitingBrand = !allBrands && ipId === undefined && (brands.isLoading || (brands.data?.ips.length ?? 0) > 0);
  const onBrand = useCallback(
    (ip_id: number | undefined, meta: { auto: boolean }) => setFilters({ ip_id }, { replace: meta.auto }),
    [setFilters],
  );
  /** DataTable's rows, loading, error and onRetry for a read of the brand's list. */
  const table = <R>(
    list: R[] | undefined,
    read: { isLoading: boolean; error: ApiError | undefined; mutate: () => Promise<unknown> },
  ) => ({
    rows: ipId === undefined && !allBrands ? (waitingBrand ? undefined : []) : list,
    loading: read.isLoading || waitingBrand,
    error: read.error ?? brands.error,
    onRetry: () => void read.mutate(),
  });
  return { onBrand, table };
}

/**
 * A list screen of one brand's rows: `const page = useBrandListPage(goodsRoutes.list)`. Its filters,
 * page and page size live in the URL, typed by the route's declared query; `page.read` is the list
 * call (made once the brand is known), `page.table(rows)` DataTable's rows and states, and
 * `page.pagination(total)` ListPagination's props. `allBrands`: the list call answers every brand of
 * the merchant when no `ip_id` is given, and the brand filter offers 全部品牌 (the default) instead of
 * picking the first brand.
 */
export function useBrandListPage<D extends ListRoute>(route: D, options: { allBrands?: boolean } = {}) {
  const allBrands = options.allBrands ?? false;
  const url = useListParams(route);
  const params = url.params as { ip_id?: number; page: number; limit: number };
  // The brands are those of the list call's own permission (per_id 15 for coupons, else 14).
  const perId = route.perId ?? PER_ID.box;
  const { onBrand, table } = useBrandList(params.ip_id, url.setFilters as never, perId, allBrands);
  const read = useCall(route, toQuery(url.params) as RouteInput<D>, {
    enabled: allBrands || params.ip_id !== undefined,
  });
  return {
    ...url,
    ipId: params.ip_id,
    perId,
    allBrands,
    onBrand,
    read,
    /** DataTable's rows and states, and its sort: the URL's `sort`, changed from page 1. */
    table: <R>(rows: R[] | undefined) => ({
      ...table(rows, read),
      sort: (url.params as { sort?: string }).sort,
      onSort: (sort: string | undefined) => url.setFilters({ sort } as never),
    }),
    pagination: (total: number | undefined) => ({
      total,
      page: params.page,
      pageSize: params.limit,
      pageSizes: pageSizesFor(url.schema),
      onPageChange: url.setPage,
      onPageSizeChange: url.setPageSize,
    }),
  };
}
