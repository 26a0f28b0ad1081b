import { describe, expect, it } from 'vitest';
import { emptyChoice } from './BrandSelect';
import { countLine } from './ListPage';

describe('a list while it loads', () => {
  it('says no count until the rows come, then the count of what came, 0 included', () => {
    expect(countLine(undefined, '条')).toBe('');
    expect(countLine(0, '个仓库')).toBe('共 0 个仓库');
    expect(countLine(12, '个订单')).toBe('共 12 个订单');
  });

  it('never offers 请选择品牌 while the brands load or the first is being picked', () => {
    const base = { loading: false, picking: false, allOption: false, count: 3, word: '品牌' };
    expect(emptyChoice({ ...base, loading: true })).toBe('加载中…');
    expect(emptyChoice({ ...base, picking: true })).toBe('加载中…');
    expect(emptyChoice(base)).toBe('请选择品牌');
    expect(emptyChoice({ ...base, word: '店铺' })).toBe('请选择店铺');
    expect(emptyChoice({ ...base, placeholder: '请选择所属品牌' })).toBe('请选择所属品牌');
    expect(emptyChoice({ ...base, allOption: true, picking: true })).toBe('全部品牌');
    expect(emptyChoice({ ...base, count: 0, picking: true })).toBe('暂无品牌');
  });
});
