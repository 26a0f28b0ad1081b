import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileUrl, UPLOAD_KINDS } from '@toy/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { formatTime } from '../../lib/time.js';
import { fileBaseOf } from '../../lib/urls.js';
import { type NotesSheet, type SheetColumn, XlsxWriter } from '../../lib/xlsx/writer.js';
import type { FileStore } from '../../storage/store.js';

/** Generated files (exports, error reports, templates) live under this key prefix, a day long. */
export const EXPORT_PREFIX = 'exports';

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `订单列表_20261123_1530.xlsx`: the list's name and the time it was made, in Asia/Shanghai. */
export function exportFileName(title: string, at: Date = new Date()): string {
  const stamp = formatTime(at).replace(/-/g, '').replace(' ', '_').replace(/:/g, '').slice(0, 13);
  return `${title}_${stamp}.xlsx`;
}

/**
 * Write a generated spreadsheet into storage: `fill` adds the rows to a streaming writer (a file in
 * this copy's scratch directory), and the finished file is stored and recorded; it is then served
 * like any upload (`/files/exports/…`, an unguessable key) until cleanup removes it.
 */
export async function writeExport(
  db: Db,
  config: Config,
  storage: FileStore,
  opts: { columns: SheetColumn[]; userId: number | null; sheetName?: string; notes?: NotesSheet; title: string },
  fill: (writer: XlsxWriter) => Promise<void>,
): Promise<{ key: string; url: string; rows: number; name: string }> {
  const now = new Date();
  const name = exportFileName(opts.title, now);
  const month = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`;
  const key = `${EXPORT_PREFIX}/${month}/${randomUUID()}.xlsx`;
  const file = path.join(storage.scratch, `export-${randomUUID()}.xlsx`);
  const writer = await XlsxWriter.create(file, opts.columns, opts.sheetName, opts.notes);
  try {
    await fill(writer);
    const size = await writer.close();
    const hash = await sha256(file);
    await storage.putFile(key, file, UPLOAD_KINDS.xlsx.mimes[0]);
    await db.insert(uploads).values({
      key,
      kind: 'xlsx',
      mime: UPLOAD_KINDS.xlsx.mimes[0],
      size,
      hash,
      userId: opts.userId,
      downloadName: name,
    });
    return { key, url: fileUrl(fileBaseOf(config), key), rows: writer.rows, name };
  } catch (error) {
    await writer.abort();
    await rm(file, { force: true });
    await storage.delete([key]).catch(() => undefined);
    throw error;
  }
}

export const fileSize = async (file: string) => (await stat(file)).size;
