import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { buildRequest, type SignedRequest } from '../client.js';
import {
  datetime,
  id,
  integer,
  isCalendarTime,
  limit,
  optionalId,
  page,
  pagination,
  sort,
  strictNumber,
  yuan,
} from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { ruleTable, withRules } from '../rules.js';
import { canonical, type SignParams } from '../sign.js';
import { type ShipWording, shipFields, shipRules } from './shipment.js';

const m = messages.market;

/**
 * Marketplace orders (第三方平台发货, spec 02 §2 screen 6): paid orders a third-party marketplace
 * pushes to its own signed inbound endpoint, shipped by the merchant here; the marketplace reads
 * the shipments back and reports receipt through the same endpoint family.
 */

/** The marketplace platforms the API accepts (each shop of one signs with its link's secret, market-links.ts). */
export const MARKET_PLATFORMS = [
  { value: 'shopee', label: 'Shopee' },
  { value: 'lazada', label: 'Lazada' },
  { value: 'tiktok', label: 'TikTok Shop' },
] as const;
export type MarketPlatform = (typeof MARKET_PLATFORMS)[number]['value'];
export const MARKET_PLATFORM_CODES = MARKET_PLATFORMS.map((p) => p.value) as [MarketPlatform, ...MarketPlatform[]];
export const marketPlatformText = (code: string) => MARKET_PLATFORMS.find((p) => p.value === code)?.label ?? code;

/** Spec 02 §4 "Pickup and marketplace delivery_status". */
export const MARKET_DELIVERY = { none: 0, shipped: 1, received: 2, partShipped: 4, partReceived: 5 } as const;
export const MARKET_DELIVERY_STATUSES = [
  { value: 0, label: '未发货' },
  { value: 1, label: '已发货' },
  { value: 2, label: '已收货' },
  { value: 4, label: '部分发货' },
  { value: 5, label: '部分收货' },
] as const;
export const marketDeliveryText = (status: number) =>
  MARKET_DELIVERY_STATUSES.find((s) => s.value === status)?.label ?? '-';
/** The ship action is offered for these states only; the others are displayed only. */
export const MARKET_SHIPPABLE: readonly number[] = [MARKET_DELIVERY.none, MARKET_DELIVERY.partShipped];
export const marketShippable = (status: number) => MARKET_SHIPPABLE.includes(status);

/** A goods line's state: 0 not shipped, 1 shipped, 2 received. */
export const MARKET_LINE = { none: 0, shipped: 1, received: 2 } as const;
export interface MarketLineCounts {
  total: number;
  shipped: number;
  received: number;
}
/** An order's delivery_status from its goods lines, the first matching row wins (a table, in order). */
export const MARKET_DELIVERY_RULES: readonly { status: number; when: (c: MarketLineCounts) => boolean }[] = [
  { status: MARKET_DELIVERY.received, when: (c) => c.total > 0 && c.received === c.total },
  { status: MARKET_DELIVERY.partReceived, when: (c) => c.received > 0 },
  { status: MARKET_DELIVERY.shipped, when: (c) => c.total > 0 && c.shipped === c.total },
  { status: MARKET_DELIVERY.partShipped, when: (c) => c.shipped > 0 },
  { status: MARKET_DELIVERY.none, when: () => true },
];
export const marketDeliveryOf = (c: MarketLineCounts) =>
  MARKET_DELIVERY_RULES.find((r) => r.when(c))?.status ?? MARKET_DELIVERY.none;
/** Freight on the wire is yuan; 0 reads 包邮. */
export const marketFreightText = (yuanAmount: number) => (yuanAmount === 0 ? '包邮' : `¥${yuanAmount.toFixed(2)}`);

// ---- Inbound signing ----

/** How far the marketplace's `mt` may be from the API's clock, seconds (a replay window). */
export const MARKET_SIGN_WINDOW_SECONDS = 300;

/**
 * The marketplace's signature, in the style of the console's (shared/src/sign.ts) with the
 * secret of the shop's link (marketLink) as an HMAC key: hex(HMAC-SHA256(secret, path + "\n" + mt + "\n" +
 * canonical(params))), `params` being the query of a GET and the JSON body of a POST.
 */
export function marketSign(secret: string, path: string, mt: string, params: SignParams): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${path}\n${mt}\n${canonical(params)}`)));
}

/** The inbound paths of a platform. */
export const marketPaths = (platform: string) => ({
  orders: `/open/market/${platform}/orders`,
  receipt: `/open/market/${platform}/receipt`,
  shipments: `/open/market/${platform}/shipments`,
});

/** A signed marketplace request (for the simulator and tests): `fetch(baseUrl + url, init)`. */
export function marketRequest(
  platform: string,
  secret: string,
  action: 'orders' | 'receipt' | 'shipments',
  params: Record<string, unknown>,
  opts: { baseUrl?: string; now?: number } = {},
): SignedRequest {
  const path = marketPaths(platform)[action];
  const method = action === 'shipments' ? 'GET' : 'POST';
  const mt = String(Math.floor((opts.now ?? Date.now()) / 1000));
  const sent = method === 'GET' ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) : params;
  return buildRequest({ method, path, signed: false }, params, {
    baseUrl: opts.baseUrl,
    secret,
    headers: { sign: marketSign(secret, path, mt, sent), mt },
  });
}

// ---- Wire shapes ----

export const marketGoodsLine = z.object({
  id: z.number().int(),
  template_title: z.string(),
  goods_title: z.string(),
  nums: z.number().int(),
  goods_pic: z.string(),
  /** 0 not shipped, 1 shipped, 2 received. */
  state: z.number().int(),
});
export type MarketGoodsLine = z.infer<typeof marketGoodsLine>;

/** Spec 02 §3 "Marketplace shipping order": the pickup order's fields plus goods_pic per line. */
export const marketOrder = z.object({
  id: z.number().int(),
  platform: z.string(),
  platform_text: z.string(),
  order_sn: z.string(),
  ip_id: z.number().int(),
  goods: z.array(marketGoodsLine),
  goods_nums: z.number().int(),
  delivery_status: z.number().int(),
  /** Freight, yuan; 0 is free shipping. */
  deposit: yuan(),
  express_company: z.string(),
  express: z.string(),
  username: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
  created_at: datetime(),
});
export type MarketOrder = z.infer<typeof marketOrder>;

export const marketShipment = z.object({
  id: z.number().int(),
  order_sn: z.string(),
  express_company: z.string(),
  express: z.string(),
  goods_ids: z.array(z.number().int()),
  created_at: datetime(),
});
export type MarketShipment = z.infer<typeof marketShipment>;

// ---- Merchant calls ----

const text = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max).optional());
const platformFilter = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(MARKET_PLATFORM_CODES).optional(),
);
const dateTimeFilter = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, m.dateInvalid)
    .refine(isCalendarTime, m.dateInvalid)
    .optional(),
);

/** The list's filters (spec 02 §7 Marketplace): platform, brand, goods title, date range, delivery status. */
export const marketFilters = z.object({
  platform: platformFilter,
  ip_id: optionalId(),
  goods_title: text(100),
  begin_at: dateTimeFilter,
  end_at: dateTimeFilter,
  delivery_status: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z
      .number()
      .refine((n) => MARKET_DELIVERY_STATUSES.some((s) => s.value === n), m.deliveryStatusInvalid)
      .optional(),
  ),
});
export type MarketFilters = z.input<typeof marketFilters>;

export interface MarketShipForm {
  id: number | string;
  express_company: string;
  express: string;
  goods_ids?: (number | string)[];
}

const goodsRule = {
  field: 'goods_ids' as const,
  message: m.goodsRequired,
  ok: (v: Partial<MarketShipForm>) =>
    v.goods_ids === undefined || (Array.isArray(v.goods_ids) && v.goods_ids.length > 0),
};
/** The ship form (shipment.ts) plus the selected goods, in the API's, the dialog's and the page's words. */
const marketRules = (wording: ShipWording) =>
  ruleTable<MarketShipForm>([...shipRules<MarketShipForm>(wording), goodsRule]);
export const marketShipRules = marketRules('api');
export const marketShipDialogRules = marketRules('dialog');
export const marketShipPageRules = marketRules('page');

const shipShape = z.object({
  id: id(),
  ...shipFields,
  /** Selected goods lines for a partial shipment; absent: every line not yet shipped. */
  goods_ids: z.array(id()).max(200).optional(),
});
export const marketShip = withRules(shipShape, marketShipRules);
export const marketShipDialogForm = withRules(shipShape, marketShipDialogRules);
export const marketShipPageForm = withRules(shipShape, marketShipPageRules);

export const marketImportError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export const marketImportResult = z.object({
  total_num: z.number().int(),
  ship_num: z.number().int(),
  error_num: z.number().int(),
  errors: z.array(marketImportError),
  /** The bad rows with a 错误原因 column, as an xlsx; null when there are none. */
  error_url: z.string().nullable(),
  /** 1 when the sheet was applied (confirm), 0 for the dry run. */
  done: z.number().int(),
});
export type MarketImportResult = z.infer<typeof marketImportResult>;

/** The shipping sheet's columns: the import reads 订单号, 物流公司 and 物流单号 by header. */
export const MARKET_SHEET_COLUMNS = [
  '平台',
  '订单号',
  '商品',
  '商品数量',
  '发货状态',
  '运费',
  '收货人',
  '电话',
  '地址',
  '物流公司',
  '物流单号',
  '创建时间',
] as const;
export const MARKET_IMPORT_COLUMNS = ['订单号', '物流公司', '物流单号'] as const;

// ---- Inbound (the marketplace's calls) ----

const line = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, message);
export const marketPushOrder = z.object({
  order_sn: z
    .string({ error: m.pushOrderSn })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, m.pushOrderSn),
  ip_id: z.number({ error: m.pushBrand }).int(m.pushBrand).positive(m.pushBrand),
  /** Yuan; 0 is free shipping. */
  freight: z.number({ error: m.pushFreight }).min(0, m.pushFreight).max(100000, m.pushFreight),
  receiver: z.object(
    {
      username: line(50, m.pushReceiver),
      phone: line(30, m.pushReceiver),
      province: z.string().trim().max(50).default(''),
      city: z.string().trim().max(50).default(''),
      area: z.string().trim().max(50).default(''),
      address: line(200, m.pushReceiver),
    },
    { error: m.pushReceiver },
  ),
  goods: z
    .array(
      z.object({
        template_title: line(100, m.pushGoods),
        goods_title: line(100, m.pushGoods),
        nums: z.number({ error: m.pushGoods }).int(m.pushGoods).min(1, m.pushGoods).max(999, m.pushGoods),
        goods_pic: z.string({ error: m.pushGoods }).trim().max(2000, m.pushGoods).default(''),
      }),
      { error: m.pushGoods },
    )
    .min(1, m.pushGoods)
    .max(50, m.pushGoods),
});
export type MarketPushOrder = z.input<typeof marketPushOrder>;

/** The shop that signed an inbound call (its link is checked before the body is read). */
const marketShopId = z.string({ error: m.shopRefused }).regex(/^[A-Za-z0-9_-]{1,64}$/, m.shopRefused);

export const marketRoutes = {
  list: defineRoute({
    operationId: 'market.list',
    method: 'GET',
    path: '/web/market/order/list',
    summary: '第三方平台发货列表',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: marketFilters.extend({ page: page(), limit: limit(10), sort: sort(['created_at']) }),
    response: z.object({ list: z.array(marketOrder), pagination }),
  }),
  detail: defineRoute({
    operationId: 'market.detail',
    method: 'GET',
    path: '/web/market/order/detail',
    summary: '第三方平台订单（发货页）：收货人、商品与已发货的物流',
    entity: { field: 'id', of: 'market-order' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ id: id() }),
    response: z.object({ order: marketOrder, shipments: z.array(marketShipment) }),
  }),
  export: defineRoute({
    operationId: 'market.export',
    method: 'POST',
    path: '/web/market/order/export',
    summary: '导出发货单：少量时直接给 url，否则给 query_sign，用 market.exportStatus 轮询',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: marketFilters,
    response: z.object({ url: z.string().nullable(), query_sign: z.string().nullable(), total_num: z.number().int() }),
  }),
  exportStatus: defineRoute({
    operationId: 'market.exportStatus',
    method: 'GET',
    path: '/web/market/order/export/status',
    summary: '导出进度：now_num / total_num，完成后给 url',
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ query_sign: z.string().trim().min(1).max(1000) }),
    response: z.object({
      now_num: z.number().int(),
      total_num: z.number().int(),
      url: z.string().nullable(),
      msg: z.string().nullable(),
    }),
  }),
  import: defineRoute({
    operationId: 'market.import',
    method: 'POST',
    path: '/web/market/order/import',
    summary: '导入发货表：confirm 0 预检（每行错误），confirm 1 整表一次发货，有错误则不写入',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: z.object({
      platform: z.enum(MARKET_PLATFORM_CODES, { error: m.platformRequired }),
      ip_id: id(),
      file_url: z.string().trim().min(1).max(2000),
      confirm: strictNumber().int().min(0).max(1).default(0),
    }),
    response: marketImportResult,
  }),
  ship: defineRoute({
    operationId: 'market.ship',
    method: 'POST',
    path: '/web/market/order/send',
    summary: '发货：物流公司与单号；选择商品时部分发货',
    entity: { field: 'id', of: 'market-order' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: marketShip,
    response: z.object({ delivery_status: z.number().int(), shipment_id: z.number().int() }),
  }),
  push: defineRoute({
    operationId: 'market.push',
    // Signed by a linked shop (shop_id) with its link's secret; every order names the linked brand.
    method: 'POST',
    path: '/open/market/:platform/orders',
    summary: '平台店铺推送已支付订单（该店铺绑定的密钥签名，只收其绑定品牌的订单；按平台订单号幂等）',
    access: 'public',
    signed: false,
    body: z.object({
      shop_id: marketShopId,
      orders: z.array(marketPushOrder, { error: m.pushOrders }).min(1, m.pushOrders).max(100, m.pushOrders),
    }),
    response: z.object({
      orders: z.array(z.object({ order_sn: z.string(), id: z.number().int(), created: z.boolean() })),
    }),
  }),
  receipt: defineRoute({
    operationId: 'market.receipt',
    method: 'POST',
    path: '/open/market/:platform/receipt',
    summary: '平台店铺回传签收：整单或某个物流单号的商品已收货',
    access: 'public',
    signed: false,
    body: z.object({
      shop_id: marketShopId,
      order_sn: z.string({ error: m.pushOrderSn }).trim().min(1, m.pushOrderSn).max(64, m.pushOrderSn),
      express: z.string().trim().max(50).optional(),
    }),
    response: z.object({ delivery_status: z.number().int() }),
  }),
  shipments: defineRoute({
    operationId: 'market.shipments',
    method: 'GET',
    path: '/open/market/:platform/shipments',
    summary: '平台店铺读取其绑定品牌的发货通知（since_id 之后的发货）',
    access: 'public',
    signed: false,
    query: z.object({ shop_id: marketShopId, since_id: integer().min(0).default(0), limit: limit(100, 500) }),
    response: z.object({ list: z.array(marketShipment) }),
  }),
};
