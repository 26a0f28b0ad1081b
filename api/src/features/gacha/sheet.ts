import {
  allFailures,
  GACHA_CATES,
  GACHA_SHEET_COLUMNS,
  GACHA_SHEET_EXTRA,
  GACHA_SHEET_NOTES,
  gachaCateText,
  gachaSave,
  gachaSaveRules,
  LIMITS,
  messages,
  validate,
} from '@toy/shared';
import type { Config } from '../../config.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { keyOfPic, picUrl } from '../../lib/urls.js';
import type { SheetValue } from '../../lib/xlsx/read.js';
import type { Cell, NotesSheet, SheetColumn } from '../../lib/xlsx/writer.js';
import type { ExportRecord, GachaRow } from './queries.js';

const m = messages.gacha;

/** The import template's columns, and the export's (the same, plus read-only ones after them). */
export const IMPORT_COLUMNS: SheetColumn[] = GACHA_SHEET_COLUMNS.map((header) => ({
  header,
  width: header === 'ID' ? 10 : /名称|链接|编码|图片|视频/.test(header) ? 36 : 12,
}));
export const EXPORT_COLUMNS: SheetColumn[] = [
  ...IMPORT_COLUMNS,
  ...GACHA_SHEET_EXTRA.map((header) => ({ header, width: header === '创建时间' ? 20 : 12 })),
];
export const REPORT_COLUMNS: SheetColumn[] = [...IMPORT_COLUMNS, { header: '错误原因', width: 48 }];

/** Where each field of the save schema sits in the sheet, to name the column of a message. */
const COLUMN_OF: Record<string, string> = {
  id: 'ID',
  goods_title: '商品名称',
  price: '零售价',
  cost_price: '成本价',
  stock: '库存',
  cate: '类型',
  channel: '渠道',
  label: '标签',
  link: '链接',
  code: '编码',
  pics: '图片',
  video_url: '视频',
};

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (UTC+8 all year): lib/time's format, fast enough for 100k rows. */
const shanghai = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The row of the export: keys and URLs as the wire shows them, so re-importing is exact. */
export function toSheetRow(r: ExportRecord, config: Config): Cell[] {
  const [id, title, price, cost, stock, cate, channel, label, link, code, pics, video, active, status, created] = r;
  return [
    id,
    title,
    fenToYuan(price),
    fenToYuan(cost),
    stock,
    gachaCateText(cate),
    channel,
    label[0] ?? '',
    label[1] ?? '',
    label[2] ?? '',
    label[3] ?? '',
    link,
    code,
    pics.map((p) => picUrl(config, p)).join(','),
    picUrl(config, video),
    active,
    status === 1 ? '有效' : '已失效',
    shanghai(created),
  ];
}

/** What a row writes, as stored (fen, keys): compared with the stored row to find real changes. */
export interface GachaValues {
  goodsTitle: string;
  price: number;
  costPrice: number;
  stock: number;
  cate: number;
  pics: string[];
  videoUrl: string;
  label: string[];
  channel: string;
  link: string;
  code: string;
}

export const valuesOfRow = (row: GachaRow): GachaValues => ({
  goodsTitle: row.goodsTitle,
  price: row.price,
  costPrice: row.costPrice,
  stock: row.stock,
  cate: row.cate,
  pics: row.pics,
  videoUrl: row.videoUrl,
  label: Array.from({ length: LIMITS.gachaLabels }, (_, i) => row.label[i] ?? ''),
  channel: row.channel,
  link: row.link,
  code: row.code,
});

export const sameValues = (a: GachaValues, b: GachaValues) =>
  (Object.keys(a) as (keyof GachaValues)[]).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

const text = (v: SheetValue | undefined) => (v === null || v === undefined ? '' : String(v).trim());
const splitPics = (v: SheetValue | undefined) =>
  text(v)
    .split(/[,，\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

function cateOf(v: SheetValue | undefined): number | string {
  const t = text(v);
  const byLabel = GACHA_CATES.find((c) => c.label === t);
  return byLabel ? byLabel.value : t;
}

export const isBlankRow = (cells: SheetValue[] | undefined) => !cells || cells.every((c) => text(c) === '');

/** The header must be the template's (extra columns after it are ignored). */
export const headerMatches = (cells: SheetValue[] | undefined) =>
  GACHA_SHEET_COLUMNS.every((h, i) => text(cells?.[i]) === h);

/** One mistake of a row: the sheet column it is in and its message. */
export interface CellError {
  column: string;
  message: string;
}

export type ParsedRow = { ok: true; id: number | undefined; values: GachaValues } | { ok: false; errors: CellError[] };

const columnOf = (field: string) => COLUMN_OF[field.split('.')[0] ?? ''] ?? field;

/**
 * One data row through the same rule table and schema as the edit dialog. Every column's first
 * mistake is reported (a row with an empty price and an empty picture answers both).
 */
export function parseRow(cells: SheetValue[], ipId: number, config: Config): ParsedRow {
  const errors: CellError[] = [];
  const rawId = text(cells[0]);
  const badId = Boolean(rawId) && !/^\d+$/.test(rawId);
  if (badId) errors.push({ column: 'ID', message: m.importIdMissing });
  const cate = cateOf(cells[5]);
  const badCate = Boolean(text(cells[5])) && typeof cate !== 'number';
  if (badCate) errors.push({ column: '类型', message: m.importCate });
  const form = {
    id: badId ? undefined : rawId || undefined,
    ip_id: ipId,
    goods_title: text(cells[1]),
    price: text(cells[2]),
    cost_price: text(cells[3]),
    stock: text(cells[4]),
    cate,
    channel: text(cells[6]),
    label: [7, 8, 9, 10].map((i) => text(cells[i])),
    link: text(cells[11]),
    code: text(cells[12]),
    pics: splitPics(cells[13]),
    video_url: text(cells[14]),
  };
  for (const failed of allFailures(gachaSaveRules, form)) {
    if (failed.field === 'cate' && badCate) continue;
    errors.push({ column: columnOf(failed.field), message: failed.message });
  }
  if (errors.length) return { ok: false, errors };
  const result = validate(gachaSave, form);
  if (!result.ok) return { ok: false, errors: [{ column: columnOf(result.field ?? ''), message: result.message }] };
  const d = result.data;
  return {
    ok: true,
    id: d.id,
    values: {
      goodsTitle: d.goods_title,
      price: yuanToFen(d.price),
      costPrice: yuanToFen(d.cost_price),
      stock: d.stock,
      cate: d.cate,
      pics: d.pics.map((p) => keyOfPic(config, p)),
      videoUrl: d.video_url ? keyOfPic(config, d.video_url) : '',
      label: d.label,
      channel: d.channel,
      link: d.link,
      code: d.code,
    },
  };
}

/** A public seed picture: the example row imports as it is (pictures must be usable uploads). */
export const TEMPLATE_PICTURE = 'seed/goods-01.png';

/** The template's example row: every required column filled, so it imports as it is. */
export const templateExample = (config: Config): Cell[] => [
  '',
  '示例：星空扭蛋 第一弹',
  29.9,
  12.5,
  100,
  gachaCateText(3),
  '线下门店',
  '限定',
  '',
  '',
  '',
  '',
  '',
  picUrl(config, TEMPLATE_PICTURE),
  '',
];

/** The template's second sheet: what each column wants. */
export const TEMPLATE_NOTES: NotesSheet = {
  name: '填写说明',
  columns: [
    { header: '列', width: 12 },
    { header: '填写说明', width: 90 },
  ],
  rows: [
    ...GACHA_SHEET_COLUMNS.map((c) => [c, GACHA_SHEET_NOTES[c]]),
    ['', ''],
    ['', '第一张表的第2行是示例，可直接导入；不需要时删除该行。表头请勿修改。'],
  ],
};
