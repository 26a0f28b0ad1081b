import { ACTIVITY_TYPES } from '../constants.js';

/**
 * The states of an order and their tables (spec 02 §4): the times of its life, tran_state and
 * logistics_state, the list's status filter, and the header text, checked in order.
 */

/* ------------------------------------ constants ------------------------------------ */

/** The times of an order's life (spec 02 §4); the API may shorten them by configuration for demos. */
export const ORDER_TIMES = {
  /** A pending order (or a pre-sale deposit) must be paid within this many minutes. */
  payMinutes: 30,
  /** After a pre-sale deposit, the final payment is due within this many hours. */
  finalPayHours: 72,
  /** Receipt is confirmed automatically this many days after the whole order shipped. */
  autoConfirmDays: 10,
  /** The payment channel accepts a refund only this many days after the payment. */
  refundWindowDays: 90,
} as const;

/** A pre-sale deposit is this percent of the amount due (rounded to the fen). */
export const PRESALE_DEPOSIT_PERCENT = 20;

/** Order `type` of the detail and ship routes (spec 02 §2): 2 normal, 1 retrieval. */
export const ORDER_KIND = { retrieval: 1, normal: 2 } as const;

/** tran_state (spec 02 §4). */
export const TRAN_STATE = {
  pending: 1,
  paid: 2,
  timeout: 3,
  refunded: 4,
  cancelled: 5,
  refunding: 6,
  refundFailed: 7,
} as const;

/** logistics_state (spec 02 §4). */
export const LOGISTICS_STATE = {
  awaiting: 0,
  shipped: 1,
  completed: 2,
  storage: 3,
  partlyShipped: 4,
  partlyReceived: 5,
} as const;

/**
 * An order's delivery_status (spec 02 §3, the pickup list's values: 0 not shipped, 1 shipped,
 * 2 received, 4 partly shipped, 5 partly received) from its logistics_state; in storage is 0.
 */
export const deliveryStatusOfOrder = (logisticsState: number): number =>
  ([1, 2, 4, 5] as number[]).includes(logisticsState) ? logisticsState : 0;

/** Activity types whose orders are one box or one prize: never shipped in parts (spec 02 §2 screen 3). */
export const UNSPLITTABLE_TYPES = [13, 14] as const;
/** Activity types whose orders carry a goods name filter (spec 02 §2 screen 1). */
export const GOODS_NAME_TYPES = [13, 14] as const;
/** Activity type of a release sale (the player's purchase of goods). */
export const ACTIVITY_RELEASE_SALE = 5;

export const activityTypeText = (type: number) => ACTIVITY_TYPES.find((t) => t.value === type)?.label ?? String(type);

/** The order list's status filter (spec 02 §4), with the states each value selects (is_close 0). */
export const ORDER_STATUS_FILTER = [
  { value: 1, label: '待付款', tran: [1], logistics: null },
  { value: 2, label: '待发货', tran: [2], logistics: [0, 4] },
  { value: 3, label: '已发货', tran: [2], logistics: [1, 5] },
  { value: 4, label: '已退款', tran: [4, 6, 7], logistics: null },
  { value: 5, label: '已完成', tran: [2], logistics: [2] },
  { value: 6, label: '寄存中', tran: [2], logistics: [3] },
] as const;

/* ------------------------------------ header text ------------------------------------ */

/** What the header text reads from an order. */
export interface OrderHeaderInput {
  is_close: number;
  tran_state: number;
  logistics_state: number;
  /** Seconds left to pay (pending payment). */
  surplus_time: number;
  /** Yuan paid as a pre-sale deposit (0 when none). */
  deposit_pay_price: number;
}

/** Seconds as 1天2小时3分4秒 (leading zero parts left out). */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const parts: [number, string][] = [
    [Math.floor(s / 86400), '天'],
    [Math.floor((s % 86400) / 3600), '小时'],
    [Math.floor((s % 3600) / 60), '分'],
    [s % 60, '秒'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  return first < 0
    ? '0秒'
    : parts
        .slice(first)
        .map(([n, u]) => `${n}${u}`)
        .join('');
}

interface HeaderRule {
  when: (o: OrderHeaderInput) => boolean;
  text: (o: OrderHeaderInput) => string;
}

const paidWith = (logistics: number, text: string): HeaderRule => ({
  when: (o) => o.tran_state === 2 && o.logistics_state === logistics,
  text: () => text,
});

/**
 * Spec 02 §4 "Normal order header text", checked in this order; the first rule that holds gives
 * the text, the last is the fallback (payment timeout).
 */
export const ORDER_HEADER_RULES: readonly HeaderRule[] = [
  { when: (o) => o.is_close === 1, text: () => '已关闭' },
  {
    when: (o) => o.tran_state === 1,
    text: (o) => `${o.deposit_pay_price > 0 ? '待付尾款' : '待付款'}，剩余${formatRemaining(o.surplus_time)}`,
  },
  { when: (o) => o.tran_state === 5, text: () => '已取消' },
  { when: (o) => o.tran_state === 3, text: (o) => (o.deposit_pay_price > 0 ? '尾款支付超时' : '支付超时') },
  paidWith(0, '待发货'),
  paidWith(1, '已发货，待收货'),
  paidWith(2, '已完成'),
  paidWith(3, '寄存中'),
  paidWith(4, '部分发货'),
  paidWith(5, '部分收货'),
  { when: (o) => o.tran_state === 4 && o.logistics_state === 0, text: () => '待发货，买家已退款' },
  { when: (o) => o.tran_state === 4, text: () => '已退款' },
  { when: (o) => o.tran_state === 6, text: () => '退款中' },
  { when: (o) => o.tran_state === 7, text: () => '退款失败' },
  { when: () => true, text: () => '支付超时' },
];

export function orderHeaderText(o: OrderHeaderInput): string {
  const rule = ORDER_HEADER_RULES.find((r) => r.when(o))!;
  return rule.text(o);
}

/** Whether the merchant's refund, close, remark and ship buttons show (spec 02 §2 screen 2, §6). */
export const orderActionsShown = (kind: number, activityType: number) =>
  kind === ORDER_KIND.normal && activityType !== 13;
