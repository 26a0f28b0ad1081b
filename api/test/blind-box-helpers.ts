import { randomUUID } from 'node:crypto';
import { api, type BlindBoxRecordForm, type StyleEntry } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { brands, goods } from '../src/db/schema.js';
import { png } from './files.js';
import { call } from './helpers.js';

/** Upload a real PNG of this pixel size through the storage protocol; answers its key. */
export async function uploadPng(app: FastifyInstance, token: string, width: number, height: number): Promise<string> {
  const grant = await call(app, api.upload.token, {}, { token });
  const key = `test/${randomUUID()}.png`;
  const form = new FormData();
  form.append('token', grant.body.data.token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(await png(width, height))]), 'a.png');
  const res = await app.inject({ method: 'POST', url: '/storage/upload', payload: form });
  if (res.statusCode !== 200) throw new Error(`upload ${width}x${height}: ${res.body}`);
  return key;
}

export interface RecordImages {
  pic: string;
  main_pic: string;
  one_box_pic: string;
  one_pack_pic: string;
  detail: string;
  style: string;
}

/** One image of each record size, uploaded by `token`. */
export async function recordImages(app: FastifyInstance, token: string): Promise<RecordImages> {
  const [pic, main_pic, one_box_pic, one_pack_pic, detail, style] = await Promise.all([
    uploadPng(app, token, 600, 600),
    uploadPng(app, token, 1280, 640),
    uploadPng(app, token, 400, 400),
    uploadPng(app, token, 800, 800),
    uploadPng(app, token, 750, 1000),
    uploadPng(app, token, 400, 400),
  ]);
  return { pic, main_pic, one_box_pic, one_pack_pic, detail, style };
}

export const manualStyles = (pic: string, n = 4, hidden = 1): StyleEntry[] => [
  ...Array.from({ length: n }, (_, i) => ({ goods_title: `基础款${i + 1}`, goods_pic: pic, type: 1 })),
  ...Array.from({ length: hidden }, (_, i) => ({
    goods_title: `隐藏款${i + 1}`,
    goods_pic: pic,
    type: 2,
    probability: 48,
  })),
];

/** A complete, valid record form (goods and pics as JSON strings, as the console sends them). */
export function recordForm(ipId: number, images: RecordImages, patch: Partial<BlindBoxRecordForm> = {}) {
  return {
    ip_id: ipId,
    goods_ip_id: ipId,
    title: `测试盲盒 ${randomUUID().slice(0, 6)}`,
    price: 59,
    limit_stock: 12,
    shop_time: '2026-08-01 10:00:00',
    goods: JSON.stringify(manualStyles(images.style)),
    pics: JSON.stringify([images.detail]),
    pic: images.pic,
    main_pic: images.main_pic,
    one_box_pic: images.one_box_pic,
    one_pack_pic: images.one_pack_pic,
    color: '#FFE4EC',
    is_overseas: 0,
    ...patch,
  } satisfies BlindBoxRecordForm;
}

export async function brandIdByTitle(app: FastifyInstance, title: string): Promise<number> {
  const [row] = await app.db.select({ id: brands.id }).from(brands).where(eq(brands.title, title));
  return row!.id;
}

export async function goodsIdByTitle(app: FastifyInstance, ipId: number, title: string) {
  const [row] = await app.db
    .select()
    .from(goods)
    .where(and(eq(goods.ipId, ipId), eq(goods.title, title)));
  return row!;
}
