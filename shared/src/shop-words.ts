import { messages } from './messages.js';
import { AuthType } from './roles.js';

/**
 * Messages where 品牌 is an IP brand picked from the templates (a shop records blind boxes of
 * other brands), never the account itself: they say 品牌 to a shop account too.
 */
const IP_BRAND_MESSAGES = new Set<string>([
  messages.brand.notFound,
  messages.blindBoxRecord.brandRequired,
  messages.blindBoxRecord.selectorBrandFirst,
  messages.blindBoxRecord.switchBrandConfirm,
  messages.blindBoxRecord.brandSwitched,
  messages.blindBoxRecord.brandSwitchCancelled,
]);

/**
 * A message as the signed-in account reads it: a shop account (auth type 2) is a 店铺, so the
 * 品牌 that means the account itself (请选择品牌, 当前品牌暂未设置运费, …) reads 店铺; an IP brand
 * (盲盒品牌, the template-brand picker's 未找到此品牌) stays 品牌. Other accounts read it unchanged.
 */
export function forAccount(message: string, authType: number | undefined): string {
  if (authType !== AuthType.shop || !message.includes('品牌')) return message;
  if (IP_BRAND_MESSAGES.has(message) || message.includes('盲盒品牌')) return message;
  return message.replaceAll('品牌', '店铺');
}
