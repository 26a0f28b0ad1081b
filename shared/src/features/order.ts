import { z } from 'zod';
import { ACTIVITY_TYPES } from '../constants.js';
import { datetime, id, integer, isCalendarTime, limit, optionalId, page, sort, strictNumber, yuan } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { withRules } from '../rules.js';
import { exportStarted } from './gacha.js';
import { GOODS_NAME_TYPES, ORDER_STATUS_FILTER } from './order-states.js';
import { pickupImportPreview } from './pickup.js';
import { shipFields, shipRules } from './shipment.js';

const m = messages.order;

export * from './order-states.js';

/* --------------------------------------- wire --------------------------------------- */

export const orderGoods = z.object({
  /** The order item's id (what partial shipping selects). */
  id: z.number().int(),
  goods_id: z.number().int().nullable(),
  goods_pic: z.string(),
  goods_title: z.string(),
  nums: z.number().int(),
  /** The shipment that covers the item; null while unshipped. */
  shipment_id: z.number().int().nullable(),
});
export type OrderGoods = z.infer<typeof orderGoods>;

export const childOrder = z.object({
  id: z.number().int(),
  express: z.string(),
  express_company: z.string(),
  update_at: datetime(),
  goods: z.array(z.object({ id: z.number().int(), goods_title: z.string(), nums: z.number().int() })),
});

export const order = z.object({
  id: z.number().int(),
  order_sn: z.string(),
  ip_id: z.number().int(),
  /** Activity type (spec 02 §4). */
  type: z.number().int(),
  type_text: z.string(),
  active_id: z.number().int(),
  active_title: z.string(),
  active_pic: z.string(),
  buy_num: z.number().int(),
  is_close: z.number().int(),
  tran_state: z.number().int(),
  logistics_state: z.number().int(),
  /** 0 not shipped, 1 shipped, 2 received, 4 partly shipped, 5 partly received (deliveryStatusOfOrder). */
  delivery_status: z.number().int(),
  /** Seconds left to pay (the deposit, the whole order or the final payment); 0 otherwise. */
  surplus_time: z.number().int(),
  /** The header text of spec 02 §4. */
  state_text: z.string(),
  /** When receipt is confirmed automatically (while shipped), else ''. */
  confirm_time: z.string(),
  /** Seconds until that confirmation; 0 when none. */
  confirm_surplus_time: z.number().int(),
  is_pre_sale: z.number().int(),
  price: yuan(),
  points: yuan(),
  logistics_fee: yuan(),
  real_shop_discount_price: yuan(),
  receivable_price: yuan(),
  received_price: yuan(),
  deposit_pay_price: yuan(),
  total_pay_price: yuan(),
  /** The final payment's deadline (pre-sale, deposit paid), else ''. */
  final_pay_end: z.string(),
  refund_amount: yuan(),
  refund_reason: z.string(),
  remark: z.string(),
  public_remark: z.string(),
  private_remark: z.string(),
  pay_time: z.string(),
  created_at: datetime(),
  logistics_send_at: z.string(),
  username: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  user_info: z.object({ id: z.number().int(), name: z.string(), avatar: z.string() }),
  goods_object: z.object({ title: z.string() }),
  /** Each line's title and quantity (spec 02 §3 more_goods_object). */
  more_goods_object: z.array(z.object({ goods_title: z.string(), goods_num: z.number().int() })),
  goods: z.array(orderGoods),
  /** Each line as spec 02 §3 `details` reads it: nums and the goods' picture and title. */
  details: z.array(
    z.object({ nums: z.number().int(), goods: z.object({ goods_pic: z.string(), goods_title: z.string() }) }),
  ),
  /** Goods not shipped yet. */
  dont_send: z.array(z.object({ id: z.number().int(), title: z.string(), pic: z.string(), buy_num: z.number().int() })),
  /** The latest shipment and every shipment as child orders; null before the first. */
  expre: z
    .object({
      express: z.string(),
      express_company: z.string(),
      update_at: datetime(),
      child_order: z.array(childOrder),
    })
    .nullable(),
  /** Whether the order may be shipped in parts. */
  splittable: z.number().int(),
  /** The platform's logistics record of the order: its latest tracking number and courier ('' before shipping). */
  platform_express: z.string(),
  platform_express_company: z.string(),
  /** The brand the platform files the order under (the order's ip_id). */
  platform_ip_id: z.number().int(),
  /** The virtual goods the order delivers; 0: every order here carries physical goods. */
  virtual_goods_id: z.number().int(),
});
export type Order = z.infer<typeof order>;

/* ------------------------------------- requests ------------------------------------- */

const optionalInt = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), integer().optional());
const optionalText = (max = 100) => z.string().trim().max(max).optional();
const dateTimeText = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '时间格式应为 yyyy-MM-dd HH:mm:ss')
  .refine(isCalendarTime, '时间格式应为 yyyy-MM-dd HH:mm:ss');

/** A date alone reads as the start (00:00:00) or the end (23:59:59) of that day (spec 02 §9). */
export const dayBound = (value: string, end: boolean) =>
  value.length === 10 ? `${value} ${end ? '23:59:59' : '00:00:00'}` : value.length === 16 ? `${value}:00` : value;

/** The order list's filters (spec 02 §7). goods_name applies only to activity types 13 and 14. */
export const orderFilters = z.object({
  ip_id: optionalId(),
  active_type: optionalInt().refine(
    (v) => v === undefined || ACTIVITY_TYPES.some((t) => t.value === v),
    '活动类型不正确',
  ),
  state: optionalInt().refine(
    (v) => v === undefined || ORDER_STATUS_FILTER.some((s) => s.value === v),
    '订单状态不正确',
  ),
  active_name: optionalText(),
  order_code: optionalText(),
  keyword: optionalText(),
  goods_name: optionalText(),
  begin_at: z.preprocess((v) => (v === '' ? undefined : v), dateTimeText.optional()),
  end_at: z.preprocess((v) => (v === '' ? undefined : v), dateTimeText.optional()),
});
export type OrderFilterValues = z.output<typeof orderFilters>;

/**
 * The filters as the list applies them: goods_name only for activity types 13 and 14, a date alone
 * widened to 00:00:00 / 23:59:59.
 */
export function resolveOrderFilters(f: OrderFilterValues): OrderFilterValues {
  return {
    ...f,
    goods_name:
      f.active_type !== undefined && (GOODS_NAME_TYPES as readonly number[]).includes(f.active_type)
        ? f.goods_name
        : undefined,
    begin_at: f.begin_at ? dayBound(f.begin_at, false) : undefined,
    end_at: f.end_at ? dayBound(f.end_at, true) : undefined,
  };
}
export type OrderFilters = z.input<typeof orderFilters>;

/** Spec 02 §5 "Ship form" (shipment.ts): the API's words, the list dialog's, the ship page's. */
export const expressRules = shipRules('api');
export const expressDialogRules = shipRules('dialog');
export const orderShipPageRules = shipRules('page');
const expressFields = shipFields;

export const orderExpressBody = withRules(z.object({ order_id: id(), ...expressFields }), expressRules);
export const orderShipBody = withRules(
  z.object({
    platform: z.union([z.string(), z.number()]).optional(),
    ip_id: optionalId(),
    order_sn: z.string().trim().min(1).max(64),
    ...expressFields,
    /** The order items to ship (partial shipping); all unshipped items when omitted. */
    item_ids: z.array(id()).max(500).optional(),
  }),
  expressRules,
);

/** The console's forms: the same fields under the dialog's and the page's words. */
export const orderExpressDialogForm = withRules(z.object({ order_id: id(), ...expressFields }), expressDialogRules);
export const orderShipPageForm = withRules(
  z.object({ order_sn: z.string(), ...expressFields, item_ids: z.array(id()).max(500).optional() }),
  orderShipPageRules,
);

export const orderRemarkBody = z.object({
  order_id: id(),
  public_remark: z.string().trim().max(500).default(''),
  private_remark: z.string().trim().max(500).default(''),
});

export const orderRefundBody = z.object({
  order_id: id(),
  refund_amount: z.preprocess((v) => (v === '' ? undefined : v), strictNumber({ message: m.refundAmountRequired })),
});

/* -------------------------------------- routes -------------------------------------- */

const merchant = { access: 'box_admin', perId: PER_ID.box } as const;
const orderImportBody = z.object({ url: z.string().trim().min(1).max(2000) });

export const orderRoutes = {
  list: defineRoute({
    operationId: 'order.list',
    method: 'GET',
    path: '/web/helper/web/order/list',
    summary: '订单列表（所有活动类型）',
    ...merchant,
    brand: 'ip_id',
    query: orderFilters.extend({ page: page(), limit: limit(10), sort: sort(['pay_time', 'amount']) }),
    response: z.object({
      list: z.array(order),
      pagination: z.object({ page: z.number().int(), limit: z.number().int(), total_rows: z.number().int() }),
    }),
  }),
  detail: defineRoute({
    operationId: 'order.detail',
    method: 'POST',
    path: '/web/helper/web/order/detail',
    summary: '订单详情（type 2 普通订单）',
    ...merchant,
    body: z.object({ order_sn: z.string().trim().min(1).max(64), type: strictNumber().int().pipe(z.literal(2)) }),
    response: order,
  }),
  close: defineRoute({
    operationId: 'order.close',
    method: 'POST',
    path: '/web/helper/web/order/close',
    summary: '关闭订单（未支付、已超时、已取消、已退款或退款失败的订单）',
    entity: { field: 'order_id', of: 'order' },
    ...merchant,
    body: z.object({ order_id: id() }),
    response: order,
  }),
  remark: defineRoute({
    operationId: 'order.remark',
    method: 'POST',
    path: '/web/helper/web/order/remark',
    summary: '订单备注（公开备注与私密备注）',
    entity: { field: 'order_id', of: 'order' },
    ...merchant,
    body: orderRemarkBody,
    response: order,
  }),
  refund: defineRoute({
    operationId: 'order.refund',
    method: 'POST',
    path: '/web/helper/web/order/refund',
    summary: '退款（金额等于实收金额）：订单进入退款中，由支付渠道完成或拒绝',
    entity: { field: 'order_id', of: 'order' },
    ...merchant,
    body: orderRefundBody,
    response: order,
  }),
  export: defineRoute({
    operationId: 'order.export',
    method: 'POST',
    path: '/web/helper/web/order/export',
    summary: '导出订单：少量时直接给 url，否则返回 job_id，用 job.status 跟进',
    ...merchant,
    brand: 'ip_id',
    body: orderFilters,
    response: exportStarted,
  }),
  /** Order xlsx import (spec 02 §6 "Order xlsx import: path not shown; file"): the shipping sheet. */
  import: defineRoute({
    operationId: 'order.import',
    method: 'POST',
    path: '/web/helper/web/order/import',
    summary:
      '导入发货（预检）：表格含订单号、物流公司、物流单号（即导出的订单表），回答将发货的单数与每一行错误，不写入',
    ...merchant,
    body: orderImportBody,
    response: pickupImportPreview,
  }),
  importConfirm: defineRoute({
    operationId: 'order.importConfirm',
    method: 'POST',
    path: '/web/helper/web/order/import/confirm',
    summary: '确认导入发货：整个文件在一个事务中发货（每单未发货的全部商品），有任何错误则不写入',
    ...merchant,
    body: orderImportBody,
    response: z.object({ ship_num: z.number().int() }),
  }),
  ship: defineRoute({
    operationId: 'order.ship',
    method: 'POST',
    path: '/web/helper/web/order/send',
    summary: '发货（发货页）：可选择部分商品拆分发货',
    ...merchant,
    brand: 'ip_id',
    body: orderShipBody,
    response: order,
  }),
  express: defineRoute({
    operationId: 'order.express',
    method: 'POST',
    path: '/web/helper/web/order/express',
    summary: '发货（订单列表的发货弹窗）：发出全部未发货商品',
    entity: { field: 'order_id', of: 'order' },
    ...merchant,
    body: orderExpressBody,
    response: order,
  }),
};

/* ----------------------------------- player side ----------------------------------- */

const receiver = {
  username: z.string().trim().min(1, m.receiverRequired).max(50),
  phone: z.string().trim().min(1, m.receiverRequired).max(30),
  province: z.string().trim().max(30).default(''),
  city: z.string().trim().max(30).default(''),
  area: z.string().trim().max(30).default(''),
  address: z.string().trim().min(1, m.receiverRequired).max(200),
};

export const playerOrder = order.omit({ private_remark: true });
export type PlayerOrder = z.infer<typeof playerOrder>;

const playerOrderSn = z.object({ order_sn: z.string().trim().min(1).max(64) });

export const playerOrderRoutes = {
  orderBuy: defineRoute({
    operationId: 'player.orderBuy',
    method: 'POST',
    path: '/player/order/buy',
    summary: '购买同一品牌的商品（发售，活动类型5）：生成待付款订单；pre_sale 为 1 时先付定金',
    access: 'public',
    body: z.object({
      /** One or more goods of one brand, each with its quantity. */
      items: z
        .array(
          z.object({
            goods_id: id(),
            buy_num: strictNumber({ message: m.buyNumRequired }).int().min(1, m.buyNumRequired).max(99),
          }),
        )
        .min(1, m.buyNumRequired)
        .max(20),
      pre_sale: strictNumber().int().min(0).max(1).default(0),
      remark: z.string().trim().max(200).default(''),
      /** One of the player's claimed coupons (player.coupons → mine[].id): its discount is borne by the merchant. */
      coupon_id: optionalId(),
      ...receiver,
    }),
    response: playerOrder,
  }),
  orderPay: defineRoute({
    operationId: 'player.orderPay',
    method: 'POST',
    path: '/player/order/pay',
    summary: '支付（预售订单：先付定金，再付尾款）',
    access: 'public',
    body: playerOrderSn,
    response: playerOrder,
  }),
  orderCancel: defineRoute({
    operationId: 'player.orderCancel',
    method: 'POST',
    path: '/player/order/cancel',
    summary: '取消待付款订单（库存退回）',
    access: 'public',
    body: playerOrderSn,
    response: playerOrder,
  }),
  orderConfirm: defineRoute({
    operationId: 'player.orderConfirm',
    method: 'POST',
    path: '/player/order/confirm',
    summary: '确认收货（已发货的商品）',
    access: 'public',
    body: playerOrderSn,
    response: playerOrder,
  }),
  orderList: defineRoute({
    operationId: 'player.orderList',
    method: 'GET',
    path: '/player/order/list',
    summary: '我的订单',
    access: 'public',
    query: z.object({ page: page(), limit: limit(10, 100) }),
    response: z.object({ list: z.array(playerOrder), total_rows: z.number().int() }),
  }),
};
