import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { datetime, id, limit, optionalId, page, pagination, sort, yuan } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';

const m = messages.goods;

/** Goods (spec 01 §3): price in yuan, weight kg, sizes cm; `stock` counts only when stock_limit is 1. */
export const goods = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  price: yuan(),
  goods_num: z.string(),
  goods_code: z.string(),
  /** An upload key or an absolute URL. */
  pic: z.string(),
  is_overseas: z.number().int(),
  stock_limit: z.number().int(),
  stock: z.number().int(),
  weight: z.number().nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  created_at: datetime(),
});
export type Goods = z.infer<typeof goods>;

/** The goods selector's item (spec 01 §3 "Goods item"). */
export const goodsItem = goods.pick({
  id: true,
  title: true,
  pic: true,
  price: true,
  is_overseas: true,
  stock: true,
  stock_limit: true,
});
export type GoodsItem = z.infer<typeof goodsItem>;

export const STOCK_LIMIT = { unlimited: 0, limited: 1 } as const;
export const STOCK_ACTION = { add: 1, reduce: 2 } as const;
/** Largest stock a goods may hold (the column is a 32-bit integer). */
export const GOODS_STOCK_MAX = 100_000_000;
/** Largest price, yuan (the column is integer fen). */
export const GOODS_PRICE_MAX = 10_000_000;

type Num = number | string | null | undefined;
export interface GoodsForm {
  id?: number | string;
  ip_id: number | string;
  title: string;
  price: Num;
  goods_num?: string;
  goods_code?: string;
  pic: string;
  is_overseas: number | string;
  stock_limit: number | string;
  stock?: Num;
  weight?: Num;
  length?: Num;
  width?: Num;
  height?: Num;
}

const n = (v: unknown) => Number(v);
const isEmpty = (v: unknown) => !is.filled(v);
/** At most two decimals: what integer fen can hold exactly. */
export const twoDecimals = (v: unknown) => /^-?\d+(\.\d{1,2})?$/.test(String(v).trim());
const isInt = (v: unknown) => Number.isInteger(n(v));
const overseas = (v: Partial<GoodsForm>) => String(v.is_overseas) === '1';
const isCreate = (v: Partial<GoodsForm>) => !is.id(v.id);
const limited = (v: Partial<GoodsForm>) => String(v.stock_limit) === '1';

/** A size field: required for overseas goods, optional otherwise; when given, numeric and above 0. */
const sizeRules = (
  field: 'weight' | 'length' | 'width' | 'height',
  required: string,
  positive: string,
): Parameters<typeof ruleTable<GoodsForm>>[0] => [
  { field, message: required, ok: (v) => !overseas(v) || !isEmpty(v[field]) },
  { field, message: m.number, ok: (v) => isEmpty(v[field]) || is.number(v[field]) },
  { field, message: positive, ok: (v) => isEmpty(v[field]) || n(v[field]) > 0 },
];

/** Spec 01 §5 "Goods form", in order (the brand first: a goods belongs to one). */
export const goodsRules = ruleTable<GoodsForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'title', message: m.titleRequired, ok: (v) => is.filled(v.title) },
  { field: 'title', message: m.titleTooLong, ok: (v) => is.maxLength(LIMITS.goodsTitleMax)(v.title) },
  { field: 'price', message: m.priceRequired, ok: (v) => !isEmpty(v.price) },
  { field: 'price', message: m.number, ok: (v) => is.number(v.price) },
  { field: 'price', message: m.pricePositive, ok: (v) => n(v.price) > 0 },
  { field: 'price', message: m.priceTooHigh, ok: (v) => n(v.price) <= GOODS_PRICE_MAX },
  { field: 'price', message: m.priceDecimals, ok: (v) => twoDecimals(v.price) },
  { field: 'pic', message: m.picRequired, ok: (v) => is.filled(v.pic) },
  { field: 'stock', message: m.stockRequired, ok: (v) => !isCreate(v) || !limited(v) || !isEmpty(v.stock) },
  { field: 'stock', message: m.number, ok: (v) => !isCreate(v) || !limited(v) || is.number(v.stock) },
  { field: 'stock', message: m.stockNegative, ok: (v) => !isCreate(v) || !limited(v) || n(v.stock) >= 0 },
  { field: 'stock', message: m.integer, ok: (v) => !isCreate(v) || !limited(v) || isInt(v.stock) },
  { field: 'stock', message: m.stockTooHigh, ok: (v) => !isCreate(v) || !limited(v) || n(v.stock) <= GOODS_STOCK_MAX },
  ...sizeRules('weight', m.weightRequired, m.weightPositive),
  ...sizeRules('length', m.lengthRequired, m.lengthPositive),
  ...sizeRules('width', m.widthRequired, m.widthPositive),
  ...sizeRules('height', m.heightRequired, m.heightPositive),
  { field: 'goods_num', message: m.remarkTooLong, ok: (v) => is.maxLength(200)(v.goods_num) },
  { field: 'goods_code', message: m.codeTooLong, ok: (v) => is.maxLength(200)(v.goods_code) },
]);

/**
 * A form value as the client sent it (text or number, possibly empty). Rule-checked fields are
 * declared this loosely so the rule table sees the raw input (a coercing field would hand it 0 for
 * '' and stop it on 1.5); the checked values are converted after the table passed.
 */
export const raw = () => z.union([z.string(), z.number()]).nullable().optional();
export const rawList = () =>
  z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))])
    .nullable()
    .optional();
/** `1,2,3` or [1, 2, 3]: the ids, each a positive integer; anything else is not an id list. */
export const idList = (message: string) =>
  z
    .union([z.string().max(20000), z.array(z.union([z.string(), z.number()])).max(1000)], { error: message })
    .transform((v, ctx) => {
      const parts = (Array.isArray(v) ? v.map(String) : v.split(',')).map((x) => x.trim()).filter(Boolean);
      if (parts.length === 0 || !parts.every((x) => is.id(x))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(parts.map(Number))];
    });
export const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
export const numberOrNull = (v: unknown) => (isEmpty(v) ? null : Number(v));
export const idOrUndefined = (v: unknown) => (is.id(v) ? Number(v) : undefined);
/** An id that is given must be a positive integer (0 and empty mean "new"). */
export const idRule = <T extends { id?: unknown }>() => ({
  field: 'id' as keyof T & string,
  message: messages.common.badRequest,
  ok: (v: Partial<T>) => isEmpty(v.id) || String(v.id) === '0' || is.id(v.id),
});

export const goodsSave = withRules(
  z.object({
    id: raw(),
    ip_id: raw(),
    title: raw(),
    price: raw(),
    goods_num: raw(),
    goods_code: raw(),
    pic: raw(),
    is_overseas: raw(),
    stock_limit: raw(),
    stock: raw(),
    weight: raw(),
    length: raw(),
    width: raw(),
    height: raw(),
  }),
  [idRule<GoodsForm>(), ...goodsRules],
).transform((v) => {
  const stockLimit = String(v.stock_limit) === '1' ? 1 : 0;
  return {
    id: idOrUndefined(v.id),
    ip_id: Number(v.ip_id),
    title: text(v.title),
    price: Number(v.price),
    goods_num: text(v.goods_num),
    goods_code: text(v.goods_code),
    pic: text(v.pic),
    is_overseas: String(v.is_overseas) === '1' ? 1 : 0,
    stock_limit: stockLimit,
    stock: stockLimit === 1 ? numberOrNull(v.stock) : null,
    weight: numberOrNull(v.weight),
    length: numberOrNull(v.length),
    width: numberOrNull(v.width),
    height: numberOrNull(v.height),
  };
});

export interface GoodsStockForm {
  id: number | string;
  /** What the dialog saw; the API checks it against the stored value (409 when it changed). */
  current_stock_limit?: number | string;
  stock_limit: number | string | '';
  action?: number | string | '';
  /** Quantity to add or reduce (limited → limited). */
  num?: Num;
  /** The new stock (unlimited → limited). */
  stock_num?: Num;
}

// The rules of a transition apply once the current stock type is known: the dialog sends it, and
// the API runs the table again with the stored value.
const toLimited = (v: Partial<GoodsStockForm>) => String(v.stock_limit) === '1';
const adjusting = (v: Partial<GoodsStockForm>) => toLimited(v) && String(v.current_stock_limit) === '1';
const settingStock = (v: Partial<GoodsStockForm>) => toLimited(v) && String(v.current_stock_limit) === '0';
/** The new stock of unlimited → limited: `stock_num` (the dialog), or `num` as the spec's call sends it. */
export const newStockOf = (v: { num?: unknown; stock_num?: unknown }) => (isEmpty(v.stock_num) ? v.num : v.stock_num);
const wholeAtLeast = (v: unknown, min: number) => is.number(v) && isInt(v) && n(v) >= min;

/** Spec 01 §5 "Goods stock edit" and §4 "Goods stock dialog": the three transitions. */
export const goodsStockRules = ruleTable<GoodsStockForm>([
  { field: 'stock_limit', message: m.stockTypeRequired, ok: (v) => is.oneOf(['0', '1'])(String(v.stock_limit)) },
  { field: 'stock_num', message: m.stockNumRequired, ok: (v) => !settingStock(v) || !isEmpty(newStockOf(v)) },
  {
    field: 'stock_num',
    message: m.integer,
    ok: (v) => !settingStock(v) || !is.number(newStockOf(v)) || isInt(newStockOf(v)),
  },
  { field: 'stock_num', message: m.stockNumNegative, ok: (v) => !settingStock(v) || wholeAtLeast(newStockOf(v), 0) },
  {
    field: 'stock_num',
    message: m.stockTooHigh,
    ok: (v) => !settingStock(v) || n(newStockOf(v)) <= GOODS_STOCK_MAX,
  },
  {
    field: 'action',
    message: m.stockActionRequired,
    ok: (v) => !adjusting(v) || is.oneOf(['1', '2'])(String(v.action)),
  },
  { field: 'num', message: m.numPositive, ok: (v) => !adjusting(v) || !isEmpty(v.num) },
  { field: 'num', message: m.integer, ok: (v) => !adjusting(v) || !is.number(v.num) || isInt(v.num) },
  { field: 'num', message: m.numPositive, ok: (v) => !adjusting(v) || wholeAtLeast(v.num, 1) },
  { field: 'num', message: m.stockTooHigh, ok: (v) => !adjusting(v) || n(v.num) <= GOODS_STOCK_MAX },
]);

export const goodsStock = withRules(
  z.object({
    id: raw(),
    current_stock_limit: raw(),
    stock_limit: raw(),
    action: raw(),
    num: raw(),
    stock_num: raw(),
  }),
  [
    { field: 'id', message: messages.common.notFound, ok: (v: Partial<GoodsStockForm>) => is.id(v.id) },
    ...goodsStockRules,
  ],
).transform((v) => ({
  id: Number(v.id),
  current_stock_limit: isEmpty(v.current_stock_limit) ? null : Number(v.current_stock_limit),
  stock_limit: Number(v.stock_limit),
  action: numberOrNull(v.action),
  num: numberOrNull(v.num),
  stock_num: numberOrNull(newStockOf(v)),
}));

export const goodsRoutes = {
  list: defineRoute({
    operationId: 'goods.list',
    method: 'GET',
    path: '/web/goods/goods/list',
    summary: '商品列表（按品牌、商品名称）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      page: page(),
      limit: limit(LIMITS.goodsPageSize),
      ip_id: optionalId(),
      title: z.string().trim().max(200).optional(),
      sort: sort(['stock', 'price']),
    }),
    response: z.object({ lists: z.array(goods), pagination }),
  }),
  detail: defineRoute({
    operationId: 'goods.detail',
    method: 'GET',
    path: '/web/goods/goods/info',
    summary: '商品详情',
    entity: { field: 'id', of: 'goods' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ id: id() }),
    response: z.object({ goods }),
  }),
  save: defineRoute({
    operationId: 'goods.save',
    method: 'POST',
    path: '/web/goods/goods/save',
    summary: '新增或编辑商品（库存只在新增时设置，之后用 goods.stock）',
    entity: { field: 'id', of: 'goods' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: goodsSave,
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'goods.delete',
    method: 'POST',
    path: '/web/goods/goods/delete',
    summary: '删除商品',
    entity: { field: 'id', of: 'goods' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
  stock: defineRoute({
    operationId: 'goods.stock',
    method: 'POST',
    path: '/web/goods/goods/stock',
    summary: '修改库存：不限→限制（stock_num，或 num）、限制→限制（action 1 增加 / 2 减少，num）、→不限',
    entity: { field: 'id', of: 'goods' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: goodsStock,
    response: z.object({ stock_limit: z.number().int(), stock: z.number().int() }),
  }),
};
