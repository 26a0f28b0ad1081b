import { z } from 'zod';
import { LIMITS, SPECIAL_BRAND_ID } from '../constants.js';
import { datetime, id, isCalendarTime, optionalId, strictNumber, wholeNumber } from '../fields.js';
import { messages } from '../messages.js';
import { is, ruleTable, withRules } from '../rules.js';
import { DATETIME_RE, isDatetime, jsonList } from './blind-box-record.js';

/**
 * 一番赏 (kuji, spec 03 §2–§7): the publish form, the merchant's list and detail with its per-row
 * actions, the reviewer's decision, and the player's draw. Tables: kujis, kuji_goods, kuji_boxes,
 * kuji_draw_log (api/src/db/schema/kuji.ts). The calls are kuji-routes.ts; the level algebra is kuji-levels.ts; the provable ticket
 * order and awards are ../kuji-draw.ts.
 */

const m = messages.kuji;

export const KUJI_PAGE_SIZE = LIMITS.listPageSize;
/** Activity type of an ichiban-kuji order (spec 02 §4). */
export const ACTIVITY_KUJI = 14;
/** Minimum prize rows (spec 03 §9). */
export const KUJI_MIN_ROWS = LIMITS.minBlindBoxStyles;
export const KUJI_LIMITS = {
  titleMax: 50,
  priceMax: 100_000,
  /** Boxes (sets) per publish or stock change. */
  boxesMax: 1_000,
  /** Tickets of one box. */
  ticketsMax: 2_000,
  rowsMax: 100,
  goodsTitleMax: 200,
  shelvesMax: 50,
  drawMax: 10,
  rejectReasonMax: 200,
} as const;
/** Official kuji may be published only by signed merchants and only for this brand (spec 03 §2). */
export const OFFICIAL_KUJI_BRAND_ID = SPECIAL_BRAND_ID;

/** audit_status (spec 03 §4). */
export const KUJI_AUDIT = { pending: 0, approved: 1, rejected: 2, generating: 3 } as const;
export const KUJI_AUDIT_TEXT: Record<number, string> = { 0: '待审核', 1: '已通过', 2: '已驳回', 3: '数据生成中' };
/** off, once approved (spec 03 §4). */
export const KUJI_OFF = { listed: 0, delisted: 1, soldOut: 2 } as const;
export const KUJI_OFF_TEXT: Record<number, string> = { 0: '已上架', 1: '已下架', 2: '已售罄' };
/** The list's status column: the audit state, and once approved the shelf state. */
export const kujiStatusText = (k: { audit_status: number; off: number; listed_once?: number }) => {
  if (k.audit_status !== KUJI_AUDIT.approved) return KUJI_AUDIT_TEXT[k.audit_status] ?? '';
  // Approved and never listed: waiting for the merchant's 上架, not taken off (已下架).
  if (k.off === KUJI_OFF.delisted && k.listed_once === 0) return '待上架';
  return KUJI_OFF_TEXT[k.off] ?? '';
};
/**
 * The list header over the merchant's approved kujis: on sale (players can draw), waiting for the
 * sale time, off shelf; '暂无在售的一番赏' leads when none is on sale.
 */
export function kujiHeaderText(c: { on_sale: number; scheduled: number; off_shelf: number }): string {
  const parts = [
    c.on_sale > 0 ? `${c.on_sale} 个一番赏在售` : '暂无在售的一番赏',
    c.scheduled > 0 ? `${c.scheduled} 个待发售` : '',
    c.off_shelf > 0 ? `${c.off_shelf} 个未上架` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}
export const KUJI_TYPE_TEXT: Record<number, string> = { 0: '自制一番赏', 1: '官方一番赏' };
export const KUJI_SHELVES_TEXT: Record<number, string> = { 0: '现货', 1: '预售' };

const money = z.number();
const binary = () => wholeNumber().min(0).max(1);
const picKey = (message: string) => z.string({ error: message }).trim().min(1, message).max(500);

/** Spec 03 §3 "Ichiban-Kuji list row", plus the brand, sale time, reason and commitment. */
export const kujiRow = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  title: z.string(),
  pic: z.string(),
  top_pic: z.string(),
  /** 0 pending review, 1 approved, 2 rejected, 3 data being generated. */
  audit_status: z.number().int(),
  /** Reviewer's reason when rejected. */
  reason: z.string(),
  /** Once approved: 0 on shelf, 1 off shelf, 2 sold out. */
  off: z.number().int(),
  /** 1 once it has been listed (上架) at least once; approved and never listed reads 待上架. */
  listed_once: z.number().int(),
  is_official: z.number().int(),
  /** Yuan per draw. */
  price: money,
  /** Yuan sold (paid draws). */
  sales_price: money,
  /** Picked-up items waiting to be shipped (go-ship link). */
  not_send_num: z.number().int(),
  /** Items in players' cabinets (view-deposits link). */
  dont_send_num: z.number().int(),
  /** Remaining tickets over all boxes. */
  surplus_stock: z.number().int(),
  /** Boxes (sets) listed. */
  stock: z.number().int(),
  /** Boxes nobody has drawn from: a reduction may take at most these. */
  can_num: z.number().int(),
  desc: z.string(),
  /** Max coin deduction per draw, yuan; 0 = coins not used. */
  bean: money,
  service_charge: z.number(),
  shelves_time: datetime(),
  seed_hash: z.string(),
  created_at: datetime(),
});
export type KujiRow = z.infer<typeof kujiRow>;

/** Spec 03 §3 "Kuji detail". */
export const kujiDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  pic: z.string(),
  off: z.number().int(),
  /** As the list row's: 1 once listed at least once. */
  listed_once: z.number().int(),
  audit_status: z.number().int(),
  shelves_time: datetime(),
  sales_price: money,
  /** Pending settlement / settled, yuan. */
  order_w_price: money,
  order_y_price: money,
  service_charge: z.number(),
  /** Boxes listed / boxes sold out. */
  stock: z.number().int(),
  sold_out: z.number().int(),
  can_num: z.number().int(),
  /** Tickets sold, in cabinets, picked up and received, shipped. */
  sales_num: z.number().int(),
  deposit_num: z.number().int(),
  harvest_num: z.number().int(),
  delivery_num: z.number().int(),
  desc: z.string(),
  bean: money,
  price: money,
  is_official: z.number().int(),
  seed_hash: z.string(),
});
export type KujiDetail = z.infer<typeof kujiDetail>;

/** Spec 03 §3 "Kuji goods row" (one per prize row); `levels` lists every level the same goods holds. */
export const kujiGoodsRow = z.object({
  active_id: z.number().int(),
  goods_id: z.number().int(),
  goods_info: z.object({ goods_pic: z.string(), goods_title: z.string() }),
  level: z.number().int(),
  levels: z.array(z.number().int()),
  is_lucky: z.number().int(),
  /** Yuan (market price shown to players). */
  price: money,
  /** 0 in stock, 1 pre-sale. */
  is_shelves: z.number().int(),
  shelves: z.string(),
  /** Units over all boxes. */
  stock_sum: z.number().int(),
  sales_num: z.number().int(),
  deposit_num: z.number().int(),
  send_num: z.number().int(),
  has_send_num: z.number().int(),
  start_section: z.number().int().nullable(),
  end_section: z.number().int().nullable(),
});
export type KujiGoodsRow = z.infer<typeof kujiGoodsRow>;

/** Spec 03 §3 "Box-set row": one per box. */
export const kujiBoxRow = z.object({
  best_num: z.number().int(),
  sum_surplus_stock: z.number().int(),
  goods: z.array(
    z.object({ level: z.number().int(), surplus_stock_sum: z.number().int(), stock_sum: z.number().int() }),
  ),
});
export type KujiBoxRow = z.infer<typeof kujiBoxRow>;

/** Spec 03 §3 "Prize goods row" of the publish form. */
export interface KujiPrizeForm {
  goods_title: string;
  goods_pic: string;
  stock: number | string;
  goods_price: number | string;
  cost_price: number | string;
  level: number;
  start_section?: number | string | null;
  end_section?: number | string | null;
  is_lucky: number | string;
  is_shelves: number | string;
  shelves: string;
  id?: number | string | null;
}

export interface KujiPublishForm {
  ip_id: number | string;
  title: string;
  price: number | string;
  stock: number | string;
  pic: string;
  top_pic: string;
  desc: string;
  is_bean: number | string;
  bean: number | string | null;
  shelves_time: string;
  is_official: number | string;
  goods: string | KujiPrizeForm[];
}

const rowsOf = (v: unknown) => (jsonList(v) ?? []) as Partial<KujiPrizeForm>[];
const positive = (v: unknown) => is.number(v) && Number(v) > 0;
const positiveInt = (v: unknown) => positive(v) && Number.isInteger(Number(v));

/** Spec 03 §5 "Kuji publish", in order, after the brand the form opens with; then each row (rowRules). */
export const kujiPublishRules = ruleTable<KujiPublishForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'title', message: m.titleRequired, ok: (v) => is.filled(v.title) },
  { field: 'price', message: m.priceRequired, ok: (v) => positive(v.price) },
  { field: 'stock', message: m.boxesRequired, ok: (v) => positiveInt(v.stock) },
  { field: 'pic', message: m.picRequired, ok: (v) => is.filled(v.pic) },
  { field: 'bean', message: m.beanRequired, ok: (v) => Number(v.is_bean) !== 1 || positive(v.bean) },
  { field: 'shelves_time', message: m.shelvesTimeRequired, ok: (v) => isDatetime(v.shelves_time) },
  { field: 'goods', message: m.goodsRequired, ok: (v) => rowsOf(v.goods).length > 0 },
  { field: 'goods', message: m.goodsIncomplete, ok: (v) => rowsOf(v.goods).length >= KUJI_MIN_ROWS },
  /** Level code 1 is A: the first row must be Last (0) or a global prize (100+n). */
  { field: 'goods', message: m.lastOrGlobalRequired, ok: (v) => Number(rowsOf(v.goods)[0]?.level) !== 1 },
]);

/** Spec 03 §5 rule 10, per row in this order. */
export const kujiRowRules = ruleTable<KujiPrizeForm>([
  { field: 'goods_title', message: m.rowTitleRequired, ok: (v) => is.filled(v.goods_title) },
  { field: 'goods_price', message: m.rowPriceRequired, ok: (v) => positive(v.goods_price) },
  { field: 'cost_price', message: m.rowCostRequired, ok: (v) => positive(v.cost_price) },
  { field: 'stock', message: m.rowStockRequired, ok: (v) => positiveInt(v.stock) },
]);

/** The whole form: the ordered rules, then the rows' rules row by row. */
export const kujiPublishAllRules = ruleTable<KujiPublishForm>([
  ...kujiPublishRules,
  ...kujiRowRules.map((rule) => ({
    field: 'goods' as const,
    message: rule.message,
    ok: (v: Partial<KujiPublishForm>) => rowsOf(v.goods).every((row) => rule.ok(row)),
  })),
]);

const money2 = (max: number) => strictNumber().min(0).max(max);
export const kujiPrizeEntry = z.object({
  id: optionalId().nullable(),
  goods_title: z.string().trim().min(1, m.rowTitleRequired).max(KUJI_LIMITS.goodsTitleMax),
  goods_pic: z.string().trim().max(500).default(''),
  stock: wholeNumber().min(1, m.rowStockRequired).max(KUJI_LIMITS.ticketsMax),
  goods_price: money2(KUJI_LIMITS.priceMax),
  cost_price: money2(KUJI_LIMITS.priceMax),
  /** Wire code: Last 0, Wn 100+n, else 1 + index of the label (kuji-levels.ts). */
  level: wholeNumber().min(0).max(200),
  start_section: z.preprocess((v) => (v === '' || v === undefined ? null : v), wholeNumber().min(1).nullable()),
  end_section: z.preprocess((v) => (v === '' || v === undefined ? null : v), wholeNumber().min(1).nullable()),
  is_lucky: binary().default(0),
  is_shelves: binary().default(0),
  shelves: z.string().trim().max(KUJI_LIMITS.shelvesMax).default(''),
});
export type KujiPrizeEntry = z.output<typeof kujiPrizeEntry>;

/** A prize row as stored (yuan), for the reviewer. */
export const kujiPrizeOut = z.object({
  goods_title: z.string(),
  goods_pic: z.string(),
  stock: z.number().int(),
  goods_price: money,
  cost_price: money,
  level: z.number().int(),
  start_section: z.number().int().nullable(),
  end_section: z.number().int().nullable(),
  is_lucky: z.number().int(),
  is_shelves: z.number().int(),
  shelves: z.string(),
});

export const kujiPublishBody = withRules(
  z.object({
    ip_id: id(),
    title: z.string().trim().min(1).max(KUJI_LIMITS.titleMax),
    price: strictNumber().positive().max(KUJI_LIMITS.priceMax),
    stock: wholeNumber().min(1).max(KUJI_LIMITS.boxesMax),
    pic: picKey(m.picRequired),
    top_pic: z.string().trim().max(500).default(''),
    desc: z.string().trim().max(500).default(''),
    is_bean: binary().default(0),
    /** Yuan; 0 when coins are not used. */
    bean: z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? 0 : v),
      strictNumber().min(0).max(KUJI_LIMITS.priceMax),
    ),
    /** Fixed 6 (percent); anything sent is ignored. */
    service_charge: strictNumber().optional(),
    shelves_time: z
      .string()
      .trim()
      .regex(DATETIME_RE, m.shelvesTimeRequired)
      .refine(isCalendarTime, m.shelvesTimeRequired),
    is_official: binary().default(0),
    goods: z.preprocess(
      (v) => jsonList(v) ?? v,
      z.array(kujiPrizeEntry).min(KUJI_MIN_ROWS, m.goodsIncomplete).max(KUJI_LIMITS.rowsMax),
    ),
  }),
  kujiPublishAllRules,
);

/** Spec 03 §5 "Kuji detail actions": update carries one change. */
export interface KujiUpdateForm {
  id: number | string;
  off?: number | string;
  shelves_time?: string;
  desc?: string;
  is_bean?: number | string;
  bean?: number | string | null;
  pic?: string;
}
const has = (v: object, k: string) => k in v && (v as Record<string, unknown>)[k] !== undefined;
export const kujiDescRules = ruleTable<KujiUpdateForm>([
  { field: 'desc', message: m.descRequired, ok: (v) => is.filled(v.desc) },
  { field: 'desc', message: m.descTooLong, ok: (v) => is.maxLength(LIMITS.descriptionMax)(v.desc) },
]);
export const kujiBeanRules = ruleTable<KujiUpdateForm>([
  { field: 'bean', message: m.beanRequired, ok: (v) => Number(v.is_bean) !== 1 || positive(v.bean) },
]);
/** Adjusting the sale time: required, and only while not on shelf (off ≠ 0). */
export const kujiShelvesTimeRules = ruleTable<KujiUpdateForm>([
  { field: 'shelves_time', message: m.shelvesTimeSetRequired, ok: (v) => isDatetime(v.shelves_time) },
  { field: 'off', message: m.delistFirst, ok: (v) => Number(v.off) !== 0 },
]);
export const kujiPicRules = ruleTable<KujiUpdateForm>([
  { field: 'pic', message: m.coverRequired, ok: (v) => is.filled(v.pic) },
]);
export const kujiUpdateRules = ruleTable<KujiUpdateForm>([
  ...kujiDescRules.map((r) => ({ ...r, ok: (v: Partial<KujiUpdateForm>) => !has(v, 'desc') || r.ok(v) })),
  ...kujiBeanRules.map((r) => ({ ...r, ok: (v: Partial<KujiUpdateForm>) => !has(v, 'is_bean') || r.ok(v) })),
  ...kujiPicRules.map((r) => ({ ...r, ok: (v: Partial<KujiUpdateForm>) => !has(v, 'pic') || r.ok(v) })),
  {
    field: 'shelves_time',
    message: m.shelvesTimeSetRequired,
    ok: (v) => !has(v, 'shelves_time') || isDatetime(v.shelves_time),
  },
]);

export interface KujiStockForm {
  type: number | string;
  stock: number | string;
  /** Reduce: the boxes nobody has drawn from. */
  can_num?: number | string;
}
/** Spec 03 §5: 请输入增加库存; reducing may not exceed can_num. */
export const kujiStockRules = ruleTable<KujiStockForm>([
  { field: 'type', message: m.stockTypeRequired, ok: (v) => is.oneOf([1, 2])(Number(v.type)) },
  { field: 'stock', message: m.increaseRequired, ok: (v) => is.filled(v.stock) && Number(v.stock) !== 0 },
  {
    field: 'stock',
    message: messages.drawMachine.increaseInteger,
    ok: (v) => positiveInt(v.stock),
    detail: (v) => (Number(v.type) === 2 ? messages.drawMachine.decreaseInteger : messages.drawMachine.increaseInteger),
  },
  {
    field: 'stock',
    message: m.decreaseTooMany,
    ok: (v) => Number(v.type) !== 2 || !is.number(v.can_num) || Number(v.stock) <= Number(v.can_num),
  },
]);

export const kujiShelvesRules = ruleTable<{ is_shelves: number | string; shelves: string }>([
  { field: 'shelves', message: m.shelvesTooLong, ok: (v) => is.maxLength(KUJI_LIMITS.shelvesMax)(v.shelves) },
]);

/** The official type is offered to signed merchants, for the official brand only (spec 03 §2). */
export const officialAllowed = (ipId: number | string | null | undefined, signed: boolean) =>
  signed && Number(ipId) === OFFICIAL_KUJI_BRAND_ID;
