import { DRAW_MACHINE_PAGE_SIZE } from '@toy/shared';
import type { z } from 'zod';
import { filter, listSchema } from '../../components/listParams';

/** The draw-machine list's URL state: brand, name keyword, page (10 per page, spec 01 §9). */
export const drawMachineListParams = listSchema(
  { ip_id: filter.id(), keyword: filter.text() },
  { pageSize: DRAW_MACHINE_PAGE_SIZE, pageSizes: [DRAW_MACHINE_PAGE_SIZE] },
);
export type DrawMachineListParams = z.output<typeof drawMachineListParams>;

/** The pickup list of a machine's goods (spec 02 /order/sendList, type 1 = draw-box machine). */
export const sendListHref = (title: string) =>
  `/order/sendList?${new URLSearchParams({ temp_title: title, type: '1' })}`;
/** The deposited goods of a machine (spec 02 /blindBox/boxList, type 1). */
export const boxListHref = (title: string) =>
  `/blindBox/boxList?${new URLSearchParams({ temp_title: title, type: '1' })}`;

/** The badge colour of each shelf state (上架 / 下架 / 售罄). */
export const offPalette: Record<number, string> = { 0: 'green', 1: 'gray', 2: 'red' };
