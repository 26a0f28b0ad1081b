import { LIMITS } from '@toy/shared';
import type { z } from 'zod';
import { filter, listSchema } from '../../components/listParams';

/** The gacha list's URL state: brand, goods id, goods name, page and page size (20 by default). */
export const gachaListParams = listSchema(
  { ip_id: filter.id(), sku_id: filter.id(), goods_title: filter.text() },
  { pageSize: LIMITS.goodsPageSize },
);
export type GachaListParams = z.output<typeof gachaListParams>;

/** The table's two heights (spec 01 screen 3). */
export const TABLE_HEIGHTS = { compact: 400, tall: 650 } as const;
