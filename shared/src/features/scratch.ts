import { z } from 'zod';
import { datetime, id, limit, optionalId, page, pagination } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { ACTIVITY_RELATION_TYPES } from './exchange-method.js';
import { raw, text } from './goods.js';

const m = messages.scratch;

/** Spec 03 §9: a title of at most 10 characters, at most 10000 codes a card. */
export const SCRATCH_LIMITS = { titleMax: 10, stockMax: 10_000, pageSize: 10, codeLength: 16 } as const;
/** The console polls a code download this often (spec 03 §7). */
export const SCRATCH_EXPORT_POLL_MS = 2000;

/**
 * A scratch card (spec 03 §3): `total_num` codes issued, `used_num` redeemed (counted from the
 * redemption records), `refused_num` redemptions refused because the code was already used.
 */
export const scratchCard = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  title: z.string(),
  total_num: z.number().int(),
  used_num: z.number().int(),
  remaining: z.number().int(),
  refused_num: z.number().int(),
  created_at: datetime(),
  /** 0 = not linked to an activity: only then may it be edited, topped up or deleted. */
  active_id: z.number().int(),
  /** The linked activity's type (SCRATCH_ACTIVITY_TYPES: 1 抽盒机, 5 一番赏); 0 when not linked. */
  active_type: z.number().int(),
  active_title: z.string(),
  active_pic: z.string(),
});
export type ScratchCard = z.infer<typeof scratchCard>;

export interface ScratchForm {
  id?: number | string;
  ip_id?: number | string;
  title: string;
  stock?: number | string | null;
}
export interface ScratchAddForm {
  id: number | string;
  num: number | string | null;
}

const filled = (v: unknown) => is.filled(v);
const whole = (v: unknown) => is.number(v) && Number.isInteger(Number(v));
const isCreate = (v: Partial<ScratchForm>) => !is.id(v.id);

/** Spec 03 §5 "Scratch card", in order: brand (on create), title, then stock (on create). */
export const scratchRules = ruleTable<ScratchForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => !isCreate(v) || is.id(v.ip_id) },
  { field: 'title', message: m.titleRequired, ok: (v) => filled(v.title) },
  { field: 'title', message: m.titleTooLong, ok: (v) => is.maxLength(SCRATCH_LIMITS.titleMax)(v.title) },
  { field: 'stock', message: m.stockRequired, ok: (v) => !isCreate(v) || filled(v.stock) },
  { field: 'stock', message: m.stockInteger, ok: (v) => !isCreate(v) || whole(v.stock) },
  { field: 'stock', message: m.stockPositive, ok: (v) => !isCreate(v) || Number(v.stock) > 0 },
  { field: 'stock', message: m.stockTooHigh, ok: (v) => !isCreate(v) || Number(v.stock) <= SCRATCH_LIMITS.stockMax },
]);

/** Spec 03 §5: adding codes needs a nonzero number; the card then holds at most 10000. */
export const scratchAddRules = ruleTable<ScratchAddForm>([
  { field: 'num', message: m.numRequired, ok: (v) => filled(v.num) && Number(v.num) !== 0 },
  { field: 'num', message: m.numInteger, ok: (v) => whole(v.num) },
  { field: 'num', message: m.numRequired, ok: (v) => Number(v.num) > 0 },
  { field: 'num', message: m.numTooHigh, ok: (v) => Number(v.num) <= SCRATCH_LIMITS.stockMax },
]);

export const scratchCreate = withRules(
  z.object({ ip_id: raw(), title: raw(), stock: raw() }),
  scratchRules as never,
).transform((v) => ({ ip_id: Number(v.ip_id), title: text(v.title), stock: Number(v.stock) }));

export const scratchUpdate = withRules(z.object({ id: raw(), title: raw() }), [
  { field: 'id', message: messages.common.notFound, ok: (v: Partial<ScratchForm>) => is.id(v.id) },
  ...scratchRules,
]).transform((v) => ({ id: Number(v.id), title: text(v.title) }));

export const scratchAddCodes = withRules(z.object({ id: raw(), num: raw() }), [
  { field: 'id', message: messages.common.notFound, ok: (v: Partial<ScratchAddForm>) => is.id(v.id) },
  ...scratchAddRules,
]).transform((v) => ({ id: Number(v.id), num: Number(v.num) }));

/** What a card may be linked to: one of its brand's draw machines or kujis (the activities that sell). */
export const SCRATCH_ACTIVITY_TYPES = ACTIVITY_RELATION_TYPES.filter((t) => t.key === 'lucky' || t.key === 'shop');
const linkableType = (v: unknown) => SCRATCH_ACTIVITY_TYPES.some((t) => String(t.value) === String(v));

export const scratchLink = withRules(z.object({ id: raw(), active_type: raw(), active_id: raw() }), [
  { field: 'id', message: messages.common.notFound, ok: (v: Record<string, unknown>) => is.id(v.id) },
  {
    field: 'active_type',
    message: m.activityRequired,
    ok: (v: Record<string, unknown>) => linkableType(v.active_type),
  },
  { field: 'active_id', message: m.activityRequired, ok: (v: Record<string, unknown>) => is.id(v.active_id) },
]).transform((v) => ({ id: Number(v.id), active_type: Number(v.active_type), active_id: Number(v.active_id) }));

/** A code download as its owner follows it: progress, then the xlsx. */
export const scratchExportStatus = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed']),
  now_num: z.number().int(),
  total_num: z.number().int(),
  url: z.string().nullable(),
  msg: z.string().nullable(),
});

/** What a player types: letters and digits, spaces and dashes ignored, case ignored. */
export const normalizeScratchCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const scratchRoutes = {
  list: defineRoute({
    operationId: 'scratch.list',
    method: 'GET',
    path: '/web/qrCode/qrCode/list',
    summary: '刮刮卡列表（按品牌、名称、活动名称）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      page: page(),
      limit: limit(SCRATCH_LIMITS.pageSize),
      ip_id: optionalId(),
      title: z.string().trim().max(200).optional(),
      active_title: z.string().trim().max(200).optional(),
    }),
    response: z.object({ lists: z.array(scratchCard), pagination }),
  }),
  create: defineRoute({
    operationId: 'scratch.create',
    method: 'POST',
    path: '/web/qrCode/qrCode/create',
    summary: '新建刮刮卡：生成 stock 个兑换码',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: scratchCreate,
    response: z.object({ id: z.number().int() }),
  }),
  update: defineRoute({
    operationId: 'scratch.update',
    method: 'POST',
    path: '/web/qrCode/qrCode/update',
    summary: '编辑刮刮卡名称（仅未关联活动时）',
    entity: { field: 'id', of: 'scratch' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: scratchUpdate,
    response: z.object({ id: z.number().int() }),
  }),
  addCodes: defineRoute({
    operationId: 'scratch.addCodes',
    method: 'POST',
    path: '/web/qrCode/qrCode/addCode',
    summary: '增加兑换码（仅未关联活动时）',
    entity: { field: 'id', of: 'scratch' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: scratchAddCodes,
    response: z.object({ total_num: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'scratch.delete',
    method: 'POST',
    path: '/web/qrCode/qrCode/delete',
    summary: '删除刮刮卡（仅未关联活动时）',
    entity: { field: 'id', of: 'scratch' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
  link: defineRoute({
    operationId: 'scratch.link',
    method: 'POST',
    path: '/web/qrCode/qrCode/link',
    summary: '关联活动：本品牌的抽盒机（1）或一番赏（5）；关联后不可编辑、增加兑换码或删除',
    entity: { field: 'id', of: 'scratch' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: scratchLink,
    response: scratchCard,
  }),
  unlink: defineRoute({
    operationId: 'scratch.unlink',
    method: 'POST',
    path: '/web/qrCode/qrCode/unlink',
    summary: '解除关联活动',
    entity: { field: 'id', of: 'scratch' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: scratchCard,
  }),
  codesExport: defineRoute({
    operationId: 'scratch.codesExport',
    method: 'POST',
    path: '/web/qrCode/qrCode/codeExport',
    summary: '下载兑换码：开始一个后台任务，答 sign',
    entity: { field: 'id', of: 'scratch' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id(), page: page().optional(), limit: limit(SCRATCH_LIMITS.stockMax, 100_000).optional() }),
    response: z.object({ sign: z.string(), total_num: z.number().int() }),
  }),
  codesExportStatus: defineRoute({
    operationId: 'scratch.codesExportStatus',
    method: 'GET',
    path: '/web/qrCode/qrCode/codeExportStatus',
    summary: '兑换码下载进度；完成后答 xlsx 的 url',
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({
      sign: z
        .string()
        .trim()
        .regex(/^[0-9a-f]{32}$/, messages.scratch.exportNotFound),
    }),
    response: scratchExportStatus,
  }),
  activityQr: defineRoute({
    operationId: 'scratch.activityQr',
    method: 'GET',
    path: '/web/qrCode/qrCode/activityQr',
    summary: '活动二维码（PNG）；未生成时 qrcode 为空',
    entity: { field: 'id', of: 'scratch' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ id: id() }),
    response: z.object({ info: z.object({ qrcode: z.string().nullable(), link: z.string() }) }),
  }),
};

export const playerScratchRoutes = {
  redeemScratch: defineRoute({
    operationId: 'player.redeemScratch',
    method: 'POST',
    path: '/player/scratch/redeem',
    summary: '玩家兑换刮刮卡兑换码（每个码只可兑换一次）',
    access: 'public',
    body: z.object({ code: z.string().max(64, messages.scratch.codeWrong) }),
    response: z.object({ card_id: z.number().int(), title: z.string(), ip_id: z.number().int() }),
  }),
};
