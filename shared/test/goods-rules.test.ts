import { describe, expect, it } from 'vitest';
import { asList, gachaSave, goodsSave, goodsStock, validate } from '../src/index.js';

const goods = { ip_id: 1, title: '手办', price: '19.9', pic: 'img/a.png', is_overseas: 0, stock_limit: 1, stock: '3' };
const gacha = {
  ip_id: 1,
  goods_title: '扭蛋',
  price: '25',
  cost_price: '9.5',
  stock: '10',
  cate: 3,
  pics: '["img/a.png"]',
  channel: '门店',
  label: '["热卖"]',
};
const messageOf = (schema: Parameters<typeof validate>[0], value: unknown) => {
  const r = validate(schema, value);
  return r.ok ? null : r.message;
};

describe('goods rules (spec 01 §5, in order, on the raw input)', () => {
  it.each([
    [{ title: '' }, '商品名称不可为空'],
    [{ price: '' }, '价格不可为空'],
    [{ price: '1,5' }, '请输入数字值'],
    [{ price: '0' }, '价格必须大于0'],
    [{ pic: '' }, '商品图片不可为空'],
    [{ stock: '' }, '库存不能为空'],
    [{ stock: '-2' }, '库存不能小于0'],
    [{ stock: '2.5' }, '库存须为整数'],
    [{ is_overseas: 1 }, '海外商品重量不能为空'],
    [{ is_overseas: 1, weight: 1, length: 1, width: 1, height: '0' }, '高度必须大于0'],
  ])('%j answers %s', (patch, message) => {
    expect(messageOf(goodsSave, { ...goods, ...patch })).toBe(message);
  });

  it('converts a valid form; stock only when limited, sizes optional at home', () => {
    const r = validate(goodsSave, { ...goods, id: '', weight: '' });
    expect(r).toMatchObject({ ok: true, data: { id: undefined, price: 19.9, stock: 3, weight: null } });
    const unlimited = validate(goodsSave, { ...goods, stock_limit: 0, stock: '' });
    expect(unlimited).toMatchObject({ ok: true, data: { stock_limit: 0, stock: null } });
  });

  it('checks the stock dialog by transition', () => {
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 1, stock_limit: '' })).toBe('请选择库存类型');
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 0, stock_limit: 1 })).toBe('请输入库存数量');
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 0, stock_limit: 1, stock_num: 1.5 })).toBe(
      '库存数量须为整数',
    );
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 0, stock_limit: 1, stock_num: -1 })).toBe(
      '库存数量不能小于0',
    );
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 1, stock_limit: 1, num: 1 })).toBe('请选择操作类型');
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 1, stock_limit: 1, action: 2, num: 0 })).toBe(
      '数量必须大于0',
    );
    // Spec 01 §5: the one message for a missing and a non-positive quantity.
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 1, stock_limit: 1, action: 2 })).toBe('数量必须大于0');
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 1, stock_limit: 1, action: 1, num: '' })).toBe(
      '数量必须大于0',
    );
    // A reduction of 1.5 says it must be a whole number, with the field's name.
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 1, stock_limit: 1, action: 2, num: 1.5 })).toBe(
      '数量须为整数',
    );
    expect(messageOf(goodsStock, { id: 1, current_stock_limit: 1, stock_limit: 0 })).toBeNull();
  });
});

describe('gacha rules (spec 01 §5)', () => {
  it.each([
    [{ goods_title: ' ' }, '商品名称不可为空'],
    [{ price: 'x' }, '请输入数字值'],
    [{ price: '50001' }, '最小0.01元最大5万'],
    [{ cost_price: '0' }, '最小0.01元最大5万'],
    [{ stock: '100001' }, '正整数，最小0，最大数10万'],
    [{ stock: '-1' }, '正整数，最小0，最大数10万'],
    [{ pics: '[]' }, '图片不可为空'],
    [{ pics: 'not json' }, '图片不可为空'],
    [{ channel: '' }, '渠道不可为空'],
    [{ label: ['a', 'b', 'c', 'd', 'e'] }, '标签最多4个'],
    [{ label: ['x'.repeat(51)] }, '标签不能超过50个字符'],
  ])('%j answers %s', (patch, message) => {
    expect(messageOf(gachaSave, { ...gacha, ...patch })).toBe(message);
  });

  it('reads pics and label as JSON strings or arrays, and pads four labels', () => {
    expect(asList('["a","b"]')).toEqual(['a', 'b']);
    expect(asList(['a'])).toEqual(['a']);
    expect(asList('{')).toBeNull();
    const r = validate(gachaSave, gacha);
    expect(r).toMatchObject({ ok: true, data: { pics: ['img/a.png'], label: ['热卖', '', '', ''], price: 25 } });
  });
});
