// Files and calls for the goods and gacha browser tests: spreadsheets, an mp4, and uploads made
// through the API the way the console makes them.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { GACHA_SHEET_COLUMNS } from '@toy/shared';
import * as XLSX from 'xlsx';
import type { ApiHandle } from './api.js';

const dir = () => {
  const d = join(tmpdir(), 'toy-fixtures');
  mkdirSync(d, { recursive: true });
  return d;
};

/** The import columns, in order. */
export const GACHA_HEADER: string[] = [...GACHA_SHEET_COLUMNS];

/** A gacha import row. */
export const gachaRow = (title: string, pic: string, extra: { price?: number; stock?: number } = {}) => [
  '',
  title,
  extra.price ?? 19.9,
  6,
  extra.stock ?? 50,
  '扭蛋',
  '小程序',
  '新品',
  '',
  '',
  '',
  '',
  '',
  pic,
  '',
];

/** Write rows (the first is the header) as an .xlsx; its path. */
export function xlsxFile(rows: unknown[][], name = `sheet-${randomUUID().slice(0, 8)}.xlsx`): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  const path = join(dir(), name);
  writeFileSync(path, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
  return path;
}

/** The rows of a downloaded .xlsx. */
export async function fetchSheet(url: string): Promise<unknown[][]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const book = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer', dense: true });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
}

/** A minimal mp4 (an `ftyp` box, then data). */
export function mp4File(name = 'clip.mp4'): string {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'ascii');
  ftyp.writeUInt32BE(512, 12);
  ftyp.write('isomiso2', 16, 'ascii');
  const mdat = Buffer.alloc(2048);
  mdat.writeUInt32BE(2048, 0);
  mdat.write('mdat', 4, 'ascii');
  const path = join(dir(), name);
  writeFileSync(path, Buffer.concat([ftyp, mdat]));
  return path;
}

/** Upload a file with the xlsx token through the storage form; the stored key. */
export async function uploadXlsx(api: ApiHandle, token: string, path: string): Promise<string> {
  const auth = await api.call<{ token: string }>('GET', '/v1/qiniu/auth', { file_type: 'xlsx' }, token);
  const key = `xlsx/${randomUUID()}.xlsx`;
  const form = new FormData();
  form.append('token', auth.body.data.token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(readFileSync(path))]), 'goods.xlsx');
  const res = await fetch(`${api.apiUrl}/storage/upload`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return key;
}

/** Import rows for a brand in one confirmed call (test data for the list and the export). */
export async function importGacha(api: ApiHandle, token: string, ipId: number, rows: unknown[][]): Promise<void> {
  const url = await uploadXlsx(api, token, xlsxFile([GACHA_HEADER, ...rows]));
  const res = await api.call('POST', '/web/goods/gacha/import/confirm', { url, ip_id: ipId }, token);
  if (res.body.status !== 0) throw new Error(`import: ${res.body.msg}`);
}
