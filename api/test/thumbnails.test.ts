import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { api, LIMITS, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbWidth } from '../src/features/upload/thumbnails.js';
import { png } from './files.js';
import { call, login, makeApp } from './helpers.js';

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await makeApp();
  token = (await login(app, 'brand@demo.local')).web_token;
});
afterAll(() => app.close());

async function put(file: Buffer, ext = 'png') {
  const grant = (await call(app, api.upload.token, {}, { token })).body.data.token;
  const key = `test/${randomUUID()}.${ext}`;
  const form = new FormData();
  form.append('token', grant);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), `a.${ext}`);
  const res = await app.inject({ method: 'POST', url: '/storage/upload', payload: form });
  return { key, res };
}

/** A small real PNG whose header claims `width`×`height`: what a decompression bomb looks like before decoding. */
async function claimedPng(width: number, height: number): Promise<Buffer> {
  const file = Buffer.from(await png(8, 8));
  // IHDR: length(4) type(4) at 8, width at 16, height at 20, CRC over type+data at 29.
  file.writeUInt32BE(width, 16);
  file.writeUInt32BE(height, 20);
  file.writeUInt32BE(crc32(file.subarray(12, 29)), 29);
  return file;
}

const thumb = (key: string, w: number) => app.inject({ method: 'GET', url: `/files/${key}?w=${w}` });

describe('image pixel bound', () => {
  it('refuses an image over 40 megapixels at upload with a clear message, keeping nothing', async () => {
    expect(LIMITS.imageMaxPixels).toBe(40_000_000);
    for (const [w, h] of [
      [8000, 5001],
      [10000, 10000],
    ] as const) {
      const { key, res } = await put(await claimedPng(w, h));
      expect(res.statusCode, `${w}×${h}`).toBe(413);
      expect(res.json()).toEqual({ status: 413, msg: '图片像素过大（最多4000万像素），请压缩后再上传', data: null });
      expect(res.json().msg).toBe(messages.upload.tooManyPixels(LIMITS.imageMaxPixels));
      expect((await app.inject({ method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    }
    const { res } = await put(await claimedPng(8000, 5000));
    expect(res.statusCode).toBe(200);
  });
});

describe('thumbnails', () => {
  it('a width is rounded up to the ladder, so an image has a bounded number of thumbnails', () => {
    expect([1, 100, 101, 120, 250, 300, 301, 1999, 2000].map(thumbWidth)).toEqual([
      100, 100, 120, 120, 300, 300, 400, 2000, 2000,
    ]);
  });

  it('a second request for a width is served from the stored thumbnail; a large original is decoded once', async () => {
    const { key, res } = await put(await png(3000, 1500));
    expect(res.statusCode).toBe(200);
    const first = await thumb(key, 300);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-thumbnail']).toBe('miss');
    expect((await sharp(first.rawPayload).metadata()).width).toBe(300);
    expect(await app.storage.head(`.thumbs/300/${key}.png`)).not.toBeNull();
    const second = await thumb(key, 300);
    expect(second.headers['x-thumbnail']).toBe('hit');
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    // A width between ladder steps is the next one up: the same cached file.
    expect((await thumb(key, 250)).headers['x-thumbnail']).toBe('hit');

    // The original is not decoded again: with it unreadable, other widths still come (from the
    // one large thumbnail it was decoded into).
    await app.storage.put(key, Buffer.from('no longer an image'));
    for (const w of [100, 600, 1200]) {
      const other = await thumb(key, w);
      expect(other.headers['x-thumbnail'], String(w)).toBe('miss');
      expect(other.headers['content-type']).toBe('image/png');
      const meta = await sharp(other.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([w, w / 2]);
    }
  });

  it('never enlarges: a width past the original serves the original size', async () => {
    const { key } = await put(await png(150, 100));
    const res = await thumb(key, 400);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(150);
  });

  it('an image that cannot be decoded serves the original instead of failing', async () => {
    const { key, res } = await put(await claimedPng(8000, 5000));
    expect(res.statusCode).toBe(200);
    const got = await thumb(key, 100);
    expect(got.statusCode).toBe(200);
    expect(got.headers['x-thumbnail']).toBeUndefined();
  });
});
