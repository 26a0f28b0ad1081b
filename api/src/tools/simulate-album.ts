import { ALBUM_LIMITS, type Album } from '@toy/shared';
import sharp from 'sharp';
import type { apiClient } from './client.js';

type Client = ReturnType<typeof apiClient>;

export interface AlbumSummary {
  /** Albums the merchant made. */
  albums: number;
  /** Likes the players gave, and second likes the API refused. */
  likes: number;
  refusedLikes: number;
  /** A coupon and a gacha goods of the brand put in the album (设置合辑), where the brand has them. */
  inAlbum: number;
  /** Images the compose job made from two groups of two layers. */
  composed: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A PNG through the storage protocol (token with the exact size, then the multipart form); its key. */
async function uploadPng({ call, api, base }: Client, web_token: string, file: Buffer, width: number, height: number) {
  const grant = await call(api.upload.token, { width, height }, { web_token });
  const { token, upload_url } = grant.data as { token: string; upload_url: string };
  const key = `sim/album-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.png`;
  const form = new FormData();
  form.append('token', token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), `${key.split('/')[1]}`);
  const res = await fetch(new URL(new URL(upload_url).pathname, base), { method: 'POST', body: form });
  if (!res.ok) throw new Error(`upload: ${res.status}`);
  return key;
}

/** A `width`×`height` PNG: `color` over all of it, or over its left half only (the rest transparent). */
function png(width: number, height: number, color: string, half = false) {
  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  const canvas = sharp({ create: { width, height, channels: 4, background: half ? clear : color } });
  if (!half) return canvas.png().toBuffer();
  const left = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width / 2}" height="${height}" fill="${color}"/></svg>`,
  );
  return canvas
    .composite([{ input: left }])
    .png()
    .toBuffer();
}

/**
 * Albums and composed images: the merchant makes an album (logo and background of the spec's
 * sizes); every player likes it once and the first tries again (refused); the card then counts the
 * likes. Then two groups of two layers are composed by the background job, followed to the end.
 */
export async function simulateAlbum(
  client: Client,
  opts: { web_token: string; ipId: number; players: string[]; log?: (line: string) => void },
): Promise<AlbumSummary> {
  const { call, api } = client;
  const { web_token, ipId } = opts;
  const log = opts.log ?? (() => undefined);
  const summary: AlbumSummary = { albums: 0, likes: 0, refusedLikes: 0, inAlbum: 0, composed: 0, errors: 0 };
  const { logo, background } = ALBUM_LIMITS;
  const pic = await uploadPng(
    client,
    web_token,
    await png(logo.width, logo.height, '#7c5cff'),
    logo.width,
    logo.height,
  );
  const bg = await uploadPng(
    client,
    web_token,
    await png(background.width, background.height, '#1f2a44'),
    background.width,
    background.height,
  );
  const saved = await call(
    api.album.save,
    { ip_id: ipId, title: '模拟合辑', pic, bg_pic: bg, content: '模拟玩家点赞的合辑' },
    { web_token },
  );
  if (saved.status !== 0) {
    log(`album: ${saved.msg}`);
    return { ...summary, errors: 1 };
  }
  summary.albums += 1;
  const id = (saved.data as { id: number }).id;
  for (const player_token of opts.players) {
    const res = await call(api.player.likeAlbum, { id }, { player_token });
    if (res.status === 0) summary.likes += 1;
    else summary.errors += 1;
  }
  if (opts.players[0]) {
    const again = await call(api.player.likeAlbum, { id }, { player_token: opts.players[0] });
    if (again.status === 409) summary.refusedLikes += 1;
    else summary.errors += 1;
  }
  const list = await call(api.album.list, { ip_id: ipId, need_page: 0 }, { web_token });
  const card = (list.data?.list as Album[] | undefined)?.find((a) => a.id === id);
  if (card?.like_num !== summary.likes) summary.errors += 1;
  for (const [list, set] of [
    [api.coupon.list, api.coupon.setAlbum],
    [api.gacha.list, api.gacha.setAlbum],
  ] as const) {
    const first = (await call(list, { ip_id: ipId, page: 1, limit: 1 }, { web_token })).data?.list?.[0];
    if (!first) continue;
    const res = await call(set, { goods_ids: String(first.id), catalog_id: id }, { web_token });
    if (res.status === 0) summary.inAlbum += 1;
    else summary.errors += 1;
  }

  const size = 64;
  const groups = [
    [await png(size, size, '#ffd166'), await png(size, size, '#06d6a0')],
    [await png(size, size, '#ef476f', true), await png(size, size, '#118ab2', true)],
  ];
  const keys = [];
  for (const group of groups)
    keys.push(await Promise.all(group.map((b) => uploadPng(client, web_token, b, size, size))));
  const started = await call(api.collectible.composeImages, { ip_id: ipId, groups: keys }, { web_token });
  if (started.status !== 0) {
    log(`compose images: ${started.msg}`);
    return { ...summary, errors: summary.errors + 1 };
  }
  const jobId = (started.data as { job_id: number }).job_id;
  for (let i = 0; i < 120; i++) {
    const job = await call(api.job.status, { id: jobId }, { web_token });
    const status = (job.data as { status?: string } | undefined)?.status;
    if (status === 'failed') break;
    if (status === 'done') {
      const result = await call(api.collectible.composedImages, { job_id: jobId }, { web_token });
      summary.composed = (result.data as { items?: unknown[] } | undefined)?.items?.length ?? 0;
      break;
    }
    await sleep(250);
  }
  if (summary.composed !== 4) summary.errors += 1;
  log(`albums: ${summary.likes} like(s), ${summary.composed} composed image(s)`);
  return summary;
}
