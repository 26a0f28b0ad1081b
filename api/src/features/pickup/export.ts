import { countryText, deliveryStatusText, jobTitle, PICKUP_SHEET_COLUMNS, type PickupFilterValues } from '@toy/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { type Db, rowsOf } from '../../db/client.js';
import type { Cell, SheetColumn } from '../../lib/xlsx/writer.js';
import type { FileStore } from '../../storage/store.js';
import { type JobContext, registerJobKind, writeExport } from '../job/index.js';
import { pickupWhere } from './queries.js';

export const PICKUP_EXPORT_KIND = 'pickup.export';

export const PICKUP_EXPORT_LIMITS = {
  /** Up to this many rows the export answers the file at once; more become a job. */
  syncMaxRows: 2000,
  batchRows: 250,
};

export interface PickupExportParams {
  brandIds: number[];
  filters: Omit<PickupFilterValues, 'ip_id'>;
}

export const PICKUP_EXPORT_COLUMNS: SheetColumn[] = PICKUP_SHEET_COLUMNS.map((header) => ({
  header,
  width: /订单号|商品|地址|时间/.test(header) ? 28 : 12,
}));

interface ExportRow {
  id: number;
  order_sn: string;
  titles: string | null;
  goods: string | null;
  goods_nums: number;
  username: string;
  phone: string;
  province: string;
  city: string;
  area: string;
  address: string;
  delivery_status: number;
  deposit: number;
  currency: string;
  country: string | null;
  created: string;
  express_company: string;
  express: string;
}

const toCells = (r: ExportRow): Cell[] => [
  r.order_sn,
  r.titles ?? '',
  r.goods ?? '',
  r.goods_nums,
  r.username,
  r.phone,
  r.province,
  r.city,
  r.area,
  r.address,
  deliveryStatusText(r.delivery_status),
  r.deposit / 100,
  r.currency,
  r.country ? countryText(r.country) : '',
  r.created,
  r.express_company,
  r.express,
];

function* cellsOf(rows: ExportRow[]): Generator<Cell[]> {
  for (const r of rows) yield toCells(r);
}

/**
 * The selected pickups, newest first, in keyset batches (each batch one query with its goods
 * aggregated), streamed into the writer: memory stays at one batch whatever the total.
 */
async function fillExport(
  db: Db,
  params: PickupExportParams,
  add: (rows: Iterable<Cell[]>) => Promise<void>,
  onBatch: (written: number) => Promise<void>,
  signal?: AbortSignal,
) {
  const where = pickupWhere(params.brandIds, params.filters);
  let cursor = 2147483647;
  let written = 0;
  for (;;) {
    signal?.throwIfAborted();
    const result = await db.execute(sql`
      select p.id, p.order_sn, p.goods_nums, p.username, p.phone, p.province, p.city, p.area, p.address,
        p.delivery_status, p.deposit, p.currency, p.country, p.express_company, p.express,
        to_char(p.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as created,
        g.titles, g.goods
      from pickups p
      left join lateral (
        select string_agg(distinct coalesce(dm.title, k.title), '、') as titles, string_agg(oi.goods_title, '、' order by d.id) as goods
        from deposits d join order_items oi on oi.id = d.order_item_id left join draw_machines dm on dm.id = d.batch_id
          left join kujis k on k.id = d.kuji_id
        where d.pickup_id = p.id
      ) g on true
      where ${where} and p.id < ${cursor}
      order by p.id desc
      limit ${PICKUP_EXPORT_LIMITS.batchRows}`);
    const rows = rowsOf<ExportRow>(result);
    if (rows.length === 0) break;
    await add(cellsOf(rows));
    written += rows.length;
    cursor = rows[rows.length - 1]!.id;
    await onBatch(written);
    if (rows.length < PICKUP_EXPORT_LIMITS.batchRows) break;
  }
}

/** A small selection, written at once. */
export function exportPickupsNow(
  db: Db,
  config: Config,
  storage: FileStore,
  userId: number,
  params: PickupExportParams,
) {
  return writeExport(
    db,
    config,
    storage,
    { columns: PICKUP_EXPORT_COLUMNS, userId, sheetName: '发货单', title: jobTitle(PICKUP_EXPORT_KIND) },
    (writer) =>
      fillExport(
        db,
        params,
        (rows) => writer.addRows(rows),
        async () => undefined,
      ),
  );
}

async function runPickupExport(ctx: JobContext) {
  const params = ctx.job.params as PickupExportParams;
  const { key, url, name } = await writeExport(
    ctx.db,
    ctx.config,
    ctx.storage,
    {
      columns: PICKUP_EXPORT_COLUMNS,
      userId: ctx.job.userId,
      sheetName: '发货单',
      title: jobTitle(PICKUP_EXPORT_KIND),
    },
    (writer) =>
      fillExport(
        ctx.db,
        params,
        (rows) => writer.addRows(rows),
        (n) => ctx.progress(n, ctx.job.totalNum),
        ctx.signal,
      ),
  );
  return { key, url, name };
}

registerJobKind(PICKUP_EXPORT_KIND, runPickupExport);
