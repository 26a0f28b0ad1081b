import { z } from 'zod';
import { id, limit, optionalId, page, pagination, strictNumber } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID, type PermissionId, type Role } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { idList, idOrUndefined, idRule, raw, rawList, text } from './goods.js';

const m = messages.album;
const c = messages.collectible;

/** Spec 03 §5 "Album create" and §9: the logo 600×600, the background 1400×600, 12 cards a page. */
export const ALBUM_LIMITS = {
  logo: { width: 600, height: 600 },
  background: { width: 1400, height: 600 },
  titleMax: 20,
  contentMax: 200,
  pageSize: 12,
} as const;

/**
 * An album's counts, all derived: `goods_num` its collectibles, `stock_num` their total stock,
 * `surplus_stock_num` what remains of it, `stock` the copies already issued (stock_num − surplus).
 */
export const albumData = z.object({
  goods_num: z.number().int(),
  stock_num: z.number().int(),
  surplus_stock_num: z.number().int(),
  stock: z.number().int(),
});

/** An album (spec 03 §3): `pic` and `bg_pic` are URLs of the uploads. */
export const album = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  title: z.string(),
  pic: z.string(),
  bg_pic: z.string(),
  content: z.string(),
  like_num: z.number().int(),
  data: albumData,
});
export type Album = z.infer<typeof album>;

/** What `easy=1` lists: enough for a select. */
export const albumOption = z.object({ id: z.number().int(), title: z.string() });
export type AlbumOption = z.infer<typeof albumOption>;

/**
 * 设置合辑 of collectibles, coupons or gacha goods (spec 03 §7 set/catalog, spec 02 §7, spec 01 §5):
 * the album first (请选择数字藏品合辑), then the rows (`goods_ids`, comma-separated or an array).
 */
export const albumAssignment = (noneSelected: string) =>
  withRules(
    z.object({ goods_ids: rawList(), catalog_id: raw() }),
    ruleTable<{ goods_ids: unknown; catalog_id: unknown }>([
      { field: 'catalog_id', message: c.albumRequired, ok: (v) => is.id(v.catalog_id) },
    ]) as never,
  ).transform((v, ctx) => {
    const parsed = idList(noneSelected).safeParse(v.goods_ids ?? '');
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: noneSelected, path: ['goods_ids'] });
      return z.NEVER;
    }
    return { goods_ids: parsed.data, catalog_id: Number(v.catalog_id) };
  });

/** The albums a screen outside the collectibles may choose from (its own role), as select options. */
export const albumOptionsRoute = <const Op extends `${string}.${string}`>(
  operationId: Op,
  path: string,
  access: Role,
  perId: PermissionId,
) =>
  defineRoute({
    operationId,
    method: 'GET',
    path,
    summary: '可选的数字藏品合辑（id、标题）',
    access,
    perId,
    brand: 'ip_id',
    query: z.object({ ip_id: optionalId() }),
    response: z.object({ list: z.array(albumOption) }),
  });

export interface AlbumForm {
  id?: number | string;
  ip_id?: number | string;
  title: string;
  pic: string;
  bg_pic: string;
  content?: string;
}

/** Spec 03 §5 "Album create", in order: brand, name, logo, background (an id given must be one; then the lengths). */
export const albumRules = ruleTable<AlbumForm>([
  idRule<AlbumForm>(),
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'title', message: m.titleRequired, ok: (v) => is.filled(v.title) },
  { field: 'title', message: m.titleTooLong, ok: (v) => is.maxLength(ALBUM_LIMITS.titleMax)(v.title) },
  { field: 'pic', message: m.logoRequired, ok: (v) => is.filled(v.pic) },
  { field: 'bg_pic', message: m.bgRequired, ok: (v) => is.filled(v.bg_pic) },
  { field: 'content', message: m.contentTooLong, ok: (v) => is.maxLength(ALBUM_LIMITS.contentMax)(v.content) },
]);

export const albumSave = withRules(
  z.object({ id: raw(), ip_id: raw(), title: raw(), pic: raw(), bg_pic: raw(), content: raw() }),
  albumRules as never,
).transform((v) => ({
  id: idOrUndefined(v.id),
  ip_id: Number(v.ip_id),
  title: text(v.title),
  pic: text(v.pic),
  bg_pic: text(v.bg_pic),
  content: text(v.content),
}));

/** `0` or `1` in a query (need_page, easy). */
const flag = (def: 0 | 1) => strictNumber().int().min(0).max(1).default(def);

export const albumRoutes = {
  list: defineRoute({
    operationId: 'album.list',
    method: 'GET',
    path: '/web/helper/seller/catalog/index',
    summary: '数字藏品合辑列表（need_page=0 全部，easy=1 仅 id/标题）',
    access: 'nft_admin',
    perId: PER_ID.nft,
    brand: 'ip_id',
    query: z.object({
      ip_id: optionalId(),
      need_page: flag(1),
      easy: flag(0),
      page: page(),
      limit: limit(ALBUM_LIMITS.pageSize),
    }),
    response: z.object({ list: z.array(z.union([album, albumOption])), pagination }),
  }),
  save: defineRoute({
    operationId: 'album.save',
    method: 'POST',
    path: '/web/helper/seller/catalog/add',
    summary: '创建或编辑数字藏品合辑（带 id 为编辑；LOGO 600×600，背景图 1400×600）',
    entity: { field: 'id', of: 'album' },
    access: 'nft_admin',
    perId: PER_ID.nft,
    brand: 'ip_id',
    body: albumSave,
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'album.delete',
    method: 'POST',
    path: '/web/helper/seller/catalog/del',
    summary: '删除数字藏品合辑（合辑内的藏品移出合辑）',
    entity: { field: 'id', of: 'album' },
    access: 'nft_admin',
    perId: PER_ID.nft,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
};

export const playerAlbumRoutes = {
  likeAlbum: defineRoute({
    operationId: 'player.likeAlbum',
    method: 'POST',
    path: '/player/album/like',
    summary: '玩家点赞数字藏品合辑（每人一次）',
    access: 'public',
    body: z.object({ id: id() }),
    response: z.object({ like_num: z.number().int() }),
  }),
};

/** Spec 03 §9 "Compose images": at most 5 groups of 20 images, at most 1001 combinations, PNG out. */
export const COMPOSE_IMAGE_LIMITS = {
  groupsMax: 5,
  imagesMax: 20,
  combosMax: 1001,
  /** Thumbnails shown on a group's card. */
  thumbs: 4,
  /** Results shown a page. */
  pageSize: 20,
} as const;

/**
 * What one compose job may cost, refused before it is queued: the pixels of all its results
 * (combinations × width × height) and the bytes it composites (each result reads one image of every
 * group, so this is also about what its PNGs and zip weigh). 1001 results of 2 megapixels fit.
 */
export const COMPOSE_IMAGE_BUDGET = {
  maxPixels: 2_100_000_000,
  maxBytes: 4_000_000_000,
} as const;

/**
 * The budget's message for a job of `combos` results of `pixels` each compositing `bytes` in all, or
 * null within it (pixels first).
 */
export function composeBudgetFailure(combos: number, pixels: number, bytes: number): string | null {
  const yi = (n: number) => String(Math.round(n / 1e7) / 10);
  const gb = (n: number) => String(Math.round(n / 1e8) / 10);
  const total = combos * pixels;
  if (total > COMPOSE_IMAGE_BUDGET.maxPixels)
    return c.composeTooManyPixels(yi(total), yi(COMPOSE_IMAGE_BUDGET.maxPixels));
  if (bytes > COMPOSE_IMAGE_BUDGET.maxBytes) return c.composeTooManyBytes(gb(bytes), gb(COMPOSE_IMAGE_BUDGET.maxBytes));
  return null;
}

/** The number of composed images: one per pick of an image in each group. */
export const comboCount = (groups: readonly (readonly unknown[])[]) =>
  groups.length === 0 ? 0 : groups.reduce((n, g) => n * g.length, 1);

export interface ComposeImagesForm {
  ip_id?: number | string;
  groups: string[][];
}

const groupsOf = (v: Partial<ComposeImagesForm>) => (Array.isArray(v.groups) ? v.groups : []);
const firstEmpty = (v: Partial<ComposeImagesForm>) =>
  groupsOf(v).findIndex((g) => !Array.isArray(g) || g.length === 0 || !g.every((x) => is.filled(x)));

/** The request's shape, in order: brand, at least one group, at most 5 groups, at most 20 images a group. */
export const composeImagesShapeRules = ruleTable<ComposeImagesForm>([
  { field: 'ip_id', message: c.brandRequired, ok: (v) => is.id(v.ip_id) },
  {
    field: 'groups',
    message: c.groupImagesRequired(1),
    ok: (v) => Array.isArray(v.groups) && v.groups.length > 0,
  },
  { field: 'groups', message: c.tooManyGroups, ok: (v) => groupsOf(v).length <= COMPOSE_IMAGE_LIMITS.groupsMax },
  {
    field: 'groups',
    message: c.tooManyLayers,
    ok: (v) => groupsOf(v).every((g) => !Array.isArray(g) || g.length <= COMPOSE_IMAGE_LIMITS.imagesMax),
  },
]);

/**
 * After the pixel sizes are known to agree (图片尺寸不统一，请修改后重新上传, checked on the files): every
 * group has images (请上传第N组图片, the first empty one), then at most 1001 combinations.
 */
export const composeImagesRules = ruleTable<ComposeImagesForm>([
  {
    field: 'groups',
    message: c.groupImagesRequired(1),
    ok: (v) => firstEmpty(v) === -1,
    detail: (v) => c.groupImagesRequired(firstEmpty(v) + 1),
  },
  {
    field: 'groups',
    message: c.tooManyCombos(COMPOSE_IMAGE_LIMITS.combosMax + 1),
    ok: (v) => comboCount(groupsOf(v)) <= COMPOSE_IMAGE_LIMITS.combosMax,
    detail: (v) => c.tooManyCombos(comboCount(groupsOf(v))),
  },
]);

export const composeImagesBody = withRules(
  z.object({ ip_id: raw(), groups: z.unknown().optional() }),
  composeImagesShapeRules as never,
).transform((v) => ({
  ip_id: Number(v.ip_id),
  groups: (v.groups as unknown[][]).map((g) => (Array.isArray(g) ? g.map((x) => text(x)) : [])),
}));

/** One composed image: its upload key and URL, and the 1-based pick in each group ("1-3-2"). */
export const composedImage = z.object({ key: z.string(), url: z.string(), coord: z.string() });
export type ComposedImage = z.infer<typeof composedImage>;

export const composedImageRoutes = {
  composeImages: defineRoute({
    operationId: 'collectible.composeImages',
    method: 'POST',
    path: '/web/helper/seller/virtual/goods/compose-images',
    summary: '生成合成图片：每组选一张逐层叠加（第一组在最下层），后台任务，进度用 job.status 查询',
    access: 'nft_admin',
    perId: PER_ID.nft,
    brand: 'ip_id',
    body: composeImagesBody,
    response: z.object({ job_id: z.number().int(), total_num: z.number().int() }),
  }),
  composedImages: defineRoute({
    operationId: 'collectible.composedImages',
    method: 'GET',
    path: '/web/helper/seller/virtual/goods/compose-images/result',
    summary: '合成图片的结果：每张图片（按组合顺序）与压缩包地址',
    access: 'nft_admin',
    perId: PER_ID.nft,
    query: z.object({ job_id: id() }),
    response: z.object({ items: z.array(composedImage), zip_url: z.string() }),
  }),
};
