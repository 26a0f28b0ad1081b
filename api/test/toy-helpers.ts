import { api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { uploadAs } from './goods-helpers.js';
import { call } from './helpers.js';

/** A transparent 720×960 GIF (a luck sprite): a coloured disc on nothing. */
export const toyGif = (color = '#ff7ab6') =>
  sharp({ create: { width: 720, height: 960, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960"><circle cx="360" cy="480" r="240" fill="${color}"/></svg>`,
        ),
      },
    ])
    .gif()
    .toBuffer();

/** A 1500×2600 scene (PNG by default). */
export const scenePicture = (format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width: 1500, height: 2600, channels: 3, background: '#36d1dc' } })
    [format]()
    .toBuffer();

/** A 1200×800 highlight-moment photo (JPEG). */
export const momentPhoto = (color = '#f7971e') =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

export async function upload(
  app: FastifyInstance,
  token: string,
  file: Buffer,
  ext: string,
  size?: { width: number; height: number },
): Promise<string> {
  const up = await uploadAs(app, token, file, { ext, ...size });
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${up.msg}`);
  return up.key;
}

export const toyPic = async (app: FastifyInstance, token: string, color?: string) =>
  upload(app, token, await toyGif(color), 'gif', { width: 720, height: 960 });
export const scenePic = async (app: FastifyInstance, token: string) =>
  upload(app, token, await scenePicture(), 'png', { width: 1500, height: 2600 });
export const momentPic = async (app: FastifyInstance, token: string, color?: string) =>
  upload(app, token, await momentPhoto(color), 'jpg');

/** A saved toy (type 1) or scene (type 2) of `ipId`; its id. */
export async function newToy(
  app: FastifyInstance,
  token: string,
  ipId: number,
  patch: Record<string, unknown> = {},
): Promise<number> {
  const type = Number(patch.type ?? 1);
  const image_url = patch.image_url ?? (type === 1 ? await toyPic(app, token) : await scenePic(app, token));
  const res = await call(
    app,
    api.toy.save,
    { ip_id: ipId, type, name: '小精灵', short: '一只会发光的小精灵', is_box_goods: 1, image_url, ...patch } as never,
    { token },
  );
  if (res.statusCode !== 200) throw new Error(`toy.save: ${res.statusCode} ${res.body.msg}`);
  return res.body.data.id;
}

/** A saved highlight moment of `ipId` (its versions prepared first); its id. */
export async function newMoment(
  app: FastifyInstance,
  token: string,
  ipId: number,
  patch: Record<string, unknown> = {},
): Promise<number> {
  const key = await momentPic(app, token);
  const prepared = await call(app, api.moment.prepare, { ip_id: ipId, image_url: key }, { token });
  if (prepared.statusCode !== 200) throw new Error(`moment.prepare: ${prepared.body.msg}`);
  const res = await call(
    app,
    api.moment.save,
    { ip_id: ipId, name: '开箱时刻', short: '第一次抽到隐藏款', ...prepared.body.data, ...patch } as never,
    { token },
  );
  if (res.statusCode !== 200) throw new Error(`moment.save: ${res.statusCode} ${res.body.msg}`);
  return res.body.data.id;
}

export const decideToy = (app: FastifyInstance, reviewer: string, id: number, status: 1 | 2, remark = '') =>
  call(app, api.review.toyDecide, { id, status, remark }, { token: reviewer });
export const decideMoment = (app: FastifyInstance, reviewer: string, id: number, status: 1 | 2, remark = '') =>
  call(app, api.review.momentDecide, { id, status, remark }, { token: reviewer });
