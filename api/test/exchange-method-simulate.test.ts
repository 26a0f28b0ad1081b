import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { simulateExchange } from '../src/tools/simulate-exchange.js';
import { simulateToy } from '../src/tools/simulate-toy.js';
import { demoApp, draw, listen, player, publishMachine } from './draw-helpers.js';
import { call } from './helpers.js';

const { app, brand, molly, sweet } = await demoApp();
const base = await listen(app);

describe('simulated wallpapers, exchange methods and claims', () => {
  it('uploads wallpapers, makes singles and sets, claims once each; refusals counted', async () => {
    const machine = (await publishMachine(app, brand, molly, sweet, 2)).id;
    const players = await Promise.all([1, 2, 3].map((i) => player(app, `1760000000${i}`)));
    // Two of the three drew from the machine: they have points and the related order.
    for (const p of players.slice(0, 2)) expect((await draw(app, p, machine, 0)).statusCode).toBe(200);
    // The merchant's toys and scenes, approved by the reviewer (no draws: the players' points stay theirs).
    const toys = await simulateToy(apiClient(base), { web_token: brand, ipId: molly, players: [] });
    expect(toys).toMatchObject({ toys: 4, scenes: 1, approved: 5, rejected: 1, errors: 0 });
    const summary = await simulateExchange(apiClient(base), {
      web_token: brand,
      ipId: molly,
      players,
      machineId: machine,
    });
    // The third player has no points: the single (1) and set (2) are refused, the bound set too.
    expect(summary).toEqual({
      wallpapers: 5,
      methods: 4,
      claims: 6,
      refusedAgain: 2,
      refusedPoints: 1,
      refusedRelation: 1,
      errors: 0,
    });
    const list = await call(app, api.exchange.list, { ip_id: molly }, { token: brand });
    expect(list.body.data.res).toEqual({ multi: 2, single: 2 });
    const received = list.body.data.lists.map((r) => [r.type, r.points, r.received]);
    expect(received).toEqual(
      expect.arrayContaining([
        [1, 1, 2],
        [2, 2, 2],
        [2, 0, 2],
        [1, 1_000_000, 0],
      ]),
    );
    const walls = await call(app, api.wallpaper.list, { ip_id: molly }, { token: brand });
    expect(walls.body.data.pagination.total_rows).toBe(5);
  });
});
