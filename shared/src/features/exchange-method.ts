import { z } from 'zod';
import { datetime, id, limit, optionalId, page, pagination } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { isDatetime, shanghaiInstant } from './blind-box-record.js';
import { raw, text } from './goods.js';

const m = messages.exchangeMethod;

/** Spec 03 §5 and §9: a set of 2 to 5 components, name 10, note 200, one claim a player. */
export const EXCHANGE_LIMITS = {
  nameMax: 10,
  shortMax: 200,
  setMin: 2,
  setMax: 5,
  perUser: 1,
  pointsMax: 1_000_000,
  coverWidth: 1125,
  coverHeight: 1125,
  /** The end should be within this many days of the start: advice, shown as a hint. */
  adviseDays: 60,
  pageSize: 10,
} as const;

/** `type`: 1 single component, 2 set (spec 03 §3). */
export const EXCHANGE_TYPES = [
  { value: 1, label: '单品' },
  { value: 2, label: '套装' },
] as const;

/** `relation_order`: 0 off, 1 the player must hold orders of all, 2 of any (spec 03 §3). */
export const RELATION_ORDER = [
  { value: 0, label: '不关联' },
  { value: 1, label: '需持有全部活动订单' },
  { value: 2, label: '持有任一活动订单' },
] as const;

/** `time_status` (spec 03 §4), derived from begin_at and end_at. */
export const TIME_STATUS = [
  { value: 1, label: '进行中' },
  { value: 2, label: '未开始' },
  { value: 3, label: '已结束' },
] as const;

/** The status of a time window at `now`: 1 in progress, 2 not started, 3 ended. */
export const timeStatusOf = (beginAt: Date, endAt: Date, now = new Date()) => (now < beginAt ? 2 : now > endAt ? 3 : 1);

/**
 * Component types (spec 03 §3): 1 luck sprite and 2 scene (the toys table), 3 and 17 personal skin.
 * `key` is the list of doll_str that holds ids of the type.
 */
export const COMPONENT_TYPES = [
  { value: 1, label: '欧气精灵', key: 'doll' },
  { value: 2, label: '场景', key: 'bg_pic' },
  { value: 17, label: '个性装扮', key: 'theme' },
  { value: 3, label: '个性装扮', key: 'theme' },
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number]['value'];
export const COMPONENT_TYPE_VALUES = COMPONENT_TYPES.map((t) => t.value) as ComponentType[];
/** What a player receives for a component of the type (virtual_receipts.kind). */
export const componentKind = (type: number) => (type === 1 || type === 2 ? 'toy' : 'skin');

/**
 * Related activities (spec 03 §3 relation_order_str): a list of ids by key. What each type lists in
 * this platform, in one place: lucky = draw machines (orders of activity type 13), shop = kujis
 * (orders of type 14), scratch = scratch cards (redemptions); meet and share have no activities yet.
 */
export const ACTIVITY_RELATION_TYPES = [
  { value: 1, key: 'lucky', label: '抽盒机' },
  { value: 5, key: 'shop', label: '一番赏' },
  { value: 10, key: 'meet', label: '惊喜' },
  { value: 3, key: 'share', label: '分享' },
  { value: 7, key: 'scratch', label: '刮刮卡' },
] as const;
export type RelationKey = (typeof ACTIVITY_RELATION_TYPES)[number]['key'];
export type RelationIds = Record<RelationKey, number[]>;
export const RELATION_TYPE_VALUES = ACTIVITY_RELATION_TYPES.map((t) => t.value);
export const emptyRelation = (): RelationIds => ({ lucky: [], shop: [], meet: [], share: [], scratch: [] });

/** One chosen component as the form sends it. */
export interface ComponentRef {
  id: number;
  type: number;
}

/** doll_str (spec 03 §3): component ids by list, doll (1), bg_pic (2), theme (17/3). */
export type DollStr = { doll: number[]; bg_pic: number[]; theme: number[] };

/** The components of a doll_str JSON text, in list order; null when it is not one. */
export function parseDollStr(value: unknown): ComponentRef[] | null {
  const parsed = parseJsonObject(value);
  if (!parsed) return null;
  const out: ComponentRef[] = [];
  for (const [key, type] of [
    ['doll', 1],
    ['bg_pic', 2],
    ['theme', 17],
  ] as const) {
    const list = parsed[key] ?? [];
    if (!Array.isArray(list)) return null;
    for (const x of list) {
      if (!is.id(x)) return null;
      out.push({ id: Number(x), type });
    }
  }
  return out;
}
export const dollStrOf = (refs: ComponentRef[]): string =>
  JSON.stringify({
    doll: refs.filter((r) => r.type === 1).map((r) => r.id),
    bg_pic: refs.filter((r) => r.type === 2).map((r) => r.id),
    theme: refs.filter((r) => r.type === 3 || r.type === 17).map((r) => r.id),
  });

/** The activity ids of a relation_order_str JSON text; null when it is not one. */
export function parseRelationStr(value: unknown): RelationIds | null {
  if (value === undefined || value === null || value === '') return emptyRelation();
  const parsed = parseJsonObject(value);
  if (!parsed) return null;
  const out = emptyRelation();
  for (const { key } of ACTIVITY_RELATION_TYPES) {
    const list = parsed[key] ?? [];
    if (!Array.isArray(list) || !list.every((x) => is.id(x))) return null;
    out[key] = [...new Set(list.map(Number))];
  }
  return out;
}
export const relationCount = (r: RelationIds | null) =>
  r ? Object.values(r).reduce((n, list) => n + list.length, 0) : 0;

function parseJsonObject(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'string' || value.length > 20_000) return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A component as lists and the chooser show it. */
export const exchangeComponent = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  title: z.string(),
  image_url: z.string(),
  pic: z.string(),
});
export type ExchangeComponent = z.infer<typeof exchangeComponent>;

/** An activity of the related-order chooser. */
export const exchangeActivity = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  pic: z.string(),
});
export type ExchangeActivity = z.infer<typeof exchangeActivity>;

/** An exchange method (spec 03 §3); received and consume_points are counted from the claims. */
export const exchangeMethod = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  name: z.string(),
  type: z.number().int(),
  pic: z.string(),
  points: z.number().int(),
  consume_points: z.number().int(),
  per_limit: z.number().int(),
  relation_order: z.number().int(),
  relation_order_str: z.string(),
  short: z.string(),
  begin_at: datetime(),
  end_at: datetime(),
  doll_str: z.string(),
  dolls: z.array(exchangeComponent),
  time_status: z.number().int(),
  off: z.number().int(),
  received: z.number().int(),
  bind_order: z.object({ goods: z.array(exchangeActivity) }),
  created_at: datetime(),
});
export type ExchangeMethod = z.infer<typeof exchangeMethod>;

export interface ExchangeForm {
  id?: number | string;
  ip_id?: number | string;
  type?: number | string | null;
  name?: string;
  pic?: string;
  short?: string;
  points?: number | string | null;
  relation_order?: number | string | null;
  relation_order_str?: string;
  doll_str?: string;
  begin_at?: string;
  end_at?: string;
}

const isSet = (v: Partial<ExchangeForm>) => Number(v.type) === 2;
const componentsOf = (v: Partial<ExchangeForm>) => parseDollStr(v.doll_str) ?? [];
const relationOn = (v: Partial<ExchangeForm>) => Number(v.relation_order) === 1 || Number(v.relation_order) === 2;

/**
 * Spec 03 §5 "Exchange method", in order: the component, the set's count, name and cover, the
 * related activity, the name and note lengths, then the times and the points.
 */
export const exchangeRules = ruleTable<ExchangeForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.id) || is.id(v.ip_id) },
  { field: 'type', message: m.typeRequired, ok: (v) => Number(v.type) === 1 || Number(v.type) === 2 },
  { field: 'doll_str', message: m.componentRequired, ok: (v) => componentsOf(v).length > 0 },
  { field: 'doll_str', message: m.singleOne, ok: (v) => isSet(v) || componentsOf(v).length === 1 },
  {
    field: 'doll_str',
    message: m.setMin,
    ok: (v) => !isSet(v) || componentsOf(v).length >= EXCHANGE_LIMITS.setMin,
  },
  {
    field: 'doll_str',
    message: m.setMax,
    ok: (v) => !isSet(v) || componentsOf(v).length <= EXCHANGE_LIMITS.setMax,
  },
  { field: 'name', message: m.nameRequired, ok: (v) => !isSet(v) || is.filled(v.name) },
  { field: 'pic', message: m.coverRequired, ok: (v) => !isSet(v) || is.filled(v.pic) },
  {
    field: 'relation_order',
    message: m.relationRequired,
    ok: (v) => !relationOn(v) || relationCount(parseRelationStr(v.relation_order_str)) > 0,
  },
  { field: 'name', message: m.nameRequired, ok: (v) => is.filled(v.name) },
  { field: 'name', message: m.nameTooLong, ok: (v) => is.maxLength(EXCHANGE_LIMITS.nameMax)(v.name) },
  { field: 'short', message: m.shortTooLong, ok: (v) => is.maxLength(EXCHANGE_LIMITS.shortMax)(v.short) },
  { field: 'begin_at', message: m.beginRequired, ok: (v) => isDatetime(v.begin_at) },
  { field: 'end_at', message: m.endRequired, ok: (v) => isDatetime(v.end_at) },
  {
    field: 'end_at',
    message: m.endAfterBegin,
    ok: (v) => shanghaiInstant(String(v.end_at)) > shanghaiInstant(String(v.begin_at)),
  },
  { field: 'points', message: m.pointsRequired, ok: (v) => is.filled(v.points) },
  {
    field: 'points',
    message: m.pointsInvalid,
    ok: (v) =>
      is.number(v.points) &&
      Number.isInteger(Number(v.points)) &&
      Number(v.points) >= 0 &&
      Number(v.points) <= EXCHANGE_LIMITS.pointsMax,
  },
]);

/** Advice, not a rule: whether the end is more than 60 days after the start. */
export const endBeyondAdvice = (beginAt: string, endAt: string) =>
  isDatetime(beginAt) &&
  isDatetime(endAt) &&
  shanghaiInstant(endAt).getTime() - shanghaiInstant(beginAt).getTime() > EXCHANGE_LIMITS.adviseDays * 86_400_000;

export const exchangeSave = withRules(
  z.object({
    id: raw(),
    ip_id: raw(),
    type: raw(),
    name: raw(),
    pic: raw(),
    short: raw(),
    points: raw(),
    relation_order: raw(),
    relation_order_str: raw(),
    doll_str: raw(),
    begin_at: raw(),
    end_at: raw(),
  }),
  exchangeRules as never,
).transform((v) => {
  const relationOrder = [1, 2].includes(Number(v.relation_order)) ? Number(v.relation_order) : 0;
  return {
    id: is.id(v.id) ? Number(v.id) : undefined,
    ip_id: is.id(v.ip_id) ? Number(v.ip_id) : undefined,
    type: Number(v.type),
    name: text(v.name),
    pic: Number(v.type) === 2 ? text(v.pic) : '',
    short: text(v.short),
    points: Number(v.points),
    relation_order: relationOrder,
    relation: relationOrder === 0 ? emptyRelation() : parseRelationStr(v.relation_order_str)!,
    components: parseDollStr(v.doll_str)!,
    begin_at: shanghaiInstant(String(v.begin_at)),
    end_at: shanghaiInstant(String(v.end_at)),
  };
});
export type ExchangeSaveInput = z.output<typeof exchangeSave>;

const componentQuery = z.object({
  page: page(),
  limit: limit(EXCHANGE_LIMITS.pageSize),
  ip_id: id(),
  type: z.coerce
    .number()
    .int()
    .refine((t) => (COMPONENT_TYPE_VALUES as number[]).includes(t), '组件类型不正确'),
  name: z.string().trim().max(200).optional(),
  /** 1 = approved only (the only value the chooser sends). */
  status: z.coerce.number().int().min(1).max(1).default(1),
});

const activityQuery = z.object({
  page: page(),
  limit: limit(EXCHANGE_LIMITS.pageSize),
  ip_id: id(),
  type: z.coerce
    .number()
    .int()
    .refine((t) => RELATION_TYPE_VALUES.includes(t as never), '活动类型不正确'),
  title: z.string().trim().max(200).optional(),
  /** Where the chooser is opened from (the spec's `doll`); informational. */
  page_source: z.string().trim().max(20).optional(),
});

export const exchangeMethodRoutes = {
  list: defineRoute({
    operationId: 'exchange.list',
    method: 'GET',
    path: '/web/toy/get/list',
    summary: '兑换方式列表（按品牌、名称），附套装与单品数量',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      page: page(),
      limit: limit(EXCHANGE_LIMITS.pageSize),
      ip_id: optionalId(),
      name: z.string().trim().max(200).optional(),
    }),
    response: z.object({
      lists: z.array(exchangeMethod),
      res: z.object({ multi: z.number().int(), single: z.number().int() }),
      pagination,
    }),
  }),
  detail: defineRoute({
    operationId: 'exchange.detail',
    method: 'GET',
    path: '/web/toy/get/info',
    summary: '兑换方式详情',
    entity: { field: 'id', of: 'exchange-method' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ id: id() }),
    response: z.object({ info: exchangeMethod }),
  }),
  save: defineRoute({
    operationId: 'exchange.save',
    method: 'POST',
    path: '/web/toy/get/save',
    summary: '新建或编辑兑换方式（单品或 2–5 个组件的套装）',
    entity: { field: 'id', of: 'exchange-method' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: exchangeSave,
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'exchange.delete',
    method: 'POST',
    path: '/web/toy/get/delete',
    summary: '删除兑换方式（无玩家领取时）',
    entity: { field: 'id', of: 'exchange-method' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
  setOff: defineRoute({
    operationId: 'exchange.setOff',
    method: 'POST',
    path: '/web/toy/get/off',
    summary: '上架（off=0）或下架（off=1）兑换方式',
    entity: { field: 'id', of: 'exchange-method' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id(), off: z.coerce.number().int().min(0).max(1) }),
    response: z.object({ off: z.number().int() }),
  }),
  components: defineRoute({
    operationId: 'exchange.components',
    method: 'GET',
    path: '/web/toy/get/components',
    summary: '可选组件：欧气精灵（1）、场景（2）、个性装扮（3/17），仅已通过',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: componentQuery,
    response: z.object({ lists: z.array(exchangeComponent), pagination }),
  }),
  activities: defineRoute({
    operationId: 'exchange.activities',
    method: 'GET',
    path: '/web/toy/get/activities',
    summary: '可关联的活动：抽盒机（1）、一番赏（5）、刮刮卡（7）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: activityQuery,
    response: z.object({ lists: z.array(exchangeActivity), pagination }),
  }),
};

/** What a player sees of an exchange method. */
export const playerExchangeMethod = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  pic: z.string(),
  points: z.number().int(),
  short: z.string(),
  begin_at: datetime(),
  end_at: datetime(),
  time_status: z.number().int(),
  relation_order: z.number().int(),
  dolls: z.array(exchangeComponent),
  claimed: z.boolean(),
});

export const playerExchangeRoutes = {
  exchangeMethods: defineRoute({
    operationId: 'player.exchangeMethods',
    method: 'GET',
    path: '/player/exchange/list',
    summary: '玩家可见的兑换方式（上架中）',
    access: 'public',
    query: z.object({ ip_id: optionalId(), page: page(), limit: limit(EXCHANGE_LIMITS.pageSize) }),
    response: z.object({ lists: z.array(playerExchangeMethod), pagination }),
  }),
  claimExchange: defineRoute({
    operationId: 'player.claimExchange',
    method: 'POST',
    path: '/player/exchange/claim',
    summary: '玩家领取兑换方式（每人限 1 次，消耗积分）',
    access: 'public',
    body: z.object({ id: id() }),
    response: z.object({
      claim_id: z.number().int(),
      points: z.number().int(),
      received: z.array(z.object({ kind: z.string(), id: z.number().int() })),
    }),
  }),
  points: defineRoute({
    operationId: 'player.points',
    method: 'GET',
    path: '/player/points',
    summary: '玩家积分：抽盒与一番赏每实付 1 元得 1 分，减去领取兑换方式消耗的积分',
    access: 'public',
    response: z.object({ points: z.number().int(), earned: z.number().int(), spent: z.number().int() }),
  }),
};
