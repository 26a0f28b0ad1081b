import { jobTitle, MARKET_SHEET_COLUMNS, marketDeliveryText, marketFreightText, marketPlatformText } from '@toy/shared';
import { desc, inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { marketOrders } from '../../db/schema.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import type { Cell, SheetColumn } from '../../lib/xlsx/writer.js';
import type { FileStore } from '../../storage/store.js';
import { type JobContext, registerJobKind, writeExport } from '../job/index.js';
import { linesOf, type MarketFilterValues, whereOf } from './queries.js';

export const MARKET_EXPORT_KIND = 'market.export';
const BATCH_ROWS = 250;

/** What a marketplace export job stores: the filters and the brands resolved at request time. */
export interface MarketExportParams {
  brandIds: number[];
  filters: MarketFilterValues;
}

const WIDE = new Set(['订单号', '商品', '地址', '创建时间']);
export const SHEET_COLUMNS: SheetColumn[] = MARKET_SHEET_COLUMNS.map((header) => ({
  header,
  width: header === '商品' ? 48 : WIDE.has(header) ? 24 : 14,
}));

/**
 * The selected orders (newest first) in batches of BATCH_ROWS, as shipping-sheet rows: 物流公司
 * and 物流单号 stay empty for unshipped orders, to be filled and imported back.
 */
async function fill(
  db: Db,
  params: MarketExportParams,
  add: (rows: Cell[][]) => Promise<void>,
  onBatch: (written: number, total: number) => Promise<void>,
  signal?: AbortSignal,
) {
  const where = whereOf(params.brandIds, params.filters);
  const ids = (
    await db
      .select({ id: marketOrders.id })
      .from(marketOrders)
      .where(where)
      .orderBy(desc(marketOrders.createdAt), desc(marketOrders.id))
  ).map((r) => r.id);
  let written = 0;
  for (let i = 0; i < ids.length; i += BATCH_ROWS) {
    signal?.throwIfAborted();
    const chunk = ids.slice(i, i + BATCH_ROWS);
    const rows = await db.select().from(marketOrders).where(inArray(marketOrders.id, chunk));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const lines = await linesOf(db, chunk);
    await add(
      chunk.flatMap((id) => {
        const o = byId.get(id);
        if (!o) return [];
        const goods = (lines.get(id) ?? []).map((l) => `${l.templateTitle} / ${l.goodsTitle} ×${l.nums}`).join('；');
        const address = [o.province, o.city, o.area, o.address].filter(Boolean).join(' ');
        return [
          [
            marketPlatformText(o.platform),
            o.orderSn,
            goods,
            o.goodsNums,
            marketDeliveryText(o.deliveryStatus),
            marketFreightText(fenToYuan(o.deposit)),
            o.username,
            o.phone,
            address,
            o.expressCompany,
            o.express,
            formatTime(o.createdAt),
          ],
        ];
      }),
    );
    written += chunk.length;
    await onBatch(written, ids.length);
  }
}

/** A small selection, written at once. */
export function exportNow(db: Db, config: Config, storage: FileStore, userId: number, params: MarketExportParams) {
  return writeExport(
    db,
    config,
    storage,
    { columns: SHEET_COLUMNS, userId, sheetName: '发货单', title: jobTitle(MARKET_EXPORT_KIND) },
    (writer) =>
      fill(
        db,
        params,
        (rows) => writer.addRows(rows),
        async () => undefined,
      ),
  );
}

registerJobKind(MARKET_EXPORT_KIND, async (ctx: JobContext) => {
  const params = ctx.job.params as MarketExportParams;
  const { key, url, name } = await writeExport(
    ctx.db,
    ctx.config,
    ctx.storage,
    { columns: SHEET_COLUMNS, userId: ctx.job.userId, sheetName: '发货单', title: jobTitle(MARKET_EXPORT_KIND) },
    (writer) =>
      fill(
        ctx.db,
        params,
        (rows) => writer.addRows(rows),
        (n, total) => ctx.progress(n, total),
        ctx.signal,
      ),
  );
  return { key, url, name };
});
