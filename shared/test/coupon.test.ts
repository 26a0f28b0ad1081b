import { describe, expect, it } from 'vitest';
import { couponDiscount, couponExpiry, couponFace, couponRules, couponSave } from '../src/features/coupon.js';
import { firstFailure, validate } from '../src/rules.js';

describe('couponDiscount (fen)', () => {
  it.each([
    [
      'threshold below the threshold',
      { coupon_type: 0, full_amount: 10000, face_value: 1000, max_face_value: 0 },
      9999,
      0,
    ],
    [
      'threshold at the threshold',
      { coupon_type: 0, full_amount: 10000, face_value: 1000, max_face_value: 0 },
      10000,
      1000,
    ],
    ['8.5折 under the cap', { coupon_type: 3, full_amount: 0, face_value: 85, max_face_value: 2000 }, 5900, 885],
    [
      '8.5折 rounds down to the fen',
      { coupon_type: 3, full_amount: 0, face_value: 85, max_face_value: 2000 },
      999,
      149,
    ],
    ['8.5折 capped', { coupon_type: 3, full_amount: 0, face_value: 85, max_face_value: 2000 }, 50000, 2000],
    ['no threshold', { coupon_type: 5, full_amount: 0, face_value: 300, max_face_value: 0 }, 5900, 300],
    [
      'no threshold never more than the amount',
      { coupon_type: 5, full_amount: 0, face_value: 300, max_face_value: 0 },
      200,
      200,
    ],
    ['nothing on a free order', { coupon_type: 5, full_amount: 0, face_value: 300, max_face_value: 0 }, 0, 0],
  ])('%s', (_name, coupon, amount, off) => {
    expect(couponDiscount(coupon, amount)).toBe(off);
  });
});

describe('couponExpiry', () => {
  const end = new Date('2027-01-01T00:00:00+08:00');
  const claimed = new Date('2026-11-23T10:00:00+08:00');
  it('same as the coupon period: the coupon end', () => {
    expect(couponExpiry({ invalid_type: 1, invalid_time: 0, end_time: end }, claimed)).toEqual(end);
  });
  it('days after claiming', () => {
    expect(couponExpiry({ invalid_type: 2, invalid_time: 7, end_time: end }, claimed).toISOString()).toBe(
      '2026-11-30T02:00:00.000Z',
    );
  });
});

describe('the coupon form rules (spec 02 §5, in order)', () => {
  const base = {
    ip_id: 1,
    title: '新人券',
    business_type: 1,
    coupon_type: 0,
    invalid_type: 1,
    start_time: '2026-12-01 00:00:00',
    end_time: '2026-12-31 23:59:59',
    total_num: 100,
    limit_num: 1,
    receive_condition: 6,
  };
  const failing = (v: object) => firstFailure(couponRules, { ...base, ...v })?.message ?? null;
  it.each([
    [{ full_amount: '', face_value: 10 }, '请设置满减'],
    [{ full_amount: 100, face_value: '' }, '请设置满减'],
    [{ full_amount: 100, face_value: 100 }, '优惠金额须小于满减门槛'],
    [{ coupon_type: 3 }, '请设置折扣'],
    [{ coupon_type: 3, face_value: 100 }, '请输入0-100内折扣'],
    [{ coupon_type: 3, face_value: 8.5 }, '请输入0-100内折扣'],
    [{ coupon_type: 3, face_value: 85 }, '请设置折扣最大优惠金额'],
    [{ coupon_type: 5 }, '请输入优惠金额'],
    [{ coupon_type: 5, face_value: 3, invalid_type: 2 }, '请输入有效天数'],
    [{ coupon_type: 5, face_value: 3, start_time: '' }, '请选择有效期'],
    [{ coupon_type: 5, face_value: 3, end_time: '2026-11-01 00:00:00' }, '结束时间须晚于开始时间'],
    [{ coupon_type: 5, face_value: 3, total_num: '' }, '请输入发放数量'],
    [{ coupon_type: 5, face_value: 3, receive_condition: 1, limit_num: '' }, '请输入每人限领'],
    [{ coupon_type: 5, face_value: 3, receive_condition: 1, limit_num: 2 }, '请输入兑换消耗积分'],
    [{ coupon_type: 5, face_value: 3, receive_condition: 2 }, '请输入兑换消耗积分'],
    [{ coupon_type: 5, face_value: 3, receive_condition: 3, limit_num: '' }, null],
  ])('%j → %s', (values, message) => {
    expect(failing(values)).toBe(message);
  });

  it('normalises: first_only only for types 1 and 3, limit 1 unless condition 1, blank for 3, fen', () => {
    const parsed = validate(couponSave, {
      ...base,
      business_type: 2,
      first_only: 1,
      coupon_type: 3,
      face_value: 85,
      max_face_value: '20.5',
      full_amount: 99,
      limit_num: 5,
      receive_condition: 6,
    });
    expect(parsed.ok && parsed.data).toMatchObject({
      first_only: 0,
      face_value: 85,
      max_face_value: 20.5,
      full_amount: 0,
      limit_num: 1,
      need_points: 0,
    });
    // The output parses to itself: a form sends what it checked.
    expect(parsed.ok && validate(couponSave, parsed.data)).toEqual(parsed);
    const guess = validate(couponSave, { ...base, coupon_type: 5, face_value: 3, receive_condition: 3, limit_num: '' });
    expect(guess.ok && guess.data.limit_num).toBe(0);
    const points = validate(couponSave, {
      ...base,
      coupon_type: 5,
      face_value: 3,
      receive_condition: 1,
      limit_num: 3,
      need_points: 50,
      first_only: 1,
    });
    expect(points.ok && points.data).toMatchObject({ limit_num: 3, need_points: 50, first_only: 1, face_value: 3 });
  });

  it('faces: 满100减10 / 8.5折 / 无门槛减5', () => {
    expect(couponFace({ coupon_type: 0, full_amount: 100, face_value: 10 })).toBe('满100减10');
    expect(couponFace({ coupon_type: 3, full_amount: 0, face_value: 85 })).toBe('8.5折');
    expect(couponFace({ coupon_type: 5, full_amount: 0, face_value: 5 })).toBe('无门槛减5');
  });
});
