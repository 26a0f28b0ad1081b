import type { ComposeVirtual } from '@toy/shared';
import type { apiClient } from './client.js';

type Client = ReturnType<typeof apiClient>;

export interface ComposeSummary {
  /** Rules published (0 when the brand had fewer than 2 collectibles held by players). */
  rules: number;
  composed: number;
  /** Compositions refused: the player did not hold enough copies. */
  refusedShort: number;
  /** Compositions refused: the rule's stock was used up. */
  refusedSoldOut: number;
  errors: number;
}

/** `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai, `minutes` from now. */
const shanghai = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Compose rules: when the brand has at least 2 collectibles whose copies players hold (minted by
 * another simulator), the merchant publishes a rule that starts now — one copy of each of the two
 * most held collectibles (a group each) makes one of the collectible with the most stock left —
 * and every player tries to compose once: those holding enough succeed, the rest are refused
 * (counted). Otherwise nothing is done.
 */
export async function simulateCompose(
  client: Client,
  opts: { web_token: string; ipId: number; players: string[]; log?: (line: string) => void },
): Promise<ComposeSummary> {
  const { call, api } = client;
  const { web_token, ipId } = opts;
  const summary: ComposeSummary = { rules: 0, composed: 0, refusedShort: 0, refusedSoldOut: 0, errors: 0 };
  const page = await call(api.compose.virtual, { ip_id: ipId, type: 1, limit: 200 }, { web_token });
  if (page.status !== 0) {
    opts.log?.(`compose: ${page.msg}`);
    summary.errors += 1;
    return summary;
  }
  const all = (page.data as { lists: ComposeVirtual[] }).lists;
  const held = all
    .filter((c) => c.stock > c.surplus_stock)
    .sort((x, y) => y.stock - y.surplus_stock - (x.stock - x.surplus_stock));
  if (held.length < 2 || opts.players.length === 0) {
    opts.log?.('compose: fewer than 2 collectibles held by players; no compose rule');
    return summary;
  }
  const [first, second] = held as [ComposeVirtual, ComposeVirtual];
  const candidates = all.filter((c) => c.surplus_stock > 0);
  const others = candidates.filter((c) => c.id !== first.id && c.id !== second.id);
  const target = [...(others.length ? others : candidates)].sort((x, y) => y.surplus_stock - x.surplus_stock)[0];
  if (!target) {
    opts.log?.('compose: no collectible has stock left to compose; no compose rule');
    return summary;
  }
  const saved = await call(
    api.compose.save,
    {
      ip_id: ipId,
      begin_at: shanghai(-1),
      end_at: shanghai(60 * 24 * 7),
      virtual_id: target.id,
      virtual_type: 1,
      stock: Math.min(10, target.surplus_stock),
      group_data: JSON.stringify([
        { group_name: '模拟组A', expend_num: 1, virtual_ids: [first.id] },
        { group_name: '模拟组B', expend_num: 1, virtual_ids: [second.id] },
      ]),
    },
    { web_token },
  );
  if (saved.status !== 0) {
    opts.log?.(`compose: ${saved.msg}`);
    summary.errors += 1;
    return summary;
  }
  summary.rules = 1;
  const composeId = (saved.data as { id: number }).id;
  for (const player_token of opts.players) {
    const res = await call(api.player.compose, { compose_id: composeId }, { player_token });
    if (res.status === 0) summary.composed += 1;
    else if (res.msg === '所需藏品数量不足') summary.refusedShort += 1;
    else if (res.msg === '合成库存不足') summary.refusedSoldOut += 1;
    else {
      opts.log?.(`compose: ${res.msg}`);
      summary.errors += 1;
    }
  }
  return summary;
}
