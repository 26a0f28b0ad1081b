import { z } from 'zod';
import { AWARD_TYPES, DEPOSIT_DAY_OPTIONS, FREE_COUNT_OPTIONS, LIMITS } from '../constants.js';
import { datetime, id, limit, optionalId, page, pagination, strictNumber, wholeNumber } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { couponFace } from './coupon.js';
import { depositFreight } from './freight.js';

const mc = messages.cabinet;
const mb = messages.boxMachine;

const DAY_VALUES = DEPOSIT_DAY_OPTIONS.map((d) => d.value) as number[];
const FREE_VALUES = FREE_COUNT_OPTIONS as readonly number[];
const AWARD_VALUES = AWARD_TYPES.map((a) => a.value) as number[];
/** Award types that carry content: 1 points (the amount), 3 coupon (the coupon id). */
export const AWARD = { empty: 0, points: 1, promptCard: 2, coupon: 3 } as const;

const positiveInt = (v: unknown) => is.number(v) && Number.isInteger(Number(v)) && Number(v) > 0;

export interface CabinetForm {
  id?: number | string;
  ip_id: number | string;
  free_days: number | string;
  free_num: number | string;
  unit_price: number | string;
}

/** Spec 02 §5 "Deposit settings". */
export const cabinetRules = ruleTable<CabinetForm>([
  { field: 'free_days', message: mc.daysRequired, ok: (v) => DAY_VALUES.includes(Number(v.free_days)) },
  {
    field: 'free_num',
    message: mc.freeNumRequired,
    ok: (v) => is.filled(v.free_num) && FREE_VALUES.includes(Number(v.free_num)),
  },
  {
    field: 'unit_price',
    message: mc.unitPriceRequired,
    ok: (v) => is.number(v.unit_price) && Number(v.unit_price) >= 0,
  },
]);

export const cabinetSave = withRules(
  z.object({
    id: optionalId(),
    ip_id: id(),
    free_days: wholeNumber(),
    free_num: wholeNumber(),
    unit_price: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      strictNumber().min(0).max(10000, '取回运费不能超过10000元'),
    ),
  }),
  cabinetRules,
);

export const couponBrief = z.object({
  id: z.number().int(),
  title: z.string(),
  /** 0 threshold, 3 percentage, 5 no threshold. */
  coupon_type: z.number().int(),
  full_amount: z.number(),
  face_value: z.number(),
  max_face_value: z.number(),
  start_time: datetime(),
  end_time: datetime(),
  total_num: z.number().int(),
  issue_num: z.number().int(),
  /** 0 normal, 1 expired. */
  state: z.number().int(),
});
export type CouponBrief = z.infer<typeof couponBrief>;

/** A coupon as a short line: 满100减10 / 8.5折 / 无门槛减5. */
export const couponText = couponFace;

/** Box-machine settings (spec 02 §3); a coupon award's content is the coupon id. */
export const boxMachineSettings = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  prompt_card: z.number().int(),
  excharge_propmt: z.number().int(),
  pers_card: z.number().int(),
  excharge_pers: z.number().int(),
  suc_award_type: z.number().int(),
  suc_award_content: z.number().int(),
  suc_coupon: couponBrief.nullable(),
  err_award_type: z.number().int(),
  err_award_content: z.number().int(),
  err_coupon: couponBrief.nullable(),
  updated_at: datetime(),
});
export type BoxMachineSettings = z.infer<typeof boxMachineSettings>;

export interface BoxMachineForm {
  ip_id: number | string;
  prompt_card: number | string;
  excharge_propmt: number | string | null;
  pers_card: number | string;
  excharge_pers: number | string | null;
  suc_award_type: number | string;
  suc_award_content: number | string | null;
  err_award_type: number | string;
  err_award_content: number | string | null;
}

const needs = (type: unknown, award: number) => Number(type) === award;

/** Spec 02 §5 "Box-machine settings", in order; a coupon award needs its coupon. */
export const boxMachineRules = ruleTable<BoxMachineForm>([
  {
    field: 'excharge_propmt',
    message: mb.promptPointsRequired,
    ok: (v) => Number(v.prompt_card) !== 1 || positiveInt(v.excharge_propmt),
  },
  {
    field: 'excharge_pers',
    message: mb.persPointsRequired,
    ok: (v) => Number(v.pers_card) !== 1 || positiveInt(v.excharge_pers),
  },
  {
    field: 'suc_award_content',
    message: mb.sucPointsRequired,
    ok: (v) => !needs(v.suc_award_type, AWARD.points) || positiveInt(v.suc_award_content),
  },
  {
    field: 'err_award_content',
    message: mb.errPointsRequired,
    ok: (v) => !needs(v.err_award_type, AWARD.points) || positiveInt(v.err_award_content),
  },
  {
    field: 'suc_award_content',
    message: mb.sucCouponRequired,
    ok: (v) => !needs(v.suc_award_type, AWARD.coupon) || positiveInt(v.suc_award_content),
  },
  {
    field: 'err_award_content',
    message: mb.errCouponRequired,
    ok: (v) => !needs(v.err_award_type, AWARD.coupon) || positiveInt(v.err_award_content),
  },
]);

const flag = () => wholeNumber().min(0).max(1).default(0);
const points = () =>
  z.preprocess((v) => (v === '' || v === null ? 0 : v), wholeNumber().min(0).max(1_000_000)).default(0);
const awardType = () =>
  wholeNumber()
    .refine((t) => AWARD_VALUES.includes(t), '请选择奖励类型')
    .default(AWARD.empty);

export const boxMachineSave = withRules(
  z.object({
    ip_id: id(),
    prompt_card: flag(),
    excharge_propmt: points(),
    pers_card: flag(),
    excharge_pers: points(),
    suc_award_type: awardType(),
    suc_award_content: points(),
    err_award_type: awardType(),
    err_award_content: points(),
  }),
  boxMachineRules,
);

export const cabinetRoutes = {
  get: defineRoute({
    operationId: 'cabinet.get',
    method: 'GET',
    path: '/web/goods/cupboard/info',
    summary: '寄存盒柜设置（未设置时 data 为空）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ ip_id: id() }),
    response: depositFreight.nullable(),
  }),
  save: defineRoute({
    operationId: 'cabinet.save',
    method: 'POST',
    path: '/web/goods/cupboard/save',
    summary: '保存寄存盒柜设置（可寄存天数、取回包邮数量、取回运费）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: cabinetSave,
    response: z.object({ id: z.number().int() }),
  }),
};

export const boxMachineRoutes = {
  get: defineRoute({
    operationId: 'boxMachine.get',
    method: 'GET',
    path: '/web/goods/box/setting/info',
    summary: '盒机设置（提示卡、透视卡、猜对/猜错奖励；未设置时 data 为空）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ ip_id: id() }),
    response: boxMachineSettings.nullable(),
  }),
  save: defineRoute({
    operationId: 'boxMachine.save',
    method: 'POST',
    path: '/web/goods/box/setting/save',
    summary: '保存盒机设置',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: boxMachineSave,
    response: z.object({ id: z.number().int() }),
  }),
};

/** The coupon calls of the box-machine settings page (the coupon screens add theirs to `api.coupon`). */
export const couponAssociationRoutes = {
  associationList: defineRoute({
    operationId: 'coupon.associationList',
    method: 'GET',
    path: '/web/goods/coupon/association/list',
    summary: '可关联为盒机奖励的优惠券（品牌的未过期优惠券）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ ip_id: id(), page: page(), limit: limit(LIMITS.listPageSize, 50) }),
    response: z.object({ list: z.array(couponBrief), pagination }),
  }),
};
