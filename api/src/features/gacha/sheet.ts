import {
  GACHA_CATES,
  GACHA_SHEET_COLUMNS,
  GACHA_SHEET_EXTRA,
  gachaCateText,
  gachaSave,
  LIMITS,
  messages,
  validate,
} from '@toy/shared';
import type { Config } from '../../config.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { keyOfPic, picUrl } from '../../lib/urls.js';
import type { SheetValue } from '../../lib/xlsx/read.js';
import type { Cell, SheetColumn } from '../../lib/xlsx/writer.js';
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

export type ParsedRow =
  | { ok: true; id: number | undefined; values: GachaValues }
  | { ok: false; column: string; message: string };

/** One data row through the same schema and rule table as the edit dialog. */
export function parseRow(cells: SheetValue[], ipId: number, config: Config): ParsedRow {
  const rawId = text(cells[0]);
  if (rawId && !/^\d+$/.test(rawId)) return { ok: false, column: 'ID', message: m.importIdMissing };
  const cate = cateOf(cells[5]);
  if (text(cells[5]) && typeof cate !== 'number') return { ok: false, column: '类型', message: m.importCate };
  const form = {
    id: rawId || undefined,
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
  const result = validate(gachaSave, form);
  if (!result.ok) {
    const field = result.field?.split('.')[0] ?? '';
    return { ok: false, column: COLUMN_OF[field] ?? field, message: result.message.replace(/^参数 \S+ 不正确：/, '') };
  }
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

/** The template's example row. */
export const TEMPLATE_EXAMPLE: Cell[] = [
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
  '',
  '',
];
