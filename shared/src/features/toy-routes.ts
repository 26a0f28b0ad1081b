import { z } from 'zod';
import { id, limit, optionalId, page, pagination, wholeNumber } from '../fields.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { momentRow, momentSave, TOY_LIMITS, toyDecide, toyRow, toySave, toySummary, virtualGood } from './toy.js';

const name = () => z.string().trim().max(100).optional();
const statusFilter = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  wholeNumber().min(-1).max(2).optional(),
);
const toyType = z.preprocess(
  (v) => (v === '' || v === undefined || v === null || v === '0' || v === 0 ? undefined : v),
  wholeNumber().min(1).max(2).optional(),
);

/** Wish-planet toys and scenes (spec 03 §2 /toy/list, §7 "Toys and scenes"), box_admin, per_id 14. */
export const toyRoutes = {
  list: defineRoute({
    operationId: 'toy.list',
    method: 'GET',
    path: '/web/helper/doll/list',
    summary: '欧气精灵/场景列表（按品牌、类型、名称）；res.doll、res.pic 为精灵与场景数',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      page: page(),
      limit: limit(TOY_LIMITS.pageSize),
      ip_id: optionalId(),
      type: toyType,
      name: name(),
    }),
    response: z.object({ lists: z.array(toyRow), res: toySummary, pagination }),
  }),
  save: defineRoute({
    operationId: 'toy.save',
    method: 'POST',
    path: '/web/helper/doll/save',
    summary: '新建或编辑欧气精灵/场景（编辑仅限已驳回；提交后待审核）',
    entity: { field: 'id', of: 'toy' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: toySave,
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'toy.delete',
    method: 'POST',
    path: '/web/helper/doll/del',
    summary: '删除欧气精灵/场景（仅无人获得且不在审核中）',
    entity: { field: 'id', of: 'toy' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
  setDrop: defineRoute({
    operationId: 'toy.setDrop',
    method: 'POST',
    path: '/web/helper/doll/setBoxGoods',
    summary: '心愿星球掉落开关（审核中不可设置）',
    entity: { field: 'id', of: 'toy' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id(), is_box_goods: wholeNumber().min(0).max(1) }),
    response: z.object({ id: z.number().int(), is_box_goods: z.number().int() }),
  }),
};

/** Highlight moments (spec 03 §2 /toy/album, §7), box_admin, per_id 14. */
export const momentRoutes = {
  list: defineRoute({
    operationId: 'moment.list',
    method: 'GET',
    path: '/web/helper/moment/list',
    summary: '精彩时刻列表（按品牌、名称）；res.doll、res.pic 为精灵与场景数',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ page: page(), limit: limit(TOY_LIMITS.pageSize), ip_id: optionalId(), name: name() }),
    response: z.object({ lists: z.array(momentRow), res: toySummary, pagination }),
  }),
  prepare: defineRoute({
    operationId: 'moment.prepare',
    method: 'POST',
    path: '/web/helper/moment/prepare',
    summary: '为上传的精彩时刻图片生成原图与品牌水印图（保存前须完成）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: z.object({ ip_id: id(), image_url: z.string().trim().min(1).max(1000) }),
    response: z.object({ image_url: z.string(), image_url_source: z.string(), image_url_watermark: z.string() }),
  }),
  save: defineRoute({
    operationId: 'moment.save',
    method: 'POST',
    path: '/web/helper/moment/save',
    summary: '新建或编辑精彩时刻（编辑仅限已驳回；提交后待审核）',
    entity: { field: 'id', of: 'moment' },
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: momentSave,
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'moment.delete',
    method: 'POST',
    path: '/web/helper/moment/del',
    summary: '删除精彩时刻（仅无人获得且不在审核中）',
    entity: { field: 'id', of: 'moment' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
};

const reviewQuery = z.object({
  status: statusFilter.default(0),
  name: z.string().trim().max(100).default(''),
  page: page(),
  limit: limit(TOY_LIMITS.pageSize, 50),
});
const submitter = { submitter: z.string() };

/** The platform reviewer's decisions on toys, scenes and moments (the same page as kuji). */
export const toyReviewRoutes = {
  toyList: defineRoute({
    operationId: 'review.toyList',
    method: 'GET',
    path: '/web/helper/review/doll/list',
    summary: '平台审核：欧气精灵/场景列表（默认待审核）',
    access: 'reviewer',
    query: reviewQuery,
    response: z.object({ list: z.array(toyRow.extend(submitter)), pagination }),
  }),
  toyDecide: defineRoute({
    operationId: 'review.toyDecide',
    method: 'POST',
    path: '/web/helper/review/doll/decide',
    summary: '平台审核：通过或驳回欧气精灵/场景（驳回附备注，商家在列表可见）',
    access: 'reviewer',
    body: toyDecide,
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
  momentList: defineRoute({
    operationId: 'review.momentList',
    method: 'GET',
    path: '/web/helper/review/moment/list',
    summary: '平台审核：精彩时刻列表（默认待审核）',
    access: 'reviewer',
    query: reviewQuery,
    response: z.object({ list: z.array(momentRow.extend(submitter)), pagination }),
  }),
  momentDecide: defineRoute({
    operationId: 'review.momentDecide',
    method: 'POST',
    path: '/web/helper/review/moment/decide',
    summary: '平台审核：通过或驳回精彩时刻（驳回附备注，商家在列表可见）',
    access: 'reviewer',
    body: toyDecide,
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
};

export const playerToyRoutes = {
  virtualGoods: defineRoute({
    operationId: 'player.virtualGoods',
    method: 'GET',
    path: '/player/virtual/goods',
    summary: '玩家已获得的虚拟物品（欧气精灵、场景、精彩时刻…），按获得时间倒序',
    access: 'public',
    query: z.object({
      kind: z.string().trim().max(20).optional(),
      ip_id: optionalId(),
      page: page(),
      limit: limit(20, 100),
    }),
    response: z.object({ list: z.array(virtualGood), pagination }),
  }),
};
