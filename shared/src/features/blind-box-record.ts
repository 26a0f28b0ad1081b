import { z } from 'zod';
import { LIMITS } from '../constants.js';
import {
  datetime,
  id,
  isCalendarTime,
  limit,
  optionalId,
  page,
  pagination,
  strictNumber,
  wholeNumber,
} from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { goodsItem } from './goods.js';

const m = messages.blindBoxRecord;

/** Style types of a blind box (spec 01 §3 "Blind-box style entry"). */
export const STYLE_TYPES = [
  { value: 1, label: '基础款' },
  { value: 2, label: '小隐藏' },
  { value: 3, label: '大隐藏' },
] as const;
export const styleTypeText = (type: number) => STYLE_TYPES.find((t) => t.value === type)?.label ?? '-';

/** Review states (GLOSSARY "审核"). */
export const REVIEW_STATES = [
  { value: 0, label: '待审核' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
] as const;
export const reviewStateText = (status: number) => REVIEW_STATES.find((s) => s.value === status)?.label ?? '-';

/** Pixel sizes of the record's images (spec 01 §3 "Blind-box submission"). */
export const RECORD_IMAGES = {
  pic: { width: 600, height: 600 },
  main_pic: { minWidth: 1200, minHeight: 600 },
  one_box_pic: { width: 400, height: 400 },
  one_pack_pic: { width: 800, height: 800 },
} as const;

export const RECORD_LIMITS = { stylesMax: 50, titleMax: 100, priceMax: 100000, limitStockMax: 1000, rateMax: 100000 };

/** `yyyy-MM-dd HH:mm:ss`, the one datetime format of the wire. */
export const DATETIME_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
export const isDatetime = (v: unknown) => typeof v === 'string' && DATETIME_RE.test(v.trim()) && isCalendarTime(v);
/** A wire datetime (Asia/Shanghai wall clock) as an instant. */
export const shanghaiInstant = (text: string) => new Date(`${text.trim().replace(' ', 'T')}+08:00`);

/** Background colour: #rgb, #rrggbb, #rrggbbaa, rgb(…) or rgba(…). */
export const COLOR_RE =
  /^(#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i;

const positiveInt = (v: unknown) => is.number(v) && Number.isInteger(Number(v)) && Number(v) > 0;

/** A JSON list on the wire (goods and pics travel as JSON strings); arrays pass through. */
export function jsonList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return null;
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export interface StyleEntry {
  goods_title: string;
  goods_pic: string;
  /** 1 basic, 2 small hidden, 3 big hidden. */
  type: number | string;
  /** N of the drop rate 1:N, hidden styles only. */
  probability?: number | string | null;
  /** The goods id the style was picked from; manual styles have none. */
  sku_id?: number | string | null;
  is_overseas?: number | string;
}

const stylesOf = (v: unknown) => (jsonList(v) ?? []) as Partial<StyleEntry>[];
const isHiddenType = (type: unknown) => Number(type) === 2 || Number(type) === 3;

/** Styles that stop the overseas switch: picked goods that are not overseas, and manual styles. */
export function overseasOffenders(styles: readonly Partial<StyleEntry>[]): { names: string[]; manual: boolean } {
  const names: string[] = [];
  let manual = false;
  for (const s of styles) {
    if (!is.id(s.sku_id)) manual = true;
    else if (Number(s.is_overseas) !== 1) names.push(String(s.goods_title ?? '').trim() || m.overseasUntitled);
  }
  return { names, manual };
}

/** The full overseas failure warning (spec 01 §5), shown for 5 s. */
export function overseasFailureMessage(styles: readonly Partial<StyleEntry>[]): string {
  const { names, manual } = overseasOffenders(styles);
  const items = [...names, ...(manual ? [m.overseasManual] : [])];
  return m.overseasFailure(items.join('、'));
}

export interface BlindBoxRecordForm {
  id?: number | string;
  /** The merchant's brand the record belongs to (the page's query id). */
  ip_id: number | string;
  /** The blind box's brand: the own brand (type 1) or a template brand (type 2). */
  goods_ip_id: number | string;
  title: string;
  price: number | string;
  limit_stock: number | string;
  shop_time: string;
  goods: string | StyleEntry[];
  pics: string | string[];
  pic: string;
  main_pic: string;
  one_box_pic: string;
  one_pack_pic: string;
  color: string;
  is_overseas: number | string;
}

/** Spec 01 §5 "Blind-box record submit", the eleven rules in order. */
export const recordRules = ruleTable<BlindBoxRecordForm>([
  { field: 'goods_ip_id', message: m.brandRequired, ok: (v) => is.id(v.goods_ip_id) },
  { field: 'title', message: m.titleRequired, ok: (v) => is.filled(v.title) },
  { field: 'price', message: m.priceRequired, ok: (v) => is.number(v.price) && Number(v.price) > 0 },
  { field: 'limit_stock', message: m.limitStockRequired, ok: (v) => positiveInt(v.limit_stock) },
  { field: 'shop_time', message: m.shopTimeRequired, ok: (v) => isDatetime(v.shop_time) },
  { field: 'goods', message: m.stylesRequired, ok: (v) => stylesOf(v.goods).length >= 1 },
  { field: 'goods', message: m.stylesIncomplete, ok: (v) => stylesOf(v.goods).length >= LIMITS.minBlindBoxStyles },
  {
    field: 'goods',
    message: m.styleTitleRequired,
    ok: (v) => stylesOf(v.goods).every((s) => is.filled(s.goods_title)),
  },
  {
    field: 'goods',
    message: m.styleRateRequired,
    ok: (v) => stylesOf(v.goods).every((s) => !isHiddenType(s.type) || positiveInt(s.probability)),
  },
  {
    field: 'is_overseas',
    message: m.overseasHead,
    ok: (v) => {
      if (Number(v.is_overseas) !== 1) return true;
      const o = overseasOffenders(stylesOf(v.goods));
      return o.names.length === 0 && !o.manual;
    },
    detail: (v) => overseasFailureMessage(stylesOf(v.goods)),
  },
  { field: 'pic', message: m.picRequired, ok: (v) => is.filled(v.pic) },
  { field: 'main_pic', message: m.mainPicRequired, ok: (v) => is.filled(v.main_pic) },
  { field: 'one_box_pic', message: m.oneBoxPicRequired, ok: (v) => is.filled(v.one_box_pic) },
  { field: 'one_pack_pic', message: m.onePackPicRequired, ok: (v) => is.filled(v.one_pack_pic) },
  { field: 'pics', message: m.picsRequired, ok: (v) => (jsonList(v.pics) ?? []).some((p) => is.filled(p)) },
]);

export interface ManualStyleForm {
  goods_title: string;
  goods_pic: string;
  type: number | string;
  probability: number | string | null;
}

/** Spec 01 §5 "Manual style add". */
export const manualStyleRules = ruleTable<ManualStyleForm>([
  { field: 'goods_title', message: m.manualTitleRequired, ok: (v) => is.filled(v.goods_title) },
  { field: 'goods_pic', message: m.manualPicRequired, ok: (v) => is.filled(v.goods_pic) },
  {
    field: 'probability',
    message: m.manualRateRequired,
    ok: (v) => !isHiddenType(v.type) || positiveInt(v.probability),
  },
]);

const dropRate = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  wholeNumber(m.rateInvalid).min(2, m.rateInvalid).max(RECORD_LIMITS.rateMax, m.rateInvalid).nullable(),
);
const styleType = wholeNumber().refine((t) => t === 1 || t === 2 || t === 3, '款式类型只能是基础款、小隐藏或大隐藏');
const picKey = (message: string) => z.string({ error: message }).trim().min(1, message).max(500);

export const styleEntry = z
  .object({
    goods_title: z.string().trim().min(1, m.styleTitleRequired).max(RECORD_LIMITS.titleMax),
    goods_pic: picKey(m.manualPicRequired),
    type: styleType,
    probability: dropRate.optional(),
    sku_id: optionalId().nullable(),
    is_overseas: wholeNumber().min(0).max(1).default(0),
  })
  .transform((s) => ({
    ...s,
    probability: s.type === 1 ? null : (s.probability ?? null),
    sku_id: s.sku_id ?? null,
    is_overseas: s.sku_id ? s.is_overseas : 0,
  }));
export type StyleEntryInput = z.output<typeof styleEntry>;

export const manualStyle = withRules(
  z.object({
    goods_title: z.string().trim().min(1).max(RECORD_LIMITS.titleMax),
    goods_pic: picKey(m.manualPicRequired),
    type: styleType,
    probability: dropRate.optional(),
  }),
  manualStyleRules,
);

const listField = <T extends z.ZodType>(array: z.ZodArray<T>) => z.preprocess((v) => jsonList(v) ?? v, array);
const binary = () => wholeNumber().min(0).max(1);

export const recordSubmit = withRules(
  z.object({
    id: optionalId(),
    ip_id: id(),
    goods_ip_id: id(),
    title: z.string().trim().min(1).max(RECORD_LIMITS.titleMax, m.titleTooLong),
    price: strictNumber().positive().max(RECORD_LIMITS.priceMax),
    limit_stock: wholeNumber().min(1).max(RECORD_LIMITS.limitStockMax),
    shop_time: z.string().trim().regex(DATETIME_RE, m.shopTimeRequired).refine(isCalendarTime, m.shopTimeRequired),
    goods: listField(
      z
        .array(styleEntry)
        .min(LIMITS.minBlindBoxStyles, m.stylesIncomplete)
        .max(RECORD_LIMITS.stylesMax, m.stylesTooMany),
    )
      .refine((styles) => styles.some((s) => s.type === 1), m.basicRequired)
      .refine(
        (styles) => styles.reduce((sum, s) => sum + (s.probability ? 1 / s.probability : 0), 0) < 1,
        m.ratesTooHigh,
      ),
    pics: listField(
      z.array(z.string().trim().min(1).max(500)).min(1, m.picsRequired).max(LIMITS.detailImagesMax, m.picsTooMany),
    ),
    pic: picKey(m.picRequired),
    main_pic: picKey(m.mainPicRequired),
    one_box_pic: picKey(m.oneBoxPicRequired),
    one_pack_pic: picKey(m.onePackPicRequired),
    color: z
      .string()
      .trim()
      .max(40)
      .refine((c) => c === '' || COLOR_RE.test(c), m.colorInvalid)
      .default(''),
    is_overseas: binary().default(0),
  }),
  recordRules,
);

export const styleOut = z.object({
  goods_title: z.string(),
  goods_pic: z.string(),
  type: z.number().int(),
  probability: z.number().int().nullable(),
  sku_id: z.number().int().nullable(),
  is_overseas: z.number().int(),
});

export const blindBoxRecord = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  goods_ip_id: z.number().int(),
  goods_ip_title: z.string(),
  title: z.string(),
  price: z.number(),
  limit_stock: z.number().int(),
  shop_time: datetime(),
  goods: z.array(styleOut),
  pics: z.array(z.string()),
  pic: z.string(),
  main_pic: z.string(),
  one_box_pic: z.string(),
  one_pack_pic: z.string(),
  color: z.string(),
  is_overseas: z.number().int(),
  /** 0 pending, 1 approved, 2 rejected. */
  status: z.number().int(),
  reason: z.string(),
  template_id: z.number().int().nullable(),
  submitter: z.string(),
  created_at: datetime(),
  updated_at: datetime(),
  reviewed_at: datetime(),
});
export type BlindBoxRecord = z.infer<typeof blindBoxRecord>;

const statusFilter = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  wholeNumber().min(-1).max(2).optional(),
);

export const blindBoxRecordRoutes = {
  submit: defineRoute({
    operationId: 'blindBoxRecord.submit',
    method: 'POST',
    path: '/web/goods/box/record/submit',
    summary: '提交盲盒备案（goods、pics 为 JSON 字符串；带 id 为驳回后重新提交）',
    entity: { field: 'id', of: 'blind-box-record' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: recordSubmit,
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
  goodsSelector: defineRoute({
    operationId: 'blindBoxRecord.goodsSelector',
    method: 'GET',
    path: '/web/goods/box/record/goods',
    summary: '备案款式的商品选择器（自有品牌或模板品牌的商品）',
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({
      ip_id: id(),
      title: z.string().trim().max(100).default(''),
      page: page(),
      limit: limit(LIMITS.goodsSelectorPageSize, 50),
    }),
    response: z.object({ lists: z.array(goodsItem), pagination }),
  }),
  list: defineRoute({
    operationId: 'blindBoxRecord.list',
    method: 'GET',
    path: '/web/goods/box/record/list',
    summary: '我的盲盒备案（审核状态与驳回原因）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      ip_id: id().optional(),
      status: statusFilter,
      title: z.string().trim().max(100).default(''),
      page: page(),
      limit: limit(LIMITS.listPageSize, 50),
    }),
    response: z.object({ list: z.array(blindBoxRecord), pagination }),
  }),
  detail: defineRoute({
    operationId: 'blindBoxRecord.detail',
    method: 'GET',
    path: '/web/goods/box/record/info',
    summary: '盲盒备案详情（修改后重新提交用）',
    entity: { field: 'id', of: 'blind-box-record' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ id: id() }),
    response: blindBoxRecord,
  }),
};

export interface ReviewDecisionForm {
  id: number | string;
  status: number | string;
  reason: string;
}

export const reviewRules = ruleTable<ReviewDecisionForm>([
  { field: 'status', message: messages.review.statusRequired, ok: (v) => [1, 2].includes(Number(v.status)) },
  {
    field: 'reason',
    message: messages.review.reasonRequired,
    ok: (v) => Number(v.status) !== 2 || is.filled(v.reason),
  },
  { field: 'reason', message: messages.review.reasonTooLong, ok: (v) => is.maxLength(200)(v.reason) },
]);

export const reviewDecide = withRules(
  z.object({
    id: id(),
    status: wholeNumber().min(1).max(2),
    reason: z.string().trim().max(200).default(''),
  }),
  reviewRules,
);

export const reviewRoutes = {
  list: defineRoute({
    operationId: 'review.list',
    method: 'GET',
    path: '/web/helper/review/box/list',
    summary: '平台审核：盲盒备案列表（默认待审核）',
    access: 'reviewer',
    query: z.object({
      status: statusFilter.default(0),
      title: z.string().trim().max(100).default(''),
      page: page(),
      limit: limit(LIMITS.listPageSize, 50),
    }),
    response: z.object({ list: z.array(blindBoxRecord), pagination }),
  }),
  decide: defineRoute({
    operationId: 'review.decide',
    method: 'POST',
    path: '/web/helper/review/box/decide',
    summary: '平台审核：通过（生成模板）或驳回（附原因）',
    access: 'reviewer',
    body: reviewDecide,
    response: z.object({ id: z.number().int(), status: z.number().int(), template_id: z.number().int().nullable() }),
  }),
};
