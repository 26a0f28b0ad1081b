import { LIMITS } from '@toy/shared';
import type { z } from 'zod';
import { filter, listSchema } from '../../components/listParams';

/** The goods list's URL state: brand, goods name, page and page size (20 by default). */
export const goodsListParams = listSchema(
  { ip_id: filter.id(), title: filter.text() },
  { pageSize: LIMITS.goodsPageSize },
);
export type GoodsListParams = z.output<typeof goodsListParams>;
