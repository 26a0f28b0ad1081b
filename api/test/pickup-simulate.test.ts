import { api } from '@toy/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pickups } from '../src/db/schema.js';
import { reconcile } from '../src/features/draw-machine/reconcile.js';
import { apiClient } from '../src/tools/client.js';
import {
  destinationOf,
  overseasDestinations,
  pickupRequest,
  simulateFulfilment,
} from '../src/tools/simulate-pickup.js';
import { demoApp, draw, listen, player, publishMachine } from './draw-helpers.js';
import { brandIds, login } from './helpers.js';
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
  });
});

describe('overseas pickups of the simulated players', () => {
  it('every fourth player ships to Thailand and every fourth to Singapore under the brand’s templates', async () => {
    const client = apiClient(base);
    const token = (await login(app, 'brand@demo.local')).web_token;
    const [, bare] = (await brandIds(app, token, 14)) as [number, number];
    const destinations = await overseasDestinations(client, token, [molly, bare]);
    // The demo brand has templates for th and sg; its second brand has none and stays at home.
    expect(destinations.get(molly)).toEqual(['th', 'sg']);
    expect([0, 1, 2, 3].map((i) => destinationOf(i, molly, destinations))).toEqual([undefined, 'th', undefined, 'sg']);
    expect(destinationOf(1, bare, destinations)).toBeUndefined();

    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const made = new Map<string, string>();
    for (const i of [1, 3]) {
      const phone = `1771000${String(i).padStart(4, '0')}`;
      const playerToken = await player(app, phone);
      const depositId = (await draw(app, playerToken, id)).body.data.deposit_id as number;
      const country = destinationOf(i, molly, destinations)!;
      const res = await client.call(api.player.pickup, pickupRequest(i, phone, [depositId], country), {
        player_token: playerToken,
      });
      expect(res.status).toBe(0);
      made.set(res.data.order_sn, country);
    }
    for (const [sn, country] of made) {
      const info = (await client.call(api.retrieval.backInfo, { id: sn }, { web_token: token })).data.info;
      // Seeded templates: th free from 1 item (free, in baht); sg 8.50 US dollars below 3 items.
      expect([info.country, info.currency, info.deposit]).toEqual(
        country === 'th' ? ['th', 'THB', 0] : ['sg', 'USD', 8.5],
      );
    }
  });
});
