/**
 * The messages of the API's input guards, part of the one catalogue (`messages.guard`): malformed
 * input, replayed writes and spreadsheets that inflate past their bound.
 */
export const guardMessages = {
  /** A signed write whose signature was already used (the same request sent again). */
  replayed: '请求已失效，请勿重复提交',
  /** JSON nested deeper than the API reads. */
  tooDeep: '请求内容嵌套层级过深',
  /** A text with a NUL character (U+0000). */
  nulText: '文本内容不能包含空字符',
  /** A nonce header that is not 8–64 letters, digits, - or _. */
  badNonce: '签名参数 nonce 格式不正确',
  /** An xlsx whose entries inflate past the bound (a decompression bomb, or simply far too big). */
  sheetInflated: (limit: string) => `表格文件解压后超过${limit}，请删除多余内容或分批导入`,
  /** Too many spreadsheets waiting to be read at once. */
  sheetBusy: '导入任务繁忙，请稍后再试',
};
