import { z } from 'zod';
import { datetime, limit, optionalId, page, pagination, strictNumber, yuan } from '../fields.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { pickupShip, timeFilter } from './pickup.js';

/** Deposited (stored) orders, spec 02 §2 screen 4 and §3 "Deposit order row". */

/** Spec 02 §4 deposit state; any other value shows '-'. */
export const DEPOSIT_STATES = [
  { value: 0, label: '未发货' },
  { value: 1, label: '已发货' },
  { value: 2, label: '已收货' },
  { value: 3, label: '寄存中' },
] as const;
export const depositStateText = (state: number) => DEPOSIT_STATES.find((s) => s.value === state)?.label ?? '-';

export const depositRecipient = z.object({
  username: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  address: z.string(),
});

export const depositOrder = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  /** Series: the draw machine's title. */
  title: z.string(),
  goods_pic: z.string(),
  goods_title: z.string(),
  state: z.number().int(),
  state_text: z.string(),
  /** Yuan paid for the draw. */
  price: yuan(),
  avatar: z.string(),
  name: z.string(),
  created_at: datetime(),
  order_sn: z.string(),
  /** The pickup's receiver, or null while depositing (shown as '-'). */
  details: depositRecipient.nullable(),
});
export type DepositOrder = z.infer<typeof depositOrder>;

const optionalText = () => z.string().trim().max(100).optional();

/** Spec 02 §7 "Deposit orders": page, limit 10, ip_id, series_title, goods_title, user_keyword, begin_at, end_at, type. */
export const depositFilters = z.object({
  ip_id: optionalId(),
  series_title: optionalText(),
  goods_title: optionalText(),
  user_keyword: optionalText(),
  begin_at: timeFilter(),
  end_at: timeFilter(),
  type: strictNumber().int().min(0).max(2).catch(0).default(0),
});
export type DepositFilters = z.input<typeof depositFilters>;
export type DepositFilterValues = z.output<typeof depositFilters>;

const merchant = { access: 'box_admin', perId: PER_ID.box } as const;

export const depositRoutes = {
  list: defineRoute({
    operationId: 'deposit.list',
    method: 'GET',
    path: '/web/goods/box/deposit/list',
    summary: '寄存订单列表',
    ...merchant,
    brand: 'ip_id',
    query: depositFilters.extend({ page: page(), limit: limit(10) }),
    response: z.object({ list: z.array(depositOrder), pagination }),
  }),
  export: defineRoute({
    operationId: 'deposit.export',
    method: 'POST',
    path: '/web/goods/box/deposit/export',
    summary: '导出寄存订单（筛选同列表），返回文件 url',
    ...merchant,
    brand: 'ip_id',
    body: depositFilters,
    response: z.object({ url: z.string(), total_num: z.number().int() }),
  }),
  ship: defineRoute({
    operationId: 'deposit.ship',
    method: 'POST',
    path: '/web/goods/box/deposit/send',
    summary: '寄存订单发货：已申请提货的这一件商品（order_sn 为抽盒订单号）',
    ...merchant,
    body: pickupShip,
    response: z.object({ delivery_status: z.number().int() }),
  }),
};

/** The stored-order export's columns. */
export const DEPOSIT_SHEET_COLUMNS = [
  '订单号',
  '系列',
  '商品',
  '寄存状态',
  '价格',
  '用户',
  '收件人',
  '电话',
  '地址',
  '寄存时间',
] as const;
