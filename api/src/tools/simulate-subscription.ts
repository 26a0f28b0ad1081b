import { COUNTRY_CODES } from '@toy/shared';
import type { apiClient } from './client.js';

type Client = ReturnType<typeof apiClient>;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** Every third player applies to subscribe, to each brand in turn (the first brand first). */
export async function applyForSubscription(
  { call, api }: Client,
  playerToken: string,
  ipIds: number[],
  i: number,
): Promise<boolean> {
  if (ipIds.length === 0 || i % 3 !== 0) return false;
  const res = await call(
    api.player.subscribe,
    {
      ip_id: ipIds[(i / 3) % ipIds.length]!,
      email: `player${i}.${Date.now() % 100000}@example.com`,
      wechat_id: Math.random() < 0.6 ? `wx_player${i}` : '',
      ig_id: Math.random() < 0.5 ? `ig.player${i}` : '',
      country: pick(COUNTRY_CODES),
    },
    { player_token: playerToken },
  );
  return res.status === 0;
}

/**
 * The merchant reviews the pending applications as a shop owner would: approves about half,
 * rejects a quarter (and withdraws an approval now and then), leaves the rest pending.
 */
export async function reviewSubscriptions({ call, api }: Client, web_token: string, ipIds: number[]) {
  let reviewed = 0;
  for (const ip_id of ipIds) {
    const res = await call(api.subscription.list, { ip_id, status: 0, page: 1, limit: 100 }, { web_token });
    for (const s of res.data?.list ?? []) {
      const r = Math.random();
      if (r < 0.5) {
        await call(api.subscription.review, { id: s.id, status: 1 }, { web_token });
        if (Math.random() < 0.1) await call(api.subscription.review, { id: s.id, status: 2 }, { web_token });
        reviewed += 1;
      } else if (r < 0.75) {
        await call(api.subscription.review, { id: s.id, status: 2 }, { web_token });
        reviewed += 1;
      }
    }
  }
  return reviewed;
}
