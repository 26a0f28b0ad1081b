import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { datetime, id, limit, page, pagination, sort, strictNumber, wholeNumber } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { RELEASE_LIMITS, templateStyle } from './blind-box.js';
import { isDatetime } from './blind-box-record.js';

const m = messages.drawMachine;

/** Spec 01 §9: the draw-machine list shows 10 per page. */
export const DRAW_MACHINE_PAGE_SIZE = 10;
/** Activity type of a draw-box machine order (spec 02 §4). */
export const ACTIVITY_DRAW_BOX = 13;
/** Deposit states (spec 02 §4). */
export const DEPOSIT_STATE = { notShipped: 0, shipped: 1, received: 2, depositing: 3 } as const;
export const OFF_STATE = { listed: 0, delisted: 1, soldOut: 2 } as const;
export const OFF_TEXT: Record<number, string> = { 0: '已上架', 1: '已下架', 2: '已售罄' };
export const STYLE_TEXT: Record<number, string> = { 1: '基础款', 2: '小隐藏', 3: '大隐藏' };

/** Yuan amounts keyed by currency, as the spec's `sale_amount.cn`. */
const amount = z.object({ cn: z.number() });

/** Spec 01 §3 "Draw-machine batch". Every count is derived from the order and deposit rows. */
export const drawMachine = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  pic: z.string(),
  /** Selling price per draw, yuan. */
  price: z.number(),
  /** The record's official single-box price (官方售价), yuan. */
  official_price: z.number(),
  sale_amount: amount,
  /** 0 listed, 1 delisted, 2 sold out. */
  off: z.number().int(),
  /** Pickups of this machine's goods waiting to be shipped (items). */
  stay_send_goods: z.number().int(),
  /** Items in players' cabinets (pending retrieval). */
  stay_retrieval: z.number().int(),
  /** Remaining whole cases (untouched by draws). */
  stock: z.number().int(),
  /** Remaining boxes, including the rest of the case being drawn. */
  surplus_num: z.number().int(),
  desc: z.string(),
  /** Max coin deduction per draw, yuan; 0 = coins not used. */
  bean: z.number(),
  shelves_time: datetime(),
  service_charge: z.number(),
  wait_settlement_price: amount,
  settlement_price: amount,
  /** Cases a decrease may remove (= stock). */
  can_num: z.number().int(),
  limit_stock: z.number().int(),
  seed_hash: z.string(),
  template: z.object({ ip_title: z.string(), title: z.string() }),
  /** nums: boxes listed; yc_num: hidden boxes among them. */
  box_goods_nums: z.object({ nums: z.number().int(), yc_num: z.number().int() }),
  /** sold, in storage, awaiting receipt (picked up, not received), received. */
  cupboard: z.object({
    sold_num: z.number().int(),
    consign_num: z.number().int(),
    d_goods_num: z.number().int(),
    y_goods_num: z.number().int(),
  }),
});
export type DrawMachine = z.infer<typeof drawMachine>;

/** Spec 01 §3 "Box goods row", plus the style id and its real share of the allocation (公示). */
export const boxGoodsRow = z.object({
  id: z.number().int(),
  goods_pic: z.string(),
  goods_title: z.string(),
  type: z.number().int(),
  /** Drop rate N of 1:N (hidden styles). */
  probability: z.number().int().nullable(),
  stock_sum: z.number().int(),
  sold_num: z.number().int(),
  /** In storage. */
  j_goods_num: z.number().int(),
  /** Pending ship. */
  d_goods_num: z.number().int(),
  /** Shipped. */
  y_goods_num: z.number().int(),
  /** Remaining boxes of this style. */
  stock: z.number().int(),
  /** stock_sum / all boxes listed, percent with 2 decimals. */
  rate: z.number(),
});
export type BoxGoodsRow = z.infer<typeof boxGoodsRow>;

export interface DescForm {
  desc: string;
}
export const descRules = ruleTable<DescForm>([
  { field: 'desc', message: m.descRequired, ok: (v) => is.filled(v.desc) },
  { field: 'desc', message: m.descTooLong, ok: (v) => is.maxLength(LIMITS.descriptionMax)(v.desc) },
]);

export interface BeanForm {
  /** 1 use coins, 0 not use (sends 0). */
  is_bean: number | string;
  bean: number | string | null;
}
export const beanRules = ruleTable<BeanForm>([
  {
    field: 'bean',
    message: m.beanRequired,
    ok: (v) => Number(v.is_bean) !== 1 || (is.number(v.bean) && Number(v.bean) > 0),
  },
]);

export interface ShelvesForm {
  off: number | string;
  shelves_time: string;
}
export const shelvesRules = ruleTable<ShelvesForm>([
  { field: 'shelves_time', message: m.shelvesTimeRequired, ok: (v) => isDatetime(v.shelves_time) },
  { field: 'off', message: m.delistFirst, ok: (v) => Number(v.off) !== 0 },
]);

export interface StockForm {
  type: number | string;
  stock: number | string;
  /** Decrease: the remaining whole cases (can_num). */
  can_num?: number | string;
  box_sign?: string;
}
const positive = (v: unknown) => is.number(v) && Number.isInteger(Number(v)) && Number(v) > 0;
/** A stock field is entered unless empty or 0 (the spec's 请输入增加库存 / 请输入减少库存). */
const entered = (v: unknown) => is.filled(v) && Number(v) !== 0;
/** Spec 01 §5 "Draw-machine management", stock. */
export const stockRules = ruleTable<StockForm>([
  { field: 'type', message: m.stockTypeRequired, ok: (v) => is.oneOf([1, 2])(Number(v.type)) },
  { field: 'stock', message: m.increaseRequired, ok: (v) => Number(v.type) !== 1 || entered(v.stock) },
  { field: 'stock', message: m.increaseInteger, ok: (v) => Number(v.type) !== 1 || positive(v.stock) },
  {
    field: 'stock',
    message: m.increaseTooMany,
    ok: (v) => Number(v.type) !== 1 || Number(v.stock) <= RELEASE_LIMITS.boxNumMax,
  },
  { field: 'stock', message: m.decreaseRequired, ok: (v) => Number(v.type) !== 2 || entered(v.stock) },
  { field: 'stock', message: m.decreaseInteger, ok: (v) => Number(v.type) !== 2 || positive(v.stock) },
  {
    field: 'stock',
    message: m.decreaseTooMany,
    ok: (v) => Number(v.type) !== 2 || !is.number(v.can_num) || Number(v.stock) <= Number(v.can_num),
  },
]);
export const stockConfirmRules = ruleTable<StockForm>([
  ...stockRules,
  { field: 'box_sign', message: m.allocateFirst, ok: (v) => Number(v.type) !== 1 || is.filled(v.box_sign) },
]);

const batchQuery = z.object({ batch_id: id() });
const stockNumber = z.preprocess((v) => (v === '' || v === null ? undefined : v), wholeNumber().optional());

export interface UpdateBoxForm {
  id: number | string;
  desc?: string;
  off?: number | string;
  shelves_time?: string;
}
const has = (v: object, k: string) => k in v && (v as Record<string, unknown>)[k] !== undefined;
/** updateBox carries one of three changes: {id, desc}, {id, off, shelves_time} or {id, off}. */
export const updateBoxRules = ruleTable<UpdateBoxForm>([
  { field: 'desc', message: m.descRequired, ok: (v) => !has(v, 'desc') || is.filled(v.desc) },
  { field: 'desc', message: m.descTooLong, ok: (v) => !has(v, 'desc') || is.maxLength(LIMITS.descriptionMax)(v.desc) },
  {
    field: 'shelves_time',
    message: m.shelvesTimeRequired,
    ok: (v) => has(v, 'desc') || !has(v, 'shelves_time') || isDatetime(v.shelves_time),
  },
  {
    field: 'off',
    message: m.offRequired,
    // A sale-time change carries the stored state, sold out (2) included; a shelf toggle sends 0 or 1.
    ok: (v) =>
      has(v, 'desc') || (is.filled(v.off) && is.oneOf(has(v, 'shelves_time') ? [0, 1, 2] : [0, 1])(Number(v.off))),
  },
]);

export const updateBoxBody = withRules(
  z.object({
    id: id(),
    desc: z.string().trim().max(LIMITS.descriptionMax).optional(),
    off: wholeNumber().min(0).max(2).optional(),
    shelves_time: z.string().trim().optional(),
  }),
  updateBoxRules,
);

export const drawMachineRoutes = {
  list: defineRoute({
    operationId: 'drawMachine.list',
    method: 'GET',
    path: '/web/goods/box/list',
    summary: '抽盒机列表（品牌、名称关键字），附在售数量',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      ip_id: id(),
      keyword: z.string().trim().max(100).default(''),
      page: page(),
      limit: limit(DRAW_MACHINE_PAGE_SIZE, 100),
      sort: sort(['shelves_time', 'official_price', 'sale_amount', 'stock']),
    }),
    response: z.object({ list: z.array(drawMachine), pagination, on_sale: z.number().int() }),
  }),
  info: defineRoute({
    operationId: 'drawMachine.info',
    method: 'GET',
    path: '/web/goods/box/info',
    summary: '抽盒机基础数据',
    entity: { field: 'batch_id', of: 'draw-machine' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: batchQuery,
    response: z.object({ info: drawMachine }),
  }),
  goods: defineRoute({
    operationId: 'drawMachine.goods',
    method: 'GET',
    path: '/web/goods/box/goods/info',
    summary: '抽盒机详细数据（每款商品）',
    entity: { field: 'batch_id', of: 'draw-machine' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: batchQuery,
    response: z.object({ info: z.array(boxGoodsRow) }),
  }),
  update: defineRoute({
    operationId: 'drawMachine.update',
    method: 'POST',
    path: '/web/goods/box/updateBox',
    summary: '修改描述 {id, desc}；上架/下架 {id, off}；调整发售时间 {id, off, shelves_time}（需先下架）',
    entity: { field: 'id', of: 'draw-machine' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: updateBoxBody,
    response: z.object({ id: z.number().int(), off: z.number().int(), desc: z.string(), shelves_time: datetime() }),
  }),
  bean: defineRoute({
    operationId: 'drawMachine.bean',
    method: 'POST',
    path: '/web/goods/box/bean/update',
    summary: '修改金币抵扣（不使用传 0）',
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ template_log_id: id(), bean: strictNumber().min(0).max(RELEASE_LIMITS.priceMax) }),
    response: z.object({ bean: z.number() }),
  }),
  stock: defineRoute({
    operationId: 'drawMachine.stock',
    method: 'POST',
    path: '/web/goods/box/set/stock',
    summary: '调整库存：type 1 增加（分配盒机，返回 goods 与 box_sign）；type 2 减少（直接生效）',
    access: 'box_admin',
    perId: PER_ID.box,
    body: withRules(z.object({ template_log_id: id(), type: wholeNumber(), stock: stockNumber }), stockRules),
    response: z.object({
      goods: z.array(templateStyle.omit({ is_overseas: true })),
      box_sign: z.string(),
      seed_hash: z.string(),
      stock: z.number().int(),
    }),
  }),
  stockConfirm: defineRoute({
    operationId: 'drawMachine.stockConfirm',
    method: 'POST',
    path: '/web/goods/box/set/stock/sub',
    summary: '确认增加库存（需先分配盒机）',
    access: 'box_admin',
    perId: PER_ID.box,
    body: withRules(
      z.object({
        template_log_id: id(),
        type: wholeNumber(),
        stock: stockNumber,
        box_sign: z.string().trim().max(200).default(''),
      }),
      stockConfirmRules,
    ),
    response: z.object({ stock: z.number().int() }),
  }),
};
