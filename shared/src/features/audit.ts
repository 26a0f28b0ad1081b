import { z } from 'zod';
import { datetime, id, limit, page, pagination } from '../fields.js';
import { defineRoute } from '../route.js';

/** What the audit log records, and the labels the console shows for each field. */
export const AUDIT_ENTITIES = {
  goods: {
    title: '商品',
    fields: {
      ip_id: '品牌',
      title: '商品名称',
      price: '价格',
      goods_num: '备注',
      goods_code: '条码',
      pic: '商品图片',
      is_overseas: '海外商品',
      stock_limit: '库存类型',
      stock: '库存',
      weight: '重量(kg)',
      length: '长(cm)',
      width: '宽(cm)',
      height: '高(cm)',
    },
  },
  gacha: {
    title: '扭蛋商品',
    fields: {
      ip_id: '品牌',
      goods_title: '商品名称',
      price: '零售价',
      cost_price: '成本价',
      stock: '库存',
      cate: '类型',
      pics: '图片',
      video_url: '视频',
      label: '标签',
      channel: '渠道',
      link: '链接',
      code: '编码',
      status: '状态',
      active_ids: '关联活动',
    },
  },
  drawMachine: {
    title: '抽盒机',
    fields: {
      title: '名称',
      off: '状态',
      shelves_time: '发售时间',
      desc: '描述',
      bean: '金币抵扣',
      stock: '库存(箱)',
    },
  },
  kuji: {
    title: '一番赏',
    fields: {
      title: '名称',
      audit_status: '审核状态',
      reason: '驳回原因',
      off: '状态',
      shelves_time: '发售时间',
      desc: '描述',
      bean: '金币抵扣',
      pic: '封面',
      stock: '库存(箱)',
      goods: '赏品',
    },
  },
  pickup: {
    title: '提货单',
    fields: {
      order_sn: '出库单号',
      copy_count: '份数',
      file_url: '面单文件',
      delivery_status: '发货状态',
      express_company: '物流公司',
      express: '物流单号',
      shipped_ids: '已发货商品',
    },
  },
  order: {
    title: '订单',
    fields: {
      order_sn: '订单号',
      is_close: '关闭',
      tran_state: '订单状态',
      logistics_state: '物流状态',
      received_price: '实收金额',
      refund_amount: '退款金额',
      public_remark: '公开备注',
      private_remark: '私密备注',
      express: '物流单号',
      express_company: '物流公司',
      item_ids: '发货商品',
    },
  },
  marketOrder: {
    title: '第三方平台订单',
    fields: {
      order_sn: '平台订单号',
      platform: '平台',
      delivery_status: '发货状态',
      express_company: '物流公司',
      express: '物流单号',
      shipped_goods: '本次发货商品',
    },
  },
  coupon: {
    title: '优惠券',
    fields: {
      ip_id: '品牌',
      title: '名称',
      business_type: '适用业务',
      first_only: '单抽限定',
      coupon_type: '类型',
      full_amount: '满减门槛',
      face_value: '面额/折扣',
      max_face_value: '最大优惠',
      invalid_type: '有效期类型',
      invalid_time: '有效天数',
      start_time: '开始时间',
      end_time: '结束时间',
      total_num: '发放数量',
      limit_num: '每人限领',
      receive_condition: '领取条件',
      need_points: '兑换积分',
    },
  },
  freightTemplate: {
    title: '运费模板',
    fields: { ip_id: '品牌', country: '国家', free_num: '包邮数量', price_us: '美元价格', price_th: '泰铢价格' },
  },
  subscription: {
    title: '订阅申请',
    fields: { status: '状态' },
  },
  scratch: {
    title: '刮刮卡',
    fields: { ip_id: '品牌', title: '刮刮卡名称', total_num: '兑换码总数' },
  },
  toy: {
    title: '欧气精灵/场景',
    fields: {
      ip_id: '品牌',
      type: '类型',
      name: '名称',
      image_url: '图片',
      short: '描述',
      is_box_goods: '心愿星球掉落',
      status: '审核状态',
      remark: '审核备注',
    },
  },
  moment: {
    title: '精彩时刻',
    fields: { ip_id: '品牌', name: '名称', image_url: '图片', short: '描述', status: '审核状态', remark: '审核备注' },
  },
  wallpaper: {
    title: '壁纸',
    fields: { ip_id: '品牌', name: '组件名称', image_url: '组件图', type: '心愿星球掉落', short: '描述' },
  },
  exchangeMethod: {
    title: '兑换方式',
    fields: {
      ip_id: '品牌',
      name: '名称',
      type: '类型',
      pic: '封面图',
      points: '消耗积分',
      relation_order: '关联活动订单',
      relation_order_str: '关联活动',
      doll_str: '组件',
      short: '备注',
      begin_at: '开始时间',
      end_at: '结束时间',
      off: '上下架',
    },
  },
  skin: {
    title: '装扮',
    fields: {
      ip_id: '品牌',
      title: '装扮名称',
      content: '装扮简介',
      font_tone: '字体色值',
      status: '上架状态',
      process_status: '审核状态',
      is_box_goods: '掉落',
    },
  },
  collectible: {
    title: '数字藏品',
    fields: {
      ip_id: '品牌',
      title: '标题',
      type: '类型',
      catalog_id: '合辑',
      stock: '库存',
      copyright_charge: '版税',
      author: '作者',
      pic: '封面图',
    },
  },
  album: {
    title: '数字藏品合辑',
    fields: { ip_id: '品牌', title: '合辑名称', pic: '合辑LOGO', bg_pic: '合辑背景图', content: '合辑介绍' },
  },
  composeRule: {
    title: '合成规则',
    fields: {
      ip_id: '品牌',
      begin_at: '开始时间',
      end_at: '结束时间',
      virtual_type: '合成类型',
      virtual_id: '合成藏品',
      stock: '库存',
      surplus_stock: '剩余库存',
      group_data: '合成组',
    },
  },
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_NAMES = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

export const AUDIT_ACTIONS = {
  create: '新增',
  update: '编辑',
  delete: '删除',
  stock: '修改库存',
  list: '上架',
  delist: '下架',
  invalidate: '失效',
  unbind: '解除活动关联',
  import_create: '导入新增',
  import_update: '导入更新',
  print: '打印面单',
  ship: '发货',
  refund: '退款',
  close: '关闭',
  remark: '备注',
  import_ship: '导入发货',
  approve: '通过',
  reject: '驳回',
  add_codes: '增加兑换码',
  drop: '掉落开关',
  claim: '管理员领取',
  submit: '提交审核',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const auditActionText = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action;

/** One recorded write: who, when, what, and the values before and after (null for create/delete). */
export const auditEntry = z.object({
  id: z.number().int(),
  entity: z.string(),
  entity_id: z.number().int(),
  ip_id: z.number().int().nullable(),
  action: z.string(),
  action_text: z.string(),
  actor: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: datetime(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditRoutes = {
  list: defineRoute({
    operationId: 'audit.list',
    method: 'GET',
    path: '/web/audit/list',
    summary: '操作记录：某条数据的修改历史（最新在前）',
    access: 'session',
    query: z.object({ entity: z.enum(AUDIT_ENTITY_NAMES), id: id(), page: page(), limit: limit(20, 100) }),
    response: z.object({ list: z.array(auditEntry), pagination }),
  }),
};
