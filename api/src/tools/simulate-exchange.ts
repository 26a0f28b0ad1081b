import { type apiClient, uploadPicture } from './client.js';

type Client = ReturnType<typeof apiClient>;

export interface ExchangeSummary {
  wallpapers: number;
  /** Exchange methods made: singles and sets, with and without a related activity. */
  methods: number;
  claims: number;
  /** Claims refused: a second claim of the same method. */
  refusedAgain: number;
  /** Claims refused for lack of points. */
  refusedPoints: number;
  /** Claims refused because the related activity orders were not held. */
  refusedRelation: number;
  errors: number;
}

const shanghai = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Wallpapers and exchange methods: the merchant uploads 5 wallpapers (type 2, they may drop), then
 * makes four exchange methods — a single, a set of three, a set bound to a draw machine the players
 * drew from (hold any) and a dear single — and the players claim: each the single and the set
 * (a second claim of the single is refused), the bound set, and the dear one (refused for points).
 */
export async function simulateExchange(
  client: Client,
  opts: {
    web_token: string;
    ipId: number;
    players: string[];
    /** A draw machine the players drew from, for the related-activity method. */
    machineId?: number;
    log?: (line: string) => void;
  },
): Promise<ExchangeSummary> {
  const { call, api } = client;
  const { web_token, ipId } = opts;
  const summary: ExchangeSummary = {
    wallpapers: 0,
    methods: 0,
    claims: 0,
    refusedAgain: 0,
    refusedPoints: 0,
    refusedRelation: 0,
    errors: 0,
  };
  if (opts.players.length === 0) return summary;
  const stamp = new Date().toISOString().slice(11, 16).replace(':', '');

  const images: string[] = [];
  for (const color of ['#f4a7b9', '#a7c7f4', '#b9f4a7', '#f4e3a7', '#d3a7f4'])
    images.push(await uploadPicture(client, web_token, { width: 600, height: 600, color }));
  const walls = await call(
    api.wallpaper.create,
    { ip_id: ipId, name: `模拟壁纸${stamp}`, images, type: 2 },
    { web_token },
  );
  if (walls.status === 0) summary.wallpapers = (walls.data as { ids: number[] }).ids.length;
  else summary.errors += 1;

  const approved = async (type: 1 | 2) => {
    const page = await call(api.exchange.components, { ip_id: ipId, type, status: 1, limit: 10 }, { web_token });
    return page.status === 0 ? (page.data as { lists: { id: number }[] }).lists.map((c) => c.id) : [];
  };
  // The approved toys and scenes the brand has (simulate-toy.ts makes them through the merchant's and
  // the reviewer's calls).
  const sprites = await approved(1);
  const scenes = await approved(2);
  if (sprites.length < 3 || scenes.length < 1) {
    opts.log?.('exchange: the brand has no approved toys and scenes to offer; exchange methods skipped');
    return summary;
  }

  const cover = await uploadPicture(client, web_token, { width: 1125, height: 1125, color: '#6c4cf5' });
  const doll = (ids: number[], bg: number[] = []) => JSON.stringify({ doll: ids, bg_pic: bg, theme: [] });
  const base = { ip_id: ipId, short: '模拟', relation_order: 0, begin_at: shanghai(-1), end_at: shanghai(30) };
  const make = async (form: Record<string, unknown>) => {
    const res = await call(api.exchange.save, { ...base, ...form } as never, { web_token });
    if (res.status !== 0) {
      opts.log?.(`exchange: ${res.msg}`);
      summary.errors += 1;
      return null;
    }
    summary.methods += 1;
    return (res.data as { id: number }).id;
  };
  const single = await make({ type: 1, name: `单品${stamp}`, points: 1, doll_str: doll([sprites[0]!]) });
  const set = await make({
    type: 2,
    name: `套装${stamp}`,
    pic: cover,
    points: 2,
    doll_str: doll(sprites.slice(1, 3), scenes.slice(0, 1)),
  });
  const bound =
    opts.machineId === undefined
      ? null
      : await make({
          type: 2,
          name: `关联${stamp}`,
          pic: cover,
          points: 0,
          relation_order: 2,
          relation_order_str: JSON.stringify({ lucky: [opts.machineId] }),
          doll_str: doll(sprites.slice(0, 2)),
        });
  const dear = await make({ type: 1, name: `高价${stamp}`, points: 1_000_000, doll_str: doll([sprites[2]!]) });

  const claim = async (player_token: string, id: number | null) => {
    if (id === null) return null;
    const res = await call(api.player.claimExchange, { id }, { player_token });
    if (res.status === 0) summary.claims += 1;
    return res;
  };
  for (const [i, token] of opts.players.entries()) {
    await claim(token, single);
    await claim(token, set);
    if (i % 2 === 0) {
      // A second claim of the same method: refused, once a player.
      const again = await claim(token, single);
      if (again && again.status !== 0) summary.refusedAgain += 1;
    }
    const relation = await claim(token, bound);
    if (relation && relation.status !== 0) summary.refusedRelation += 1;
    if (i % 3 === 0) {
      const refused = await claim(token, dear);
      if (refused && refused.status !== 0) summary.refusedPoints += 1;
      else if (refused) summary.errors += 1;
    }
  }
  opts.log?.(
    `exchange: ${summary.wallpapers} wallpapers, ${summary.methods} exchange methods, ${summary.claims} claims; refused ${summary.refusedAgain} second claims, ${summary.refusedPoints} for points, ${summary.refusedRelation} for related orders`,
  );
  return summary;
}
