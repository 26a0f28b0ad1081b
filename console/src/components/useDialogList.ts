import type { RouteDef, RouteInput } from '@toy/shared';
import { useEffect, useState } from 'react';
import { useCall } from '../lib/useCall';

const PAGE_SIZE = 10;

/**
 * A list read inside a dialog, ten rows a page: `useDialogList(api.audit.list, input, open)`. It is
 * read while the dialog is open and starts again from page 1 at each opening; `pagination(total)`
 * gives ListPagination's props.
 */
export function useDialogList<D extends RouteDef>(
  route: D,
  input: Omit<RouteInput<D>, 'page' | 'limit'>,
  open: boolean,
) {
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (!open) setPage(1);
  }, [open]);
  const read = useCall(route, { ...input, page, limit: PAGE_SIZE } as RouteInput<D>, { enabled: open });
  const pagination = (total: number) => ({
    total,
    page,
    pageSize: PAGE_SIZE,
    pageSizes: [PAGE_SIZE],
    onPageChange: setPage,
  });
  return { read, pagination, pageSize: PAGE_SIZE };
}
