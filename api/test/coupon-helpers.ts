import { unique } from './helpers.js';

export const DAY = 86_400_000;
/** `ms` as the API's Shanghai `yyyy-MM-dd HH:mm:ss`. */
export const shanghaiText = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/** A valid coupon.create body: ¥3 off without threshold for draw machines, from yesterday for 30 days. */
export const couponBody = (ipId: number, over: Record<string, unknown> = {}) => ({
  ip_id: ipId,
  title: unique('券'),
  business_type: 1,
  coupon_type: 5,
  face_value: 3,
  invalid_type: 1,
  start_time: shanghaiText(Date.now() - DAY),
  end_time: shanghaiText(Date.now() + 30 * DAY),
  total_num: 100,
  limit_num: 1,
  receive_condition: 6,
  ...over,
});
