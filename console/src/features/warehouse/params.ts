import { z } from 'zod';
import { filter } from '../../components/listParams';

/** The warehouse list's URL state: the brand filter (the list is not paged). */
export const warehouseListParams = z.object({ ip_id: filter.id() });
export type WarehouseListParams = z.output<typeof warehouseListParams>;
