import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  dayBound,
  expressDialogRules,
  expressRules,
  firstFailure,
  formatRemaining,
  ORDER_STATUS_FILTER,
  type OrderHeaderInput,
  orderActionsShown,
  orderExpressBody,
  orderFilters,
  orderHeaderText,
  orderShipPageRules,
  resolveOrderFilters,
} from '../src/index.js';

const o = (patch: Partial<OrderHeaderInput>): OrderHeaderInput => ({
  is_close: 0,
  tran_state: 2,
  logistics_state: 0,
  surplus_time: 0,
  deposit_pay_price: 0,
  ...patch,
});

describe('normal order header text (spec 02 §4, in order)', () => {
  const cases: [Partial<OrderHeaderInput>, string][] = [
    [{ is_close: 1, tran_state: 1, surplus_time: 60 }, '已关闭'],
    [{ is_close: 1, tran_state: 2, logistics_state: 1 }, '已关闭'],
    [{ tran_state: 1, surplus_time: 29 * 60 + 5 }, '待付款，剩余29分5秒'],
    [{ tran_state: 1, surplus_time: 2 * 86400 + 3600, deposit_pay_price: 20 }, '待付尾款，剩余2天1小时0分0秒'],
    [{ tran_state: 5 }, '已取消'],
    [{ tran_state: 3 }, '支付超时'],
    [{ tran_state: 3, deposit_pay_price: 12.5 }, '尾款支付超时'],
    [{ tran_state: 2, logistics_state: 0 }, '待发货'],
    [{ tran_state: 2, logistics_state: 1 }, '已发货，待收货'],
    [{ tran_state: 2, logistics_state: 2 }, '已完成'],
    [{ tran_state: 2, logistics_state: 3 }, '寄存中'],
    [{ tran_state: 2, logistics_state: 4 }, '部分发货'],
    [{ tran_state: 2, logistics_state: 5 }, '部分收货'],
    [{ tran_state: 4, logistics_state: 0 }, '待发货，买家已退款'],
    [{ tran_state: 4, logistics_state: 4 }, '已退款'],
    [{ tran_state: 6 }, '退款中'],
    [{ tran_state: 7 }, '退款失败'],
    [{ tran_state: 2, logistics_state: 9 }, '支付超时'],
    [{ tran_state: 0 }, '支付超时'],
  ];
  it.each(cases)('%j → %s', (patch, text) => expect(orderHeaderText(o(patch))).toBe(text));

  it('formats the remaining time without leading zero parts', () => {
    expect(formatRemaining(0)).toBe('0秒');
    expect(formatRemaining(59)).toBe('59秒');
    expect(formatRemaining(3600)).toBe('1小时0分0秒');
    expect(formatRemaining(-5)).toBe('0秒');
  });
});

describe('order tables', () => {
  it('status filter 1–6 and the activity types of spec 02 §4', () => {
    expect(ORDER_STATUS_FILTER.map((s) => [s.value, s.label])).toEqual([
      [1, '待付款'],
      [2, '待发货'],
      [3, '已发货'],
      [4, '已退款'],
      [5, '已完成'],
      [6, '寄存中'],
    ]);
    expect(ACTIVITY_TYPES.map((t) => t.value)).toEqual([1, 5, 7, 9, 10, 13, 14, 15]);
  });

  it('merchant buttons only on normal orders that are not draw-box orders', () => {
    expect(orderActionsShown(2, 5)).toBe(true);
    expect(orderActionsShown(2, 13)).toBe(false);
    expect(orderActionsShown(1, 5)).toBe(false);
  });
});

describe('ship form rules (spec 02 §5): company first, then number, in three wordings', () => {
  it.each([
    [expressRules, '物流公司不可为空', '物流单号不可为空'],
    [expressDialogRules, '请输入物流公司', '请输入物流单号'],
    [orderShipPageRules, '请输入快递公司', '请输入快递单号'],
  ] as const)('%#', (table, company, number) => {
    expect(firstFailure(table, {})?.message).toBe(company);
    expect(firstFailure(table, { express_company: ' ', express: 'x' })?.message).toBe(company);
    expect(firstFailure(table, { express_company: '顺丰' })?.message).toBe(number);
    expect(firstFailure(table, { express_company: '顺丰', express: 'SF1' })).toBeNull();
  });

  it('the API schema answers the rule message first', () => {
    const r = orderExpressBody.safeParse({ order_id: 1 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.code === 'custom')?.message).toBe('物流公司不可为空');
  });
});

describe('order list filters', () => {
  it('widen a date alone to 00:00:00 and 23:59:59', () => {
    expect(dayBound('2026-11-01', false)).toBe('2026-11-01 00:00:00');
    expect(dayBound('2026-11-01', true)).toBe('2026-11-01 23:59:59');
    expect(dayBound('2026-11-01 10:00', true)).toBe('2026-11-01 10:00:00');
    const f = resolveOrderFilters(orderFilters.parse({ begin_at: '2026-11-01', end_at: '2026-11-02' }));
    expect([f.begin_at, f.end_at]).toEqual(['2026-11-01 00:00:00', '2026-11-02 23:59:59']);
  });

  it('keep goods_name only for activity types 13 and 14', () => {
    const name = (active_type?: number) =>
      resolveOrderFilters(orderFilters.parse({ active_type, goods_name: '星座' })).goods_name;
    expect(name(13)).toBe('星座');
    expect(name(14)).toBe('星座');
    expect(name(5)).toBeUndefined();
    expect(name(undefined)).toBeUndefined();
  });

  it('refuse an unknown status or activity type', () => {
    expect(orderFilters.safeParse({ state: 7 }).success).toBe(false);
    expect(orderFilters.safeParse({ active_type: 2 }).success).toBe(false);
    expect(orderFilters.safeParse({ state: '', active_type: '' }).success).toBe(true);
  });
});
