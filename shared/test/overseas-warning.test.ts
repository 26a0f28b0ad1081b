import { describe, expect, it } from 'vitest';
import { overseasOffenders } from '../src/features/blind-box-record.js';

// The overseas warning names the goods that stop the switch by their titles, never by an id.
describe('the overseas warning', () => {
  it('names picked goods that are not overseas by title, an untitled one as 未命名商品, and flags manual styles', () => {
    expect(
      overseasOffenders([
        { sku_id: 7, goods_title: ' 星空手办 ', is_overseas: 0 },
        { sku_id: 8, goods_title: '', is_overseas: 0 },
        { sku_id: 9, goods_title: '海外款', is_overseas: 1 },
        { sku_id: null, goods_title: '手动款' },
      ]),
    ).toEqual({ names: ['星空手办', '未命名商品'], manual: true });
  });
});
