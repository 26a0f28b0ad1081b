import { api } from '@toy/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient } from '../src/tools/client.js';
import { simulateMarket } from '../src/tools/simulate-market.js';
import { listen } from './draw-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';

const app = await makeApp();
const base = await listen(app);
afterAll(() => app.close());

describe('simulateMarket', () => {
  it('pushes signed orders for the demo brands, ships some and reports receipt, so every delivery status shows', async () => {
    const web_token = (await login(app, 'brand@demo.local')).web_token;
    const ipIds = await brandIds(app, web_token, 14);
    const summary = await simulateMarket(apiClient(base), { web_token, ipIds });
    expect(summary).toEqual({ pushed: 18, shipped: 12, received: 6 });
    const list = await call(app, api.market.list, { limit: 200 }, { token: web_token });
    const statuses = new Set(list.body.data.list.map((o) => o.delivery_status));
    expect([...statuses].sort()).toEqual([0, 1, 2, 4, 5]);
    expect(new Set(list.body.data.list.map((o) => o.platform)).size).toBe(3);
  });
});
