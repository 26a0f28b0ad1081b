import { describe, expect, it } from 'vitest';
import { AuthType, forAccount, messages } from '../src/index.js';

describe('forAccount', () => {
  it("says 店铺 to a shop account where 品牌 means the account's own brand", () => {
    expect(forAccount(messages.warehouse.brandRequired, AuthType.shop)).toBe('请选择店铺');
    expect(forAccount(messages.brand.freightUnset, AuthType.shop)).toBe('当前店铺暂未设置运费');
    expect(forAccount(messages.blindBox.brandRequired, AuthType.shop)).toBe('请选择所属店铺');
    expect(forAccount(messages.freight.duplicate, AuthType.shop)).toBe('该店铺在此国家已有运费模板，请直接编辑');
  });

  it('keeps 品牌 for an IP brand, and every message for a brand account', () => {
    for (const message of [
      messages.brand.notFound,
      messages.blindBoxRecord.brandRequired,
      messages.blindBoxRecord.switchBrandConfirm,
      messages.blindBoxRecord.brandSwitched,
    ])
      expect(forAccount(message, AuthType.shop)).toBe(message);
    expect(forAccount(messages.warehouse.brandRequired, AuthType.brand)).toBe('请选择品牌');
    expect(forAccount(messages.warehouse.brandRequired, undefined)).toBe('请选择品牌');
  });
});
