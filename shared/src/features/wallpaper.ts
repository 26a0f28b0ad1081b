import { z } from 'zod';
import { datetime, id, limit, optionalId, page, pagination } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { raw, rawList, text } from './goods.js';

const m = messages.wallpaper;

/** Spec 03 §5 and §9: 600×600 images, at most 5 an upload, description at most 200. */
export const WALLPAPER_LIMITS = {
  width: 600,
  height: 600,
  imagesMax: 5,
  nameMax: 10,
  shortMax: 200,
  pageSize: 10,
} as const;

/** `type`: 1 may not drop on the wishing planet, 2 may drop (spec 03 §3). */
export const WALLPAPER_TYPES = [
  { value: 1, label: '不允许心愿星球掉落' },
  { value: 2, label: '允许心愿星球掉落' },
] as const;
export const WALLPAPER_DROP_TYPE = 2;

/** A wallpaper (spec 03 §3); `received` counts the players' receipts of it. */
export const wallpaper = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  name: z.string(),
  image_url: z.string(),
  pic: z.string(),
  pc_pic: z.string(),
  short: z.string(),
  type: z.number().int(),
  received: z.number().int(),
  created_at: datetime(),
});
export type Wallpaper = z.infer<typeof wallpaper>;

export interface WallpaperForm {
  ip_id?: number | string;
  name: string;
  images: string[];
  type?: number | string | null;
  short?: string;
}

/** Spec 03 §5 "Wallpaper", in order: brand, name, image(s), then the drop type and the description. */
export const wallpaperRules = ruleTable<WallpaperForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'name', message: m.nameRequired, ok: (v) => is.filled(v.name) },
  { field: 'name', message: m.nameTooLong, ok: (v) => is.maxLength(WALLPAPER_LIMITS.nameMax)(v.name) },
  {
    field: 'images',
    message: m.imageRequired,
    ok: (v) => Array.isArray(v.images) && v.images.length > 0 && v.images.every((x) => is.filled(x)),
  },
  { field: 'images', message: m.tooManyImages, ok: (v) => (v.images ?? []).length <= WALLPAPER_LIMITS.imagesMax },
  {
    field: 'type',
    message: m.typeRequired,
    ok: (v) => v.type === 1 || v.type === 2 || v.type === '1' || v.type === '2',
  },
  { field: 'short', message: m.shortTooLong, ok: (v) => is.maxLength(WALLPAPER_LIMITS.shortMax)(v.short) },
]);

export const wallpaperCreate = withRules(
  z.object({ ip_id: raw(), name: raw(), images: rawList(), type: raw(), short: raw() }),
  wallpaperRules as never,
).transform((v) => ({
  ip_id: Number(v.ip_id),
  name: text(v.name),
  images: (v.images as unknown[]).map((x) => String(x).trim()),
  type: Number(v.type),
  short: text(v.short),
}));

export const wallpaperRoutes = {
  list: defineRoute({
    operationId: 'wallpaper.list',
    method: 'GET',
    path: '/web/toy/wallpaper/list',
    summary: '壁纸列表（按品牌、类型、名称）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      page: page(),
      limit: limit(WALLPAPER_LIMITS.pageSize),
      ip_id: optionalId(),
      type: z.coerce.number().int().min(1).max(2).optional(),
      name: z.string().trim().max(200).optional(),
    }),
    response: z.object({ lists: z.array(wallpaper), pagination }),
  }),
  create: defineRoute({
    operationId: 'wallpaper.create',
    method: 'POST',
    path: '/web/toy/wallpaper/create',
    summary: '上传壁纸：每张 600×600 图片一个壁纸，一次最多 5 张',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: wallpaperCreate,
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  delete: defineRoute({
    operationId: 'wallpaper.delete',
    method: 'POST',
    path: '/web/toy/wallpaper/delete',
    summary: '删除壁纸（无玩家获得时）',
    entity: { field: 'id', of: 'wallpaper' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
};
