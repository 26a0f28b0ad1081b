import { api, ORDER_STATUS_FILTER } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { runOrderTimers } from '../src/features/order/timers.js';
import { apiClient } from '../src/tools/client.js';
import { simulate } from '../src/tools/simulate-core.js';
import { demoApp, listen } from './draw-helpers.js';
import { call, movableClock } from './helpers.js';

// Order times of an hour, and a clock the test moves instead of waiting: the orders made at the
// start of the run are two hours old once the crowd stops, so pending payments and final payments
// have timed out and a late refund is past the channel's window, while what the late shoppers buy
// then is still pending. Shipped orders are confirmed only after 10 days: they stay shipped.
const HOUR = 3_600_000;
const times = { payMinutes: 60, finalPayHours: 1, autoConfirmDays: 10, refundWindowDays: 1 / 24 };
const time = movableClock();
const { app, brand, molly } = await demoApp({ orderTimerSeconds: 0, orderTimes: times, clock: time.clock });

describe('simulate: normal orders', () => {
  it('makes orders in every status filter and header state of spec 02 §4', async () => {
    const base = await listen(app);
    const summary = await simulate(apiClient(base), {
      minutes: 0.02,
      players: 2,
      thinkMs: 100,
      merchant: { email: 'brand@demo.local', password: 'demo1234' },
      afterCrowd: async () => {
        time.advance(2 * HOUR);
        await runOrderTimers(app.db, times, time.clock());
      },
    });
    expect(summary.errors).toBe(0);
    expect(summary.orders).toBeGreaterThanOrEqual(12);
    // The late refunds are settled (refused: past the window); the late shoppers' orders stay pending.
    await runOrderTimers(app.db, times, time.clock());
    for (const s of ORDER_STATUS_FILTER) {
      const res = await call(app, api.order.list, { ip_id: molly, state: s.value }, { token: brand });
      expect(res.body.data.pagination.total_rows, s.label).toBeGreaterThan(0);
    }
    const all = await call(app, api.order.list, { ip_id: molly, active_type: 5, limit: 200 }, { token: brand });
    const texts = new Set(all.body.data.list.map((o) => o.state_text));
    for (const text of [
      '已关闭',
      '已取消',
      '支付超时',
      '尾款支付超时',
      '待发货',
      '已发货，待收货',
      '已完成',
      '部分发货',
      '部分收货',
      '待发货，买家已退款',
      '退款失败',
    ])
      expect(texts, text).toContain(text);
    // The shoppers' coupon: claimed twice, used once, and the discount is on a paid order.
    const coupons = await call(app, api.coupon.list, { ip_id: molly, title: '发售立减券' }, { token: brand });
    expect(coupons.body.data.list[0]).toMatchObject({ issue_num: 2, used_num: 1 });
    expect(all.body.data.list.some((o) => o.real_shop_discount_price === 5 && o.tran_state === 2)).toBe(true);
  });
});
