import { LIMITS, messages } from '@toy/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
import { gachaGoods, uploads } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import { type SheetValue, sheetRefusal } from '../../lib/xlsx/read.js';
import { readStoredSheet } from '../../lib/xlsx/stored.js';
import type { FileStore } from '../../storage/store.js';
import { type AuditInput, auditMany } from '../audit/index.js';
import { writeExport } from '../job/index.js';
import { type PictureUser, pictureProblems } from '../upload/index.js';
import { activeIdsColumn, GACHA_PICTURE, GACHA_VIDEO, type GachaRow, gachaFields } from './queries.js';
import {
  type GachaValues,
  headerMatches,
  isBlankRow,
  parseRow,
  REPORT_COLUMNS,
  sameValues,
  valuesOfRow,
} from './sheet.js';

const m = messages.gacha;

export const IMPORT_LIMITS = {
  /** Data rows of one file: an export of 100,000 goods can be imported again. */
  maxRows: 100_000,
  maxBytes: LIMITS.xlsxMaxBytes,
  parseTimeoutMs: 30_000,
};

export interface RowError {
  row: number;
  column: string;
  message: string;
  cells: SheetValue[];
}

export interface ImportPlan {
  total: number;
  creates: { row: number; values: GachaValues }[];
  updates: { row: number; id: number; values: GachaValues; before: GachaRow }[];
  unchanged: number;
  /** Every mistake of every row (a row may have several). */
  errors: RowError[];
  /** Rows with at least one mistake. */
  badRows: number;
}

const formatMb = (bytes: number) => `${+(bytes / 1024 / 1024).toFixed(1)}MB`;

/** The uploaded spreadsheet of `url`, read in a worker with the caps; errors answer the spec's messages. */
export async function readImportFile(
  db: Db,
  config: Config,
  storage: FileStore,
  request: FastifyRequest,
  url: string,
  limits = IMPORT_LIMITS,
): Promise<{ rows: SheetValue[][] }> {
  const key = keyOfPic(config, url);
  const [upload] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  if (!upload || upload.userId !== request.user!.id) throw httpError(404, m.importFileMissing);
  if (upload.kind !== 'xlsx') throw httpError(415, messages.upload.unsupported);
  if (upload.size > limits.maxBytes) throw httpError(413, m.importTooLarge(formatMb(limits.maxBytes)));
  const cached = parsed.get(key);
  if (cached) return { rows: cached };
  const read = await readStoredSheet(storage, key, {
    maxRows: limits.maxRows,
    timeoutMs: limits.parseTimeoutMs,
    owner: request.user!.id,
  });
  if (!read.ok) {
    request.log.info({ key, reason: read.reason, detail: read.detail }, 'spreadsheet refused');
    throw sheetRefusal(read) ?? httpError(400, read.reason === 'timeout' ? m.importTimeout : m.importUnreadable);
  }
  if (read.totalRows - 1 > limits.maxRows || read.rows.length - 1 > limits.maxRows) {
    throw httpError(413, m.importTooManyRows(limits.maxRows));
  }
  if (!headerMatches(read.rows[0])) throw httpError(400, m.importHeader);
  remember(key, read.rows);
  return { rows: read.rows };
}

/**
 * The last few parsed files, by upload key (a key is never reused, so its rows never change):
 * the confirm usually follows its dry run within minutes and need not parse the file again.
 * Only files up to CACHE_CELLS cells are kept; another API copy simply parses again.
 */
const parsed = new Map<string, SheetValue[][]>();
const CACHE_CELLS = 400_000;
const CACHE_FILES = 4;
function remember(key: string, rows: SheetValue[][]) {
  const cells = rows.reduce((n, r) => n + r.length, 0);
  if (cells > CACHE_CELLS) return;
  parsed.set(key, rows);
  while (parsed.size > CACHE_FILES) parsed.delete(parsed.keys().next().value!);
}

/** Stored goods of `ipId` with these ids (locked inside the confirm's transaction). */
async function loadExisting(db: Db | Tx, ipId: number, ids: number[], lock: boolean): Promise<Map<number, GachaRow>> {
  const found = new Map<number, GachaRow>();
  for (let i = 0; i < ids.length; i += 5000) {
    const query = db
      .select({ row: gachaGoods, activeIds: activeIdsColumn })
      .from(gachaGoods)
      .where(and(eq(gachaGoods.ipId, ipId), inArray(gachaGoods.id, ids.slice(i, i + 5000))));
    for (const r of await (lock ? query.for('update') : query))
      found.set(r.row.id, { ...r.row, activeIds: r.activeIds ?? [] });
  }
  return found;
}

/**
 * Validate every row and decide create / update / unchanged, against the stored goods (`lock`
 * inside the confirm's transaction). Bound goods (active_num > 0) keep price, cost and type, and
 * their stock may only grow; ids must be goods of this brand, once each.
 */
export async function planImport(
  db: Db | Tx,
  config: Config,
  user: PictureUser,
  ipId: number,
  rows: SheetValue[][],
  lock = false,
): Promise<ImportPlan> {
  const plan: ImportPlan = { total: 0, creates: [], updates: [], unchanged: 0, errors: [], badRows: 0 };
  const parsed: { row: number; cells: SheetValue[]; result: ReturnType<typeof parseRow> }[] = [];
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i] ?? [];
    if (isBlankRow(cells)) continue;
    parsed.push({ row: i + 1, cells, result: parseRow(cells, ipId, config) });
  }
  plan.total = parsed.length;
  const ids = [...new Set(parsed.flatMap((p) => (p.result.ok && p.result.id ? [p.result.id] : [])))];
  const existing = await loadExisting(db, ipId, ids, lock);
  const pics = parsed.flatMap((p) => (p.result.ok ? p.result.values.pics : []));
  const videos = parsed.flatMap((p) => (p.result.ok && p.result.values.videoUrl ? [p.result.values.videoUrl] : []));
  const badPics = await pictureProblems(db, config, user, pics, GACHA_PICTURE);
  const badVideos = await pictureProblems(db, config, user, videos, GACHA_VIDEO);
  const seen = new Set<number>();

  for (const { row, cells, result } of parsed) {
    const errors: RowError[] = [];
    const fail = (column: string, message: string) => errors.push({ row, column, message, cells });
    if (!result.ok) {
      for (const e of result.errors) fail(e.column, e.message);
    } else {
      const { id, values } = result;
      const picMessages = new Set(values.pics.flatMap((p) => (badPics.has(p) ? [badPics.get(p)!] : [])));
      for (const message of picMessages) fail('图片', message);
      if (values.videoUrl && badVideos.has(values.videoUrl)) fail('视频', badVideos.get(values.videoUrl)!);
      const before = id === undefined ? undefined : existing.get(id);
      if (id !== undefined && !before) fail('ID', m.importIdMissing);
      else if (id !== undefined && seen.has(id)) fail('ID', m.importIdDuplicate);
      else if (id !== undefined) seen.add(id);
      if (before && before.activeIds.length > 0) {
        if (values.price !== before.price || values.costPrice !== before.costPrice || values.cate !== before.cate)
          fail('零售价', m.bound);
        if (values.stock < before.stock) fail('库存', m.boundStockDown);
      }
      if (errors.length === 0) {
        if (id === undefined) plan.creates.push({ row, values });
        else if (sameValues(values, valuesOfRow(before!))) plan.unchanged += 1;
        else plan.updates.push({ row, id, values, before: before! });
      }
    }
    if (errors.length) {
      plan.errors.push(...errors);
      plan.badRows += 1;
    }
  }
  return plan;
}

/** The bad rows as an xlsx with a 错误原因 column (fix and upload it again). */
export async function writeErrorReport(
  db: Db,
  config: Config,
  storage: FileStore,
  userId: number,
  errors: RowError[],
): Promise<string> {
  const { url } = await writeExport(
    db,
    config,
    storage,
    { columns: REPORT_COLUMNS, userId, title: '扭蛋商品导入错误' },
    async (writer) => {
      // One line per bad row, its mistakes together in 错误原因 (errors come grouped by row).
      const rows: RowError[][] = [];
      for (const e of errors) {
        const last = rows[rows.length - 1];
        if (last && last[0]!.row === e.row) last.push(e);
        else rows.push([e]);
      }
      for (let i = 0; i < rows.length; i += 1000) {
        await writer.addRows(
          rows.slice(i, i + 1000).map((group) => {
            const first = group[0]!;
            const cells = Array.from({ length: REPORT_COLUMNS.length - 1 }, (_, c) => {
              const v = first.cells[c];
              return typeof v === 'boolean' ? String(v) : v;
            });
            const reasons = group.map((e) => `${e.column}：${e.message}`).join('；');
            return [...cells, `第${first.row}行 ${reasons}`];
          }),
        );
      }
    },
  );
  return url;
}

/** A PostgreSQL text[] literal (a JS array parameter would be expanded into a list). */
const textArray = (list: string[]) => `{${list.map((s) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

const columnsOf = (v: GachaValues) => ({
  goodsTitle: v.goodsTitle,
  price: v.price,
  costPrice: v.costPrice,
  stock: v.stock,
  cate: v.cate,
  pics: v.pics,
  videoUrl: v.videoUrl,
  label: v.label,
  channel: v.channel,
  link: v.link,
  code: v.code,
});

/** Apply a plan without errors inside `tx`: batched inserts, batched updates, and their audit lines. */
export async function applyImport(
  tx: Tx,
  config: Config,
  request: FastifyRequest,
  ipId: number,
  plan: ImportPlan,
): Promise<void> {
  const entries: AuditInput[] = [];
  for (let i = 0; i < plan.creates.length; i += 2000) {
    const batch = plan.creates.slice(i, i + 2000).map((c) => ({ ipId, ...columnsOf(c.values) }));
    // One JSON document per batch (see auditMany); RETURNING keeps the VALUES order.
    const json = batch.map((b) => ({
      ip_id: b.ipId,
      goods_title: b.goodsTitle,
      price: b.price,
      cost_price: b.costPrice,
      stock: b.stock,
      cate: b.cate,
      pics: b.pics,
      video_url: b.videoUrl,
      label: b.label,
      channel: b.channel,
      link: b.link,
      code: b.code,
    }));
    const created = await tx.execute(sql`
      insert into ${gachaGoods} (ip_id, goods_title, price, cost_price, stock, cate, pics, video_url, label, channel, link, code)
      select ip_id, goods_title, price, cost_price, stock, cate, pics, video_url, label, channel, link, code
      from json_populate_recordset(null::gacha_goods, ${JSON.stringify(json)}::json) with ordinality as x
      order by x.ordinality
      returning id`);
    const ids = rowsOf<{ id: number }>(created).map((r) => r.id);
    for (const [j, id] of ids.entries()) {
      const after = gachaFields({ ...batch[j]!, id, status: 1, activeIds: [], catalogId: null }, config);
      entries.push({ entity: 'gacha', id, ipId, action: 'import_create', after });
    }
  }
  for (let i = 0; i < plan.updates.length; i += 500) {
    const batch = plan.updates.slice(i, i + 500);
    const values = sql.join(
      batch.map(
        (u) =>
          sql`(${u.id}::integer, ${u.values.goodsTitle}::text, ${u.values.price}::integer, ${u.values.costPrice}::integer, ${u.values.stock}::integer, ${u.values.cate}::smallint, ${textArray(u.values.pics)}::text[], ${u.values.videoUrl}::text, ${textArray(u.values.label)}::text[], ${u.values.channel}::text, ${u.values.link}::text, ${u.values.code}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update gacha_goods as g set goods_title = v.goods_title, price = v.price, cost_price = v.cost_price,
        stock = v.stock, cate = v.cate, pics = v.pics, video_url = v.video_url, label = v.label,
        channel = v.channel, link = v.link, code = v.code, updated_at = now()
      from (values ${values}) as v(id, goods_title, price, cost_price, stock, cate, pics, video_url, label, channel, link, code)
      where g.id = v.id`);
    for (const u of batch) {
      const before = gachaFields(u.before, config);
      const after = gachaFields({ ...u.before, ...columnsOf(u.values) }, config);
      entries.push({ entity: 'gacha', id: u.id, ipId, action: 'import_update', before, after });
    }
  }
  await auditMany(tx, request, entries);
}
