import { type Album, api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { simulateAlbum } from '../src/tools/simulate-album.js';
import { demoApp, listen, player } from './draw-helpers.js';
import { call } from './helpers.js';

const { app, brand, molly } = await demoApp();
const base = await listen(app);

describe('simulated albums', () => {
  it('makes an album the players like once each, and composes two groups of two layers', async () => {
    const players = await Promise.all(['17700000021', '17700000022', '17700000023'].map((p) => player(app, p)));
    const summary = await simulateAlbum(apiClient(base), { web_token: brand, ipId: molly, players });
    expect(summary).toEqual({ albums: 1, likes: 3, refusedLikes: 1, composed: 4, errors: 0 });
    const list = await call(app, api.album.list, { ip_id: molly, need_page: 0 }, { token: brand });
    const card = (list.body.data.list as Album[]).find((a) => a.title === '模拟合辑');
    expect(card?.like_num).toBe(3);
  }, 120_000);
});
