import { z } from 'zod';
import { id } from '../fields.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';

/** Deposit freight settings of a brand (spec 02 §3); money in yuan on the wire. */
export const depositFreight = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  free_days: z.number().int(),
  free_num: z.number().int(),
  unit_price: z.number(),
});
export type DepositFreight = z.infer<typeof depositFreight>;

export const freightRoutes = {
  info: defineRoute({
    operationId: 'freight.info',
    method: 'GET',
    path: '/web/goods/freight/info',
    summary: '品牌运费设置（未设置时 data 为空）',
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ ip_id: id() }),
    response: depositFreight.nullable(),
  }),
};
