import { api, COUNTRY_FREIGHT_PRICE, type Country, type FairnessLog, verifyFairness } from '@toy/shared';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponClaims, orders, pickups } from '../src/db/schema.js';
import { reconcile } from '../src/features/draw-machine/reconcile.js';
import { apiClient } from '../src/tools/client.js';
import { simulate } from '../src/tools/simulate-core.js';
import { demoApp, listen, publishMachine } from './draw-helpers.js';
import { call, PASSWORD } from './helpers.js';

const { app, brand, molly, sweet } = await demoApp();
const base = await listen(app);

describe('simulate', () => {
  it('a crowd of players draws, deposits and picks up; every counter reconciles; a sold-out machine verifies', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 2);
    // On PostgreSQL the suite shares one database: count what this run adds.
    const applied = async () =>
      (await call(app, api.subscription.list, { status: -1, limit: 100 }, { token: brand })).body.data.pagination
        .total_rows;
    const appliedBefore = await applied();
    const client = apiClient(base);
    const lines: string[] = [];
    const summary = await simulate(client, {
      log: (line) => lines.push(line),
      minutes: 0.06,
      players: 8,
      thinkMs: 10,
      minDraws: 20,
      merchant: { email: 'brand@demo.local', password: PASSWORD },
    });
    expect(summary.draws).toBeGreaterThanOrEqual(20);
    expect(summary.errors, lines.join('\n')).toBe(0);
    expect(summary.pickups).toBeGreaterThan(0);
    // Overseas pickups (th, sg) pay their freight in the country's currency.
    const abroad = await app.db.select().from(pickups).where(isNotNull(pickups.country));
    expect(abroad.length).toBeGreaterThanOrEqual(summary.overseasPickups);
    for (const p of abroad) expect(p.currency).toBe(COUNTRY_FREIGHT_PRICE[p.country as Country].currency);
    expect(await reconcile(app.db)).toEqual([]);
    // Every subscription application the players made is on the merchant's list, some reviewed.
    expect(await applied()).toBe(appliedBefore + summary.subscriptions);
    // Every other player claimed the brand's draw coupon and spent it on a draw: the counts move and
    // the discount is on a draw order.
    const coupon = (await call(app, api.coupon.list, { ip_id: molly, title: '抽盒立减券' }, { token: brand })).body.data
      .list[0]!;
    expect(coupon.issue_num).toBe(4);
    expect(coupon.used_num).toBeGreaterThan(0);
    const discounted = await app.db
      .select({ n: count() })
      .from(couponClaims)
      .innerJoin(orders, eq(orders.orderSn, couponClaims.orderSn))
      .where(and(eq(couponClaims.couponId, coupon.id), eq(orders.type, 13), eq(orders.discountPrice, 500)));
    expect(discounted[0]!.n).toBe(coupon.used_num);
    const log = (await client.call(client.api.fairness.log, { batch_id: id })).data as FairnessLog;
    if (log.off === 2) expect(verifyFairness(log)).toBeNull();
    else expect(log.allocations[0]!.seed).toBeNull();
  });
});
