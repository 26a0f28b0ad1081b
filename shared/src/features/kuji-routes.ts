import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { id, limit, optionalId, page, pagination, sort, strictNumber, wholeNumber } from '../fields.js';
import { kujiFairnessLog } from '../kuji-draw.js';
import { messages } from '../messages.js';
import { PER_ID } from '../roles.js';
import { defineRoute } from '../route.js';
import { is, ruleTable, withRules } from '../rules.js';
import {
  KUJI_LIMITS,
  KUJI_PAGE_SIZE,
  kujiBoxRow,
  kujiDetail,
  kujiGoodsRow,
  kujiPrizeOut,
  kujiPublishBody,
  kujiRow,
  kujiShelvesRules,
  kujiStockRules,
  kujiUpdateRules,
} from './kuji.js';

/**
 * The calls of 一番赏 (kuji): the merchant's (kujiRoutes), the reviewer's, the player's and the
 * public fairness log. Entities and rule tables are in kuji.ts.
 */

const m = messages.kuji;
const money = z.number();
const binary = () => wholeNumber().min(0).max(1);

const activeQuery = z.object({ active_id: id() });
const goodsTarget = { active_id: id(), goods_id: id() };

export const kujiRoutes = {
  list: defineRoute({
    operationId: 'kuji.list',
    method: 'GET',
    path: '/web/goods/first/list',
    summary: '一番赏列表（品牌、名称），附在售数量',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    query: z.object({
      ip_id: optionalId(),
      title: z.string().trim().max(100).default(''),
      page: page(),
      limit: limit(KUJI_PAGE_SIZE, 100),
      sort: sort(['price', 'sales_price', 'surplus_stock']),
    }),
    response: z.object({
      list: z.array(kujiRow),
      pagination,
      /** Approved kujis on shelf whose sale time has come (players can draw). */
      on_sale: z.number().int(),
      /** Approved kujis on shelf waiting for their sale time. */
      scheduled: z.number().int(),
      /** Approved kujis off shelf (delisted, or never listed). */
      off_shelf: z.number().int(),
    }),
  }),
  publish: defineRoute({
    operationId: 'kuji.publish',
    method: 'POST',
    path: '/web/goods/first/add',
    summary: '提交一番赏发布申请（goods 为 JSON 文本），进入平台审核',
    access: 'box_admin',
    perId: PER_ID.box,
    brand: 'ip_id',
    body: kujiPublishBody,
    response: z.object({ id: z.number().int() }),
  }),
  delete: defineRoute({
    operationId: 'kuji.delete',
    method: 'POST',
    path: '/web/goods/first/delete',
    summary: '删除一番赏（仅待审核）',
    entity: { field: 'id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ id: id() }),
    response: z.null(),
  }),
  info: defineRoute({
    operationId: 'kuji.info',
    method: 'GET',
    path: '/web/goods/first/info',
    summary: '一番赏基础数据',
    entity: { field: 'active_id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: activeQuery,
    response: z.object({ info: kujiDetail }),
  }),
  goods: defineRoute({
    operationId: 'kuji.goods',
    method: 'GET',
    path: '/web/goods/first/goods',
    summary: '一番赏商品数据（每个赏）',
    entity: { field: 'active_id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: activeQuery,
    response: z.object({ list: z.array(kujiGoodsRow) }),
  }),
  boxes: defineRoute({
    operationId: 'kuji.boxes',
    method: 'GET',
    path: '/web/goods/first/best',
    summary: '一番赏箱数据（每箱各赏剩余）',
    entity: { field: 'active_id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    query: activeQuery,
    response: z.object({ best: z.array(kujiBoxRow) }),
  }),
  update: defineRoute({
    operationId: 'kuji.update',
    method: 'POST',
    path: '/web/goods/first/update',
    summary:
      '修改一番赏：上架/下架 {id, off}；发售时间 {id, shelves_time}（需先下架）；描述 {id, desc}；金币 {id, is_bean, bean}；封面 {id, pic}',
    entity: { field: 'id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: withRules(
      z.object({
        id: id(),
        off: wholeNumber().min(0).max(1).optional(),
        shelves_time: z.string().trim().optional(),
        desc: z.string().trim().optional(),
        is_bean: binary().optional(),
        bean: z
          .preprocess((v) => (v === '' || v === null ? 0 : v), strictNumber().min(0).max(KUJI_LIMITS.priceMax))
          .optional(),
        pic: z.string().trim().max(500).optional(),
      }),
      kujiUpdateRules,
    ),
    response: kujiRow,
  }),
  stock: defineRoute({
    operationId: 'kuji.stock',
    method: 'POST',
    path: '/web/goods/first/stock',
    summary: '调整箱数：type 1 增加（新箱用新承诺的种子生成），type 2 减少（仅未开抽的箱）',
    entity: { field: 'active_id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: withRules(
      z.object({ active_id: id(), type: wholeNumber(), stock: wholeNumber().min(0).max(KUJI_LIMITS.boxesMax) }),
      kujiStockRules,
    ),
    response: z.object({ stock: z.number().int(), can_num: z.number().int() }),
  }),
  setLucky: defineRoute({
    operationId: 'kuji.setLucky',
    method: 'POST',
    path: '/web/goods/first/lucky',
    summary: '设置大奖开关（同一商品占多个赏时不可设置）',
    entity: { field: 'active_id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ ...goodsTarget, is_lucky: binary() }),
    response: kujiGoodsRow,
  }),
  setPrice: defineRoute({
    operationId: 'kuji.setPrice',
    method: 'POST',
    path: '/web/goods/first/price',
    summary: '设置赏品价格（元）',
    entity: { field: 'active_id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: z.object({ ...goodsTarget, price: strictNumber().positive(m.rowPriceRequired).max(KUJI_LIMITS.priceMax) }),
    response: kujiGoodsRow,
  }),
  setShelves: defineRoute({
    operationId: 'kuji.setShelves',
    method: 'POST',
    path: '/web/goods/first/shelves',
    summary: '设置现货/预售及说明',
    entity: { field: 'active_id', of: 'kuji' },
    access: 'box_admin',
    perId: PER_ID.box,
    body: withRules(
      z.object({ ...goodsTarget, is_shelves: binary(), shelves: z.string().trim().max(500).default('') }),
      kujiShelvesRules,
    ),
    response: kujiGoodsRow,
  }),
  brandSearch: defineRoute({
    operationId: 'kuji.brandSearch',
    method: 'GET',
    path: '/web/goods/first/ips',
    summary: '发布一番赏可选品牌（本商户的品牌），附是否签约商家',
    access: 'box_admin',
    perId: PER_ID.box,
    query: z.object({
      title: z.string().trim().max(100).default(''),
      is_template: strictNumber().int().min(0).max(1).default(1),
      status: strictNumber().int().min(0).max(9).optional(),
      page: page(),
      limit: limit(LIMITS.brandAutocompleteLimit, 100),
    }),
    response: z.object({
      ips: z.array(z.object({ id: z.number().int(), title: z.string(), pic: z.string() })),
      /** Whether the merchant is signed (may publish official kuji for OFFICIAL_KUJI_BRAND_ID). */
      is_signed: z.number().int(),
    }),
  }),
};

const reviewStatus = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : v),
  wholeNumber().min(-1).max(3).optional(),
);

/** The platform reviewer's kuji decisions (the same review page as blind-box records). */
export const kujiReviewRoutes = {
  kujiList: defineRoute({
    operationId: 'review.kujiList',
    method: 'GET',
    path: '/web/helper/review/first/list',
    summary: '平台审核：一番赏列表（默认待审核）',
    access: 'reviewer',
    query: z.object({
      status: reviewStatus.default(0),
      title: z.string().trim().max(100).default(''),
      page: page(),
      limit: limit(LIMITS.listPageSize, 50),
    }),
    response: z.object({
      list: z.array(kujiRow.extend({ goods: z.array(kujiPrizeOut), submitter: z.string() })),
      pagination,
    }),
  }),
  kujiDecide: defineRoute({
    operationId: 'review.kujiDecide',
    method: 'POST',
    path: '/web/helper/review/first/decide',
    summary: '平台审核：通过一番赏（生成各箱赏票，生成中 audit_status 3）或驳回（附原因）',
    access: 'reviewer',
    body: withRules(
      z.object({
        id: id(),
        status: wholeNumber().min(1).max(2),
        reason: z.string().trim().max(KUJI_LIMITS.rejectReasonMax).default(''),
      }),
      ruleTable<{ status: number | string; reason: string }>([
        {
          field: 'reason',
          message: messages.review.reasonRequired,
          ok: (v) => Number(v.status) !== 2 || is.filled(v.reason),
        },
      ]),
    ),
    response: z.object({ id: z.number().int(), audit_status: z.number().int() }),
  }),
};

/** A kuji as players see it, with the boxes they can draw from. */
export const playerKuji = z.object({
  id: z.number().int(),
  ip_id: z.number().int(),
  title: z.string(),
  pic: z.string(),
  price: money,
  bean: money,
  seed_hash: z.string(),
  boxes: z.array(z.object({ box_no: z.number().int(), remaining: z.number().int(), tickets: z.number().int() })),
  goods: z.array(
    z.object({ level: z.number().int(), goods_title: z.string(), goods_pic: z.string(), stock: z.number().int() }),
  ),
});

export const kujiTicket = z.object({
  box_no: z.number().int(),
  position: z.number().int(),
  level: z.number().int(),
  goods_title: z.string(),
  goods_pic: z.string(),
  deposit_id: z.number().int(),
});
/** A prize given on top of the tickets: Last (the box's last ticket) or a global prize Wn. */
export const kujiPrize = z.object({
  kind: z.enum(['last', 'global']),
  level: z.number().int(),
  box_no: z.number().int(),
  /** The winning ticket's position. */
  position: z.number().int(),
  player_id: z.number().int(),
  goods_title: z.string(),
  deposit_id: z.number().int(),
});

export const playerKujiRoutes = {
  kujis: defineRoute({
    operationId: 'player.kujis',
    method: 'GET',
    path: '/player/kuji/list',
    summary: '在售一番赏（已上架、已到发售时间）及各箱剩余',
    access: 'public',
    query: z.object({ ip_id: optionalId() }),
    response: z.object({ list: z.array(playerKuji) }),
  }),
  kujiDraw: defineRoute({
    operationId: 'player.kujiDraw',
    method: 'POST',
    path: '/player/kuji/draw',
    summary: '一番赏抽赏：从一箱按种子顺序取 num 张赏票，生成活动类型14的已支付订单，奖品进入盒柜',
    access: 'public',
    body: z.object({
      active_id: id(),
      box_no: wholeNumber().min(1).max(1_000_000),
      num: wholeNumber().min(1).max(KUJI_LIMITS.drawMax).default(1),
      use_bean: strictNumber().int().min(0).max(1).default(1),
    }),
    response: z.object({
      order_sn: z.string(),
      /** Yuan: list price of the tickets, coins deducted, paid. */
      price: money,
      bean: money,
      paid: money,
      tickets: z.array(kujiTicket),
      /** Last and global prizes this draw completed (they may go to other players' tickets). */
      awards: z.array(kujiPrize),
    }),
  }),
};

/** The public log (kuji-draw.ts kujiFairnessLog) with the kuji and the boxes a reduction removed. */
export const kujiPublicLog = kujiFairnessLog.extend({
  active_id: z.number().int(),
  title: z.string(),
  /** Box numbers removed by a stock reduction (never drawn from). */
  removed_boxes: z.array(z.number().int()),
});
export type KujiPublicLog = z.infer<typeof kujiPublicLog>;

export const kujiFairnessRoutes = {
  kujiLog: defineRoute({
    operationId: 'fairness.kujiLog',
    method: 'GET',
    path: '/public/kuji/fairness',
    summary: '公示：一番赏的种子哈希、售罄后揭示的种子、各赏与抽赏记录链（无需登录）',
    access: 'public',
    signed: false,
    query: activeQuery,
    response: kujiPublicLog,
  }),
};
