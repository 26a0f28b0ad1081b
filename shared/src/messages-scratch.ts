/**
 * The messages of scratch cards (spec 03 §5 "Scratch card", §7), part of the one catalogue
 * (`messages.scratch`). The spec's own strings are exact; the rest are written in its style.
 */
export const scratchMessages = {
  brandRequired: '请选择品牌',
  titleRequired: '请输入刮刮卡名称',
  titleTooLong: '刮刮卡名称不能超过10个字符',
  stockRequired: '请输入库存',
  stockInteger: '库存须为整数',
  stockPositive: '库存须大于0',
  stockTooHigh: '库存不能超过10000',
  numRequired: '请输入要增加的兑换码数量',
  numInteger: '兑换码数量须为整数',
  numTooHigh: '增加后兑换码总数不能超过10000',
  linked: '刮刮卡已关联活动，不可操作',
  activityRequired: '请选择关联活动',
  activityMissing: '活动不存在',
  linkedOk: '关联成功',
  unlinkConfirm: '解除关联后可编辑、增加兑换码或删除，确定解除关联吗？',
  unlinked: '已解除关联',
  deleteConfirm: '确定要删除此刮刮卡吗？',
  deleted: '删除成功！',
  created: '创建成功',
  edited: '编辑成功',
  added: '已添加',
  qrGenerating: '活动码生成中，请稍后再试',
  noCodes: '暂无兑换码',
  exportNotFound: '下载任务不存在或已过期',
  codeRequired: '请输入兑换码',
  codeWrong: '兑换码不正确',
  codeUsed: '兑换码已被使用',
  redeemed: '兑换成功',
};
