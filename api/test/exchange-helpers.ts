import { api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { toys } from '../src/db/schema.js';
import { png } from './files.js';
import { uploadAs } from './goods-helpers.js';
import { call } from './helpers.js';

/** A picture of `width`×`height` uploaded by the merchant; its key. */
export async function picture(app: FastifyInstance, token: string, width: number, height: number, color = '#88aaff') {
  const up = await uploadAs(app, token, await png(width, height, color), { ext: 'png', width, height });
  if (up.status !== 200) throw new Error(`upload: ${up.status} ${up.msg}`);
  return up.key;
}

/**
 * Toys or scenes of the brand, straight into the table (a fixture: the toy routes and review are tested in toy.test.ts):
 * `status` 1 approved unless given.
 */
export async function seedToys(
  app: FastifyInstance,
  ipId: number,
  type: 1 | 2,
  n: number,
  status = 1,
  prefix = '精灵',
) {
  const rows = await app.db
    .insert(toys)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ipId,
        type,
        name: `${prefix}${i + 1}`.slice(0, 10),
        imageUrl: `https://img.example/toy-${type}-${i}.gif`,
        status,
      })),
    )
    .returning({ id: toys.id });
  return rows.map((r) => r.id);
}

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, `days` from now. */
export function shanghai(days: number) {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export const doll = (ids: number[], bg: number[] = []) => JSON.stringify({ doll: ids, bg_pic: bg, theme: [] });

/** A valid single exchange method form of the brand, with `patch`. */
export const singleForm = (ipId: number, toyId: number, patch: Record<string, unknown> = {}) => ({
  ip_id: ipId,
  type: 1,
  name: '单品兑换',
  short: '',
  points: 10,
  relation_order: 0,
  relation_order_str: '',
  doll_str: doll([toyId]),
  begin_at: shanghai(-1),
  end_at: shanghai(30),
  ...patch,
});

export async function saveExchange(app: FastifyInstance, token: string, form: Record<string, unknown>) {
  const res = await call(app, api.exchange.save, form as never, { token });
  if (res.statusCode !== 200) throw new Error(`save: ${res.statusCode} ${res.body.msg}`);
  return res.body.data.id as number;
}
