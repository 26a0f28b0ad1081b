import { describe, expect, it } from 'vitest';
import { dateOf, dayChange, formatCount, formatWait } from './format';
import { hrefOf, pagePath, reviewHref } from './links';

describe('dashboard formats', () => {
  it('writes counts grouped', () => {
    expect(formatCount(1200)).toBe('1,200');
  });

  it('compares today with yesterday', () => {
    expect(dayChange(3, 3)).toEqual({ direction: 'flat', text: '较昨日 持平' });
    expect(dayChange(3, 0)).toEqual({ direction: 'up', text: '较昨日 新增' });
    expect(dayChange(15, 10)).toEqual({ direction: 'up', text: '较昨日 +50.0%' });
    expect(dayChange(5, 10)).toEqual({ direction: 'down', text: '较昨日 -50.0%' });
  });

  it('says how long the oldest item has waited', () => {
    expect(formatWait(30)).toBe('不到1分钟');
    expect(formatWait(8 * 60)).toBe('8分钟');
    expect(formatWait(5 * 3600 + 12 * 60)).toBe('5小时12分钟');
    expect(formatWait(2 * 86400 + 3 * 3600)).toBe('2天3小时');
    expect(dateOf('2026-11-24 08:00:00')).toBe('2026-11-24');
  });

  it('links a figure to its list with the filters in the URL', () => {
    expect(pagePath('order/list')).toBe('/order/boxList');
    expect(hrefOf({ page: 'order/list', query: { ip_id: 3, state: 2, keyword: '' } })).toBe(
      '/order/boxList?ip_id=3&state=2',
    );
    expect(hrefOf({ page: 'pickup/list', query: {} })).toBe('/order/sendList');
    expect(reviewHref('record')).toBe('/review/blindBox');
    expect(reviewHref('moment')).toBe('/review/blindBox?tab=toy&kind=moment');
  });
});
