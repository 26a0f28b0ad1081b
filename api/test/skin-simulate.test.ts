import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { simulateSkin } from '../src/tools/simulate-skin.js';
import { demoApp, listen, player } from './draw-helpers.js';
import { call } from './helpers.js';

const { app, brand, molly } = await demoApp();
const base = await listen(app);

describe('simulated skins', () => {
  it('submits, reviews, lists with drops on and grants by the admin claim; the list shows it', async () => {
    const phones = ['17700000011', '17700000012'];
    await Promise.all(phones.map((p) => player(app, p)));
    const summary = await simulateSkin(apiClient(base), {
      web_token: brand,
      ipId: molly,
      phones,
      reviewer: { email: 'reviewer@demo.local', password: 'demo1234' },
    });
    expect(summary).toEqual({ skins: 3, approved: 2, rejected: 1, claims: 2, errors: 0 });
    const list = await call(app, api.skin.list, { ip_id: molly, keyword: '模拟装扮' }, { token: brand });
    const rows = list.body.data.list;
    expect(rows.map((s) => s.process_status).sort()).toEqual([1, 1, 2]);
    expect(rows.find((s) => s.status === 0)).toMatchObject({ is_box_goods: 1, received: 2 });
  });
});
