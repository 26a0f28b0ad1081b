import { type apiClient, uploadPicture } from './client.js';

const COLLECTIBLE_IMAGE = { file_type: 'collectibleImage' } as const;

type Client = ReturnType<typeof apiClient>;

export interface CollectibleSummary {
  created: number;
  /** Copies the players bought. */
  bought: number;
  /** Purchases refused as sold out. */
  soldOut: number;
  errors: number;
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
        file: await uploadPicture(
          client,
          opts.web_token,
          { width: 480, height: 480, color: '#6c4cf5' },
          COLLECTIBLE_IMAGE,
        ),
      },
      auth,
    );
    const pics = [];
    for (const color of ['#f5a04c', '#4cf5a0', '#4ca0f5'])
      pics.push(await uploadPicture(client, opts.web_token, { width: 480, height: 480, color }, COLLECTIBLE_IMAGE));
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
