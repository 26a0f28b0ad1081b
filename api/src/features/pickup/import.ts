import {
  canShip,
  firstFailure,
  IMPORT_COLUMN_OF,
  type ImportRowCheck,
  importRowRules,
  LIMITS,
  messages,
} from '@toy/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
import { pickups, uploads } from '../../db/schema.js';
import { httpError } from '../../http/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import { type SheetValue, sheetRefusal } from '../../lib/xlsx/read.js';
import { readStoredSheet } from '../../lib/xlsx/stored.js';
import type { FileStore } from '../../storage/store.js';
import { type AuditInput, auditMany } from '../audit/record.js';
import { writeExport } from '../job/files.js';
import type { PickupRow } from './queries.js';
import { shipSnapshot } from './ship.js';

const m = messages.pickup;

export const PICKUP_IMPORT_LIMITS = { maxRows: 100_000, maxBytes: LIMITS.xlsxMaxBytes, parseTimeoutMs: 30_000 };

const text = (v: SheetValue | undefined) => (v === null || v === undefined ? '' : String(v).trim());

export interface SheetRows {
  /** Column index of 订单号, 物流公司, 物流单号. */
  columns: [number, number, number];
  rows: SheetValue[][];
}

/** The uploaded shipping sheet of `url` (the caller's own upload), read in a worker with the caps. */
export async function readShippingSheet(
  db: Db,
  config: Config,
  storage: FileStore,
  request: FastifyRequest,
  url: string,
): Promise<SheetRows> {
  const key = keyOfPic(config, url);
  const [upload] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  if (!upload || upload.userId !== request.user!.id) throw httpError(404, messages.gacha.importFileMissing);
  if (upload.kind !== 'xlsx') throw httpError(415, messages.upload.unsupported);
  if (upload.size > PICKUP_IMPORT_LIMITS.maxBytes) throw httpError(413, messages.upload.failed);
  const cached = parsed.get(key);
  if (cached) return cached;
  const read = await readStoredSheet(storage, key, {
    maxRows: PICKUP_IMPORT_LIMITS.maxRows,
    timeoutMs: PICKUP_IMPORT_LIMITS.parseTimeoutMs,
    owner: request.user!.id,
  });
  if (!read.ok) throw sheetRefusal(read) ?? httpError(400, messages.gacha.importUnreadable);
  if (read.totalRows - 1 > PICKUP_IMPORT_LIMITS.maxRows)
    throw httpError(413, messages.gacha.importTooManyRows(PICKUP_IMPORT_LIMITS.maxRows));
  const header = (read.rows[0] ?? []).map(text);
  const columns = ['订单号', '物流公司', '物流单号'].map((h) => header.indexOf(h)) as [number, number, number];
  if (columns.some((c) => c < 0)) throw httpError(400, m.importHeader);
  const sheet: SheetRows = { columns, rows: read.rows };
  parsed.set(key, sheet);
  while (parsed.size > CACHE_FILES) parsed.delete(parsed.keys().next().value!);
  return sheet;
}

/**
 * The last few parsed sheets, by upload key (a key is never reused, so its rows never change):
 * the confirm usually follows its dry run and need not parse the file again.
 */
const parsed = new Map<string, SheetRows>();
const CACHE_FILES = 4;

export interface RowError {
  row: number;
  column: string;
  message: string;
  cells: [string, string, string];
}
export interface ShipLine {
  row: number;
  pickup: PickupRow;
  express_company: string;
  express: string;
}
export interface ImportPlan {
  total: number;
  ships: ShipLine[];
  errors: RowError[];
}

/** The caller's pickups with these numbers (locked inside the confirm's transaction). */
async function loadPickups(db: Db | Tx, brandIds: number[], sns: string[], lock: boolean) {
  const found = new Map<string, PickupRow>();
  for (let i = 0; i < sns.length; i += 5000) {
    const query = db
      .select()
      .from(pickups)
      .where(and(inArray(pickups.ipId, brandIds), inArray(pickups.orderSn, sns.slice(i, i + 5000))))
      .orderBy(pickups.id);
    for (const r of await (lock ? query.for('update') : query)) found.set(r.orderSn, r);
  }
  return found;
}

/** Check every row with the shared row rules against the caller's pickups; nothing is written. */
export async function planShipping(db: Db | Tx, brandIds: number[], sheet: SheetRows, lock = false) {
  const [snCol, companyCol, numberCol] = sheet.columns;
  const lines: { row: number; cells: [string, string, string] }[] = [];
  for (let i = 1; i < sheet.rows.length; i++) {
    const r = sheet.rows[i] ?? [];
    const cells: [string, string, string] = [text(r[snCol]), text(r[companyCol]), text(r[numberCol])];
    if (cells.every((c) => c === '')) continue;
    lines.push({ row: i + 1, cells });
  }
  const sns = [...new Set(lines.map((l) => l.cells[0]).filter(Boolean))];
  const known = brandIds.length ? await loadPickups(db, brandIds, sns, lock) : new Map<string, PickupRow>();
  const plan: ImportPlan = { total: lines.length, ships: [], errors: [] };
  const seen = new Set<string>();
  for (const { row, cells } of lines) {
    const [sn, company, number] = cells;
    const pickup = known.get(sn);
    const check: ImportRowCheck = {
      order_sn: sn,
      express_company: company,
      express: number,
      known: pickup !== undefined,
      first: !seen.has(sn),
      shippable: pickup !== undefined && canShip(pickup.deliveryStatus),
    };
    seen.add(sn);
    const failed = firstFailure(importRowRules, check);
    if (failed) plan.errors.push({ row, column: IMPORT_COLUMN_OF[failed.field], message: failed.message, cells });
    else plan.ships.push({ row, pickup: pickup!, express_company: company, express: number });
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

/**
 * Ship every line of an error-free plan inside `tx` (its pickups locked by planShipping): one
 * shipment per pickup taking all its unshipped items, the pickups marked shipped, all in batches,
 * and an audit line per pickup.
 */
export async function applyShipping(tx: Tx, request: FastifyRequest, plan: ImportPlan): Promise<void> {
  const entries: AuditInput[] = [];
  for (let i = 0; i < plan.ships.length; i += 5000) {
    const batch = plan.ships.slice(i, i + 5000);
    const json = JSON.stringify(
      batch.map((s) => ({ pickup_id: s.pickup.id, express_company: s.express_company, express: s.express })),
    );
    const result = await tx.execute(sql`
      with v as (
        select * from json_to_recordset(${json}::json) as x(pickup_id int, express_company text, express text)
      ), s as (
        insert into pickup_shipments (pickup_id, express_company, express)
        select pickup_id, express_company, express from v returning id, pickup_id
      ), d as (
        update deposits set state = 1, shipment_id = s.id from s
        where deposits.pickup_id = s.pickup_id and deposits.state = 0
        returning deposits.id, deposits.pickup_id
      ), p as (
        update pickups set delivery_status = 1, express_company = v.express_company, express = v.express
        from v where pickups.id = v.pickup_id
        returning pickups.id
      )
      select d.pickup_id, array_agg(d.id order by d.id) as ids, (select count(*) from p)::int as n
      from d group by d.pickup_id`);
    const shipped = new Map(rowsOf<{ pickup_id: number; ids: number[] }>(result).map((r) => [r.pickup_id, r.ids]));
    for (const s of batch) {
      const after = { ...s.pickup, deliveryStatus: 1, expressCompany: s.express_company, express: s.express };
      entries.push({
        entity: 'pickup',
        id: s.pickup.id,
        ipId: s.pickup.ipId,
        action: 'import_ship',
        before: shipSnapshot(s.pickup, []),
        after: shipSnapshot(after, shipped.get(s.pickup.id) ?? []),
      });
    }
  }
  await auditMany(tx, request, entries);
}
