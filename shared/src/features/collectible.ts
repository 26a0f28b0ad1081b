import { z } from 'zod';
import { datetime, id, limit, optionalId, page, pagination, sort } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { albumAssignment } from './album.js';
import { idList, raw, rawList, text } from './goods.js';

const m = messages.collectible;

/** Spec 03 §9: page size 10, royalty 0%-45%, 9 detail images, 1000 images in a multi upload. */
export const COLLECTIBLE_LIMITS = {
  pageSize: 10,
  titleMax: 30,
  royaltyMax: 45,
  detailMax: 9,
  multiMax: 1000,
  authorMax: 30,
  contentMax: 2000,
} as const;

/** `type`: 1 a single image or 3D model, 2 multiple images, 3 composed images (spec 03 §3). */
export const COLLECTIBLE_TYPES = [
  { value: 1, label: '单图/3D模型' },
  { value: 2, label: '多图藏品' },
  { value: 3, label: '合成图藏品' },
] as const;

/** `file_type`: 1 image, 2 glb model. */
export const COLLECTIBLE_FILE_TYPES = { image: 1, model: 2 } as const;

/** A row of the collectible list (spec 03 §3 "Listing fields"). */
export const collectibleRow = z.object({
  id: z.number().int(),
  title: z.string(),
  pic: z.string(),
  stock: z.number().int(),
  residue_stock: z.number().int(),
  catalog_id: z.number().int().nullable(),
  catalog: z.object({ title: z.string() }).nullable(),
  type: z.number().int(),
  file_type: z.number().int(),
  ip_id: z.number().int(),
  ip_title: z.string(),
  created_at: datetime(),
});
export type CollectibleRow = z.infer<typeof collectibleRow>;

/** A sub-item: title name#index, its file and hash (the mint), stock, and coord for a composed image. */
export const collectibleItem = z.object({
  id: z.number().int(),
  serial: z.number().int(),
  title: z.string(),
  pic: z.string(),
  file_path: z.string(),
  file_hash: z.string(),
  stock: z.number().int(),
  residue_stock: z.number().int(),
  coord: z.string(),
  file_type: z.number().int(),
});
export type CollectibleItem = z.infer<typeof collectibleItem>;

export const collectibleDetail = collectibleRow.extend({
  pic_desc: z.array(z.string()),
  author: z.string(),
  copyright_charge: z.number().int(),
  goods_content: z.string(),
  items: z.array(collectibleItem),
});
export type CollectibleDetail = z.infer<typeof collectibleDetail>;

export interface CollectibleItemForm {
  pic?: string;
  title?: string;
  stock?: number | string;
  coord?: string;
}

export interface CollectibleForm {
  ip_id?: number | string;
  type?: number | string;
  title?: string;
  stock?: number | string;
  copyright_charge?: number | string;
  author?: string;
  catalog_id?: number | string | null;
  file?: string;
  pic?: string;
  items?: CollectibleItemForm[];
  pic_desc?: string[];
  goods_content?: string;
  agreement?: boolean | number | string;
}

const typeOf = (v: Partial<CollectibleForm>) => Number(v.type);
const itemsOf = (v: Partial<CollectibleForm>): CollectibleItemForm[] =>
  Array.isArray(v.items) ? v.items.filter((x) => x && typeof x === 'object') : [];
const positiveInt = (v: unknown) => is.number(v) && Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 1e8;
const agreed = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Spec 03 §5 "Digital collectible", in order: brand, title, stock, royalty, the file(s), the agreement. */
export const collectibleRules = ruleTable<CollectibleForm>([
  { field: 'ip_id', message: m.brandRequired, ok: (v) => is.id(v.ip_id) },
  { field: 'title', message: m.titleRequired, ok: (v) => is.filled(v.title) },
  { field: 'title', message: m.titleTooLong, ok: (v) => is.maxLength(COLLECTIBLE_LIMITS.titleMax)(v.title) },
  {
    field: 'stock',
    message: m.stockRequired,
    ok: (v) => (typeOf(v) === 1 ? is.filled(v.stock) : typeOf(v) !== 2 || itemsOf(v).every((x) => is.filled(x.stock))),
  },
  {
    field: 'stock',
    message: m.stockInteger,
    ok: (v) =>
      typeOf(v) === 1 ? positiveInt(v.stock) : typeOf(v) !== 2 || itemsOf(v).every((x) => positiveInt(x.stock)),
  },
  { field: 'copyright_charge', message: m.royaltyRequired, ok: (v) => is.filled(v.copyright_charge) },
  {
    field: 'copyright_charge',
    message: m.royaltyRange,
    ok: (v) =>
      is.number(v.copyright_charge) &&
      Number.isInteger(Number(v.copyright_charge)) &&
      Number(v.copyright_charge) >= 0 &&
      Number(v.copyright_charge) <= COLLECTIBLE_LIMITS.royaltyMax,
  },
  {
    field: 'file',
    message: m.fileRequired,
    ok: (v) =>
      typeOf(v) === 1
        ? is.filled(v.file)
        : itemsOf(v).length > 0 && itemsOf(v).every((x) => typeof x.pic === 'string' && is.filled(x.pic)),
  },
  { field: 'items', message: m.tooManyItems, ok: (v) => itemsOf(v).length <= COLLECTIBLE_LIMITS.multiMax },
  { field: 'agreement', message: m.agreementRequired, ok: (v) => agreed(v.agreement) },
  {
    field: 'pic_desc',
    message: m.tooManyDetails,
    ok: (v) => !Array.isArray(v.pic_desc) || v.pic_desc.length <= COLLECTIBLE_LIMITS.detailMax,
  },
  { field: 'author', message: m.authorTooLong, ok: (v) => is.maxLength(COLLECTIBLE_LIMITS.authorMax)(v.author) },
  {
    field: 'goods_content',
    message: m.contentTooLong,
    ok: (v) => is.maxLength(COLLECTIBLE_LIMITS.contentMax)(v.goods_content),
  },
  { field: 'type', message: messages.common.badRequest, ok: (v) => [1, 2, 3].includes(typeOf(v)) },
]);

const itemInput = z.object({ pic: raw(), title: raw(), stock: raw(), coord: raw() }).passthrough();

export const collectibleCreate = withRules(
  z.object({
    ip_id: raw(),
    type: raw(),
    title: raw(),
    stock: raw(),
    copyright_charge: raw(),
    author: raw(),
    catalog_id: raw(),
    file: raw(),
    pic: raw(),
    items: z
      .array(itemInput)
      .max(COLLECTIBLE_LIMITS.multiMax * 2)
      .nullable()
      .optional(),
    pic_desc: rawList(),
    goods_content: raw(),
    agreement: z.union([z.boolean(), z.string(), z.number()]).nullable().optional(),
  }),
  collectibleRules as never,
).transform((v) => {
  const type = Number(v.type) as 1 | 2 | 3;
  const items = (v.items ?? []).map((x) => ({
    pic: text(x.pic),
    title: text(x.title),
    stock: type === 3 ? 1 : Number(x.stock),
    coord: type === 3 ? text(x.coord) : '',
  }));
  const picDesc = Array.isArray(v.pic_desc) ? v.pic_desc : [];
  return {
    ip_id: Number(v.ip_id),
    type,
    title: text(v.title),
    stock: type === 1 ? Number(v.stock) : 0,
    copyright_charge: Number(v.copyright_charge),
    author: text(v.author),
    catalog_id: is.id(v.catalog_id) ? Number(v.catalog_id) : null,
    file: type === 1 ? text(v.file) : '',
    pic: text(v.pic),
    items: type === 1 ? [] : items,
    pic_desc: picDesc.map((x) => String(x).trim()).filter(Boolean),
    goods_content: text(v.goods_content),
    agreement: true as const,
  };
});
export type CollectibleCreate = z.output<typeof collectibleCreate>;

export const collectibleRoutes = {
  list: defineRoute({
    operationId: 'collectible.list',
    method: 'GET',
    path: '/web/helper/seller/virtual/goods/index',
    summary: '数字藏品列表（按品牌、合辑、标题）',
    access: 'nft_admin',
    perId: PER_ID.nft,
    brand: 'ip_id',
    query: z.object({
      page: page(),
      limit: limit(COLLECTIBLE_LIMITS.pageSize),
      ip_id: optionalId(),
      catalog_id: optionalId(),
      title: z.string().trim().max(200).optional(),
      sort: sort(['created_at', 'stock', 'residue_stock']),
    }),
    response: z.object({ list: z.array(collectibleRow), pagination }),
  }),
  detail: defineRoute({
    operationId: 'collectible.detail',
    method: 'GET',
    path: '/web/helper/seller/virtual/goods/detail',
    summary: '数字藏品详情（含子藏品、文件哈希）',
    entity: { field: 'id', of: 'collectible' },
    access: 'nft_admin',
    perId: PER_ID.nft,
    query: z.object({ id: id() }),
    response: z.object({ info: collectibleDetail }),
  }),
  create: defineRoute({
    operationId: 'collectible.create',
    method: 'POST',
    path: '/web/helper/seller/virtual/goods/add',
    summary: '创建数字藏品（1 单图/3D模型，2 多图，3 合成图），记录每个文件的 sha256',
    access: 'nft_admin',
    perId: PER_ID.nft,
    brand: 'ip_id',
    body: collectibleCreate,
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'collectible.delete',
    method: 'POST',
    path: '/web/helper/seller/virtual/goods/del',
    summary: '删除数字藏品（ids 逗号分隔；已有玩家持有的不可删除）',
    access: 'nft_admin',
    perId: PER_ID.nft,
    body: z.object({ ids: idList(m.deleteNoneSelected) }),
    response: z.null(),
  }),
  setAlbum: defineRoute({
    operationId: 'collectible.setAlbum',
    method: 'POST',
    path: '/web/helper/seller/virtual/goods/set/catalog',
    summary: '设置数字藏品合辑（goods_ids 逗号分隔或数组）',
    access: 'nft_admin',
    perId: PER_ID.nft,
    body: albumAssignment(m.setNoneSelected),
    response: z.null(),
  }),
};

/** A copy a player holds. */
export const playerCollectible = z.object({
  holding_id: z.number().int(),
  collectible_id: z.number().int(),
  title: z.string(),
  item_title: z.string(),
  token_no: z.number().int(),
  pic: z.string(),
  created_at: datetime(),
});
export type PlayerCollectible = z.infer<typeof playerCollectible>;

export const playerCollectibleRoutes = {
  buyCollectible: defineRoute({
    operationId: 'player.buyCollectible',
    method: 'POST',
    path: '/player/collectible/buy',
    summary: '玩家购买数字藏品：铸造一份（售罄时 数字藏品已售罄）',
    access: 'public',
    body: z.object({ id: id() }),
    response: playerCollectible,
  }),
  collectibles: defineRoute({
    operationId: 'player.collectibles',
    method: 'GET',
    path: '/player/collectibles',
    summary: '玩家持有的数字藏品',
    access: 'public',
    response: z.object({ list: z.array(playerCollectible) }),
  }),
};
