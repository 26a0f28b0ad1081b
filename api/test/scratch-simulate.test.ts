import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { simulateScratch } from '../src/tools/simulate-scratch.js';
import { demoApp, listen, player } from './draw-helpers.js';
import { call } from './helpers.js';

const { app, brand, molly } = await demoApp();
const base = await listen(app);

describe('simulated scratch-card players', () => {
  it('link a card to an activity, leave one unlinked; download the codes, redeem them, try some twice and some wrong; the card counts move', async () => {
    const client = apiClient(base);
    const web_token = brand;
    const players = await Promise.all([1, 2, 3].map((i) => player(app, `1770000000${i}`)));
    const summary = await simulateScratch(client, { web_token, ipId: molly, players });
    expect(summary).toEqual({ cards: 2, redeemed: 24, refusedUsed: 6, refusedWrong: 4, errors: 0 });
    const list = await call(app, api.scratch.list, { ip_id: molly, title: '模拟刮卡' }, { token: brand });
    expect(list.body.data.lists[0]).toMatchObject({ total_num: 30, used_num: 24, remaining: 6, refused_num: 6 });
    expect(list.body.data.lists[0]!.active_id).toBeGreaterThan(0);
    expect(list.body.data.lists[0]!.active_title).not.toBe('');
    const spare = await call(app, api.scratch.list, { ip_id: molly, title: '备用刮卡' }, { token: brand });
    expect(spare.body.data.lists[0]).toMatchObject({ total_num: 10, used_num: 0, active_id: 0 });
  });
});
