import { jobTitle } from '@toy/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Cell, XlsxWriter } from '../../lib/xlsx/writer.js';
import type { FileStore } from '../../storage/store.js';
import { type JobContext, registerJobKind, writeExport } from '../job/index.js';
import { type ExportRecord, type GachaFilterValues, gachaIds, gachaRange } from './queries.js';
import { EXPORT_COLUMNS, IMPORT_COLUMNS, TEMPLATE_NOTES, templateExample, toSheetRow } from './sheet.js';

export const EXPORT_KIND = 'gacha.export';

export const EXPORT_LIMITS = {
  /** Up to this many rows the export answers the file at once; more become a job. */
  syncMaxRows: 2000,
  /** Rows per batch: progress is recorded after each. */
  batchRows: 250,
};

/** The params a gacha export job stores: the filters and the brands resolved at request time. */
export interface ExportParams {
  brandIds: number[];
  filters: GachaFilterValues;
}

/** The sheet rows of records, made one at a time as the writer takes them. */
function* sheetRows(records: Iterable<ExportRecord>, config: Config): Generator<Cell[]> {
  for (const r of records) yield toSheetRow(r, config);
}

/** Write the selected goods in id chunks; `onBatch` reports rows written. */
async function fillExport(
  db: Db,
  config: Config,
  params: ExportParams,
  writer: XlsxWriter,
  onBatch: (written: number, total: number) => Promise<void>,
  signal?: AbortSignal,
) {
  const ids = await gachaIds(db, params.brandIds, params.filters);
  for (let i = 0; i < ids.length; i += EXPORT_LIMITS.batchRows) {
    signal?.throwIfAborted();
    const chunk = ids.slice(i, i + EXPORT_LIMITS.batchRows);
    const rows = await gachaRange(db, params.brandIds, params.filters, chunk[0]!, chunk[chunk.length - 1]!);
    await writer.addRows(sheetRows(rows, config));
    await onBatch(writer.rows, ids.length);
  }
}

/** The export, written at once (a small selection). */
export async function exportNow(db: Db, config: Config, storage: FileStore, userId: number, params: ExportParams) {
  const columns = EXPORT_COLUMNS;
  return writeExport(db, config, storage, { columns, userId, title: jobTitle(EXPORT_KIND) }, (writer) =>
    fillExport(db, config, params, writer, async () => undefined),
  );
}

/** The job of a large export: progress after each batch, the file as its answer. */
async function runExportJob(ctx: JobContext) {
  const params = ctx.job.params as ExportParams;
  const { key, url, name } = await writeExport(
    ctx.db,
    ctx.config,
    ctx.storage,
    { columns: EXPORT_COLUMNS, userId: ctx.job.userId, title: jobTitle(EXPORT_KIND) },
    (writer) => fillExport(ctx.db, ctx.config, params, writer, (n, total) => ctx.progress(n, total), ctx.signal),
  );
  return { key, url, name };
}

registerJobKind(EXPORT_KIND, runExportJob);

/** The import template: the columns, one example row that imports as it is, and the 填写说明 sheet. */
export function writeTemplate(db: Db, config: Config, storage: FileStore, userId: number) {
  return writeExport(
    db,
    config,
    storage,
    { columns: IMPORT_COLUMNS, userId, sheetName: '商品', notes: TEMPLATE_NOTES, title: '扭蛋商品导入模板' },
    (writer) => writer.addRows([templateExample(config)]),
  );
}
