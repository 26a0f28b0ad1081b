import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { datetime, id, limit, optionalId, page, smallint, sort, yuan } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { albumAssignment, albumOptionsRoute } from './album.js';
import { idOrUndefined, idRule, raw, rawList, text, twoDecimals } from './goods.js';

const m = messages.gacha;

/** `cate`: 3 gacha (扭蛋); 2 is shown as 一番赏 (spec 01 §3). */
export const GACHA_CATES = [
  { value: 3, label: '扭蛋' },
  { value: 2, label: '一番赏' },
] as const;
export const gachaCateText = (cate: number) => GACHA_CATES.find((c) => c.value === cate)?.label ?? String(cate);
/** 1 valid; 0 invalidated (失效). */
export const GACHA_STATUS = { invalid: 0, valid: 1 } as const;

export const gachaGoods = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  goods_title: z.string(),
  price: yuan(),
  cost_price: yuan(),
  stock: z.number().int(),
  cate: z.number().int(),
  cate_text: z.string(),
  /** Upload keys or absolute URLs, at most 10. */
  pics: z.array(z.string()),
  video_url: z.string(),
  /** Always four labels (empty strings for unused ones). */
  label: z.array(z.string()),
  channel: z.string(),
  channel_title: z.string(),
  link: z.string(),
  code: z.string(),
  /** How many activities use these goods; > 0 locks price, cost and type. */
  active_num: z.number().int(),
  active_ids: z.array(z.number().int()),
  status: z.number().int(),
  /** The 数字藏品合辑 it is shown in, null when none. */
  catalog_id: z.number().int().nullable(),
  created_at: datetime(),
  updated_at: datetime(),
});
export type GachaGoods = z.infer<typeof gachaGoods>;

/** A list field that the spec sends as a JSON string (pics, label); an array is accepted too. */
export function asList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (value === undefined || value === null || value === '') return [];
  if (typeof value !== 'string') return null;
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
const listOf = (value: unknown) => asList(value) ?? [];

type Num = number | string | null | undefined;
export interface GachaForm {
  id?: number | string;
  ip_id: number | string;
  goods_title: string;
  price: Num;
  cost_price: Num;
  stock: Num;
  cate: number | string;
  /** JSON array of upload keys (or the array itself). */
  pics: string | string[];
  video_url?: string;
  channel: string;
  /** JSON array of four labels (or the array itself). */
  label?: string | string[];
  link?: string;
  code?: string;
  /** 1 when the dialog showed "add stock" (bound goods): `stock` is then the quantity to add. */
  add_stock?: number | string;
}

const money = (v: unknown) => is.number(v) && Number(v) >= LIMITS.gachaPriceMin && Number(v) <= LIMITS.gachaPriceMax;
const stockOk = (v: unknown) =>
  is.number(v) && Number.isInteger(Number(v)) && Number(v) >= LIMITS.gachaStockMin && Number(v) <= LIMITS.gachaStockMax;
const CATES = GACHA_CATES.map((c) => String(c.value));

/** Spec 01 §5 "Gacha goods", in the order of the form. */
export const gachaRules = ruleTable<GachaForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'goods_title', label: '商品名称', message: m.required, ok: (v) => is.filled(v.goods_title) },
  { field: 'goods_title', message: m.titleTooLong, ok: (v) => is.maxLength(LIMITS.goodsTitleMax)(v.goods_title) },
  { field: 'price', label: '零售价', message: m.required, ok: (v) => is.filled(v.price) },
  { field: 'price', message: m.number, ok: (v) => is.number(v.price) },
  { field: 'price', message: m.priceRange, ok: (v) => money(v.price) },
  { field: 'price', message: m.priceDecimals, ok: (v) => twoDecimals(v.price) },
  { field: 'cost_price', label: '成本价', message: m.required, ok: (v) => is.filled(v.cost_price) },
  { field: 'cost_price', message: m.number, ok: (v) => is.number(v.cost_price) },
  { field: 'cost_price', message: m.priceRange, ok: (v) => money(v.cost_price) },
  { field: 'cost_price', message: m.priceDecimals, ok: (v) => twoDecimals(v.cost_price) },
  { field: 'stock', label: '库存', message: m.required, ok: (v) => is.filled(v.stock) },
  { field: 'stock', message: m.stockRange, ok: (v) => stockOk(v.stock) },
  { field: 'cate', label: '类型', message: m.required, ok: (v) => is.oneOf(CATES)(String(v.cate ?? '')) },
  { field: 'pics', label: '图片', message: m.required, ok: (v) => listOf(v.pics).some((p) => is.filled(p)) },
  { field: 'pics', message: m.picsTooMany, ok: (v) => listOf(v.pics).length <= LIMITS.gachaPicsMax },
  { field: 'channel', label: '渠道', message: m.required, ok: (v) => is.filled(v.channel) },
  { field: 'channel', message: m.channelTooLong, ok: (v) => is.maxLength(LIMITS.gachaLabelMax)(v.channel) },
  { field: 'label', message: m.labelsTooMany, ok: (v) => listOf(v.label).length <= LIMITS.gachaLabels },
  {
    field: 'label',
    message: m.labelTooLong,
    ok: (v) => listOf(v.label).every((l) => is.maxLength(LIMITS.gachaLabelMax)(l)),
  },
  { field: 'link', message: m.linkTooLong, ok: (v) => is.maxLength(LIMITS.gachaLinkMax)(v.link) },
  { field: 'code', message: m.codeTooLong, ok: (v) => is.maxLength(LIMITS.gachaLinkMax)(v.code) },
]);

/** The whole table the save checks: the id, then the form's rules. */
export const gachaSaveRules = ruleTable<GachaForm>([idRule<GachaForm>(), ...gachaRules]);

export const gachaSave = withRules(
  z.object({
    id: raw(),
    ip_id: raw(),
    goods_title: raw(),
    price: raw(),
    cost_price: raw(),
    stock: raw(),
    cate: raw(),
    pics: rawList(),
    video_url: raw(),
    channel: raw(),
    label: rawList(),
    link: raw(),
    code: raw(),
    add_stock: raw(),
  }),
  gachaSaveRules,
).transform((v) => {
  const labels = listOf(v.label).map(text);
  return {
    id: idOrUndefined(v.id),
    ip_id: Number(v.ip_id),
    goods_title: text(v.goods_title),
    price: Number(v.price),
    cost_price: Number(v.cost_price),
    stock: Number(v.stock),
    cate: Number(v.cate),
    pics: listOf(v.pics).map(text).filter(Boolean),
    video_url: text(v.video_url),
    channel: text(v.channel),
    label: Array.from({ length: LIMITS.gachaLabels }, (_, i) => labels[i] ?? ''),
    link: text(v.link),
    code: text(v.code),
    add_stock: String(v.add_stock) === '1' ? 1 : 0,
  };
});

/** The list's filters (spec 01 §7): brand, goods id (`sku_id`), goods name, plus channel and cate. */
export const gachaFilters = z.object({
  ip_id: optionalId(),
  goods_title: z.string().trim().max(200).optional(),
  sku_id: optionalId(),
  channel_id: z.string().trim().max(50).optional(),
  cate: z.preprocess((v) => (v === '' ? undefined : v), smallint().optional()),
});
export type GachaFilters = z.input<typeof gachaFilters>;

/** One bad row of an import: its spreadsheet row number (the header is row 1), the column and the message. */
export const importError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });

export const gachaImportPreview = z.object({
  total_num: z.number().int(),
  create_num: z.number().int(),
  update_num: z.number().int(),
  /** Rows equal to the stored goods (an exported file imported again). */
  unchanged_num: z.number().int(),
  /** Rows with at least one mistake. */
  error_num: z.number().int(),
  /** Every mistake of every bad row, in row order (a row may appear more than once). */
  errors: z.array(importError),
  /** The bad rows with a 错误原因 column, as an xlsx; null when there are none. */
  error_url: z.string().nullable(),
});

export type GachaImportPreview = z.infer<typeof gachaImportPreview>;

/** Export: the file at once (`url`), or a job to follow with job.status. */
export const exportStarted = z.object({
  url: z.string().nullable(),
  job_id: z.number().int().nullable(),
  total_num: z.number().int(),
});

const importBody = z.object({ url: z.string().trim().min(1).max(2000), ip_id: id() });

export const gachaRoutes = {
  list: defineRoute({
    operationId: 'gacha.list',
    method: 'GET',
    path: '/web/goods/gacha/list',
    summary: '扭蛋商品列表',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: gachaFilters.extend({ page: page(), limit: limit(LIMITS.goodsPageSize), sort: sort(['stock', 'price']) }),
    response: z.object({
      list: z.array(gachaGoods),
      page: z.object({ page: z.number().int(), limit: z.number().int(), total_rows: z.number().int() }),
    }),
  }),
  detail: defineRoute({
    operationId: 'gacha.detail',
    method: 'GET',
    path: '/web/goods/gacha/info',
    summary: '扭蛋商品详情',
    entity: { field: 'id', of: 'gacha' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ id: id(), ip_id: optionalId() }),
    response: z.object({ goods: gachaGoods }),
  }),
  save: defineRoute({
    operationId: 'gacha.save',
    method: 'POST',
    path: '/web/goods/gacha/save',
    summary: '新增或编辑扭蛋商品（已关联活动时价格、成本价、类型不可改，库存为增加数量）',
    entity: { field: 'id', of: 'gacha' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: gachaSave,
    response: z.object({ id: z.number().int(), stock: z.number().int() }),
  }),
  invalidate: defineRoute({
    operationId: 'gacha.invalidate',
    method: 'POST',
    path: '/web/goods/gacha/invalid',
    summary: '扭蛋商品失效（未关联活动时）',
    entity: { field: 'id', of: 'gacha' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: z.object({ id: id(), ip_id: optionalId() }),
    response: z.null(),
  }),
  unbind: defineRoute({
    operationId: 'gacha.unbind',
    method: 'POST',
    path: '/web/goods/gacha/unbind',
    summary: '解除扭蛋商品与所有活动的关联',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: z.object({ goods_id: id(), ip_id: optionalId() }),
    response: z.object({ active_num: z.number().int() }),
  }),
  setAlbum: defineRoute({
    operationId: 'gacha.setAlbum',
    method: 'POST',
    path: '/web/goods/gacha/set/catalog',
    summary: '设置扭蛋商品的数字藏品合辑（goods_ids 逗号分隔或数组）',
    access: 'box_admin',
    perId: PER_ID.box,
    body: albumAssignment(m.albumNoneSelected),
    response: z.null(),
  }),
  albums: albumOptionsRoute('gacha.albums', '/web/goods/gacha/catalog', 'box_admin', PER_ID.box),
  export: defineRoute({
    operationId: 'gacha.export',
    method: 'POST',
    path: '/web/goods/gacha/export',
    summary: '导出查询结果：少量时直接给 url，否则返回 job_id，用 job.status 跟进',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: gachaFilters,
    response: exportStarted,
  }),
  template: defineRoute({
    operationId: 'gacha.template',
    method: 'GET',
    path: '/web/goods/gacha/template',
    summary: '下载导入模板',
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({}),
    response: z.object({ url: z.string() }),
  }),
  import: defineRoute({
    operationId: 'gacha.import',
    method: 'POST',
    path: '/web/goods/gacha/import',
    summary: '上传商品（预检）：将新增、更新的数量与每一行错误，不写入',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: importBody,
    response: gachaImportPreview,
  }),
  importConfirm: defineRoute({
    operationId: 'gacha.importConfirm',
    method: 'POST',
    path: '/web/goods/gacha/import/confirm',
    summary: '确认导入：整个文件在一个事务中写入，有任何错误则不写入',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: importBody,
    response: z.object({ create_num: z.number().int(), update_num: z.number().int(), unchanged_num: z.number().int() }),
  }),
};

/** The import/export columns, in order. The export adds read-only columns after these. */
export const GACHA_SHEET_COLUMNS = [
  'ID',
  '商品名称',
  '零售价',
  '成本价',
  '库存',
  '类型',
  '渠道',
  '标签1',
  '标签2',
  '标签3',
  '标签4',
  '链接',
  '编码',
  '图片',
  '视频',
] as const;
export const GACHA_SHEET_EXTRA = ['关联活动数', '状态', '创建时间'] as const;

/**
 * What each column of the import wants, as the template's 填写说明 sheet says it (and the import
 * dialog repeats it): required or not, the format and the bounds of the rule table.
 */
export const GACHA_SHEET_NOTES: Record<(typeof GACHA_SHEET_COLUMNS)[number], string> = {
  ID: '选填。留空为新增商品；填写已有商品的ID则更新该商品（导出表中的ID）',
  商品名称: `必填，最多${LIMITS.goodsTitleMax}个字符`,
  零售价: `必填，数字，${LIMITS.gachaPriceMin}–${LIMITS.gachaPriceMax}元，最多两位小数`,
  成本价: `必填，数字，${LIMITS.gachaPriceMin}–${LIMITS.gachaPriceMax}元，最多两位小数`,
  库存: `必填，${LIMITS.gachaStockMin}–${LIMITS.gachaStockMax}的整数`,
  类型: `必填，填写 ${GACHA_CATES.map((c) => c.label).join(' 或 ')}`,
  渠道: `必填，最多${LIMITS.gachaLabelMax}个字符`,
  标签1: `选填，每个标签最多${LIMITS.gachaLabelMax}个字符，最多${LIMITS.gachaLabels}个（标签1–标签4）`,
  标签2: '选填，同标签1',
  标签3: '选填，同标签1',
  标签4: '选填，同标签1',
  链接: `选填，最多${LIMITS.gachaLinkMax}个字符`,
  编码: `选填，最多${LIMITS.gachaLinkMax}个字符`,
  图片: `必填，图片网址（不是图片文件）：先在「新增」弹窗上传图片，或使用导出表中的网址；${LIMITS.goodsPicture.width}×${LIMITS.goodsPicture.height}px，最多${LIMITS.gachaPicsMax}张，多张用英文逗号分隔`,
  视频: '选填，视频网址（mp4，最大100MB），先在「新增」弹窗上传视频',
};
