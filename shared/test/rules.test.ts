import { describe, expect, it } from 'vitest';
import { brandWord, firstFailure, rolesOf, ruleTable, validate, warehouseRules, warehouseSave } from '../src/index.js';

describe('rule tables', () => {
  it('answer the first failing rule in table order', () => {
    const table = ruleTable<{ a: string; b: string }>([
      { field: 'a', message: 'A', ok: (v) => Boolean(v.a) },
      { field: 'b', message: 'B', ok: (v) => Boolean(v.b) },
    ]);
    expect(firstFailure(table, {})?.message).toBe('A');
    expect(firstFailure(table, { a: 'x' })?.message).toBe('B');
    expect(firstFailure(table, { a: 'x', b: 'y' })).toBeNull();
  });
  it('treat a throwing predicate as a failure and non-objects as empty', () => {
    const table = ruleTable<{ a: string }>([{ field: 'a', message: 'A', ok: (v) => v.a!.length > 0 }]);
    expect(firstFailure(table, null)?.message).toBe('A');
    expect(firstFailure(table, 'text')?.message).toBe('A');
  });
});

describe('warehouse rules (spec 02 §5, in order)', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{}, '请选择品牌'],
    [{ ip_id: '', name: 'x', country: 'th' }, '请选择品牌'],
    [{ ip_id: 1 }, '请输入仓库名称'],
    [{ ip_id: 1, name: '   ', country: 'th' }, '请输入仓库名称'],
    [{ ip_id: 1, name: '曼谷仓' }, '请选择国家'],
    [{ ip_id: 1, name: '曼谷仓', country: 'us' }, '请选择国家'],
    [{ ip_id: 1, name: 'x'.repeat(51), country: 'th' }, '仓库名称不能超过50个字符'],
  ];
  it.each(cases)('%j answers %s', (input, message) => {
    expect(firstFailure(warehouseRules, input)?.message).toBe(message);
    const result = validate(warehouseSave, input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toBe(message);
  });
  it('accepts a complete form and coerces the brand id', () => {
    const result = validate(warehouseSave, { ip_id: '7', name: ' 曼谷仓 ', country: 'th' });
    expect(result).toEqual({ ok: true, data: { ip_id: 7, name: '曼谷仓', country: 'th' } });
  });
  it('prefers the rule message over a type error of a later field', () => {
    const result = validate(warehouseSave, { name: 42, country: 'th' });
    expect(result.ok === false && result.message).toBe('请选择品牌');
  });
});

describe('roles', () => {
  it('maps permission ids to roles and ignores unknown ids', () => {
    expect(rolesOf([12, 14, 15, 17, 99])).toEqual(['nft_admin', 'box_admin', 'coupon_admin', 'goods_admin']);
    expect(rolesOf([], ['reviewer'])).toEqual(['reviewer']);
  });
  it('says 店铺 for auth type 2 and 品牌 otherwise', () => {
    expect(brandWord(2)).toBe('店铺');
    expect(brandWord(1)).toBe('品牌');
  });
});

describe('firstMessage', () => {
  it('shows a message the schema set as it is, and names the field of a generic one', async () => {
    const { passwordReset } = await import('../src/index.js');
    const missing = validate(passwordReset, { new_password: 'abcdef' });
    expect(missing.ok === false && missing.message).toBe('旧密码不可为空');
    const wrongType = validate(warehouseSave, { id: 'abc', ip_id: 1, name: 'x', country: 'th' });
    expect(wrongType.ok === false && wrongType.message).toBe('ID须为数字');
  });
});
