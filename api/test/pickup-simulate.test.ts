import { api } from '@toy/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pickups } from '../src/db/schema.js';
import { reconcile } from '../src/features/draw-machine/reconcile.js';
import { apiClient } from '../src/tools/client.js';
import { simulateFulfilment } from '../src/tools/simulate-pickup.js';
import { demoApp, listen, publishMachine } from './draw-helpers.js';
import { login } from './helpers.js';
import { makePickup } from './pickup-helpers.js';

const { app, brand, molly, sweet } = await demoApp();
const base = await listen(app);

describe('simulateFulfilment', () => {
  it('ships pickups whole and partly through the API and players confirm: every delivery status shows', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 3);
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      const phone = `1770000${String(i).padStart(4, '0')}`;
      made.push((await makePickup(app, id, 2, { phone }, phone)).orderSn);
    }
    const client = apiClient(base);
    const token = (await login(app, 'brand@demo.local')).web_token;
    const summary = await simulateFulfilment(client, token, [molly]);
    expect(summary.shipped).toBeGreaterThan(0);
    expect(summary.partlyShipped).toBeGreaterThan(0);
    expect(summary.received).toBeGreaterThan(0);
    expect(summary.partlyReceived).toBeGreaterThan(0);
    const statuses = new Set<number>();
    for (const sn of made) {
      const [p] = await app.db.select().from(pickups).where(eq(pickups.orderSn, sn));
      statuses.add(p!.deliveryStatus);
    }
    expect([...statuses].sort()).toEqual([0, 1, 2, 4, 5]);
    const states = (await client.call(api.deposit.list, { ip_id: molly, limit: 200 }, { web_token: token })).data.list;
    expect([...new Set(states.map((d) => d.state))].sort()).toEqual([0, 1, 2, 3]);
    expect(await reconcile(app.db)).toEqual([]);
  }, 60_000);
});
