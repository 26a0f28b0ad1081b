import { z } from 'zod';
import { optionalId, wholeNumber, yuan } from '../fields.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';

/**
 * The home dashboard (issue 18): one call per role, every figure computed from the records when
 * asked. Days are Asia/Shanghai days, dates `yyyy-MM-dd`, times `yyyy-MM-dd HH:mm:ss`, amounts in
 * yuan (two decimals). Each figure carries the list that shows its rows: the page's menu `url`
 * (shared/src/menu.ts) and the query that list's filters take.
 */

/* --------------------------------------- wire --------------------------------------- */

/** How many days the trend charts cover (today included). */
export const DASHBOARD_TREND_DAYS = 30;
/** A draw machine or kuji with less than this percent of its boxes left is an alert. */
export const DASHBOARD_LOW_BOXES_PERCENT = 10;
/** Stock-limited goods with at most this many left are low on stock. */
export const DASHBOARD_LOW_STOCK = 10;
/** A coupon ending within this many days, or with this percent of its total claimed, is nearing its end. */
export const DASHBOARD_COUPON_ENDING_DAYS = 3;
export const DASHBOARD_COUPON_ISSUED_PERCENT = 90;
/** How many rows an alert or a ranking lists at most (its `count` is the full number). */
export const DASHBOARD_LIST_MAX = 10;
/** The merchant's dashboard lists the platform review's decisions of this many days. */
export const DASHBOARD_REVIEW_DAYS = 7;
/** How often the page asks again while open. */
export const DASHBOARD_REFRESH_SECONDS = 30;

/** Where a figure's rows are listed: a page of the menu (its `url`) and that list's query. */
export const dashboardLink = z.object({
  page: z.string(),
  query: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type DashboardLink = z.infer<typeof dashboardLink>;

/** A count with the list of its rows. */
export const countFigure = z.object({ count: z.number().int(), link: dashboardLink });
export type CountFigure = z.infer<typeof countFigure>;

/** An amount in yuan with the list of its rows. */
export const amountFigure = z.object({ amount: yuan(), link: dashboardLink });
export type AmountFigure = z.infer<typeof amountFigure>;

/** Today against yesterday (both whole Asia/Shanghai days; today up to now). */
export const dayComparison = z.object({
  today: z.number(),
  yesterday: z.number(),
  link: dashboardLink,
});
export type DayComparison = z.infer<typeof dayComparison>;

/** An activity type (spec 02 §4: 13 抽盒机, 14 一番赏, …) with its label. */
export const activityType = z.object({ type: z.number().int(), type_text: z.string() });

/** One day of the sales trend: the total and the amount of each type of `types`, in that order. */
export const salesDay = z.object({
  date: z.string(),
  amount: yuan(),
  by_type: z.array(yuan()),
});

/** A draw machine or kuji sold out or with few boxes left. */
export const boxAlert = z.object({
  kind: z.enum(['draw_machine', 'kuji']),
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  /** Boxes (draw machine) or tickets (kuji) left and in all. */
  left: z.number().int(),
  total: z.number().int(),
  sold_out: z.boolean(),
  link: dashboardLink,
});
export type BoxAlert = z.infer<typeof boxAlert>;

/** Goods (stock-limited, stock ≤ DASHBOARD_LOW_STOCK) or gacha goods low on stock. */
export const stockAlert = z.object({
  kind: z.enum(['goods', 'gacha']),
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  stock: z.number().int(),
  link: dashboardLink,
});
export type StockAlert = z.infer<typeof stockAlert>;

/** The top series of the week (Monday 00:00 to now) by paid amount. */
export const topSeries = z.object({
  kind: z.enum(['draw_machine', 'kuji']),
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  amount: yuan(),
  orders: z.number().int(),
  link: dashboardLink,
});
export type TopSeries = z.infer<typeof topSeries>;

/** The merchant's view (box_admin, per_id 14). */
/** A decision of the platform review on one of the merchant's submissions. */
export const reviewDecision = z.object({
  kind: z.enum(['record', 'kuji', 'toy', 'moment', 'skin']),
  /** What was reviewed: 盲盒备案, 一番赏, 欧气精灵/场景, 精彩时刻 or 装扮. */
  label: z.string(),
  title: z.string(),
  result: z.enum(['approved', 'rejected']),
  /** 已通过 or 已驳回. */
  result_text: z.string(),
  /** The reviewer's reason ('' when none). */
  reason: z.string(),
  decided_at: z.string(),
  /** The merchant's list, filtered to the item. */
  link: dashboardLink,
});
export type ReviewDecision = z.infer<typeof reviewDecision>;

export const merchantDashboard = z.object({
  /** When the figures were computed. */
  updated_at: z.string(),
  today: z.object({
    /** Paid amount of today's orders (yuan). */
    sales: dayComparison,
    /** Orders paid today. */
    orders: dayComparison,
    /** Draws today (draw-machine boxes and kuji tickets drawn). */
    draws: dayComparison,
  }),
  settlement: z.object({
    /** Amount of paid orders not settled yet (draw machines and kujis). */
    pending: amountFigure,
    /** Amount settled. */
    settled: amountFigure,
  }),
  trend: z.object({
    /** The series of the chart, in the order of each day's `by_type`. */
    types: z.array(activityType),
    /** DASHBOARD_TREND_DAYS days, oldest first, today last. */
    days: z.array(salesDay),
  }),
  work: z.object({
    /** Paid orders waiting to be shipped (order state 待发货). */
    orders_to_ship: countFigure,
    /** Pickups with ship status 0 (awaiting) or 4 (partly shipped). */
    pickups_to_ship: countFigure,
    /** Refunds requested and not done (refunding or refund failed). */
    refunds: countFigure,
    /** Items players keep in storage (寄存中). */
    stored: countFigure,
  }),
  alerts: z.object({
    boxes: z.object({ count: z.number().int(), list: z.array(boxAlert) }),
    stock: z.object({ count: z.number().int(), list: z.array(stockAlert) }),
    /** Blind-box records rejected by the reviewer. */
    records_rejected: countFigure,
    /** Kujis submitted (发布) and waiting for the platform review. */
    releases_pending: countFigure,
  }),
  top_series: z.array(topSeries),
  /** The review's decisions of the last DASHBOARD_REVIEW_DAYS days, newest first (at most DASHBOARD_LIST_MAX). */
  reviews: z.array(reviewDecision),
});
export type MerchantDashboard = z.infer<typeof merchantDashboard>;

/** A coupon ending within DASHBOARD_COUPON_ENDING_DAYS days or claimed to ≥ DASHBOARD_COUPON_ISSUED_PERCENT %. */
export const couponAlert = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  end_time: z.string(),
  /** Claimed so far and the coupon's total. */
  claimed: z.number().int(),
  total: z.number().int(),
  reason: z.enum(['ending', 'issued']),
  link: dashboardLink,
});
export type CouponAlert = z.infer<typeof couponAlert>;

/** The coupon manager's view (coupon_admin, per_id 15). */
export const couponDashboard = z.object({
  updated_at: z.string(),
  /** Coupons whose claim period includes now. */
  in_progress: countFigure,
  claimed_today: dayComparison,
  used_today: dayComparison,
  nearing: z.object({ count: z.number().int(), list: z.array(couponAlert) }),
  /** DASHBOARD_TREND_DAYS days, oldest first. */
  trend: z.array(z.object({ date: z.string(), claimed: z.number().int(), used: z.number().int() })),
});
export type CouponDashboard = z.infer<typeof couponDashboard>;

/** The kinds of the review queue, in the order of the review page's tabs. */
export const REVIEW_KINDS = [
  { kind: 'record', label: '盲盒备案' },
  { kind: 'kuji', label: '一番赏' },
  { kind: 'toy', label: '欧气精灵/场景' },
  { kind: 'moment', label: '精彩时刻' },
  { kind: 'skin', label: '装扮' },
] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number]['kind'];

export const reviewQueueRow = z.object({
  kind: z.enum(['record', 'kuji', 'toy', 'moment', 'skin']),
  label: z.string(),
  /** Items waiting for review. */
  count: z.number().int(),
  /** When the oldest waiting item was submitted, '' when none. */
  oldest_at: z.string(),
  /** Seconds it has waited, 0 when none. */
  oldest_wait_seconds: z.number().int(),
  link: dashboardLink,
});
export type ReviewQueueRow = z.infer<typeof reviewQueueRow>;

/** The platform reviewer's view. */
export const reviewDashboard = z.object({
  updated_at: z.string(),
  /** One row per kind, in REVIEW_KINDS order. */
  queue: z.array(reviewQueueRow),
});
export type ReviewDashboard = z.infer<typeof reviewDashboard>;

/* ------------------------------------- requests ------------------------------------- */

/** The brand filter at the top: absent means every brand the account holds for the view's per_id. */
export const dashboardQuery = z.object({ ip_id: optionalId() });

/**
 * The review's decisions the merchant has not looked at: those after `since` (seconds since 1970,
 * the console's record of the merchant's last look at the dashboard), within DASHBOARD_REVIEW_DAYS.
 */
export const reviewNewsQuery = z.object({ since: wholeNumber().min(0).default(0) });
export const reviewNews = z.object({
  /** Decisions after `since` on all the merchant's brands. */
  count: z.number().int(),
  /** When the newest of them was made (seconds since 1970), 0 when none. */
  latest: z.number().int(),
});
export type ReviewNews = z.infer<typeof reviewNews>;

/** How often the console asks for news of the review (the menu badge), in seconds. */
export const REVIEW_NEWS_SECONDS = 60;

/* -------------------------------------- routes -------------------------------------- */

export const dashboardRoutes = {
  get: defineRoute({
    operationId: 'dashboard.get',
    method: 'GET',
    path: '/web/helper/dashboard/index',
    summary: '首页看板：商家（今日销售、待办、预警、趋势）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: dashboardQuery,
    response: merchantDashboard,
  }),
  coupon: defineRoute({
    operationId: 'dashboard.coupon',
    method: 'GET',
    path: '/web/helper/dashboard/coupon',
    summary: '首页看板：优惠券（进行中、今日领取与使用、即将结束、趋势）',
    access: 'coupon_admin',
    perId: PER_ID.coupon,
    brand: 'ip_id',
    query: dashboardQuery,
    response: couponDashboard,
  }),
  reviewNews: defineRoute({
    operationId: 'dashboard.reviewNews',
    method: 'GET',
    path: '/web/helper/dashboard/review-news',
    summary: '审核结果提醒：某时刻之后的审核结果条数（菜单角标）',
    access: 'box_admin',
    perId: PER_ID.box,
    query: reviewNewsQuery,
    response: reviewNews,
  }),
  review: defineRoute({
    operationId: 'dashboard.review',
    method: 'GET',
    path: '/web/helper/dashboard/review',
    summary: '首页看板：审核队列（按类型，最早等待时间）',
    access: 'reviewer',
    response: reviewDashboard,
  }),
} as const;
