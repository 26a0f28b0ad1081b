import { z } from 'zod';
import { datetime, id, limit, optionalId, page, pagination, wholeNumber } from '../fields.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import { SKIN_LIMITS, skin, skinClaim, skinDraft, skinPreviewQuery, skinSaveDraft, skinSubmit } from './skin.js';

/** The calls of brand skins (spec 03 §7 "Skins"), and the platform reviewer's. */
const keyword = z.string().trim().max(100).optional();
const flag = wholeNumber().min(0).max(1);

export const skinRoutes = {
  list: defineRoute({
    operationId: 'skin.list',
    method: 'GET',
    path: '/web/toy/skin/list',
    summary: '装扮列表（按品牌、关键词），附草稿数',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ page: page(), limit: limit(SKIN_LIMITS.pageSize), ip_id: optionalId(), keyword }),
    response: z.object({ list: z.array(skin), draft_num: z.number().int(), pagination }),
  }),
  detail: defineRoute({
    operationId: 'skin.detail',
    method: 'GET',
    path: '/web/toy/skin/detail',
    summary: '装扮详情',
    entity: { field: 'id', of: 'skin' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ id: id() }),
    response: z.object({ info: skin }),
  }),
  drafts: defineRoute({
    operationId: 'skin.drafts',
    method: 'GET',
    path: '/web/toy/skin/draft/list',
    summary: '装扮草稿箱',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({ page: page(), limit: limit(SKIN_LIMITS.pageSize), ip_id: optionalId() }),
    response: z.object({ list: z.array(skinDraft), pagination }),
  }),
  draftDetail: defineRoute({
    operationId: 'skin.draftDetail',
    method: 'GET',
    path: '/web/toy/skin/draft/detail',
    summary: '装扮草稿详情',
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({ id: id() }),
    response: z.object({ info: skinDraft }),
  }),
  saveDraft: defineRoute({
    operationId: 'skin.saveDraft',
    method: 'POST',
    path: '/web/toy/skin/draft/save',
    summary: '保存装扮草稿（整张表单），答草稿 id',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: skinSaveDraft,
    response: z.object({ id: z.number().int() }),
  }),
  deleteDraft: defineRoute({
    operationId: 'skin.deleteDraft',
    method: 'POST',
    path: '/web/toy/skin/draft/delete',
    summary: '删除装扮草稿',
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
  submit: defineRoute({
    operationId: 'skin.submit',
    method: 'POST',
    path: '/web/toy/skin/submit',
    summary: '提交个性定制（新建或编辑装扮，进入待审核；提交后草稿删除）',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: skinSubmit,
    response: z.object({ id: z.number().int() }),
  }),
  setStatus: defineRoute({
    operationId: 'skin.setStatus',
    method: 'POST',
    path: '/web/toy/skin/status',
    summary: '装扮上架（status 0）/下架（status 1），仅审核通过后',
    entity: { field: 'id', of: 'skin' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id(), status: flag }),
    response: z.object({ id: z.number().int(), status: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'skin.delete',
    method: 'POST',
    path: '/web/toy/skin/delete',
    summary: '删除装扮（仅待上架且非待审核、未被领取）',
    entity: { field: 'id', of: 'skin' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
  setDrop: defineRoute({
    operationId: 'skin.setDrop',
    method: 'POST',
    path: '/web/toy/skin/drop',
    summary: '装扮掉落开关（is_box_goods）',
    entity: { field: 'id', of: 'skin' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id(), is_box_goods: flag }),
    response: z.object({ id: z.number().int(), is_box_goods: z.number().int() }),
  }),
  claim: defineRoute({
    operationId: 'skin.claim',
    method: 'POST',
    path: '/web/toy/skin/claim',
    summary: '管理员领取：把已通过的装扮发给手机号对应的玩家（某活动）',
    entity: { field: 'id', of: 'skin' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: skinClaim,
    response: z.object({ id: z.number().int(), player_id: z.number().int() }),
  }),
  previewCode: defineRoute({
    operationId: 'skin.previewCode',
    method: 'GET',
    path: '/web/wm/unlimit',
    summary: '装扮预览码：10 分钟内有效，扫码打开手机预览页',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: skinPreviewQuery,
    response: z.object({ url: z.string(), link: z.string(), expire_time: z.number().int(), expire_at: datetime() }),
  }),
};

const reviewStatus = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  wholeNumber().min(-1).max(2).optional(),
);

/** The platform reviewer's skin decisions (a tab of the review page). */
export const skinReviewRoutes = {
  skinList: defineRoute({
    operationId: 'review.skinList',
    method: 'GET',
    path: '/web/helper/review/skin/list',
    summary: '平台审核：装扮列表（默认待审核，-1 全部）',
    access: 'reviewer',
    query: z.object({ status: reviewStatus.default(0), title: keyword, page: page(), limit: limit(10, 50) }),
    response: z.object({ list: z.array(skin.extend({ submitter: z.string() })), pagination }),
  }),
  skinDecide: defineRoute({
    operationId: 'review.skinDecide',
    method: 'POST',
    path: '/web/helper/review/skin/decide',
    summary: '平台审核：通过或驳回（附原因）装扮',
    access: 'reviewer',
    body: withRules(
      z.object({ id: id(), status: wholeNumber().min(1).max(2), reason: z.string().trim().max(200).default('') }),
      ruleTable<{ status: number | string; reason: string }>([
        {
          field: 'reason',
          message: messages.review.reasonRequired,
          ok: (v) => Number(v.status) !== 2 || is.filled(v.reason),
        },
      ]),
    ),
    response: z.object({ id: z.number().int(), process_status: z.number().int() }),
  }),
};
