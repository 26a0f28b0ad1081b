import { z } from 'zod';
import { INT4_MAX, integer, isCalendarTime, strictNumber } from '../fields.js';
import { defineRoute } from '../route.js';

/**
 * The platform's screen data (spec 03 §3 "Display data", §7 "Display data"): five public, signed
 * calls the display hub polls and caches. Money is yuan with two decimals, times are
 * `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, pictures are absolute URLs.
 */

const text = (max = 200) => z.string().max(max);

/**
 * Which kind of activity a launch or an activity status is about: the activity type of its orders
 * (13 a draw machine, 14 an ichiban-kuji). Draw machines and kujis are numbered in their own
 * tables, so an `id` names an activity only together with this: (activity_type, id).
 * Absent (data from before kujis were shown) means a draw machine.
 */
export const SCREEN_ACTIVITY = { machine: 13, kuji: 14 } as const;
const activityType = () =>
  z.union([z.literal(SCREEN_ACTIVITY.machine), z.literal(SCREEN_ACTIVITY.kuji)]).default(SCREEN_ACTIVITY.machine);
const url = () => z.string().max(2000);

/** A brand on the screens' list (spec: "Brand list: pic, logo, name"). */
export const screenBrand = z.object({
  id: z.number().int(),
  name: text(),
  pic: url().default(''),
  logo: url().default(''),
  /** Sales in the ranking window, the ordering key of the hot list. */
  hot: z.number().default(0),
});
export type ScreenBrand = z.infer<typeof screenBrand>;

/**
 * One of today's launches (spec: sell list "begin, name, ips with title"; sell info "name, price,
 * stock, type (1 draw, else sale), pic"). `state` 1 means it has started: the card then shows
 * 已抽选 (type 1) or 发售中; otherwise it shows `begin`.
 */
export const saleEntry = z.object({
  /** The draw machine's or the kuji's own id: unique only with `activity_type`. */
  id: z.number().int(),
  activity_type: activityType(),
  name: text(),
  begin: text(40),
  state: z.number().int().default(0),
  /** 1 draw (抽选), anything else a sale (发售). */
  type: z.number().int().default(2),
  price: z.number().default(0),
  stock: z.number().int().default(0),
  pic: url().default(''),
  ips: z
    .array(z.object({ id: z.number().int().optional(), title: text() }))
    .max(20)
    .default([]),
});
export type SaleEntry = z.infer<typeof saleEntry>;

/** A row of the lucky-player ranking (spec: "user name, avatar, avatar_frame, amount"). */
export const rankingRow = z.object({
  user_id: z.number().int().optional(),
  name: text(100),
  avatar: url().default(''),
  avatar_frame: url().default(''),
  /** Amount spent in yuan. */
  amount: z.number().default(0),
});
export type RankingRow = z.infer<typeof rankingRow>;

/**
 * Activity message actions (spec "action 1-5"). The screens word them as:
 * 1 drew a style from a draw machine, 2 bought, 3 won a draw (中签), 4 won a prize-box level,
 * 5 reached a VIP level.
 */
export const ActivityAction = { machine: 1, purchase: 2, drawWin: 3, kuji: 4, vip: 5 } as const;

/** One activity message (spec: "id, user, action 1-5, ip_title, active_title, vip_level, ticket_level"). */
export const activityMessage = z.object({
  id: z.number().int(),
  user: z.object({ name: text(100), avatar: url().default('') }),
  action: z.number().int().min(1).max(5),
  ip_title: text().default(''),
  active_title: text().default(''),
  vip_level: z.number().int().default(0),
  /** The prize level label of a prize-box win (A, B, Last, W1…), empty otherwise. */
  ticket_level: text(20).default(''),
  created_at: text(40).default(''),
});
export type ActivityMessage = z.infer<typeof activityMessage>;

/** A person on a lottery screen (spec "users with avatar, avatar_frame, name, phone"). */
export const displayUser = z.object({
  name: text(100),
  avatar: url().default(''),
  avatar_frame: url().optional(),
  /** Shown masked (138****1234). */
  phone: text(30).optional(),
});
export type DisplayUser = z.infer<typeof displayUser>;

export const prizeInfo = z.object({ title: text().default(''), reward_pic: url().default('') });
export type PrizeInfo = z.infer<typeof prizeInfo>;

/** A prize of the current activity (type 2 shows them). */
export const prizeGoods = z.object({
  title: text(),
  pic: url().default(''),
  level: text(20).default(''),
  num: z.number().int().default(1),
});

/**
 * The venue's current activity status (spec 03 §4 "Activity status screen polling").
 * type 2: show the prize goods, poll 1 s; type 3: start the animation with `records`, poll 6 s;
 * type 4: the lucky users, following `state` (0/3 show them, 1/2 wait 3 s first); any other type:
 * nothing to show, poll 1 s.
 */
export const activityStatus = z.object({
  type: z.number().int().default(0),
  active_id: z.number().int().optional(),
  /** What `active_id` numbers: a draw machine (13) or an ichiban-kuji (14). */
  activity_type: activityType(),
  state: z.number().int().default(0),
  info: prizeInfo.optional(),
  goods: z.array(prizeGoods).max(100).default([]),
  records: z.array(displayUser).max(500).default([]),
  lucky_user: z.array(displayUser).max(500).default([]),
});
export type ActivityStatus = z.infer<typeof activityStatus>;

const csvIds = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .max(1000)
  .refine((v) => v.split(',').every((id) => Number(id) <= INT4_MAX));

/**
 * The five calls. Public (no session) and signed like every call; served by the API
 * (api/src/features/screen) and polled by the display hub.
 */
export const screenDataRoutes = {
  sale: defineRoute({
    operationId: 'screen.sale',
    method: 'GET',
    path: '/v1/offline/screen/ip/sale',
    summary: '大屏：今日发售（抽选与发售，按开始时间）',
    access: 'public',
    query: z.object({
      /** The day, `yyyy-MM-dd` in Asia/Shanghai; today when absent. */
      date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .refine(isCalendarTime)
        .optional(),
      /** Only these brands (comma-separated ids); every brand when absent. */
      ip_ids: csvIds.optional(),
    }),
    response: z.object({ list: z.array(saleEntry).max(200) }),
  }),
  hot: defineRoute({
    operationId: 'screen.hot',
    method: 'GET',
    path: '/v1/offline/screen/ip/hot',
    summary: '大屏：热门品牌（按销量）',
    access: 'public',
    query: z.object({ limit: strictNumber().int().min(1).max(18).default(18) }),
    response: z.object({ list: z.array(screenBrand).max(18) }),
  }),
  brands: defineRoute({
    operationId: 'screen.brands',
    method: 'GET',
    path: '/v1/offline/screen/ip/list',
    summary: '大屏：场地品牌（全部启用的品牌，销量高的在前）',
    access: 'public',
    query: z.object({}),
    response: z.object({ list: z.array(screenBrand).max(500) }),
  }),
  user: defineRoute({
    operationId: 'screen.user',
    method: 'GET',
    path: '/v1/offline/screen/user',
    summary: '大屏：欧皇榜（按消费金额）',
    access: 'public',
    query: z.object({ limit: strictNumber().int().min(1).max(7).default(7) }),
    response: z.object({ list: z.array(rankingRow).max(7) }),
  }),
  barrage: defineRoute({
    operationId: 'screen.barrage',
    method: 'GET',
    path: '/v6/offline/barrage',
    summary: '大屏：动态消息（last_id 之后，按 id 升序，每次最多 10 条；last_id 为 0 时给最新 10 条）',
    access: 'public',
    query: z.object({
      last_id: integer().min(0).default(0),
      limit: strictNumber().int().min(1).max(10).default(10),
    }),
    response: z.array(activityMessage).max(10),
  }),
  active: defineRoute({
    operationId: 'screen.active',
    method: 'GET',
    path: '/web/offline/screen/active',
    summary: '大屏：当前活动状态（奖品、开奖记录、中奖用户）',
    access: 'public',
    query: z.object({
      /** A draw machine's id, or a kuji's with activity_type 14; the latest launch when absent. */
      active_id: integer().positive().optional(),
      activity_type: integer()
        .pipe(z.union([z.literal(SCREEN_ACTIVITY.machine), z.literal(SCREEN_ACTIVITY.kuji)]))
        .optional(),
    }),
    response: activityStatus,
  }),
};

export type ScreenDataKey = keyof typeof screenDataRoutes;
export const SCREEN_DATA_KEYS = Object.keys(screenDataRoutes) as ScreenDataKey[];

/** What the hub holds and the screens show: the last good copy of each call. */
export interface ScreenData {
  sale: SaleEntry[];
  hot: ScreenBrand[];
  /** Every brand the venue may show (the operator's choices), not only those with recent sales. */
  brands: ScreenBrand[];
  user: RankingRow[];
  /** The newest activity messages the hub has seen, oldest first (at most 50). */
  barrage: ActivityMessage[];
  active: ActivityStatus;
}

export const emptyScreenData = (): ScreenData => ({
  sale: [],
  hot: [],
  brands: [],
  user: [],
  barrage: [],
  active: activityStatus.parse({}),
});

/** The age of each copy the hub holds. */
export const dataAge = z.object({
  /** Unix ms of the last good answer, null when the hub has never had one. */
  ok_at: z.number().nullable(),
  /** Unix ms of the last attempt. */
  tried_at: z.number().nullable(),
  /** The last failure, cleared by a good answer. */
  error: z.string().nullable(),
});
export type DataAge = z.infer<typeof dataAge>;
