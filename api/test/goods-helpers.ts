import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import * as XLSX from 'xlsx';
import { gachaGoods } from '../src/db/schema.js';
import { type Cell, XlsxWriter } from '../src/lib/xlsx/writer.js';
import { png } from './files.js';
import { call, unique } from './helpers.js';

/** Upload `file` through the token and the storage form, as the console does; the stored key. */
export async function uploadAs(
  app: FastifyInstance,
  token: string,
  file: Buffer,
  opts: { fileType?: 'xlsx'; ext: string; width?: number; height?: number },
): Promise<{ status: number; key: string; msg?: string }> {
  const res = await call(
    app,
    api.upload.token,
    { file_type: opts.fileType, width: opts.width, height: opts.height },
    { token },
  );
  const key = `test/${randomUUID()}.${opts.ext}`;
  const form = new FormData();
  form.append('token', res.body.data.token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), `upload.${opts.ext}`);
  const put = await app.inject({ method: 'POST', url: '/storage/upload', payload: form });
  return { status: put.statusCode, key, msg: put.json().msg };
}

/** An mp4 through the STS path (upload.videoToken, then the storage form); its key. */
export async function uploadVideo(app: FastifyInstance, token: string, file: Buffer): Promise<string> {
  const sts = (await call(app, api.upload.videoToken, { file: ['clip.mp4'] }, { token })).body.data;
  const form = new FormData();
  form.append('token', sts.securitytoken);
  form.append('key', sts.file[0]!.key);
  form.append('file', new Blob([new Uint8Array(file)]), 'clip.mp4');
  const put = await app.inject({ method: 'POST', url: '/storage/upload', payload: form });
  if (put.statusCode !== 200) throw new Error(`video upload: ${put.statusCode} ${put.body}`);
  return sts.file[0]!.key;
}

/** An 800×800 PNG uploaded as a goods picture; its key. */
export async function goodsPic(app: FastifyInstance, token: string, color = '#ff7ab6'): Promise<string> {
  const up = await uploadAs(app, token, await png(800, 800, color), { ext: 'png', width: 800, height: 800 });
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${up.msg}`);
  return up.key;
}

/** An xlsx of `rows` (the first is the header) made by the streaming writer. */
export async function sheet(rows: Cell[][]): Promise<Buffer> {
  const file = path.join(os.tmpdir(), `sheet-${randomUUID()}.xlsx`);
  const [header, ...data] = rows;
  const writer = await XlsxWriter.create(
    file,
    (header ?? []).map((h) => ({ header: String(h ?? '') })),
  );
  for (let i = 0; i < data.length; i += 5000) await writer.addRows(data.slice(i, i + 5000));
  await writer.close();
  const buffer = await readFile(file);
  await rm(file, { force: true });
  return buffer;
}

/** Upload a spreadsheet as the xlsx kind; its key. */
export async function uploadSheet(app: FastifyInstance, token: string, rows: Cell[][]): Promise<string> {
  const up = await uploadAs(app, token, await sheet(rows), { fileType: 'xlsx', ext: 'xlsx' });
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${up.msg}`);
  return up.key;
}

/** A stored file, fetched through /files like a browser would. */
export async function download(app: FastifyInstance, url: string): Promise<Buffer> {
  const res = await app.inject({ method: 'GET', url: new URL(url).pathname });
  if (res.statusCode !== 200) throw new Error(`download ${url}: ${res.statusCode}`);
  return res.rawPayload;
}

/** `n` gacha goods of `brand` inserted directly (fast), titled `${prefix} ${i}`. */
export async function seedGacha(db: FastifyInstance['db'], brand: number, n: number, prefix: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    ipId: brand,
    goodsTitle: `${prefix} ${i}`,
    price: 1000 + i,
    costPrice: 500,
    stock: i % 100,
    pics: ['seed/goods-01.png'],
    label: ['', '', '', ''],
    channel: '小程序',
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(gachaGoods).values(rows.slice(i, i + 1000));
}

/** Poll job.status until the job is done or failed, every `everyMs` (0: as soon as each answer comes). */
export async function waitForJob(target: FastifyInstance, id: number, as: string, everyMs = 100) {
  const seen: number[] = [];
  // At least 300 looks and 30 s, whichever is longer.
  const deadline = Date.now() + 30_000;
  for (let i = 0; i < 300 || Date.now() < deadline; i++) {
    const res = await call(target, api.job.status, { id }, { token: as });
    expect(res.statusCode).toBe(200);
    seen.push(res.body.data.now_num);
    if (res.body.data.status === 'done' || res.body.data.status === 'failed') return { ...res.body.data, seen };
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`job ${id} did not finish`);
}

/** The first sheet's rows. */
export const sheetRows = (buffer: Buffer) => {
  const book = XLSX.read(buffer, { type: 'buffer', dense: true });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
};

/** A valid gacha.save body of brand `ipId` with one picture. */
export const gachaBody = (ipId: number, pic: string, extra: Record<string, unknown> = {}) => ({
  ip_id: ipId,
  goods_title: unique('扭蛋'),
  price: 25,
  cost_price: 9.5,
  stock: 100,
  cate: 3,
  pics: JSON.stringify([pic]),
  channel: '线下门店',
  label: JSON.stringify(['热卖', '', '', '']),
  link: 'https://example.com/g',
  code: 'G-1',
  ...extra,
});
