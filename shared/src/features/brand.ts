import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { integer, page, smallint, strictNumber } from '../fields.js';
import { messages } from '../messages.js';
import { PERMISSION_IDS } from '../roles.js';
import { defineRoute } from '../route.js';

export const brand = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Auth type of the brand: 1 own brand, 2 template brand. */
  type: z.number().int(),
  pic: z.string(),
});
export type Brand = z.infer<typeof brand>;

export const brandRoutes = {
  showcase: defineRoute({
    operationId: 'brand.showcase',
    method: 'GET',
    path: '/web/helper/home/ips',
    summary: '登录页品牌橱窗（前60个）',
    access: 'public',
    response: z.object({ ips: z.array(brand.pick({ id: true, title: true, pic: true })) }),
  }),
  mine: defineRoute({
    operationId: 'brand.mine',
    method: 'GET',
    path: '/web/helper/seller/ips',
    summary: '我的品牌（可按权限 per_id 过滤）',
    access: 'session',
    query: z.object({
      per_id: strictNumber()
        .int()
        .refine((v) => (PERMISSION_IDS as number[]).includes(v), messages.permission.invalid)
        .optional(),
    }),
    response: z.object({ ips: z.array(brand.pick({ id: true, title: true, type: true })) }),
  }),
  templateSearch: defineRoute({
    operationId: 'brand.templateSearch',
    method: 'GET',
    path: '/web/helper/ips/search',
    summary: '模板品牌搜索（自动补全）',
    access: 'session',
    query: z.object({
      title: z.string().trim().max(100).default(''),
      is_template: integer().default(1),
      status: smallint().default(1),
      page: page(),
      limit: strictNumber().int().min(1).max(LIMITS.brandAutocompleteLimit).default(LIMITS.brandAutocompleteLimit),
    }),
    response: z.object({ ips: z.array(brand.pick({ id: true, title: true, type: true })) }),
  }),
};
