import { firstFailure, IMPORT_COLUMN_OF, type ImportRowCheck, importRowRules, LIMITS, messages } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import { type SheetValue, sheetRefusal } from '../../lib/xlsx/read.js';
import { readStoredSheet } from '../../lib/xlsx/stored.js';
import type { FileStore } from '../../storage/store.js';
import { writeExport } from '../job/index.js';

/**
 * The shipping sheet (spec 02 §5 "Bulk shipping import"), one for every list that ships from a
 * file — pickups (导入发货单) and normal orders (导入发货): the merchant's own .xlsx with the columns
 * 订单号, 物流公司 and 物流单号 (the lists' exports have them), read in a worker with the caps; each
 * row checked in order by the shared `importRowRules` against the orders found; the bad rows
 * written back as an error sheet. What "found" and "shippable" mean is the caller's.
 */
const m = messages.pickup;

export const SHIPPING_IMPORT_LIMITS = { maxRows: 100_000, maxBytes: LIMITS.xlsxMaxBytes, parseTimeoutMs: 30_000 };

/** A cell as text, trimmed ('' when empty). */
export const text = (v: SheetValue | undefined) => (v === null || v === undefined ? '' : String(v).trim());
/** The three columns every shipping sheet has, by their headers. */
const SHIPPING_COLUMNS = ['订单号', '物流公司', '物流单号'];

export interface SheetRows {
  /** Column index of 订单号, 物流公司, 物流单号. */
  columns: [number, number, number];
  rows: SheetValue[][];
}

/** What a list's import says, and how many rows it takes (the pickup and order lists share these). */
export interface SheetWords {
  maxRows: number;
  tooLarge: string;
  unreadable: string;
  header: string;
}
export const SHIPPING_SHEET: SheetWords = {
  maxRows: SHIPPING_IMPORT_LIMITS.maxRows,
  tooLarge: messages.upload.failed,
  unreadable: messages.gacha.importUnreadable,
  header: m.importHeader,
};

/**
 * The last few parsed sheets, by upload key and row cap (a key is never reused, so its rows never
 * change): the confirm usually follows its dry run and need not parse the file again.
 */
const parsed = new Map<string, SheetRows>();
const CACHE_FILES = 4;

/**
 * The uploaded shipping sheet of `url` (the caller's own upload), read in a worker with the caps,
 * its 订单号, 物流公司 and 物流单号 columns found by their headers; `words` are the list's own.
 */
export async function readShippingSheet(
  db: Db,
  config: Config,
  storage: FileStore,
  request: FastifyRequest,
  url: string,
  words: SheetWords = SHIPPING_SHEET,
): Promise<SheetRows> {
  const key = keyOfPic(config, url);
  const [upload] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  if (!upload || upload.userId !== request.user!.id) throw httpError(404, messages.gacha.importFileMissing);
  if (upload.kind !== 'xlsx') throw httpError(415, messages.upload.unsupported);
  if (upload.size > SHIPPING_IMPORT_LIMITS.maxBytes) throw httpError(413, words.tooLarge);
  const cacheKey = `${words.maxRows}:${key}`;
  const cached = parsed.get(cacheKey);
  if (cached) return cached;
  const read = await readStoredSheet(storage, key, {
    maxRows: words.maxRows,
    timeoutMs: SHIPPING_IMPORT_LIMITS.parseTimeoutMs,
    owner: request.user!.id,
  });
  if (!read.ok) throw sheetRefusal(read) ?? httpError(400, words.unreadable);
  if (read.totalRows - 1 > words.maxRows || read.rows.length - 1 > words.maxRows)
    throw httpError(413, messages.gacha.importTooManyRows(words.maxRows));
  const header = (read.rows[0] ?? []).map(text);
  const columns = SHIPPING_COLUMNS.map((h) => header.indexOf(h)) as [number, number, number];
  if (columns.some((c) => c < 0)) throw httpError(400, words.header);
  const sheet: SheetRows = { columns, rows: read.rows };
  parsed.set(cacheKey, sheet);
  while (parsed.size > CACHE_FILES) parsed.delete(parsed.keys().next().value!);
  return sheet;
}

export interface RowError {
  row: number;
  column: string;
  message: string;
  cells: [string, string, string];
}
export interface ShipLine<T> {
  row: number;
  target: T;
  express_company: string;
  express: string;
}
export interface ImportPlan<T> {
  total: number;
  ships: ShipLine<T>[];
  errors: RowError[];
}

/** The non-empty lines of a sheet: their row number (as the spreadsheet shows it) and three cells. */
export function sheetLines(sheet: SheetRows) {
  const [snCol, companyCol, numberCol] = sheet.columns;
  const lines: { row: number; cells: [string, string, string] }[] = [];
  for (let i = 1; i < sheet.rows.length; i++) {
    const r = sheet.rows[i] ?? [];
    const cells: [string, string, string] = [text(r[snCol]), text(r[companyCol]), text(r[numberCol])];
    if (cells.every((c) => c === '')) continue;
    lines.push({ row: i + 1, cells });
  }
  return lines;
}

/**
 * Check every line with the shared row rules: `known` holds the caller's orders by number, and
 * `blocked` says why one cannot ship (null: it can). Nothing is written.
 */
export function planSheet<T>(
  lines: { row: number; cells: [string, string, string] }[],
  known: Map<string, T>,
  blocked: (target: T) => string | null,
): ImportPlan<T> {
  const plan: ImportPlan<T> = { total: lines.length, ships: [], errors: [] };
  const seen = new Set<string>();
  for (const { row, cells } of lines) {
    const [sn, company, number] = cells;
    const target = known.get(sn);
    const reason = target === undefined ? null : blocked(target);
    const check: ImportRowCheck = {
      order_sn: sn,
      express_company: company,
      express: number,
      known: target !== undefined,
      first: !seen.has(sn),
      shippable: target !== undefined && reason === null,
      ...(reason ? { blocked: reason } : {}),
    };
    seen.add(sn);
    const failed = firstFailure(importRowRules, check);
    if (failed) plan.errors.push({ row, column: IMPORT_COLUMN_OF[failed.field], message: failed.message, cells });
    else plan.ships.push({ row, target: target!, express_company: company, express: number });
  }
  return plan;
}

/** The bad rows with a 错误原因 column: fix them and upload the sheet again. */
export async function writeShippingErrors(
  db: Db,
  config: Config,
  storage: FileStore,
  userId: number,
  errors: RowError[],
) {
  const columns = ['订单号', '物流公司', '物流单号', '错误原因'].map((header) => ({ header, width: 28 }));
  const { url } = await writeExport(
    db,
    config,
    storage,
    { columns, userId, sheetName: '错误行', title: '发货导入错误' },
    (writer) => writer.addRows(errors.map((e) => [...e.cells, m.importRow(e.row, `${e.column}：${e.message}`)])),
  );
  return url;
}

/** A dry run's answer (shared `pickupImportPreview`): counts, the first 1,000 bad rows, the error sheet. */
export async function previewOf<T>(db: Db, config: Config, storage: FileStore, userId: number, plan: ImportPlan<T>) {
  if (plan.total === 0) throw httpError(400, m.importEmpty);
  const errorUrl = plan.errors.length ? await writeShippingErrors(db, config, storage, userId, plan.errors) : null;
  return {
    total_num: plan.total,
    ship_num: plan.ships.length,
    error_num: plan.errors.length,
    errors: plan.errors.slice(0, 1000).map((e) => ({ row: e.row, column: e.column, message: e.message })),
    error_url: errorUrl,
  };
}

/** A confirm's plan must be whole: empty → 400, any bad row → 409 naming the first. */
export function assertClean<T>(plan: ImportPlan<T>) {
  if (plan.total === 0) throw httpError(400, m.importEmpty);
  const first = plan.errors[0];
  if (first) throw httpError(409, m.importRow(first.row, `${first.column}：${first.message}`));
}
