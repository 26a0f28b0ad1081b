import { z } from 'zod';
import { datetime, id, wholeNumber } from '../fields.js';
import { messages } from '../messages.js';
import { is, type Rule, ruleTable, withRules } from '../rules.js';
import { raw, text } from './goods.js';

const m = messages.skin;

/** Spec 03 §9: title max 10, intro max 200, 100 images a batch, a preview code lives 10 minutes. */
export const SKIN_LIMITS = {
  titleMax: 10,
  contentMax: 200,
  pageSize: 10,
  batchMax: 100,
  previewSeconds: 600,
  imageMaxBytes: 10 * 1024 * 1024,
  /** The avatar widget's transparent centre (spec 03 §3). */
  avatarCentre: 480,
} as const;

/**
 * Every image of a skin (spec 03 §3 and §5), in the order of the form and of step 0's messages:
 * the wire key, the Chinese name a batch-upload file must carry, its exact pixel size, the message
 * when it is missing, and where it shows in the app (for the form's groups and the preview).
 * `alias` is the other name the spec gives the same image (in its missing-image message), where it
 * differs from `name`: the form shows both, so 请上传首页标签栏背景 leads to 底部标签栏背景.
 */
export const SKIN_IMAGES = [
  { key: 'avatar_widget', name: '头像挂件', width: 600, height: 600, missing: m.avatarWidgetRequired, group: 'brand' },
  { key: 'ip_brand', name: '品牌铭牌', width: 216, height: 216, missing: m.ipBrandRequired, group: 'brand' },
  {
    key: 'index_nav',
    name: '底部标签栏背景',
    alias: '首页标签栏背景',
    width: 2250,
    height: 540,
    missing: m.indexNavRequired,
    group: 'nav',
  },
  {
    key: 'index_label_index',
    name: '首页未选中图标',
    width: 240,
    height: 240,
    missing: m.indexIconRequired,
    group: 'icon',
  },
  {
    key: 'index_label_mall',
    name: '商城未选中图标',
    width: 240,
    height: 240,
    missing: m.mallIconRequired,
    group: 'icon',
  },
  {
    key: 'index_label_message',
    name: '消息未选中图标',
    width: 240,
    height: 240,
    missing: m.messageIconRequired,
    group: 'icon',
  },
  {
    key: 'index_label_user',
    name: '我的未选中图标',
    width: 240,
    height: 240,
    missing: m.userIconRequired,
    group: 'icon',
  },
  {
    key: 'index_label_index_selected',
    name: '首页选中图标',
    width: 240,
    height: 240,
    missing: m.indexIconSelectedRequired,
    group: 'icon',
  },
  {
    key: 'index_label_mall_selected',
    name: '商城选中图标',
    width: 240,
    height: 240,
    missing: m.mallIconSelectedRequired,
    group: 'icon',
  },
  {
    key: 'index_label_message_selected',
    name: '消息选中图标',
    width: 240,
    height: 240,
    missing: m.messageIconSelectedRequired,
    group: 'icon',
  },
  {
    key: 'index_label_user_selected',
    name: '我的选中图标',
    width: 240,
    height: 240,
    missing: m.userIconSelectedRequired,
    group: 'icon',
  },
  {
    key: 'user_background',
    name: '个人背景',
    alias: '我的头部背景',
    width: 2250,
    height: 1920,
    missing: m.userBackgroundRequired,
    group: 'page',
  },
  {
    key: 'club_record_like_popup',
    name: '吸欧气弹窗',
    width: 1800,
    height: 1062,
    missing: m.likePopupRequired,
    group: 'page',
  },
  {
    key: 'active_lucky_lucky_image',
    name: '品牌形象',
    alias: '抽选中奖形象',
    width: 1584,
    height: 720,
    missing: m.luckyImageRequired,
    group: 'page',
  },
  {
    key: 'club_comment_like_popup',
    name: '被赞图片',
    alias: '被赞样式',
    width: 900,
    height: 900,
    missing: m.commentLikeRequired,
    group: 'page',
  },
  {
    key: 'club_record_head_background',
    name: '动态装扮',
    width: 1020,
    height: 330,
    missing: m.recordHeadRequired,
    group: 'page',
  },
  {
    key: 'message_background',
    name: '卡片背景',
    alias: '消息形象',
    width: 2250,
    height: 522,
    missing: m.messageBackgroundRequired,
    group: 'page',
  },
] as const;
export type SkinImageKey = (typeof SKIN_IMAGES)[number]['key'];
export type SkinImage = (typeof SKIN_IMAGES)[number];
export const SKIN_IMAGE_KEYS = SKIN_IMAGES.map((i) => i.key) as [SkinImageKey, ...SkinImageKey[]];
/** 下载样例: the API's zip of one correctly named, correctly sized PNG per slot (no login). */
export const SKIN_SAMPLE_PATH = '/m/skin/sample.zip';
/** The phone page a preview code opens (no login). */
export const SKIN_PREVIEW_PATH = '/m/skin/preview';

/** The eight nav icons (four plain, four selected). */
export const SKIN_NAV_ICONS = SKIN_IMAGES.filter((i) => i.group === 'icon').map((i) => i.key);
/** The picture a list shows for a skin, and the one whose ratio is show_pic_size. */
export const SKIN_SHOW_PIC: SkinImageKey = 'user_background';

/** A slot's other name (its missing-image message's), when it has one. */
export const skinAliasOf = (slot: SkinImage): string | undefined => ('alias' in slot ? slot.alias : undefined);

const baseName = (fileName: string) => fileName.replace(/\.[^.]*$/, '').trim();

/** The slot of a batch-upload file: its name without extension is one of the Chinese names. */
export function skinSlotOfFile(fileName: string): SkinImage | undefined {
  const base = baseName(fileName);
  return SKIN_IMAGES.find((i) => i.name === base);
}

/**
 * Why a batch-upload file's name is refused, or null: no slot of that name; a file named by a
 * slot's other name is told the name to use.
 */
export function skinBatchNameProblem(fileName: string): string | null {
  return skinSlotOfFile(fileName) ? null : unknownName(fileName);
}

/** The refusal of a name no slot carries: a slot's other name is told the name to use. */
function unknownName(fileName: string): string {
  const base = baseName(fileName);
  const slot = SKIN_IMAGES.find((i) => skinAliasOf(i) === base);
  return slot ? m.batchNameAlias(base, slot.name) : m.batchName;
}

/** Why a batch-upload file is refused (name, then size), or null: the console and the API agree. */
export function skinBatchProblem(fileName: string, size: { width: number; height: number }): string | null {
  const slot = skinSlotOfFile(fileName);
  if (!slot) return unknownName(fileName);
  if (size.width !== slot.width || size.height !== slot.height) return m.batchSize(slot.width, slot.height);
  return null;
}

/** width/height rounded to one decimal (spec 03 §3 show_pic_size). */
export const showPicSize = (width: number, height: number) => Math.round((width / height) * 10) / 10;

export const SKIN_STATUS = { onSale: 0, awaiting: 1 } as const;
export const skinStatusText = (s: number) => (s === 0 ? '已上架' : '待上架');
export const SKIN_PROCESS = [
  { value: 0, label: '待审核' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
] as const;
export const skinProcessText = (s: number) => SKIN_PROCESS.find((p) => p.value === s)?.label ?? '-';

/** Spec 03 §4: list/unlist, and the admin claim, only when approved. */
export const canToggleSkin = (s: { process_status: number }) => s.process_status === 1;
/** Spec 03 §2: edit and delete only when awaiting listing and not pending. */
export const canEditSkin = (s: { status: number; process_status: number }) => s.status === 1 && s.process_status !== 0;

const imageShape = Object.fromEntries(SKIN_IMAGE_KEYS.map((k) => [k, z.string()])) as Record<SkinImageKey, z.ZodString>;
export const skinImages = z.object(imageShape);
export type SkinImages = z.infer<typeof skinImages>;

/** A skin as a merchant sees it; `received` is counted from what players hold. */
export const skin = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  title: z.string(),
  content: z.string(),
  show_pic: z.string(),
  show_pic_size: z.number(),
  is_box_goods: z.number().int(),
  font_tone: z.string(),
  /** 0 on sale, 1 awaiting listing. */
  status: z.number().int(),
  /** 0 pending, 1 approved, 2 rejected. */
  process_status: z.number().int(),
  remark: z.string(),
  received: z.number().int(),
  created_at: datetime(),
  ...imageShape,
});
export type Skin = z.infer<typeof skin>;

export const skinDraft = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  /** The skin an edit started from (0: a new skin). */
  skin_id: z.number().int(),
  title: z.string(),
  content: z.string(),
  font_tone: z.string(),
  show_pic: z.string(),
  updated_at: datetime(),
  ...imageShape,
});
export type SkinDraft = z.infer<typeof skinDraft>;

/** The form as the console holds it (every field raw text). */
export type SkinForm = {
  id?: number | string | null;
  draft_id?: number | string | null;
  ip_id?: number | string | null;
  title?: string | null;
  content?: string | null;
  font_tone?: string | null;
} & Partial<Record<SkinImageKey, string | null>>;

const filled = (v: unknown) => is.filled(v);
const FONT_TONE = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Spec 03 §5 "Skin step 0": every image and the font colour, in the order of its messages. */
export const skinImageRules = ruleTable<SkinForm>([
  ...SKIN_IMAGES.slice(0, 2).map(
    (i): Rule<SkinForm> => ({ field: i.key, message: i.missing, ok: (v) => filled(v[i.key]) }),
  ),
  { field: 'font_tone', message: m.fontToneRequired, ok: (v) => filled(v.font_tone) },
  { field: 'font_tone', message: m.fontToneFormat, ok: (v) => FONT_TONE.test(String(v.font_tone).trim()) },
  ...SKIN_IMAGES.slice(2).map(
    (i): Rule<SkinForm> => ({ field: i.key, message: i.missing, ok: (v) => filled(v[i.key]) }),
  ),
]);

/** Spec 03 §5 "Skin step 1": brand, name, then the lengths. */
export const skinSaleRules = ruleTable<SkinForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'title', message: m.titleRequired, ok: (v) => filled(v.title) },
  { field: 'title', message: m.titleTooLong, ok: (v) => is.maxLength(SKIN_LIMITS.titleMax)(v.title) },
  { field: 'content', message: m.contentTooLong, ok: (v) => is.maxLength(SKIN_LIMITS.contentMax)(v.content) },
]);

/** A draft keeps whatever is filled; only the lengths (and a brand, when given) are checked. */
export const skinDraftRules = ruleTable<SkinForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => !filled(v.ip_id) || is.id(v.ip_id) },
  { field: 'title', message: m.titleTooLong, ok: (v) => is.maxLength(SKIN_LIMITS.titleMax)(v.title) },
  { field: 'content', message: m.contentTooLong, ok: (v) => is.maxLength(SKIN_LIMITS.contentMax)(v.content) },
]);

/** Spec 03 §5 "Preview": an image, and either no nav icon or all eight. */
export const skinPreviewRules = ruleTable<SkinForm>([
  { field: 'avatar_widget', message: m.previewNeedsImage, ok: (v) => SKIN_IMAGE_KEYS.some((k) => filled(v[k])) },
  {
    field: 'index_label_index',
    message: m.previewNeedsIcons,
    ok: (v) => SKIN_NAV_ICONS.every((k) => filled(v[k])),
  },
]);

const rawShape = {
  ip_id: raw(),
  title: raw(),
  content: raw(),
  font_tone: raw(),
  ...(Object.fromEntries(SKIN_IMAGE_KEYS.map((k) => [k, raw()])) as Record<SkinImageKey, ReturnType<typeof raw>>),
};
const imagesOf = (v: Record<string, unknown>) =>
  Object.fromEntries(SKIN_IMAGE_KEYS.map((k) => [k, text(v[k])])) as SkinImages;
const formOf = (v: Record<string, unknown>) => ({
  title: text(v.title),
  content: text(v.content),
  font_tone: text(v.font_tone),
  images: imagesOf(v),
});

/** 提交个性定制: the whole form (both steps) plus draft_id; `id` edits a skin. */
export const skinSubmit = withRules(z.object({ ...rawShape, id: raw(), draft_id: raw() }), [
  { field: 'id', message: messages.common.notFound, ok: (v: Partial<SkinForm>) => !filled(v.id) || is.id(v.id) },
  {
    field: 'draft_id',
    message: messages.common.notFound,
    ok: (v: Partial<SkinForm>) => !filled(v.draft_id) || is.id(v.draft_id),
  },
  ...skinImageRules,
  ...skinSaleRules,
] as never).transform((v) => ({
  id: is.id(v.id) ? Number(v.id) : undefined,
  draft_id: is.id(v.draft_id) ? Number(v.draft_id) : undefined,
  ip_id: Number(v.ip_id),
  ...formOf(v),
}));

/** 保存草稿: the whole form as it is; `id` updates a draft, `skin_id` names the skin being edited. */
export const skinSaveDraft = withRules(z.object({ ...rawShape, id: raw(), skin_id: raw(), status: raw() }), [
  { field: 'id', message: messages.common.notFound, ok: (v: Partial<SkinForm>) => !filled(v.id) || is.id(v.id) },
  ...skinDraftRules,
] as never).transform((v) => ({
  id: is.id(v.id) ? Number(v.id) : undefined,
  skin_id: is.id(v.skin_id) ? Number(v.skin_id) : 0,
  ip_id: is.id(v.ip_id) ? Number(v.ip_id) : null,
  ...formOf(v),
}));

/** 微信扫码预览: the spec's page, width, env_version and scene, plus the form being previewed. */
export const skinPreviewQuery = withRules(
  z.object({
    ...rawShape,
    page: z.string().trim().max(200).default('pages/skin/preview'),
    width: wholeNumber().min(280).max(1280).default(430),
    env_version: z.enum(['release', 'trial', 'develop']).default('release'),
    scene: z.string().trim().max(32).default(''),
  }),
  skinPreviewRules as never,
).transform((v) => ({ ...formOf(v), ip_id: is.id(v.ip_id) ? Number(v.ip_id) : null, width: v.width }));

const PHONE = /^1[3-9]\d{9}$/;
/** Spec 03 §5 "Admin claim": an activity and a mainland mobile number. */
export const skinClaimRules = ruleTable<{ id: unknown; active_id: unknown; phone: unknown }>([
  { field: 'active_id', message: m.activeRequired, ok: (v) => is.id(v.active_id) },
  { field: 'phone', message: m.phoneRequired, ok: (v) => filled(v.phone) },
  { field: 'phone', message: m.phoneFormat, ok: (v) => PHONE.test(String(v.phone).trim()) },
]);
export const skinClaim = withRules(
  z.object({ id: id(), active_id: raw(), phone: raw() }),
  skinClaimRules as never,
).transform((v) => ({ id: v.id, active_id: Number(v.active_id), phone: text(v.phone) }));
