import { z } from 'zod';
import { datetime, id, limit, optionalId, page, pagination } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { isDatetime, shanghaiInstant } from './blind-box-record.js';
import { raw } from './goods.js';

const m = messages.composeRule;

/** Spec 03 §5 and §9: at most 10 groups, a group name of 15, a consume count of 5 characters. */
export const COMPOSE_LIMITS = {
  groupsMax: 10,
  groupNameMax: 15,
  expendMaxChars: 5,
  /** Thumbnails of a group's collectibles shown on the form. */
  thumbnails: 4,
  pageSize: 10,
  /** Collectibles of one group (the spec's nested fetch is unbounded; this bounds a request). */
  groupItemsMax: 1000,
} as const;

/** `virtual_type` (spec 03 §3): 1 a single collectible, 2 an album (a collectible of it). */
export const COMPOSE_TARGET_TYPES = [
  { value: 1, label: '数字藏品' },
  { value: 2, label: '数字藏品合辑' },
] as const;

/** `publish_status` (spec 03 §4), derived from the times. */
export const COMPOSE_STATUS = [
  { value: 1, label: '未开始' },
  { value: 2, label: '进行中' },
  { value: 3, label: '已结束' },
] as const;

/** The publish_status of an open time range at `now`: 1 not started, 2 ongoing, 3 ended. */
export const composeStatusOf = (beginAt: Date, endAt: Date, now = new Date()) =>
  now < beginAt ? 1 : now > endAt ? 3 : 2;

/** One group as the form sends it inside `group_data`. */
export interface ComposeGroupInput {
  group_name: string;
  expend_num: number | string;
  virtual_ids: number[];
}

/** The groups of a `group_data` JSON text (virtual_ids a list or comma-separated text); null when it is not one. */
export function parseGroupData(value: unknown): ComposeGroupInput[] | null {
  if (typeof value !== 'string' || value.length > 200_000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const out: ComposeGroupInput[] = [];
  for (const g of parsed) {
    if (!g || typeof g !== 'object' || Array.isArray(g)) return null;
    const r = g as Record<string, unknown>;
    const rawIds = typeof r.virtual_ids === 'string' ? r.virtual_ids.split(',').filter((x) => x.trim()) : r.virtual_ids;
    const ids = Array.isArray(rawIds) ? rawIds : [];
    if (!ids.every((x) => is.id(x))) return null;
    out.push({
      group_name: r.group_name === undefined || r.group_name === null ? '' : String(r.group_name),
      expend_num: typeof r.expend_num === 'number' ? r.expend_num : r.expend_num ? String(r.expend_num) : '',
      virtual_ids: [...new Set(ids.map(Number))],
    });
  }
  return out;
}

const positiveInteger = (v: unknown) => is.number(v) && Number.isInteger(Number(v)) && Number(v) > 0;

/** The first problem of the groups, in the spec's order (per group: name, consume count, collectibles). */
export function groupProblem(groupData: unknown): string | null {
  const groups = parseGroupData(groupData);
  if (!groups || groups.length === 0) return m.groupsRequired;
  if (groups.length > COMPOSE_LIMITS.groupsMax) return m.tooManyGroups;
  for (const g of groups) {
    if (!is.filled(g.group_name)) return m.groupNameRequired;
    if (!is.maxLength(COMPOSE_LIMITS.groupNameMax)(g.group_name)) return m.groupNameTooLong;
    if (!is.filled(g.expend_num)) return m.expendRequired;
    if (String(g.expend_num).trim().length > COMPOSE_LIMITS.expendMaxChars) return m.expendTooLong;
    if (!positiveInteger(g.expend_num)) return m.expendInteger;
    if (g.virtual_ids.length === 0) return m.groupItemsRequired;
    if (g.virtual_ids.length > COMPOSE_LIMITS.groupItemsMax) return m.tooManyGroupItems;
  }
  return null;
}

export interface ComposeRuleForm {
  id?: number | string;
  ip_id?: number | string;
  begin_at?: string;
  end_at?: string;
  virtual_id?: number | string;
  virtual_type?: number | string;
  stock?: number | string;
  /**
   * The target's remaining stock: the console fills it from the chooser; the API sets it itself
   * from the collectibles before checking (a caller's value is never used).
   */
  available?: number | string;
  group_data?: string;
}

const hasTimes = (v: Partial<ComposeRuleForm>) =>
  isDatetime(v.begin_at) &&
  isDatetime(v.end_at) &&
  shanghaiInstant(String(v.end_at)) > shanghaiInstant(String(v.begin_at));
const endAfterNow = (v: Partial<{ end_at: string }>) => shanghaiInstant(String(v.end_at)) > new Date();

/** Spec 03 §5 "Compose rule", in order: brand, open time, target, stock, then the groups. */
export const composeRuleRules = ruleTable<ComposeRuleForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'begin_at', message: m.timeRequired, ok: hasTimes },
  { field: 'end_at', message: m.timeAfterNow, ok: endAfterNow },
  {
    field: 'virtual_id',
    message: m.targetRequired,
    ok: (v) => is.id(v.virtual_id) && (Number(v.virtual_type) === 1 || Number(v.virtual_type) === 2),
  },
  { field: 'stock', message: m.stockRequired, ok: (v) => is.filled(v.stock) },
  { field: 'stock', message: m.stockZero, ok: (v) => !is.number(v.stock) || Number(v.stock) !== 0 },
  { field: 'stock', message: m.stockInteger, ok: (v) => positiveInteger(v.stock) && Number(v.stock) <= 2_000_000_000 },
  {
    field: 'stock',
    message: m.stockTooHigh,
    ok: (v) => !is.number(v.available) || Number(v.stock) <= Number(v.available),
  },
  {
    field: 'group_data',
    message: m.groupsRequired,
    ok: (v) => groupProblem(v.group_data) === null,
    detail: (v) => groupProblem(v.group_data) ?? m.groupsRequired,
  },
]);

export const composeRuleSave = withRules(
  z.object({
    id: raw(),
    ip_id: raw(),
    begin_at: raw(),
    end_at: raw(),
    virtual_id: raw(),
    virtual_type: raw(),
    stock: raw(),
    available: raw(),
    group_data: raw(),
  }),
  composeRuleRules as never,
).transform((v) => ({
  id: is.id(v.id) ? Number(v.id) : undefined,
  ip_id: Number(v.ip_id),
  begin_at: shanghaiInstant(String(v.begin_at)),
  end_at: shanghaiInstant(String(v.end_at)),
  virtual_id: Number(v.virtual_id),
  virtual_type: Number(v.virtual_type),
  stock: Number(v.stock),
  groups: parseGroupData(v.group_data)!.map((g) => ({
    group_name: String(g.group_name).trim(),
    expend_num: Number(g.expend_num),
    virtual_ids: g.virtual_ids,
  })),
}));
export type ComposeRuleSaveInput = z.output<typeof composeRuleSave>;

export interface ComposeStockForm {
  compose_id?: number | string;
  stock?: number | string;
  begin_at?: string;
  end_at?: string;
  available?: number | string;
}

const timeGiven = (v: Partial<ComposeStockForm>) => is.filled(v.begin_at) || is.filled(v.end_at);

/**
 * 调整库存 / 修改时间 (spec 03 §5): the times when sent (both, the end after now), then the new
 * remaining stock: required and not 0, a positive integer, not above the target's remaining stock.
 */
export const composeStockRules = ruleTable<ComposeStockForm>([
  { field: 'begin_at', message: m.timeRequired, ok: (v) => !timeGiven(v) || hasTimes(v) },
  { field: 'end_at', message: m.timeAfterNow, ok: (v) => !timeGiven(v) || endAfterNow(v) },
  { field: 'stock', message: m.residueRequired, ok: (v) => is.filled(v.stock) && Number(v.stock) !== 0 },
  { field: 'stock', message: m.stockInteger, ok: (v) => positiveInteger(v.stock) && Number(v.stock) <= 2_000_000_000 },
  {
    field: 'stock',
    message: m.residueTooHigh,
    ok: (v) => !is.number(v.available) || Number(v.stock) <= Number(v.available),
  },
]);

export const composeSetStock = withRules(
  z.object({ compose_id: id(), stock: raw(), begin_at: raw(), end_at: raw(), available: raw() }),
  composeStockRules as never,
).transform((v) => {
  const given = is.filled(v.begin_at) || is.filled(v.end_at);
  return {
    compose_id: v.compose_id,
    stock: Number(v.stock),
    begin_at: given ? shanghaiInstant(String(v.begin_at)) : undefined,
    end_at: given ? shanghaiInstant(String(v.end_at)) : undefined,
  };
});

/** A collectible or album as the chooser, the list and the group items show it. */
export const composeVirtual = z.object({
  id: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  pic: z.string(),
  stock: z.number().int(),
  surplus_stock: z.number().int(),
});
export type ComposeVirtual = z.infer<typeof composeVirtual>;

/** The target of a rule: `stock_num` its collectibles (1 for a collectible), `surplus_stock_num` those with copies left. */
export const composeVirtualInfo = z.object({
  title: z.string(),
  pic: z.string(),
  stock: z.number().int(),
  surplus_stock: z.number().int(),
  stock_num: z.number().int(),
  surplus_stock_num: z.number().int(),
});

export const composeGroup = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  expend_num: z.number().int(),
  virtual_ids: z.array(z.number().int()),
  virtual_total: z.number().int(),
  /** The group's collectibles (the form's thumbnails and chooser state). */
  virtuals: z.array(composeVirtual),
});
export type ComposeGroup = z.infer<typeof composeGroup>;

/** A compose rule (spec 03 §3): surplus_stock = stock − compose records (`composed`). */
export const composeRule = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  begin_at: datetime(),
  end_at: datetime(),
  virtual_id: z.number().int(),
  virtual_type: z.number().int(),
  stock: z.number().int(),
  publish_status: z.number().int(),
  original_stock: z.number().int(),
  surplus_stock: z.number().int(),
  composed: z.number().int(),
  virtual_info: composeVirtualInfo,
  group_data: z.array(composeGroup),
});
export type ComposeRule = z.infer<typeof composeRule>;

export const composeGroupItem = z.object({
  id: z.number().int(),
  pic: z.string(),
  title: z.string(),
  stock: z.number().int(),
  close_num: z.number().int(),
});
export type ComposeGroupItem = z.infer<typeof composeGroupItem>;

const access = { access: 'nft_admin', perId: PER_ID.nft } as const;

export const composeRuleRoutes = {
  list: defineRoute({
    operationId: 'compose.list',
    method: 'GET',
    path: '/web/compose',
    summary: '合成规则列表（按品牌）',
    ...access,
    brand: 'ip_id',
    query: z.object({ page: page(), limit: limit(COMPOSE_LIMITS.pageSize), ip_id: optionalId() }),
    response: z.object({ lists: z.array(composeRule), pagination }),
  }),
  save: defineRoute({
    operationId: 'compose.save',
    method: 'POST',
    path: '/web/compose/add',
    summary: '创建或编辑合成规则（编辑仅限未开始）',
    entity: { field: 'id', of: 'compose-rule' },
    ...access,
    brand: 'ip_id',
    body: composeRuleSave,
    response: z.object({ id: z.number().int() }),
  }),
  virtual: defineRoute({
    operationId: 'compose.virtual',
    method: 'GET',
    path: '/web/compose/virtual',
    summary: '可选的数字藏品（type 1）或合辑（type 2），附库存与剩余库存',
    ...access,
    brand: 'ip_id',
    query: z.object({
      ip_id: id(),
      type: z.coerce.number().int().min(1).max(2).default(1),
      title: z.string().trim().max(200).optional(),
      page: page(),
      limit: limit(COMPOSE_LIMITS.pageSize),
    }),
    response: z.object({ lists: z.array(composeVirtual), pagination }),
  }),
  delete: defineRoute({
    operationId: 'compose.delete',
    method: 'POST',
    path: '/web/compose/del',
    summary: '删除合成规则（仅限未开始）',
    entity: { field: 'compose_id', of: 'compose-rule' },
    ...access,
    body: z.object({ compose_id: id() }),
    response: z.null(),
  }),
  info: defineRoute({
    operationId: 'compose.info',
    method: 'GET',
    path: '/web/compose/info',
    summary: '合成规则详情与合成组',
    entity: { field: 'compose_id', of: 'compose-rule' },
    ...access,
    query: z.object({ compose_id: id() }),
    response: z.object({ info: composeRule }),
  }),
  groupItems: defineRoute({
    operationId: 'compose.groupItems',
    method: 'GET',
    path: '/web/compose/group/items',
    summary: '合成组的藏品（库存与剩余库存）',
    entity: { field: 'compose_id', of: 'compose-rule' },
    ...access,
    query: z.object({
      compose_id: id(),
      group_id: id(),
      page: page(),
      limit: limit(COMPOSE_LIMITS.pageSize),
    }),
    response: z.object({ lists: z.array(composeGroupItem), pagination }),
  }),
  setStock: defineRoute({
    operationId: 'compose.setStock',
    method: 'POST',
    path: '/web/compose/set/stock',
    summary: '调整剩余库存或开放时间（仅限进行中）',
    entity: { field: 'compose_id', of: 'compose-rule' },
    ...access,
    body: composeSetStock,
    response: z.object({ surplus_stock: z.number().int() }),
  }),
};

export const playerComposeRoutes = {
  compose: defineRoute({
    operationId: 'player.compose',
    method: 'POST',
    path: '/player/compose',
    summary: '玩家合成：消耗各合成组所需藏品（销毁），获得目标藏品',
    access: 'public',
    body: z.object({ compose_id: id() }),
    response: z.object({
      record_id: z.number().int(),
      holding_id: z.number().int(),
      collectible_id: z.number().int(),
      destroyed: z.array(z.number().int()),
    }),
  }),
};
