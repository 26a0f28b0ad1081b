import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { simulateToy } from '../src/tools/simulate-toy.js';
import { demoApp, listen, player, publishMachine } from './draw-helpers.js';
import { call } from './helpers.js';

const { app, brand, molly, sweet } = await demoApp();
const base = await listen(app);

describe('simulated toys, scenes and moments', () => {
  it('are made, reviewed (one rejected with a remark) and received by drawing players', async () => {
    await publishMachine(app, brand, molly, sweet, 3);
    const players = await Promise.all([1, 2].map((i) => player(app, `1770000100${i}`)));
    const summary = await simulateToy(apiClient(base), { web_token: brand, ipId: molly, players });
    expect(summary).toEqual({
      toys: 4,
      scenes: 1,
      moments: 2,
      approved: 5,
      rejected: 1,
      draws: 10,
      received: 10,
      errors: 0,
    });
    const toys = (await call(app, api.toy.list, { ip_id: molly }, { token: brand })).body.data;
    expect(toys.res).toEqual({ doll: 4, pic: 1 });
    expect(toys.lists.map((t) => [t.type, t.status, t.received])).toEqual([
      [2, 1, 2],
      [1, 1, 2],
      [1, 1, 2],
      [1, 2, 0],
      [1, 1, 2],
    ]);
    expect(toys.lists[3]!.remark).toBe('背景需要透明，请重新上传');
    const moments = (await call(app, api.moment.list, { ip_id: molly }, { token: brand })).body.data.lists;
    expect(moments.map((m) => [m.status, m.received])).toEqual([
      [0, 0],
      [1, 2],
    ]);
  });
});
