import { depositRoutes } from '@toy/shared/features/deposit';
import { pickupRoutes } from '@toy/shared/features/pickup';
import { describe, expect, it } from 'vitest';
import { activeCount, draftsOf, rangeBound, rangeFilter, readFilters, selectFilter, textFilter } from './filters';

const PICKUP = [
  textFilter('goods_title', '商品名称'),
  selectFilter('type', '类型', [{ value: 1, label: '抽盒机' }]),
  rangeFilter('时间范围'),
];

describe('declared list filters', () => {
  it('sends a range of whole days: today to today covers today 00:00:00–23:59:59', () => {
    // As the calendar fills them: the start at 00:00:00, the end picked as a day.
    const values = readFilters(PICKUP, pickupRoutes.list.query, {
      begin_at: '2026-11-28 00:00:00',
      end_at: '2026-11-28 00:00:00',
    });
    expect(values).toMatchObject({ begin_at: '2026-11-28 00:00:00', end_at: '2026-11-28 23:59:59' });
    // Typed as dates alone, or with minutes only.
    expect(
      readFilters(PICKUP, depositRoutes.list.query, { begin_at: '2026-11-28', end_at: '2026-11-28' }),
    ).toMatchObject({ begin_at: '2026-11-28 00:00:00', end_at: '2026-11-28 23:59:59' });
    expect(rangeBound('2026-11-28 10:30', true)).toBe('2026-11-28 10:30:00');
    // A time the merchant chose stays as chosen.
    expect(rangeBound('2026-11-28 18:00:00', true)).toBe('2026-11-28 18:00:00');
  });

  it('reads each field by the list query, dropping what it refuses and fields not shown', () => {
    const fields = [...PICKUP, textFilter('goods_name', '商品名称', { when: (d) => d.active_type === '13' })];
    const values = readFilters(fields, pickupRoutes.list.query, {
      goods_title: '  小熊 ',
      type: '1',
      begin_at: 'not a date',
      end_at: '',
      goods_name: 'x',
    });
    expect(values).toEqual({
      goods_title: '小熊',
      type: 1,
      begin_at: undefined,
      end_at: undefined,
      goods_name: undefined,
    });
  });

  it('drafts from the URL and counts the filters in use (not the brand)', () => {
    const params = { ip_id: 3, goods_title: '小熊', end_at: '2026-11-28 23:59:59', page: 1 };
    expect(draftsOf(PICKUP, params)).toEqual({
      goods_title: '小熊',
      type: '',
      begin_at: '',
      end_at: '2026-11-28 23:59:59',
    });
    expect(activeCount(PICKUP, params, pickupRoutes.list.query)).toBe(2);
  });
});
