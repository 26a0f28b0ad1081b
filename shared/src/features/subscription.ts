import { z } from 'zod';
import { COUNTRY_CODES } from '../constants.js';
import { datetime, id, limit, optionalId, page, pagination, strictNumber } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';

const m = messages.subscription;

/** Spec 02 §4 "Subscription application": 0 pending review → 1 approved or 2 rejected. */
export const SUBSCRIPTION_STATUS = [
  { value: 0, label: '待审核' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
] as const;
/** The list's status filter (spec 02 §9): -1 all. */
export const SUBSCRIPTION_FILTER = [{ value: -1, label: '全部' }, ...SUBSCRIPTION_STATUS] as const;
export const subscriptionStatusText = (status: number) =>
  SUBSCRIPTION_STATUS.find((s) => s.value === status)?.label ?? String(status);

/** Which review each status offers (spec 02 §4): approve while pending, reject while not rejected. */
export const subscriptionActions = (status: number) => ({ approve: status === 0, reject: status !== 2 });

export const subscription = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  users: z.object({ email: z.string(), nickname: z.string() }),
  wechat_id: z.string(),
  ig_id: z.string(),
  country: z.string(),
  country_text: z.string(),
  status: z.number().int(),
  created_at: datetime(),
});
export type Subscription = z.infer<typeof subscription>;

export const subscriptionRoutes = {
  list: defineRoute({
    operationId: 'subscription.list',
    method: 'GET',
    path: '/web/goods/subscribe/list',
    summary: '订阅申请列表（status -1 全部）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      ip_id: optionalId(),
      status: strictNumber().int().min(-1).max(2).catch(-1).default(-1),
      page: page(),
      limit: limit(10),
    }),
    response: z.object({ list: z.array(subscription), pagination }),
  }),
  review: defineRoute({
    operationId: 'subscription.review',
    method: 'POST',
    path: '/web/goods/subscribe/review',
    summary: '审核订阅申请：1 通过（待审核时），2 驳回（未驳回时）',
    entity: { field: 'id', of: 'subscription' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id(), status: strictNumber().pipe(z.union([z.literal(1), z.literal(2)])) }),
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
};

/** The player's side: apply to subscribe to a brand. */
export const playerSubscriptionRoutes = {
  subscribe: defineRoute({
    operationId: 'player.subscribe',
    method: 'POST',
    path: '/player/subscribe',
    summary: '玩家申请订阅品牌（邮箱、微信号、Instagram、国家），等待商家审核',
    access: 'public',
    body: z.object({
      ip_id: id(),
      email: z.string().trim().min(1, m.emailRequired).max(100).email(m.emailInvalid),
      wechat_id: z.string().trim().max(50).default(''),
      ig_id: z.string().trim().max(50).default(''),
      country: z.enum(COUNTRY_CODES, { message: m.countryRequired }),
    }),
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
  subscriptions: defineRoute({
    operationId: 'player.subscriptions',
    method: 'GET',
    path: '/player/subscriptions',
    summary: '玩家的订阅申请及其审核状态',
    access: 'public',
    query: z.object({}),
    response: z.object({
      list: z.array(
        z.object({ id: z.number().int(), ip_id: z.number().int(), status: z.number().int(), created_at: datetime() }),
      ),
    }),
  }),
};
