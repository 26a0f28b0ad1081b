import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { simulateCollectible } from '../src/tools/simulate-collectible.js';
import { demoApp, listen, player } from './draw-helpers.js';
import { call } from './helpers.js';

const { app, brand, molly } = await demoApp();
const base = await listen(app);

describe('simulated collectible buyers', () => {
  it('a single and a 3-image collectible are made; 5 players buy, residue_stock moves, the multi sells out', async () => {
    const client = apiClient(base);
    const players = await Promise.all([1, 2, 3, 4, 5].map((i) => player(app, `1771000000${i}`)));
    const summary = await simulateCollectible(client, { web_token: brand, ipId: molly, players });
    expect(summary).toEqual({ created: 2, bought: 11, soldOut: 4, errors: 0 });
    const list = await call(app, api.collectible.list, { title: '模拟' }, { token: brand });
    const rows = list.body.data.list.map((r) => [r.type, r.stock, r.residue_stock]);
    expect(rows).toEqual([
      [2, 6, 0],
      [1, 8, 3],
    ]);
    const copies = await call(app, api.player.collectibles, undefined, { headers: { player_token: players[0]! } });
    expect(copies.body.data.list).toHaveLength(3);
  });
});
