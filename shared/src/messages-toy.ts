/**
 * The messages of wish-planet toys and scenes and highlight moments (spec 03 §5 "Toy or scene",
 * "Highlight moment", §4 review), part of the one catalogue (`messages.toy`). The spec's own strings
 * are exact; the rest are written in its style.
 */
export const toyMessages = {
  brandRequired: '请选择所属品牌',
  typeRequired: '请选择类型',
  nameRequired: '请输入名称',
  nameTooLong: '名称不能超过10个字符',
  toyImageRequired: '请上传欧气精灵',
  sceneImageRequired: '请上传场景',
  toyGifOnly: '欧气精灵仅限GIF图片',
  shortTooLong: '描述不能超过200个字符',
  momentImageRequired: '请上传精彩时刻',
  momentImageNotReady: '请等待图片上传完成',
  momentShortRequired: '请输入精彩时刻描述',
  momentShortTooLong: '精彩时刻描述不能超过200个字符',
  pendingLocked: '审核中，不可编辑',
  approvedLocked: '已通过审核，名称、图片和描述不可修改',
  deletePending: '审核中，不可删除',
  deleteReceived: '已有玩家获得，不可删除',
  dropPending: '审核中，不可设置心愿星球掉落',
  deleteConfirm: '确定要删除吗？',
  saved: '保存成功',
  submitted: '已提交申请',
  deleted: '删除成功！',
  dropSet: '设置成功',
  remarkRequired: '请输入驳回原因',
  remarkTooLong: '驳回原因不能超过200个字符',
  decided: '该申请已审核，请刷新后重试',
  approveConfirm: '确定通过吗？通过后玩家可获得。',
};
