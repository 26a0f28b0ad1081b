import { z } from 'zod';
import {
  datetime,
  id,
  isCalendarTime,
  limit,
  optionalId,
  optionalSmallint,
  page,
  pagination,
  sort,
  strictNumber,
  yuan,
} from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { FREIGHT_CURRENCY_CODES } from './freight.js';
import { exportStarted, importError } from './gacha.js';
import { PLAYER_TOKEN_HEADER } from './player.js';
import { shipFields, shipRules } from './shipment.js';

const m = messages.pickup;

/**
 * Pickups (提货单, retrieval orders: type 1 on the order detail and ship pages), spec 02 §2 screen 5,
 * §3 "Pickup order", §4 delivery_status, §5 ship form and bulk shipping import.
 */

/** Spec 02 §4 pickup delivery_status, in display order. */
export const DELIVERY_STATUSES = [
  { value: 0, label: '未发货' },
  { value: 1, label: '已发货' },
  { value: 2, label: '已收货' },
  { value: 4, label: '部分发货' },
  { value: 5, label: '部分收货' },
] as const;
export const deliveryStatusText = (status: number) => DELIVERY_STATUSES.find((s) => s.value === status)?.label ?? '-';
/** The ship action is offered for these only (spec 02 §4); every ship call checks the same list. */
export const SHIPPABLE_STATUSES: readonly number[] = [0, 4];
export const canShip = (status: number) => SHIPPABLE_STATUSES.includes(status);
/** The list's delivery-status filter (spec 02 §2 screen 5): all, 0, 1, 2. */
export const DELIVERY_FILTER = [
  { value: '', label: '全部' },
  { value: '0', label: '未发货' },
  { value: '1', label: '已发货' },
  { value: '2', label: '已收货' },
] as const;

/**
 * What the player's confirmation of receipt does (spec 02 §4): a whole shipment received (1 → 2),
 * or what has been shipped of a partly shipped pickup (4 → 5). Other states cannot confirm.
 */
export const RECEIPT_TRANSITIONS: readonly { from: number; to: number }[] = [
  { from: 1, to: 2 },
  { from: 4, to: 5 },
];

/** Type filter (spec 02 §2 screens 4 and 5): 0 all, 1 draw-box machine, 2 ichiban-kuji. */
export const ORDER_KINDS = [
  { value: 0, label: '全部' },
  { value: 1, label: '抽盒机' },
  { value: 2, label: '一番赏' },
] as const;

/** The ship form's rules in the API's, the list dialog's and the ship page's words (shipment.ts). */
export const pickupShipRules = shipRules('api');
const orderSn = z.string().trim().min(1, m.orderMissing).max(64);
/** The list's ship dialog and the ship page: the same fields, their own words. */
export const pickupShip = withRules(z.object({ order_sn: orderSn, ...shipFields }), pickupShipRules);
export const retrievalShipMore = withRules(
  z.object({ order_sn: orderSn, child_ids: z.array(id()).max(500).default([]), ...shipFields }),
  pickupShipRules,
);

export const pickupGoods = z.object({
  id: z.number().int(),
  template_title: z.string(),
  goods_title: z.string(),
  goods_pic: z.string(),
  nums: z.number().int(),
  /** Deposit state of the item (spec 02 §4). */
  state: z.number().int(),
});
export const shipment = z.object({
  id: z.number().int(),
  express_company: z.string(),
  express: z.string(),
  created_at: datetime(),
  goods_ids: z.array(z.number().int()),
});

export const pickupOrder = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  order_sn: z.string(),
  active_order_sn: z.string(),
  bussiness_type: z.number().int(),
  goods: z.array(pickupGoods),
  goods_nums: z.number().int(),
  delivery_status: z.number().int(),
  delivery_status_text: z.string(),
  /** Freight in the main unit of `currency`: yuan at home, US dollars or baht overseas (0 free shipping). */
  deposit: yuan(),
  currency: z.enum(FREIGHT_CURRENCY_CODES),
  /** An overseas pickup's destination (a freight country), '' at home. */
  country: z.string(),
  country_text: z.string(),
  express_company: z.string(),
  express: z.string(),
  created_at: datetime(),
  nickname: z.string(),
  username: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
});
export type PickupOrder = z.infer<typeof pickupOrder>;
export const retrievalInfo = pickupOrder.extend({ shipments: z.array(shipment) });
export type RetrievalInfo = z.infer<typeof retrievalInfo>;

const optionalText = () => z.string().trim().max(100).optional();
const TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
/** A `yyyy-MM-dd HH:mm:ss` bound of a time range (empty: none). */
export const timeFilter = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .refine((t) => TIME.test(t) && isCalendarTime(t), '时间格式应为 yyyy-MM-dd HH:mm:ss')
      .optional(),
  );

/** The pickup list's filters (spec 02 §7 "Pickup list"). `state` is the deposit state of its items. */
export const pickupFilters = z.object({
  ip_id: optionalId(),
  temp_title: optionalText(),
  state: optionalSmallint(),
  goods_title: optionalText(),
  user_keyword: optionalText(),
  begin_at: timeFilter(),
  end_at: timeFilter(),
  delivery_status: optionalSmallint(),
  /** 1: only pickups the ship action is offered for (SHIPPABLE_STATUSES), the dashboard's 待发货提货. */
  to_ship: strictNumber().int().min(0).max(1).catch(0).default(0),
  type: strictNumber().int().min(0).max(2).catch(0).default(0),
});
export type PickupFilters = z.input<typeof pickupFilters>;
export type PickupFilterValues = z.output<typeof pickupFilters>;

/** One row of a shipping sheet, with what the server found for its order number. */
export interface ImportRowCheck {
  order_sn: string;
  express_company: string;
  express: string;
  /** An order of the caller's brands. */
  known: boolean;
  /** Its first row in the file. */
  first: boolean;
  shippable: boolean;
  /** Why the order cannot ship, when that depends on its state (a normal order's); else notShippable. */
  blocked?: string;
}
/** The checks of one shipping-sheet row, in order; the column each message is reported under. */
export const importRowRules = ruleTable<ImportRowCheck>([
  { field: 'order_sn', message: m.orderMissing, ok: (v) => is.filled(v.order_sn) && v.known === true },
  { field: 'order_sn', message: m.importDuplicate, ok: (v) => v.first === true },
  {
    field: 'order_sn',
    message: m.notShippable,
    ok: (v) => v.shippable === true,
    detail: (v) => v.blocked ?? m.notShippable,
  },
  { field: 'express_company', message: messages.shipment.companyRequired, ok: (v) => is.filled(v.express_company) },
  { field: 'express', message: messages.shipment.expressRequired, ok: (v) => is.filled(v.express) },
]);
export const IMPORT_COLUMN_OF: Record<keyof ImportRowCheck & string, string> = {
  order_sn: '订单号',
  express_company: '物流公司',
  express: '物流单号',
  known: '订单号',
  first: '订单号',
  shippable: '订单号',
  blocked: '订单号',
};

export const pickupImportPreview = z.object({
  total_num: z.number().int(),
  ship_num: z.number().int(),
  error_num: z.number().int(),
  errors: z.array(importError),
  error_url: z.string().nullable(),
});
export type PickupImportPreview = z.infer<typeof pickupImportPreview>;
const importBody = z.object({ url: z.string().trim().min(1).max(2000) });

const merchant = { access: 'box_admin', perId: PER_ID.box } as const;

export const pickupRoutes = {
  list: defineRoute({
    operationId: 'pickup.list',
    method: 'GET',
    path: '/web/goods/box/back/list',
    summary: '提货（发货）订单列表',
    ...merchant,
    brand: 'ip_id',
    query: pickupFilters.extend({ page: page(), limit: limit(10), sort: sort(['created_at']) }),
    response: z.object({ list: z.array(pickupOrder), pagination }),
  }),
  export: defineRoute({
    operationId: 'pickup.export',
    method: 'POST',
    path: '/web/goods/box/back/export',
    summary: '导出发货单（筛选同列表）：少量时直接给 url，否则返回 job_id，用 job.status 跟进',
    ...merchant,
    brand: 'ip_id',
    body: pickupFilters,
    response: exportStarted,
  }),
  import: defineRoute({
    operationId: 'pickup.import',
    method: 'POST',
    path: '/web/goods/box/back/import',
    summary: '导入发货单（预检）：将发货的单数与每一行错误，不写入',
    ...merchant,
    body: importBody,
    response: pickupImportPreview,
  }),
  importConfirm: defineRoute({
    operationId: 'pickup.importConfirm',
    method: 'POST',
    path: '/web/goods/box/back/import/confirm',
    summary: '确认导入发货单：整个文件在一个事务中发货，有任何错误则不写入',
    ...merchant,
    body: importBody,
    response: z.object({ ship_num: z.number().int() }),
  }),
  ship: defineRoute({
    operationId: 'pickup.ship',
    method: 'POST',
    path: '/web/goods/box/back/send',
    summary: '提货单发货（全部未发货商品）',
    ...merchant,
    body: pickupShip,
    response: z.object({ delivery_status: z.number().int() }),
  }),
};

/** The retrieval order's detail and ship calls (operationIds of the order domain). */
export const retrievalRoutes = {
  backInfo: defineRoute({
    operationId: 'order.backInfo',
    method: 'GET',
    path: '/web/goods/box/get/back/info',
    summary: '取回订单详情（id 为行 id 或订单号）',
    ...merchant,
    query: z.object({ id: z.string().trim().min(1).max(64) }),
    response: z.object({ info: retrievalInfo }),
  }),
  shipMore: defineRoute({
    operationId: 'order.shipMore',
    method: 'POST',
    path: '/web/goods/box/back/send/more',
    summary: '取回订单部分发货（所选商品）',
    ...merchant,
    body: retrievalShipMore,
    response: z.object({ delivery_status: z.number().int() }),
  }),
  shipGood: defineRoute({
    operationId: 'order.shipGood',
    method: 'POST',
    path: '/web/goods/box/back/send/good',
    summary: '取回订单全部发货',
    ...merchant,
    body: pickupShip,
    response: z.object({ delivery_status: z.number().int() }),
  }),
};

/** The player's pickups and confirmation of receipt (header player_token). */
export const playerPickupRoutes = {
  pickups: defineRoute({
    operationId: 'player.pickups',
    method: 'GET',
    path: '/player/pickups',
    summary: `玩家的提货单（发货状态与物流），请求头 ${PLAYER_TOKEN_HEADER}`,
    access: 'public',
    query: z.object({}),
    response: z.object({ list: z.array(retrievalInfo) }),
  }),
  confirm: defineRoute({
    operationId: 'player.confirmReceipt',
    method: 'POST',
    path: '/player/pickup/confirm',
    summary: '确认收货：已发货 → 已收货；部分发货 → 部分收货（已发出的商品）',
    access: 'public',
    body: z.object({ order_sn: orderSn }),
    response: z.object({ delivery_status: z.number().int() }),
  }),
};

/** The shipping sheet (export): the import reads 订单号, 物流公司 and 物流单号 by their headers. */
export const PICKUP_SHEET_COLUMNS = [
  '订单号',
  '系列',
  '商品',
  '数量',
  '收件人',
  '电话',
  '省',
  '市',
  '区',
  '详细地址',
  '发货状态',
  '运费',
  '运费币种',
  '收货国家',
  '下单时间',
  '物流公司',
  '物流单号',
] as const;
