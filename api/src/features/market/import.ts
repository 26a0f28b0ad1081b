import { firstFailure, marketShipRules, messages, ruleTable } from '@toy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { marketOrders } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import type { SheetColumn } from '../../lib/xlsx/writer.js';
import type { FileStore } from '../../storage/store.js';
import { writeExport } from '../job/index.js';
import { readShippingSheet, type SheetWords, sheetText as text } from '../shipment/index.js';
import type { MarketOrderRow } from './queries.js';
import { refusalOf, shipLocked } from './ship.js';

const m = messages.market;

export const MARKET_IMPORT_LIMITS = { maxRows: 10_000 };

/** One row of the sheet: its number (the header is row 1) and the three cells the import reads. */
interface SheetRow {
  row: number;
  order_sn: string;
  express_company: string;
  express: string;
  cells: string[];
}

export interface RowError {
  row: number;
  column: string;
  message: string;
  cells: string[];
}

export interface ImportPlan {
  total: number;
  ships: { row: number; order: MarketOrderRow; express_company: string; express: string }[];
  errors: RowError[];
}

/** The marketplace's words for its sheet (spec: 导入 on 平台订单): the same three columns. */
const MARKET_SHEET: SheetWords = {
  maxRows: MARKET_IMPORT_LIMITS.maxRows,
  tooLarge: messages.common.bodyTooLarge,
  unreadable: m.importUnreadable,
  header: m.importHeader,
};

/** The uploaded sheet of `fileUrl` (the caller's own upload): its header, and its rows by the three columns. */
export async function readMarketSheet(
  db: Db,
  config: Config,
  storage: FileStore,
  request: FastifyRequest,
  fileUrl: string,
): Promise<{ header: string[]; rows: SheetRow[] }> {
  const sheet = await readShippingSheet(db, config, storage, request, fileUrl, MARKET_SHEET);
  const [sn, company, express] = sheet.columns;
  const rows: SheetRow[] = [];
  for (let i = 1; i < sheet.rows.length; i++) {
    const cells = (sheet.rows[i] ?? []).map(text);
    if (cells.every((c) => c === '')) continue;
    rows.push({
      row: i + 1,
      order_sn: cells[sn] ?? '',
      express_company: cells[company] ?? '',
      express: cells[express] ?? '',
      cells,
    });
  }
  if (rows.length === 0) throw httpError(400, m.importEmpty);
  return { header: (sheet.rows[0] ?? []).map(text), rows };
}

/** The columns each ship rule's field is read from, to name the column of a message. */
const COLUMN_OF: Record<string, string> = { express_company: '物流公司', express: '物流单号', goods_ids: '订单号' };

/** A row's own checks, in order: the order number, then the ship form's rules (API messages). */
const rowRules = ruleTable<SheetRow>([{ field: 'order_sn', message: m.importOrderRequired, ok: (r) => !!r.order_sn }]);

/**
 * Check every row against the orders of (platform, ip_id) — another merchant's or another
 * brand's order is not found — and decide what ships; `lock` inside the confirm's transaction.
 */
export async function planImport(
  db: Db | Tx,
  platform: string,
  ipId: number,
  rows: SheetRow[],
  lock = false,
): Promise<ImportPlan> {
  const plan: ImportPlan = { total: rows.length, ships: [], errors: [] };
  const sns = [...new Set(rows.map((r) => r.order_sn).filter(Boolean))];
  const found = new Map<string, MarketOrderRow>();
  for (let i = 0; i < sns.length; i += 5000) {
    const query = db
      .select()
      .from(marketOrders)
      .where(
        and(
          eq(marketOrders.platform, platform),
          eq(marketOrders.ipId, ipId),
          inArray(marketOrders.orderSn, sns.slice(i, i + 5000)),
        ),
      );
    for (const o of await (lock ? query.for('update') : query)) found.set(o.orderSn, o);
  }
  const seen = new Set<string>();
  for (const r of rows) {
    const fail = (column: string, message: string) => plan.errors.push({ row: r.row, column, message, cells: r.cells });
    const own = firstFailure(rowRules, r);
    if (own) {
      fail('订单号', own.message);
      continue;
    }
    const rule = firstFailure(marketShipRules, { id: 1, express_company: r.express_company, express: r.express });
    if (rule) {
      fail(COLUMN_OF[rule.field] ?? rule.field, rule.message);
      continue;
    }
    const order = found.get(r.order_sn);
    if (!order) {
      fail('订单号', m.importOrderMissing);
      continue;
    }
    if (seen.has(r.order_sn)) {
      fail('订单号', m.importDuplicate);
      continue;
    }
    seen.add(r.order_sn);
    const refusal = refusalOf(order.deliveryStatus);
    if (refusal) {
      fail('订单号', refusal);
      continue;
    }
    plan.ships.push({ row: r.row, order, express_company: r.express_company, express: r.express });
  }
  return plan;
}

/** Ship every planned order in `tx` (each audited); the caller made sure there are no errors. */
export async function applyImport(tx: Tx, request: FastifyRequest, plan: ImportPlan): Promise<void> {
  for (const s of plan.ships) {
    await shipLocked(tx, request, s.order, { express_company: s.express_company, express: s.express }, 'import_ship');
  }
}

/** The bad rows as an xlsx: the sheet's cells and a 错误原因 column. */
export async function writeErrorReport(
  db: Db,
  config: Config,
  storage: FileStore,
  userId: number,
  header: readonly string[],
  errors: RowError[],
): Promise<string> {
  const width = Math.max(header.length, ...errors.map((e) => e.cells.length));
  const columns: SheetColumn[] = [
    ...Array.from({ length: width }, (_, i) => ({ header: header[i] ?? '', width: 16 })),
    { header: '错误原因', width: 40 },
  ];
  const { url } = await writeExport(db, config, storage, { columns, userId, title: '发货导入错误' }, async (writer) => {
    await writer.addRows(
      errors.map((e) => [
        ...Array.from({ length: width }, (_, i) => e.cells[i] ?? ''),
        `第${e.row}行 ${e.column}：${e.message}`,
      ]),
    );
  });
  return url;
}
