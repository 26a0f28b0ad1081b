import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { simulateCompose } from '../src/tools/simulate-compose.js';
import { give, seedCollectible, seedPlayer } from './compose-rule-helpers.js';
import { listen } from './draw-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';

const app = await makeApp();
const base = await listen(app);
const brand = (await login(app, 'brand@demo.local')).web_token;
const [molly] = (await brandIds(app, brand, 12)) as [number];

describe('simulated compose rule', () => {
  it('does nothing while fewer than 2 collectibles are held by players', async () => {
    const p = await seedPlayer(app, '17600000101');
    const held = await seedCollectible(app, molly!, 10);
    await seedCollectible(app, molly!, 10);
    await give(app, p.id, held, 1);
    const summary = await simulateCompose(apiClient(base), { web_token: brand, ipId: molly!, players: [p.token] });
    expect(summary).toEqual({ rules: 0, composed: 0, refusedShort: 0, refusedSoldOut: 0, errors: 0 });
    const list = await call(app, api.compose.list, { ip_id: molly }, { token: brand });
    expect(list.body.data.pagination.total_rows).toBe(0);
  });

  it('publishes a rule that starts now; players holding enough compose, the others are refused', async () => {
    const second = await seedCollectible(app, molly!, 10);
    const target = await seedCollectible(app, molly!, 50);
    const players = await Promise.all([2, 3, 4].map((i) => seedPlayer(app, `1760000010${i}`)));
    const first = (await call(app, api.compose.virtual, { ip_id: molly!, type: 1, limit: 100 }, { token: brand })).body
      .data.lists;
    const heldBefore = first.find((c) => c.stock > c.surplus_stock)!.id;
    // Two players hold one copy of each of two collectibles; the third holds only one of them.
    for (const p of players.slice(0, 2)) {
      await give(app, p.id, heldBefore, 1);
      await give(app, p.id, second, 1);
    }
    await give(app, players[2]!.id, second, 1);
    const summary = await simulateCompose(apiClient(base), {
      web_token: brand,
      ipId: molly!,
      players: players.map((p) => p.token),
    });
    expect(summary).toEqual({ rules: 1, composed: 2, refusedShort: 1, refusedSoldOut: 0, errors: 0 });
    const list = await call(app, api.compose.list, { ip_id: molly }, { token: brand });
    const [rule] = list.body.data.lists;
    expect(rule).toMatchObject({ virtual_id: target, publish_status: 2, composed: 2, surplus_stock: 8 });
  });
});
