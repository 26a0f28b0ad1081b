import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { apiClient } from './client.js';

type Client = ReturnType<typeof apiClient>;

export interface CollectibleSummary {
  created: number;
  /** Copies the players bought. */
  bought: number;
  /** Purchases refused as sold out. */
  soldOut: number;
  errors: number;
}

/** A collectible image uploaded through the merchant's token and the storage form, as the console does. */
async function upload(client: Client, web_token: string, color: string): Promise<string> {
  const token = await client.call(client.api.upload.token, { file_type: 'collectibleImage' }, { web_token });
  if (token.status !== 0) throw new Error(`upload token: ${token.msg}`);
  const file = await sharp({ create: { width: 480, height: 480, channels: 3, background: color } })
    .png()
    .toBuffer();
  const key = `simulate/${randomUUID()}.png`;
  const form = new FormData();
  form.append('token', (token.data as { token: string }).token);
  form.append('key', key);
  form.append('file', new Blob([new Uint8Array(file)]), 'collectible.png');
  const put = await fetch(new URL('/storage/upload', client.base), { method: 'POST', body: form });
  if (!put.ok) throw new Error(`upload: ${put.status}`);
  return key;
}

/**
 * Digital collectibles: the merchant creates a single collectible (stock 8) and a collectible of
 * 3 images (stock 2 each) on its first collectible brand (the given one when it is one); 5 players
 * each buy one of the first and two of the second, so residue_stock moves in the console and the
 * last purchases of the second answer 数字藏品已售罄.
 */
export async function simulateCollectible(
  client: Client,
  opts: { web_token: string; ipId: number; players: string[]; log?: (line: string) => void },
): Promise<CollectibleSummary> {
  const { call, api } = client;
  const summary: CollectibleSummary = { created: 0, bought: 0, soldOut: 0, errors: 0 };
  const auth = { web_token: opts.web_token };
  const mine = await call(api.brand.mine, { per_id: 12 }, auth);
  const ipIds = ((mine.data as { ips: { id: number }[] } | null)?.ips ?? []).map((b) => b.id);
  const ipId = ipIds.includes(opts.ipId) ? opts.ipId : ipIds[0];
  if (ipId === undefined) return summary;
  const stamp = new Date().toISOString().slice(11, 16).replace(':', '');
  const common = { ip_id: ipId, copyright_charge: 5, author: '模拟作者', agreement: true };
  const ids: number[] = [];
  try {
    const single = await call(
      api.collectible.create,
      {
        ...common,
        type: 1,
        title: `模拟藏品${stamp}`,
        stock: 8,
        file: await upload(client, opts.web_token, '#6c4cf5'),
      },
      auth,
    );
    const pics = [];
    for (const color of ['#f5a04c', '#4cf5a0', '#4ca0f5']) pics.push(await upload(client, opts.web_token, color));
    const multi = await call(
      api.collectible.create,
      {
        ...common,
        type: 2,
        title: `模拟多图${stamp}`,
        items: pics.map((pic, i) => ({ pic, title: `模拟多图#${i + 1}`, stock: 2 })),
      },
      auth,
    );
    for (const res of [single, multi]) {
      if (res.status === 0) ids.push((res.data as { id: number }).id);
      else {
        opts.log?.(`collectible: ${res.msg}`);
        summary.errors += 1;
      }
    }
  } catch (error) {
    opts.log?.(`collectible: ${(error as Error).message}`);
    summary.errors += 1;
    return summary;
  }
  summary.created = ids.length;
  for (const player_token of opts.players.slice(0, 5)) {
    for (const [n, id] of ids.flatMap((id, i) => Array.from({ length: i + 1 }, () => id)).entries()) {
      const res = await call(api.player.buyCollectible, { id }, { player_token });
      if (res.status === 0) summary.bought += 1;
      else if (res.status === 409) summary.soldOut += 1;
      else {
        opts.log?.(`collectible buy ${n}: ${res.msg}`);
        summary.errors += 1;
      }
    }
  }
  return summary;
}
