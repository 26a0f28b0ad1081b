import { api } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { albums, collectibleItems, collectibles, playerSessions } from '../src/db/schema.js';
import { grantCollectible } from '../src/features/holdings/collectibles.js';
import { player } from './draw-helpers.js';
import { call } from './helpers.js';

let serial = 0;

/** A collectible of `ipId` with one item of `stock` copies (inserted directly: its create API is another's). */
export async function seedCollectible(app: FastifyInstance, ipId: number, stock: number, albumId?: number) {
  serial += 1;
  const title = `藏品${serial}`;
  const [row] = await app.db
    .insert(collectibles)
    .values({ ipId, type: 1, title, pic: `nft/${serial}.png`, catalogId: albumId ?? null })
    .returning({ id: collectibles.id });
  await app.db.insert(collectibleItems).values({
    collectibleId: row!.id,
    serial: 1,
    title: `${title}#1`,
    pic: `nft/${serial}.png`,
    filePath: `nft/${serial}.png`,
    fileHash: `${serial}`.padStart(64, '0'),
    stock,
  });
  return row!.id;
}

export async function seedAlbum(app: FastifyInstance, ipId: number) {
  serial += 1;
  const [row] = await app.db
    .insert(albums)
    .values({ ipId, title: `合辑${serial}`, pic: `album/${serial}.png`, bgPic: `album/bg${serial}.png` })
    .returning({ id: albums.id });
  return row!.id;
}

/** A player (token and id). */
export async function seedPlayer(app: FastifyInstance, phone: string) {
  const token = await player(app, phone);
  const [s] = await app.db
    .select({ id: playerSessions.playerId })
    .from(playerSessions)
    .where(eq(playerSessions.token, token));
  return { token, id: s!.id };
}

/** Mints `n` copies of a collectible to a player. */
export async function give(app: FastifyInstance, playerId: number, collectibleId: number, n = 1) {
  for (let i = 0; i < n; i++)
    await app.db.transaction((tx) => grantCollectible(tx, { playerId, collectibleId, source: 'drop' }));
}

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, `minutes` from now. */
export function inMinutes(minutes: number) {
  return new Date(Date.now() + minutes * 60_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export const groups = (list: { group_name?: string; expend_num?: unknown; virtual_ids?: unknown }[]) =>
  JSON.stringify(list);

/** A valid rule form: `target` composed from group A (2 of `a`) and group B (1 of `b`). */
export const ruleForm = (
  ipId: number,
  target: number,
  a: number[],
  b: number[],
  patch: Record<string, unknown> = {},
) => ({
  ip_id: ipId,
  begin_at: inMinutes(60),
  end_at: inMinutes(60 * 24 * 7),
  virtual_id: target,
  virtual_type: 1,
  stock: 5,
  group_data: groups([
    { group_name: '组A', expend_num: 2, virtual_ids: a },
    { group_name: '组B', expend_num: 1, virtual_ids: b },
  ]),
  ...patch,
});

export const saveRule = (app: FastifyInstance, token: string, form: Record<string, unknown>) =>
  call(app, api.compose.save, form as never, { token });

export const compose = (app: FastifyInstance, playerToken: string, composeId: number) =>
  call(app, api.player.compose, { compose_id: composeId }, { headers: { player_token: playerToken } });
