import { api, ORDER_STATUS_FILTER } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { patience } from '../../scripts/patience.mjs';
import { apiClient } from '../src/tools/client.js';
import { simulate } from '../src/tools/simulate-core.js';
import { demoApp, listen } from './draw-helpers.js';
import { call } from './helpers.js';

// Short order times, so a run of seconds reaches the timed states: on an idle machine payments time
// out after 3 s, and the channel refuses refunds asked more than 1.7 s after the payment. The run and
// these windows stretch together on a busy machine, where each call takes longer: otherwise the late
// shopper's order would time out before the list is read, and a prompt refund would come too late.
const k = patience();
const { app, brand, molly } = await demoApp({
  orderTimerSeconds: 0.3,
  orderTimes: {
    payMinutes: 0.05 * k,
    finalPayHours: 0.0008 * k,
    autoConfirmDays: 10,
    refundWindowDays: 0.00002 * k,
  },
});

describe('simulate: normal orders', () => {
  it('makes orders in every status filter and header state of spec 02 §4', { timeout: 60_000 * k }, async () => {
    const base = await listen(app);
    const summary = await simulate(apiClient(base), {
      minutes: 0.1 * k,
      players: 2,
      thinkMs: 200,
      merchant: { email: 'brand@demo.local', password: 'demo1234' },
    });
    expect(summary.errors).toBe(0);
    expect(summary.orders).toBeGreaterThanOrEqual(12);
    await new Promise((r) => setTimeout(r, 800 * k));
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
