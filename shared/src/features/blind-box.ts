import { z } from 'zod';
import { DEFAULT_PACKAGING, LIMITS, PACKAGING_OPTIONS } from '../constants.js';
import { datetime, id, isCalendarTime, page, strictNumber, wholeNumber } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { DATETIME_RE, isDatetime } from './blind-box-record.js';

const m = messages.blindBox;

/** Release limits beyond spec 01 §9: cases per release and how long an allocation stays usable. */
export const RELEASE_LIMITS = {
  boxNumMax: 10000,
  serviceChargeMax: 100,
  priceMax: 1_000_000,
  boxSignTtlSeconds: 2 * 3600,
} as const;

/** A template (spec 01 §3): an approved record a brand can release. */
export const templateStyle = z.object({
  /** Template style id: the `hide_id` of a hidden-stock change. */
  id: z.number().int(),
  goods_pic: z.string(),
  goods_title: z.string(),
  /** 1 basic, 2 small hidden, 3 big hidden. */
  type: z.number().int(),
  /** N of 1:N for hidden styles. */
  probability: z.number().int().nullable(),
  /** Boxes of this style in one case before hidden styles replace any (basic styles only). */
  stock: z.number().int(),
  is_overseas: z.number().int(),
});

export const template = z.object({
  id: z.number().int(),
  title: z.string(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  /** Official single-box price, yuan. */
  price: z.number(),
  limit_stock: z.number().int(),
  is_overseas: z.number().int(),
  pic: z.string(),
  main_pic: z.string(),
  color: z.string(),
  shop_time: datetime(),
  goods: z.array(templateStyle),
});
export type Template = z.infer<typeof template>;

/** An allocation (分配盒机): the goods with their counts, the box_sign and the seed commitment. */
export const allocation = z.object({
  box_sign: z.string(),
  /** hex(sha256(seed)): the commitment shown to the merchant and later to buyers. */
  seed_hash: z.string(),
  template_id: z.number().int(),
  box_num: z.number().int(),
  limit_stock: z.number().int(),
  /** box_num × limit_stock. */
  total: z.number().int(),
  expire_time: datetime(),
  goods: z.array(templateStyle.omit({ is_overseas: true })),
});
export type Allocation = z.infer<typeof allocation>;

const positiveInt = (v: unknown) => is.number(v) && Number.isInteger(Number(v)) && Number(v) > 0;
/** Yuan as the message shows it: ¥59, ¥69.9. */
export const priceText = (v: unknown) => String(Number(Number(v).toFixed(2)));

export interface ReleaseForm {
  ip_id: number | string;
  /** 0 发布, 1 保存 (created delisted). */
  off?: number | string;
  template_id: number | string;
  shelves_time: string;
  /** 1 presale (needs delivery_time), 0 in stock. */
  is_pre_sale: number | string;
  delivery_time: string;
  service_charge: number | string;
  price: number | string;
  /** The template's official price: the console fills it from the template, the API from its table. */
  official_price?: number | string;
  is_overseas: number | string;
  price_us: number | string | null;
  price_th: number | string | null;
  desc: string;
  box_num: number | string;
  /** 1 coin deduction on (default), 0 off (bean sent as 0). */
  is_bean: number | string;
  bean: number | string | null;
  wrap: string;
  box_sign: string;
}

/** Spec 01 §5 "Blind-box release", the eleven rules in order. */
export const releaseRules = ruleTable<ReleaseForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'template_id', message: m.templateRequired, ok: (v) => is.id(v.template_id) },
  { field: 'shelves_time', message: m.shelvesTimeRequired, ok: (v) => isDatetime(v.shelves_time) },
  {
    field: 'delivery_time',
    message: m.deliveryTimeRequired,
    ok: (v) => Number(v.is_pre_sale) !== 1 || isDatetime(v.delivery_time),
  },
  {
    field: 'service_charge',
    message: m.serviceChargeMin,
    ok: (v) => is.number(v.service_charge) && Number(v.service_charge) >= LIMITS.minServiceFee,
  },
  {
    field: 'price',
    message: m.priceBelowOfficial(''),
    ok: (v) =>
      is.number(v.price) &&
      Number(v.price) > 0 &&
      (!is.number(v.official_price) || Number(v.price) >= Number(v.official_price)),
    detail: (v) => m.priceBelowOfficial(is.number(v.official_price) ? priceText(v.official_price) : ''),
  },
  {
    field: 'price_us',
    message: m.priceUsRequired,
    ok: (v) => Number(v.is_overseas) !== 1 || (is.number(v.price_us) && Number(v.price_us) > 0),
  },
  {
    field: 'price_th',
    message: m.priceThMin,
    ok: (v) => Number(v.is_overseas) !== 1 || (is.number(v.price_th) && Number(v.price_th) >= LIMITS.minThbPrice),
  },
  { field: 'desc', message: m.descRequired, ok: (v) => is.filled(v.desc) },
  { field: 'desc', message: m.descTooLong, ok: (v) => is.maxLength(LIMITS.descriptionMax)(v.desc) },
  { field: 'box_num', message: m.boxNumRequired, ok: (v) => positiveInt(v.box_num) },
  {
    field: 'bean',
    message: m.beanRequired,
    ok: (v) => Number(v.is_bean ?? 1) !== 1 || (is.number(v.bean) && Number(v.bean) > 0),
  },
  { field: 'box_sign', message: m.boxSignRequired, ok: (v) => is.filled(v.box_sign) },
]);

const money = (max: number) => strictNumber().min(0).max(max);
const nullableMoney = (max: number) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), money(max).nullable()).default(null);
const binary = (def: number) => wholeNumber().min(0).max(1).default(def);

export const releasePublish = withRules(
  z
    .object({
      ip_id: id(),
      template_id: id(),
      shelves_time: z
        .string()
        .trim()
        .regex(DATETIME_RE, m.shelvesTimeRequired)
        .refine(isCalendarTime, m.shelvesTimeRequired),
      is_pre_sale: binary(0),
      delivery_time: z
        .string()
        .trim()
        .refine((t) => t === '' || isDatetime(t), m.deliveryTimeRequired)
        .default(''),
      service_charge: strictNumber()
        .min(LIMITS.minServiceFee, m.serviceChargeMin)
        .max(RELEASE_LIMITS.serviceChargeMax, m.serviceChargeMax),
      price: money(RELEASE_LIMITS.priceMax),
      /** Kept so the rules (which read the parsed values) see it; the API sets it from its table. */
      official_price: strictNumber().optional(),
      is_overseas: binary(0),
      price_us: nullableMoney(RELEASE_LIMITS.priceMax),
      price_th: nullableMoney(RELEASE_LIMITS.priceMax * 10),
      desc: z.string().trim().min(1, m.descRequired).max(LIMITS.descriptionMax, m.descTooLong),
      box_num: wholeNumber().min(1, m.boxNumRequired).max(RELEASE_LIMITS.boxNumMax, m.boxNumTooMany),
      is_bean: binary(1),
      bean: nullableMoney(RELEASE_LIMITS.priceMax),
      wrap: z.enum(PACKAGING_OPTIONS, { error: '请选择包装方式' }).default(DEFAULT_PACKAGING),
      box_sign: z.string().trim().min(1, m.boxSignRequired).max(200),
      /** 发布 (0): listed from its sale time; 保存 (1): created delisted, listed later from its detail. */
      off: binary(0),
    })
    .refine((r) => r.is_bean !== 1 || (r.bean ?? 0) <= r.price, { message: m.beanTooMuch, path: ['bean'] }),
  releaseRules,
);

export interface AllocateForm {
  template_id: number | string;
  box_num: number | string;
}

/** "Allocate needs a template and a box count." */
export const allocateRules = ruleTable<AllocateForm>([
  { field: 'template_id', message: m.templateRequired, ok: (v) => is.id(v.template_id) },
  { field: 'box_num', message: m.boxNumRequired, ok: (v) => positiveInt(v.box_num) },
]);

export const allocateBody = withRules(
  z.object({
    template_id: id(),
    box_num: wholeNumber().min(1).max(RELEASE_LIMITS.boxNumMax, m.boxNumTooMany),
  }),
  allocateRules,
);

export interface HideStockForm {
  box_sign: string;
  hide_id: number | string;
  hide_stock: number | string;
}

export const hideStockRules = ruleTable<HideStockForm>([
  { field: 'box_sign', message: m.boxSignRequired, ok: (v) => is.filled(v.box_sign) },
  { field: 'hide_id', message: m.hideIdRequired, ok: (v) => is.id(v.hide_id) },
  {
    field: 'hide_stock',
    message: m.hideStockRequired,
    ok: (v) => is.number(v.hide_stock) && Number.isInteger(Number(v.hide_stock)) && Number(v.hide_stock) >= 0,
  },
]);

export const hideStockBody = withRules(
  z.object({
    box_sign: z.string().trim().min(1).max(200),
    hide_id: id(),
    hide_stock: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      wholeNumber()
        .min(0)
        .max(RELEASE_LIMITS.boxNumMax * 1000),
    ),
  }),
  hideStockRules,
);

export const blindBoxRoutes = {
  overseasBrands: defineRoute({
    operationId: 'blindBox.overseasBrands',
    method: 'GET',
    path: '/web/goods/box/overseas/ips',
    summary: '可开启海外售卖的品牌（配置的白名单中属于当前用户的品牌）',
    access: 'box_admin',
    perId: PER_ID.box,
    response: z.object({ ips: z.array(z.number().int()) }),
  }),
  allocate: defineRoute({
    operationId: 'blindBox.allocate',
    method: 'POST',
    path: '/web/goods/box/allocate',
    summary: '分配盒机：按模板与箱数分配款式，返回 box_sign 与种子哈希（承诺）',
    access: 'box_admin',
    perId: PER_ID.box,
    body: allocateBody,
    response: allocation,
  }),
  hideStock: defineRoute({
    operationId: 'blindBox.hideStock',
    method: 'POST',
    path: '/web/goods/box/allocate/hide',
    summary: '设置隐藏款库存（差额由基础款补足或让出，总数不变）',
    access: 'box_admin',
    perId: PER_ID.box,
    body: hideStockBody,
    response: allocation,
  }),
  publish: defineRoute({
    operationId: 'blindBox.publish',
    method: 'POST',
    path: '/web/goods/box/publish',
    summary: '发布盒机：以分配结果创建抽盒机（自发售时间起上架）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: releasePublish,
    response: z.object({ id: z.number().int(), seed_hash: z.string(), shelves_time: datetime() }),
  }),
};

export const templateRoutes = {
  search: defineRoute({
    operationId: 'template.search',
    method: 'GET',
    path: '/web/goods/box/template/search',
    summary: '搜索可发布的盲盒模板（按名称，最多100个）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      ip_id: id(),
      title: z.string().trim().max(100).default(''),
      page: page(),
      limit: wholeNumber().min(1).max(LIMITS.templateSearchLimit).default(LIMITS.templateSearchLimit),
    }),
    response: z.object({ list: z.array(template) }),
  }),
};
