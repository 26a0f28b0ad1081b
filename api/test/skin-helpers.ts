import { randomUUID } from 'node:crypto';
import { api, SKIN_IMAGES, type SkinImageKey } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { uploadPng } from './blind-box-helpers.js';
import { call } from './helpers.js';

/** A 600×600 avatar widget: an opaque ring around a 480×480 centre, transparent unless `filled`. */
export function avatarPng(filled = false): Promise<Buffer> {
  const data = Buffer.alloc(600 * 600 * 4);
  for (let y = 0; y < 600; y++)
    for (let x = 0; x < 600; x++) {
      const centre = x >= 60 && x < 540 && y >= 60 && y < 540;
      data.set(centre && !filled ? [0, 0, 0, 0] : [136, 102, 170, 255], (y * 600 + x) * 4);
    }
  return sharp(data, { raw: { width: 600, height: 600, channels: 4 } })
    .png()
    .toBuffer();
}

/** Upload these PNG bytes through the storage protocol; answers its key. */
export async function uploadFile(app: FastifyInstance, token: string, file: Buffer): Promise<string> {
  const grant = await call(app, api.upload.token, {}, { token });
  const key = `test/${randomUUID()}.png`;
  const form = new FormData();
  form.append('token', grant.body.data.token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), 'a.png');
  const res = await app.inject({ method: 'POST', url: '/storage/upload', payload: form });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.body}`);
  return key;
}

/** Every image of a skin, uploaded at its exact size (the same size shares one upload). */
export async function skinImages(app: FastifyInstance, token: string): Promise<Record<SkinImageKey, string>> {
  const bySize = new Map<string, string>();
  const out = {} as Record<SkinImageKey, string>;
  for (const slot of SKIN_IMAGES) {
    const size = `${slot.width}x${slot.height}`;
    if (slot.key === 'avatar_widget') {
      out[slot.key] = await uploadFile(app, token, await avatarPng());
      continue;
    }
    if (!bySize.has(size)) bySize.set(size, await uploadPng(app, token, slot.width, slot.height));
    out[slot.key] = bySize.get(size)!;
  }
  return out;
}

/** A complete skin form of this brand. */
export const skinForm = (ipId: number, images: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  ip_id: ipId,
  title: '春日装扮',
  content: '春天的主题装扮',
  font_tone: '#8866AA',
  ...images,
  ...extra,
});

/** Submit a skin; its id. */
export async function submitSkin(app: FastifyInstance, token: string, form: Record<string, unknown>): Promise<number> {
  const res = await call(app, api.skin.submit, form as never, { token });
  if (res.statusCode !== 200) throw new Error(`skin.submit: ${res.statusCode} ${res.body.msg}`);
  return res.body.data.id;
}

export async function decideSkin(app: FastifyInstance, reviewer: string, id: number, status: 1 | 2, reason = '') {
  const res = await call(app, api.review.skinDecide, { id, status, reason }, { token: reviewer });
  if (res.statusCode !== 200) throw new Error(`review.skinDecide: ${res.statusCode} ${res.body.msg}`);
}
