import { z } from 'zod';
import { datetime } from '../fields.js';
import { messages } from '../messages.js';
import { is, ruleTable, withRules } from '../rules.js';
import { raw, text } from './goods.js';

const m = messages.toy;

/** Spec 03 §9: names of at most 10 characters, descriptions of at most 200, pages of 10. */
export const TOY_LIMITS = { nameMax: 10, shortMax: 200, pageSize: 10, remarkMax: 200 } as const;

/** Toy or scene `type` (spec 03 §3): 1 luck sprite (欧气精灵), 2 scene (场景). */
export const TOY_TYPES = [
  { value: 1, label: '欧气精灵' },
  { value: 2, label: '场景' },
] as const;
export const toyTypeText = (type: number) => TOY_TYPES.find((t) => t.value === type)?.label ?? '-';

/** Picture rules (spec 03 §5): a toy is a 720×960 transparent GIF, a scene 1500×2600 png/jpg/gif. */
export const TOY_PICTURES = {
  1: { width: 720, height: 960, mimes: ['image/gif'], hint: '720x960px 透明背景 GIF 动图（3:4）' },
  2: { width: 1500, height: 2600, mimes: ['image/png', 'image/jpeg', 'image/gif'], hint: '1500x2600px png/jpg/gif' },
} as const;

/** Spec 03 §5: the recommended sizes of a highlight moment's picture. */
export const MOMENT_SIZES = ['1200x800', '900x1200', '1200x1200'] as const;
export const MOMENT_HINT = `建议尺寸 ${MOMENT_SIZES.join('、')}，不要透明背景、二维码或水印`;

/** Review state of toys, scenes and moments (spec 03 §4): 0 pending, 1 approved, 2 rejected. */
export const TOY_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

/** Spec 03 §4: only a rejected item is edited; delete needs no receipts and a decided review. */
export const canEditToy = (row: { status: number }) => row.status === TOY_STATUS.rejected;
export const canDeleteToy = (row: { status: number; received: number }) =>
  row.received === 0 && row.status !== TOY_STATUS.pending;

export const toyRow = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  type: z.number().int(),
  name: z.string(),
  image_url: z.string(),
  short: z.string(),
  is_box_goods: z.number().int(),
  /** Counted from the players' receipts, never stored. */
  received: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  created_at: datetime(),
});
export type ToyRow = z.infer<typeof toyRow>;

export const momentRow = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  name: z.string(),
  image_url: z.string(),
  image_url_source: z.string(),
  image_url_watermark: z.string(),
  short: z.string(),
  received: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  created_at: datetime(),
});
export type MomentRow = z.infer<typeof momentRow>;

/** The summary counts every list carries (spec 03 §7): toys (`doll`) and scenes (`pic`). */
export const toySummary = z.object({ doll: z.number().int(), pic: z.number().int() });

export interface ToyForm {
  id?: number | string | null;
  ip_id?: number | string | null;
  type?: number | string | null;
  name?: string | null;
  image_url?: string | null;
  short?: string | null;
  is_box_goods?: number | string | null;
}

export interface MomentForm {
  id?: number | string | null;
  ip_id?: number | string | null;
  name?: string | null;
  image_url?: string | null;
  image_url_source?: string | null;
  image_url_watermark?: string | null;
  short?: string | null;
}

const filled = (v: unknown) => is.filled(v);
const isCreate = (v: { id?: unknown }) => !is.id(v.id);
const isGif = (url: unknown) => /\.gif($|\?)/i.test(String(url ?? ''));
const idOk = { field: 'id' as const, message: messages.common.badRequest };

/** Spec 03 §5 "Toy or scene", in order. The API also checks the stored upload is a GIF. */
export const toyRules = ruleTable<ToyForm>([
  { ...idOk, ok: (v) => !filled(v.id) || String(v.id) === '0' || is.id(v.id) },
  { field: 'ip_id', message: m.brandRequired, ok: (v) => !isCreate(v) || is.id(v.ip_id) },
  { field: 'type', message: m.typeRequired, ok: (v) => !isCreate(v) || ['1', '2'].includes(String(v.type)) },
  { field: 'name', message: m.nameRequired, ok: (v) => filled(v.name) },
  { field: 'name', message: m.nameTooLong, ok: (v) => is.maxLength(TOY_LIMITS.nameMax)(v.name) },
  { field: 'image_url', message: m.toyImageRequired, ok: (v) => String(v.type) === '2' || filled(v.image_url) },
  { field: 'image_url', message: m.sceneImageRequired, ok: (v) => String(v.type) !== '2' || filled(v.image_url) },
  { field: 'image_url', message: m.toyGifOnly, ok: (v) => String(v.type) === '2' || isGif(v.image_url) },
  { field: 'short', message: m.shortTooLong, ok: (v) => is.maxLength(TOY_LIMITS.shortMax)(v.short) },
]);

/** Spec 03 §5 "Highlight moment", in order. */
export const momentRules = ruleTable<MomentForm>([
  { ...idOk, ok: (v) => !filled(v.id) || String(v.id) === '0' || is.id(v.id) },
  { field: 'ip_id', message: m.brandRequired, ok: (v) => !isCreate(v) || is.id(v.ip_id) },
  { field: 'name', message: m.nameRequired, ok: (v) => filled(v.name) },
  { field: 'name', message: m.nameTooLong, ok: (v) => is.maxLength(TOY_LIMITS.nameMax)(v.name) },
  { field: 'image_url', message: m.momentImageRequired, ok: (v) => filled(v.image_url) },
  {
    field: 'image_url',
    message: m.momentImageNotReady,
    ok: (v) => filled(v.image_url_source) && filled(v.image_url_watermark),
  },
  { field: 'short', message: m.momentShortRequired, ok: (v) => filled(v.short) },
  { field: 'short', message: m.momentShortTooLong, ok: (v) => is.maxLength(TOY_LIMITS.shortMax)(v.short) },
]);

const idOf = (v: unknown) => (is.id(v) ? Number(v) : null);

export const toySave = withRules(
  z.object({
    id: raw(),
    ip_id: raw(),
    type: raw(),
    name: raw(),
    image_url: raw(),
    short: raw(),
    is_box_goods: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  }),
  toyRules as never,
).transform((v) => ({
  id: idOf(v.id),
  ip_id: idOf(v.ip_id),
  type: Number(v.type) === 2 ? 2 : 1,
  name: text(v.name),
  image_url: text(v.image_url),
  short: text(v.short),
  is_box_goods: Number(v.is_box_goods ?? 0) === 1 ? 1 : 0,
}));

export const momentSave = withRules(
  z.object({
    id: raw(),
    ip_id: raw(),
    name: raw(),
    image_url: raw(),
    image_url_source: raw(),
    image_url_watermark: raw(),
    short: raw(),
  }),
  momentRules as never,
).transform((v) => ({
  id: idOf(v.id),
  ip_id: idOf(v.ip_id),
  name: text(v.name),
  image_url: text(v.image_url),
  image_url_source: text(v.image_url_source),
  image_url_watermark: text(v.image_url_watermark),
  short: text(v.short),
}));

/** The reviewer's decision (like the kuji's): approve, or reject with the remark the merchant reads. */
export const toyDecide = withRules(
  z.object({ id: raw(), status: raw(), remark: raw() }),
  ruleTable<{ id: unknown; status: unknown; remark: unknown }>([
    { field: 'id', message: messages.common.notFound, ok: (v) => is.id(v.id) },
    { field: 'status', message: messages.review.statusRequired, ok: (v) => ['1', '2'].includes(String(v.status)) },
    { field: 'remark', message: m.remarkRequired, ok: (v) => String(v.status) !== '2' || filled(v.remark) },
    { field: 'remark', message: m.remarkTooLong, ok: (v) => is.maxLength(TOY_LIMITS.remarkMax)(v.remark) },
  ]) as never,
).transform((v) => ({
  id: Number(v.id),
  status: Number(v.status) as 1 | 2,
  remark: Number(v.status) === 2 ? text(v.remark) : '',
}));

/** What a player holds of the virtual goods (player.virtualGoods). */
export const virtualGood = z.object({
  kind: z.string(),
  item_id: z.number().int(),
  ip_id: z.number().int(),
  name: z.string(),
  /** Toys and scenes: the picture; moments: the watermarked version. */
  image_url: z.string(),
  /** 1 toy, 2 scene; 0 for a moment. */
  type: z.number().int(),
  source: z.string(),
  source_id: z.number().int(),
  created_at: datetime(),
});
export type VirtualGood = z.infer<typeof virtualGood>;
