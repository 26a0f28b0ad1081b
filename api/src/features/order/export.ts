import { jobTitle, type Order, type OrderFilterValues } from '@toy/shared';
import { and, desc, lt } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import type { Cell, SheetColumn } from '../../lib/xlsx/writer.js';
import type { FileStore } from '../../storage/store.js';
import { type JobContext, registerJobKind, writeExport } from '../job/index.js';
import { bundle, type OrderRow, orderConditions, orderToWire } from './queries.js';

/**
 * order.export: the list's filters as an xlsx, one row per order. Up to syncMaxRows the file is
 * answered at once; more become a job (kind order.export) followed with job.status, written in
 * batches walked by (created_at, id) so each batch is one index range.
 */

export const EXPORT_KIND = 'order.export';
export const EXPORT_LIMITS = { syncMaxRows: 2000, batchRows: 250 };

export interface OrderExportParams {
  brandIds: number[];
  filters: OrderFilterValues;
}

const COLUMNS: [string, number, (o: Order) => Cell][] = [
  ['订单号', 26, (o) => o.order_sn],
  ['活动名称', 24, (o) => o.active_title],
  ['活动类型', 10, (o) => o.type_text],
  ['订单状态', 16, (o) => o.state_text],
  ['商品', 30, (o) => o.goods.map((g) => `${g.goods_title}×${g.nums}`).join('、')],
  ['数量', 8, (o) => o.buy_num],
  ['商品金额', 12, (o) => o.price],
  ['运费', 10, (o) => o.logistics_fee],
  ['应收金额', 12, (o) => o.receivable_price],
  ['实收金额', 12, (o) => o.received_price],
  ['用户昵称', 16, (o) => o.user_info.name],
  ['收货人', 12, (o) => o.username],
  ['手机号', 14, (o) => o.phone],
  ['收货地址', 40, (o) => [o.province, o.city, o.area, o.address].filter(Boolean).join(' ')],
  ['物流公司', 12, (o) => o.expre?.express_company ?? ''],
  ['物流单号', 20, (o) => o.expre?.express ?? ''],
  ['下单时间', 20, (o) => o.created_at],
  ['支付时间', 20, (o) => o.pay_time],
];
export const EXPORT_COLUMNS: SheetColumn[] = COLUMNS.map(([header, width]) => ({ header, width }));

async function fill(
  db: Db,
  config: Config,
  params: OrderExportParams,
  add: (rows: Cell[][]) => Promise<number>,
  onBatch: (written: number) => Promise<void>,
  signal?: AbortSignal,
) {
  const where = orderConditions(params.brandIds, params.filters);
  // Newest first by id, walked with the id as the cursor: a time cursor would lose rows, since a
  // JavaScript Date keeps milliseconds and PostgreSQL microseconds.
  let after: number | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const cursor: number | null = after;
    const page: OrderRow[] = await db
      .select()
      .from(orders)
      .where(cursor === null ? where : and(where, lt(orders.id, cursor)))
      .orderBy(desc(orders.id))
      .limit(EXPORT_LIMITS.batchRows);
    if (page.length === 0) return;
    const wires = (await bundle(db, page)).map((b) => orderToWire(b, config));
    const written = await add(wires.map((o) => COLUMNS.map(([, , cell]) => cell(o))));
    await onBatch(written);
    after = page.at(-1)!.id;
    if (page.length < EXPORT_LIMITS.batchRows) return;
  }
}

export function exportNow(db: Db, config: Config, storage: FileStore, userId: number, params: OrderExportParams) {
  return writeExport(
    db,
    config,
    storage,
    { columns: EXPORT_COLUMNS, userId, sheetName: '订单', title: jobTitle(EXPORT_KIND) },
    (writer) =>
      fill(
        db,
        config,
        params,
        async (rows) => {
          await writer.addRows(rows);
          return writer.rows;
        },
        async () => undefined,
      ),
  );
}

async function runExportJob(ctx: JobContext) {
  const params = ctx.job.params as OrderExportParams;
  const { key, url, name } = await writeExport(
    ctx.db,
    ctx.config,
    ctx.storage,
    { columns: EXPORT_COLUMNS, userId: ctx.job.userId, sheetName: '订单', title: jobTitle(EXPORT_KIND) },
    (writer) =>
      fill(
        ctx.db,
        ctx.config,
        params,
        async (rows) => {
          await writer.addRows(rows);
          return writer.rows;
        },
        (n) => ctx.progress(n, ctx.job.totalNum),
        ctx.signal,
      ),
  );
  return { key, url, name };
}

registerJobKind(EXPORT_KIND, runExportJob);
