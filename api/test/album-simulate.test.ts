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
    const coupon = await call(
      app,
      api.coupon.create,
      {
        ip_id: molly,
        title: '合辑券',
        business_type: 1,
        coupon_type: 5,
        face_value: 3,
        invalid_type: 1,
        start_time: '2026-01-01 00:00:00',
        end_time: '2036-01-01 00:00:00',
        total_num: 100,
        limit_num: 1,
        receive_condition: 6,
      } as never,
      { token: brand },
    );
    expect(coupon.body.status).toBe(0);
    const summary = await simulateAlbum(apiClient(base), { web_token: brand, ipId: molly, players });
    expect(summary).toEqual({ albums: 1, likes: 3, refusedLikes: 1, inAlbum: 2, composed: 4, errors: 0 });
    const list = await call(app, api.album.list, { ip_id: molly, need_page: 0 }, { token: brand });
    const card = (list.body.data.list as Album[]).find((a) => a.title === '模拟合辑');
    expect(card?.like_num).toBe(3);
    const coupons = await call(app, api.coupon.list, { ip_id: molly, limit: 1 }, { token: brand });
    expect(coupons.body.data.list[0]).toMatchObject({ title: '合辑券', catalog_id: card?.id });
    const gacha = await call(app, api.gacha.list, { ip_id: molly, limit: 1 }, { token: brand });
    expect(gacha.body.data.list[0]?.catalog_id).toBe(card?.id);
  });
});
