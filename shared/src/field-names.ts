import type { z } from 'zod';

/**
 * The Chinese name of every request field a merchant or caller can get wrong, by wire name: a
 * message that is not the spec's own (a bound, a format) names the field with it, so an answer
 * reads 每页条数不能大于200 rather than 参数 limit 不正确. shared/test/field-names.test.ts walks every
 * declared route and fails when a field has no name here.
 */
export const FIELD_NAMES: Record<string, string> = {
  action: '操作类型',
  active_id: '活动',
  active_name: '活动名称',
  active_title: '活动名称',
  active_type: '活动类型',
  activity_type: '活动类型',
  add_stock: '库存方式',
  address: '详细地址',
  agreement: '发行协议',
  amount: '金额',
  area: '区县',
  author: '作者',
  avatar: '头像',
  batch_id: '批次',
  bg_pic: '合辑背景图',
  bean: '金币抵扣金额',
  begin_at: '开始时间',
  box_no: '箱号',
  box_num: '售卖库存',
  box_sign: '盒机分配',
  business_type: '业务类型',
  buy_num: '购买数量',
  catalog_id: '数字藏品合辑',
  cate: '类型',
  channel: '渠道',
  channel_id: '渠道',
  child_ids: '商品',
  city: '城市',
  code: '编码',
  color: '背景色',
  confirm: '确认',
  confirm_password: '确认密码',
  coord: '合成坐标',
  copy_count: '份数',
  copyright_charge: '版税',
  cost_price: '成本价',
  cost_type: '消耗方式',
  country: '国家',
  coupon_id: '优惠券',
  coupon_type: '优惠券类型',
  current_stock_limit: '当前库存类型',
  date: '日期',
  delivery_status: '发货状态',
  delivery_time: '预计发货时间',
  deposit_ids: '寄存商品',
  desc: '描述',
  doll_str: '组件',
  easy: '精简列表',
  email: '邮箱',
  end_at: '结束时间',
  end_time: '结束时间',
  entity: '记录类型',
  err_award_content: '猜错奖励',
  err_award_type: '猜错奖励类型',
  excharge_pers: '透视卡所需积分',
  excharge_propmt: '提示卡所需积分',
  express: '物流单号',
  express_company: '物流公司',
  face_value: '面额',
  file: '文件',
  file_type: '文件类型',
  file_url: '文件地址',
  first_only: '仅限首单',
  free_days: '可寄存天数',
  free_num: '包邮数量',
  freight: '运费',
  full_amount: '满减门槛',
  groups: '图片分组',
  goods: '商品',
  goods_code: '条码',
  goods_content: '藏品介绍',
  goods_id: '商品',
  goods_ids: '商品',
  goods_ip_id: '盲盒品牌',
  goods_name: '商品名称',
  goods_num: '备注',
  goods_pic: '商品图片',
  goods_title: '商品名称',
  height: '高度',
  hide_id: '隐藏款',
  hide_stock: '隐藏款库存',
  id: 'ID',
  ids: '数字藏品',
  ig_id: '商品',
  image_url: '图片',
  image_url_source: '原图',
  image_url_watermark: '水印图',
  images: '组件图',
  invalid_time: '有效期',
  invalid_type: '有效期类型',
  ip_id: '品牌',
  ip_ids: '品牌',
  is_bean: '金币抵扣',
  is_box_goods: '心愿星球掉落',
  is_lucky: '大奖',
  is_official: '官方一番赏',
  is_overseas: '海外售卖',
  is_pre_sale: '预售',
  is_shelves: '上架状态',
  is_template: '模板',
  item_ids: '商品',
  items: '商品',
  job_id: '任务',
  keyword: '关键词',
  kind: '物品类型',
  label: '标签',
  last_id: '起始记录',
  length: '长度',
  limit: '每页条数',
  limit_num: '每人限领',
  limit_stock: '单箱多少套盒',
  link: '链接',
  main_pic: '整盒头卡图',
  max_face_value: '最大优惠金额',
  max_size: '文件大小上限',
  min_height: '最小高度',
  min_width: '最小宽度',
  name: '名称',
  need_page: '是否分页',
  need_points: '兑换消耗积分',
  new_password: '新密码',
  nickname: '昵称',
  no: '单号',
  no_type: '单号类型',
  num: '数量',
  nums: '数量',
  off: '上架状态',
  official_price: '官方售价',
  old_password: '旧密码',
  one_box_pic: '单盒盒卡图',
  one_pack_pic: '单盒包装图',
  order_code: '订单号',
  order_id: '订单',
  order_sn: '订单号',
  orders: '订单',
  p: '密码',
  page: '页码',
  page_source: '来源页面',
  password: '密码',
  pay_sn: '支付单号',
  per_id: '权限',
  pers_card: '透视卡',
  phone: '手机号',
  pic: '图片',
  pic_desc: '详情图',
  pics: '图片',
  platform: '平台',
  points: '消耗积分',
  pre_sale: '预售',
  price: '价格',
  price_th: '泰铢价格',
  price_us: '美元价格',
  private_remark: '商家备注',
  prompt_card: '提示卡',
  province: '省份',
  public_remark: '备注',
  query_sign: '查询签名',
  reason: '原因',
  receive_condition: '领取条件',
  receiver: '收货人',
  refund_amount: '退款金额',
  relation_order: '关联活动订单',
  relation_order_str: '关联活动',
  remark: '备注',
  series_title: '系列名称',
  service_charge: '服务费',
  shelves: '说明',
  shelves_time: '发售时间',
  shop_time: '官方发售时间',
  short: '描述',
  sign: '导出标识',
  since: '上次查看时间',
  since_id: '起始记录',
  sku_id: '商品ID',
  start_time: '开始时间',
  state: '状态',
  status: '状态',
  stock: '库存',
  stock_limit: '库存类型',
  stock_num: '库存数量',
  suc_award_content: '猜对奖励',
  suc_award_type: '猜对奖励类型',
  t: '令牌',
  temp_title: '模板名称',
  template_id: '盲盒',
  template_log_id: '抽盒机',
  template_title: '盲盒名称',
  title: '名称',
  to_ship: '仅看待发货',
  token: '令牌',
  top_pic: '橱窗主图',
  total_num: '发放数量',
  trade_no: '支付流水号',
  type: '类型',
  u: '用户名',
  unit_price: '取回运费',
  url: '文件地址',
  use_bean: '金币抵扣',
  user_keyword: '用户',
  username: '用户名',
  video_url: '视频',
  wechat_id: '微信号',
  weight: '重量',
  width: '宽度',
  wrap: '包装',
  avatar_widget: '头像挂件',
  ip_brand: '品牌铭牌',
  index_nav: '底部标签栏背景',
  index_label_index: '首页未选中图标',
  index_label_mall: '商城未选中图标',
  index_label_message: '消息未选中图标',
  index_label_user: '我的未选中图标',
  index_label_index_selected: '首页选中图标',
  index_label_mall_selected: '商城选中图标',
  index_label_message_selected: '消息选中图标',
  index_label_user_selected: '我的选中图标',
  user_background: '个人背景',
  club_record_like_popup: '吸欧气弹窗',
  active_lucky_lucky_image: '品牌形象',
  club_comment_like_popup: '被赞图片',
  club_record_head_background: '动态装扮',
  message_background: '卡片背景',
  font_tone: '字体色值',
  content: '装扮简介',
  draft_id: '草稿',
  skin_id: '装扮',
  process_status: '审核状态',
  env_version: '版本',
  scene: '场景值',
  group_id: '合成组',
  group_data: '合成组',
  available: '可用库存',
  virtual_type: '合成类型',
  virtual_id: '合成藏品',
  compose_id: '合成规则',
  shop_id: '店铺ID',
  sort: '排序',
};

/** The name of the field at `path` (its last named key: `goods.0.price` is 价格), or null. */
export function fieldName(path: readonly PropertyKey[]): string | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'string') return FIELD_NAMES[key] ?? null;
  }
  return null;
}

type Issue = z.core.$ZodIssue;

/** The type zod's message says it received (`…实际接收 undefined`, `…received undefined`). */
const receivedOf = (issue: Issue) => /(?:实际接收|received)\s*(\S+)$/.exec(issue.message)?.[1] ?? '';

/** What is wrong with a value, in a merchant's words, for a check the schema did not word itself. */
export function issueReason(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      // The input itself is on the issue only when asked for; zod's message names what it got.
      const got = 'input' in issue ? String(issue.input === null ? 'null' : typeof issue.input) : receivedOf(issue);
      if (got === 'undefined' || got === 'null') return '不可为空';
      if (issue.expected === 'int' && got === 'number') return '须为整数';
      if (issue.expected === 'number' || issue.expected === 'int') return '须为数字';
      if (issue.expected === 'array') return '须为列表';
      if (issue.expected === 'string') return '须为文字';
      return '格式不正确';
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? '不可为空' : `至少${min}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? '不可为空' : `至少${min}个`;
      return issue.inclusive === false ? `须大于${min}` : `不能小于${min}`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `不能超过${max}个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多${max}个`;
      return issue.inclusive === false ? `须小于${max}` : `不能大于${max}`;
    }
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? '须为整数' : '格式不正确';
    case 'invalid_value':
      return '不是可选的值';
    case 'invalid_format':
      return issue.format === 'email' ? '格式不正确，请输入邮箱' : '格式不正确';
    case 'unrecognized_keys':
      return '不是可用的字段';
    default:
      return '不正确';
  }
}

/**
 * Messages that do not say which field they are about, and how to say them with its name: a rule
 * or refinement may use them (the id rule's 请求参数错误, wholeNumber's 请输入整数), the answer never
 * shows them bare when the field is known.
 */
export const BARE_MESSAGES: Record<string, string> = {
  不可为空: '不可为空',
  请求参数错误: '不正确',
  请输入整数: '须为整数',
};

/** `message` with the name of the field at `path` when it needs one (see BARE_MESSAGES). */
export function withFieldName(message: string, path: readonly PropertyKey[]): string {
  const reason = BARE_MESSAGES[message];
  const name = fieldName(path);
  return reason !== undefined && name ? `${name}${reason}` : message;
}
