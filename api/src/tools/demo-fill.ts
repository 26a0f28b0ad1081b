import type { apiClient } from './client.js';
import { simulate } from './simulate-core.js';

/**
 * The first start's demo (scripts/start.mjs runs it once, on a new embedded database): simulated
 * players buy from each demo merchant in turn, so every page of every demo account shows its
 * states from records the players made — machines and kujis on sale and sold out, orders in every
 * state, pickups, marketplace orders, coupons claimed and used, subscription applications, toys,
 * skins and collectibles. `scale` shortens the runs (a test's 0.1 is a few seconds each); each
 * crowd still makes its `minDraws` (a player picks up after three draws or so), however busy the
 * machine, so a short run on a loaded machine shows the same states.
 */
export const DEMO_FILL = [
  { email: 'brand@demo.local', minutes: 0.5, players: 8, minDraws: 60 },
  { email: 'shop@demo.local', minutes: 0.3, players: 6, minDraws: 45 },
  { email: 'coupon@demo.local', minutes: 0.1, players: 4, minDraws: 0 },
] as const;

export async function fillDemo(
  client: ReturnType<typeof apiClient>,
  opts: { password?: string; scale?: number; thinkMs?: number; log?: (line: string) => void } = {},
) {
  const summaries = [];
  for (const merchant of DEMO_FILL) {
    opts.log?.(`— ${merchant.email}`);
    summaries.push(
      await simulate(client, {
        minutes: merchant.minutes * (opts.scale ?? 1),
        players: merchant.players,
        thinkMs: opts.thinkMs ?? 300,
        minDraws: merchant.minDraws,
        merchant: { email: merchant.email, password: opts.password ?? 'demo1234' },
        log: opts.log,
      }),
    );
  }
  return summaries;
}
