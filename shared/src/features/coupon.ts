import { z } from 'zod';
import {
  datetime,
  id,
  integer,
  isCalendarTime,
  limit,
  optionalId,
  optionalSmallint,
  page,
  strictNumber,
} from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { albumAssignment, albumOptionsRoute } from './album.js';
import { isDatetime, shanghaiInstant } from './blind-box-record.js';

const m = messages.coupon;

/* ------------------------------------ tables of spec 02 §3, §4, §9 ------------------------------------ */

/** coupon_type: 0 threshold (满减), 3 percentage (折扣), 5 no threshold (无门槛). */
export const COUPON_TYPES = [
  { value: 0, label: '满减券' },
  { value: 3, label: '折扣券' },
  { value: 5, label: '无门槛券' },
] as const;
export const COUPON_TYPE = { threshold: 0, percent: 3, noThreshold: 5 } as const;
/** business_type: where the coupon applies. */
export const COUPON_BUSINESS_TYPES = [
  { value: 0, label: '通用' },
  { value: 1, label: '盲盒机' },
  { value: 2, label: '活动' },
  { value: 3, label: '一番赏' },
] as const;
/** first_only is meaningful (and sent) only for these business types. */
export const FIRST_ONLY_BUSINESS_TYPES = [1, 3] as const;
export const FIRST_ONLY_OPTIONS = [
  { value: 0, label: '整单可用' },
  { value: 1, label: '仅限单抽' },
] as const;
/** invalid_type: 1 the coupon's own period, 2 a number of days after claiming. */
export const COUPON_VALIDITY_TYPES = [
  { value: 1, label: '同优惠券有效期' },
  { value: 2, label: '领取后N天有效' },
] as const;
/** receive_condition (spec 02 §3). */
export const RECEIVE_CONDITIONS = [
  { value: 1, label: '积分兑换' },
  { value: 2, label: '消耗积分兑换' },
  { value: 3, label: '猜盒待关联' },
  { value: 4, label: '新用户' },
  { value: 5, label: '首次订阅' },
  { value: 6, label: '无（发布即可领）' },
  { value: 7, label: '限时活动' },
] as const;
export const RECEIVE = {
  points: 1,
  spendPoints: 2,
  guess: 3,
  newUser: 4,
  subscription: 5,
  none: 6,
  limited: 7,
} as const;
/** Conditions that cost points (need_points). */
export const POINTS_CONDITIONS = [RECEIVE.points, RECEIVE.spendPoints] as const;
/** The list's state filter (spec 02 §4). */
export const COUPON_STATE_FILTER = [
  { value: 1, label: '进行中' },
  { value: 2, label: '未生效' },
  { value: 3, label: '已过期' },
] as const;

/** The period's state as the list's filter names it (COUPON_STATE_FILTER), at `now`. */
export function couponTimeState(c: { start: Date; end: Date }, now = Date.now()): 1 | 2 | 3 {
  if (c.end.getTime() < now) return 3;
  return c.start.getTime() > now ? 2 : 1;
}

const label = (table: readonly { value: number; label: string }[], v: number) =>
  table.find((t) => t.value === v)?.label ?? String(v);
export const couponTypeText = (v: number) => label(COUPON_TYPES, v);
export const couponTimeStateText = (v: number) => label(COUPON_STATE_FILTER, v);
export const couponBusinessText = (v: number) => label(COUPON_BUSINESS_TYPES, v);
export const receiveConditionText = (v: number) => label(RECEIVE_CONDITIONS, v);

/** Edit and delete only before the first claim; copy always (spec 02 §4). */
export const couponActions = (c: { issue_num: number }) => ({
  edit: c.issue_num < 1,
  remove: c.issue_num < 1,
  copy: true,
});

/** The face of a coupon in a line: 满100减10 / 8.5折 / 无门槛减5 (face_value of type 3 is a percent). */
export function couponFace(c: { coupon_type: number; full_amount: number; face_value: number }): string {
  if (c.coupon_type === COUPON_TYPE.percent) return `${c.face_value / 10}折`;
  if (c.coupon_type === COUPON_TYPE.noThreshold) return `无门槛减${c.face_value}`;
  return `满${c.full_amount}减${c.face_value}`;
}

/* ------------------------------------------- the maths ------------------------------------------- */

export interface CouponTerms {
  coupon_type: number;
  /** Fen. */
  full_amount: number;
  /** Fen, or the percent for type 3. */
  face_value: number;
  /** Fen (type 3's cap). */
  max_face_value: number;
}

/**
 * The discount, in fen, of a coupon on an order of `amount` fen (0 when it does not apply):
 * threshold from full_amount on; a percentage (85 = 8.5折 takes 15%) rounded down to the fen and
 * capped by max_face_value; no threshold its face. Never more than the amount.
 */
export function couponDiscount(c: CouponTerms, amount: number): number {
  if (amount <= 0) return 0;
  let off = 0;
  if (c.coupon_type === COUPON_TYPE.threshold) off = amount >= c.full_amount ? c.face_value : 0;
  else if (c.coupon_type === COUPON_TYPE.percent)
    off = Math.min(Math.floor((amount * (100 - c.face_value)) / 100), c.max_face_value);
  else if (c.coupon_type === COUPON_TYPE.noThreshold) off = c.face_value;
  return Math.max(0, Math.min(off, amount));
}

/** When a claimed coupon stops being usable: the coupon's end, or claimed + invalid_time days. */
export function couponExpiry(c: { invalid_type: number; invalid_time: number; end_time: Date }, claimedAt: Date): Date {
  if (c.invalid_type === 2) return new Date(claimedAt.getTime() + c.invalid_time * 86_400_000);
  return c.end_time;
}

/* ------------------------------------------- the form ------------------------------------------- */

type Raw = number | string | null | undefined;
export interface CouponForm {
  id?: Raw;
  ip_id: Raw;
  title: string;
  business_type: Raw;
  first_only?: Raw;
  coupon_type: Raw;
  full_amount?: Raw;
  face_value?: Raw;
  max_face_value?: Raw;
  invalid_type: Raw;
  invalid_time?: Raw;
  start_time: string;
  end_time: string;
  total_num: Raw;
  limit_num?: Raw;
  receive_condition: Raw;
  need_points?: Raw;
}

const type = (v: Partial<CouponForm>) => Number(v.coupon_type);
const positive = (v: unknown) => is.number(v) && Number(v) > 0;
const positiveInt = (v: unknown) => positive(v) && Number.isInteger(Number(v));
const money = (v: unknown) =>
  positive(v) && Number(v) <= 100000 && Math.abs(Math.round(Number(v) * 100) - Number(v) * 100) < 1e-6;
const limitEditable = (v: Partial<CouponForm>) => Number(v.receive_condition) === RECEIVE.points;

/**
 * Spec 02 §5 "Coupon": the brand and the name first, then the nine rules in their order (with
 * the discount range beside rule 2 and the threshold order beside rule 1).
 */
export const couponRules = ruleTable<CouponForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'title', message: m.titleRequired, ok: (v) => is.filled(v.title) },
  { field: 'title', message: m.titleTooLong, ok: (v) => is.maxLength(30)(v.title) },
  {
    field: 'full_amount',
    message: m.fullReduce,
    ok: (v) => type(v) !== COUPON_TYPE.threshold || (money(v.full_amount) && money(v.face_value)),
  },
  {
    field: 'face_value',
    message: m.fullReduceOrder,
    ok: (v) => type(v) !== COUPON_TYPE.threshold || Number(v.face_value) < Number(v.full_amount),
  },
  { field: 'face_value', message: m.discount, ok: (v) => type(v) !== COUPON_TYPE.percent || is.filled(v.face_value) },
  {
    field: 'face_value',
    message: m.discountRange,
    ok: (v) =>
      type(v) !== COUPON_TYPE.percent ||
      (positiveInt(v.face_value) && Number(v.face_value) >= 1 && Number(v.face_value) <= 99),
  },
  {
    field: 'max_face_value',
    message: m.discountCap,
    ok: (v) => type(v) !== COUPON_TYPE.percent || money(v.max_face_value),
  },
  { field: 'face_value', message: m.amount, ok: (v) => type(v) !== COUPON_TYPE.noThreshold || money(v.face_value) },
  { field: 'invalid_time', message: m.days, ok: (v) => Number(v.invalid_type) !== 2 || positiveInt(v.invalid_time) },
  { field: 'start_time', message: m.period, ok: (v) => isDatetime(v.start_time) && isDatetime(v.end_time) },
  {
    field: 'end_time',
    message: m.periodOrder,
    ok: (v) => shanghaiInstant(String(v.end_time)) > shanghaiInstant(String(v.start_time)),
  },
  { field: 'total_num', message: m.total, ok: (v) => positiveInt(v.total_num) && Number(v.total_num) <= 1_000_000 },
  {
    field: 'limit_num',
    message: m.limit,
    ok: (v) => Number(v.receive_condition) === RECEIVE.guess || !limitEditable(v) || positiveInt(v.limit_num),
  },
  {
    field: 'need_points',
    message: m.points,
    ok: (v) =>
      !(POINTS_CONDITIONS as readonly number[]).includes(Number(v.receive_condition)) || positiveInt(v.need_points),
  },
]);

const raw = () => z.union([z.string(), z.number()]).nullish();
const oneOf = (table: readonly { value: number }[]) =>
  strictNumber().refine((n) => table.some((t) => t.value === n), '请求参数错误');

/**
 * The form's body: checked by the rule table, then normalised as spec 02 §5 says: first_only only
 * for business types 1 and 3; limit_num 1 unless the condition is 1 (blank, i.e. 0, for 3);
 * amounts in fen except the percent; the fields another type does not use are 0.
 */
export const couponSave = withRules(
  z.object({
    id: optionalId(),
    ip_id: raw(),
    title: z.string().nullish(),
    business_type: oneOf(COUPON_BUSINESS_TYPES),
    first_only: raw(),
    coupon_type: oneOf(COUPON_TYPES),
    full_amount: raw(),
    face_value: raw(),
    max_face_value: raw(),
    invalid_type: oneOf(COUPON_VALIDITY_TYPES),
    invalid_time: raw(),
    start_time: z.string().nullish(),
    end_time: z.string().nullish(),
    total_num: raw(),
    limit_num: raw(),
    receive_condition: oneOf(RECEIVE_CONDITIONS),
    need_points: raw(),
  }),
  couponRules,
).transform((v) => {
  const t = v.coupon_type;
  const condition = v.receive_condition;
  return {
    id: v.id,
    ip_id: Number(v.ip_id),
    title: String(v.title).trim(),
    business_type: v.business_type,
    first_only:
      (FIRST_ONLY_BUSINESS_TYPES as readonly number[]).includes(v.business_type) && Number(v.first_only) === 1 ? 1 : 0,
    coupon_type: t,
    full_amount: t === COUPON_TYPE.threshold ? Number(v.full_amount) : 0,
    face_value: Number(v.face_value),
    max_face_value: t === COUPON_TYPE.percent ? Number(v.max_face_value) : 0,
    invalid_type: v.invalid_type,
    invalid_time: v.invalid_type === 2 ? Number(v.invalid_time) : 0,
    start_time: String(v.start_time).trim(),
    end_time: String(v.end_time).trim(),
    total_num: Number(v.total_num),
    limit_num: condition === RECEIVE.guess ? 0 : condition === RECEIVE.points ? Number(v.limit_num) : 1,
    receive_condition: condition,
    need_points: (POINTS_CONDITIONS as readonly number[]).includes(condition) ? Number(v.need_points) : 0,
  };
});
export type CouponSaveInput = z.output<typeof couponSave>;

/* ------------------------------------------- the wire ------------------------------------------- */

export const coupon = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  business_type: z.number().int(),
  first_only: z.number().int(),
  coupon_type: z.number().int(),
  /** Yuan. */
  full_amount: z.number(),
  /** Yuan, or the percent for type 3 (85 = 8.5折). */
  face_value: z.number(),
  max_face_value: z.number(),
  invalid_type: z.number().int(),
  invalid_time: z.number().int(),
  start_time: datetime(),
  end_time: datetime(),
  total_num: z.number().int(),
  /** Claimed and used, counted from the players' claims. */
  issue_num: z.number().int(),
  used_num: z.number().int(),
  /** 0 blank (condition 3). */
  limit_num: z.number().int(),
  receive_condition: z.number().int(),
  need_points: z.number().int(),
  /** The 数字藏品合辑 it is shown in, null when none. */
  catalog_id: z.number().int().nullable(),
  /** 0 normal, 1 expired. */
  state: z.number().int(),
  /** Where the period stands, in the state filter's values: 1 进行中, 2 未生效, 3 已过期. */
  time_state: z.number().int(),
  created_at: datetime(),
});
export type Coupon = z.infer<typeof coupon>;

const optionalInt = () => z.preprocess((v) => (v === '' || v == null ? undefined : v), integer().optional());

const timeText = () => z.string().trim().refine(isCalendarTime, '时间格式应为 yyyy-MM-dd HH:mm:ss');

export const couponFilters = z.object({
  ip_id: optionalId(),
  id: optionalId(),
  title: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.string().trim().max(50).optional()),
  state: optionalInt(),
  business_type: optionalSmallint(),
  start_time: z.preprocess((v) => (v === '' || v == null ? undefined : v), timeText().optional()),
  end_time: z.preprocess((v) => (v === '' || v == null ? undefined : v), timeText().optional()),
  cost_type: optionalInt(),
});

const couponAccess = { access: 'coupon_admin', perId: PER_ID.coupon } as const;

export const couponRoutes = {
  list: defineRoute({
    operationId: 'coupon.list',
    method: 'GET',
    path: '/web/goods/coupon/list',
    summary: '优惠券列表（state：1 进行中、2 未生效、3 已过期）',
    ...couponAccess,
    brand: 'ip_id',
    query: couponFilters.extend({ page: page(), limit: limit(10) }),
    response: z.object({
      list: z.array(coupon),
      page: z.object({ page: z.number().int(), limit: z.number().int(), total_rows: z.number().int() }),
    }),
  }),
  detail: defineRoute({
    operationId: 'coupon.detail',
    method: 'GET',
    path: '/web/goods/coupon/info',
    summary: '优惠券详情（data.list）',
    entity: { field: 'id', of: 'coupon' },
    ...couponAccess,
    query: z.object({ id: id() }),
    response: z.object({ list: coupon }),
  }),
  create: defineRoute({
    operationId: 'coupon.create',
    method: 'POST',
    path: '/web/goods/coupon/create',
    summary: '新建优惠券',
    ...couponAccess,
    brand: 'ip_id',
    body: couponSave,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineRoute({
    operationId: 'coupon.update',
    method: 'POST',
    path: '/web/goods/coupon/update',
    summary: '编辑优惠券（未被领取时）',
    entity: { field: 'id', of: 'coupon' },
    ...couponAccess,
    brand: 'ip_id',
    body: couponSave,
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'coupon.delete',
    method: 'POST',
    path: '/web/goods/coupon/delete',
    summary: '删除优惠券（未被领取时）',
    entity: { field: 'id', of: 'coupon' },
    ...couponAccess,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
  setAlbum: defineRoute({
    operationId: 'coupon.setAlbum',
    method: 'POST',
    path: '/web/goods/coupon/set/catalog',
    summary: '设置优惠券的数字藏品合辑（goods_ids 为优惠券 id，逗号分隔或数组）',
    ...couponAccess,
    body: albumAssignment(m.albumNoneSelected),
    response: z.null(),
  }),
  albums: albumOptionsRoute('coupon.albums', '/web/goods/coupon/catalog', 'coupon_admin', PER_ID.coupon),
};

/* ------------------------------------------ the player ------------------------------------------ */

export const playerCoupon = z.object({
  id: z.number().int(),
  coupon_id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  coupon_type: z.number().int(),
  business_type: z.number().int(),
  first_only: z.number().int(),
  full_amount: z.number(),
  face_value: z.number(),
  max_face_value: z.number(),
  face: z.string(),
  expires_at: datetime(),
  /** null until used. */
  used_at: datetime().nullable(),
  order_sn: z.string().nullable(),
});
export type PlayerCoupon = z.infer<typeof playerCoupon>;

export const playerCouponRoutes = {
  coupons: defineRoute({
    operationId: 'player.coupons',
    method: 'GET',
    path: '/player/coupons',
    summary: '玩家可领的优惠券（claimable）与已领的优惠券（mine）',
    access: 'public',
    query: z.object({ ip_id: optionalId() }),
    response: z.object({
      claimable: z.array(
        coupon
          .pick({
            id: true,
            ip_id: true,
            title: true,
            coupon_type: true,
            business_type: true,
            receive_condition: true,
            need_points: true,
            total_num: true,
            issue_num: true,
            limit_num: true,
            start_time: true,
            end_time: true,
          })
          .extend({ face: z.string() }),
      ),
      mine: z.array(playerCoupon),
    }),
  }),
  claimCoupon: defineRoute({
    operationId: 'player.claimCoupon',
    method: 'POST',
    path: '/player/coupon/claim',
    summary: '领取优惠券（按领取条件、发放数量与每人限领）',
    access: 'public',
    body: z.object({ coupon_id: id() }),
    response: playerCoupon,
  }),
};
