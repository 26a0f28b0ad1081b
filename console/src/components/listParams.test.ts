import { gachaRoutes } from '@toy/shared/features/gacha';
import { goodsRoutes } from '@toy/shared/features/goods';
import { subscriptionRoutes } from '@toy/shared/features/subscription';
import { describe, expect, it } from 'vitest';
import {
  filter,
  listDefaults,
  listSchema,
  pageSizesFor,
  parseListParams,
  readFilter,
  serializeListParams,
} from './listParams';

const schema = listSchema(
  { ip_id: filter.id(), title: filter.text(), state: filter.oneOf(['on', 'off']) },
  { pageSize: 20 },
);

describe('list URL params', () => {
  it('gives the defaults for an empty query', () => {
    expect(listDefaults(schema)).toEqual({ ip_id: undefined, title: undefined, state: undefined, page: 1, limit: 20 });
  });

  it('parses typed values from the query', () => {
    const v = parseListParams(
      schema,
      new URLSearchParams('ip_id=3&title=%E7%9B%B2%E7%9B%92&page=2&limit=50&state=off'),
    );
    expect(v).toEqual({ ip_id: 3, title: '盲盒', state: 'off', page: 2, limit: 50 });
  });

  it('falls back field by field on bad values', () => {
    const v = parseListParams(schema, new URLSearchParams('ip_id=abc&page=-4&limit=33&state=gone'));
    expect(v).toEqual({ ip_id: undefined, title: undefined, state: undefined, page: 1, limit: 20 });
  });

  it('writes short links and keeps unknown params', () => {
    const prev = new URLSearchParams('nav=shop&page=3');
    const s = serializeListParams(schema, { ip_id: 3, title: '', page: 1, limit: 20 }, prev);
    expect(s.toString()).toBe('nav=shop&ip_id=3');
  });

  it('round-trips', () => {
    const values = { ip_id: 7, title: 'abc', state: 'on' as const, page: 4, limit: 100 };
    expect(parseListParams(schema, serializeListParams(schema, values))).toEqual(values);
  });

  it('accepts a per-list page size list', () => {
    const s = listSchema({}, { pageSize: 10, pageSizes: [10] });
    expect(parseListParams(s, new URLSearchParams('limit=20')).limit).toBe(10);
  });
});

describe('filter boxes', () => {
  const gacha = gachaRoutes.list.query.shape;

  it('reads a text as the list query does', () => {
    expect(readFilter(gacha.goods_title, '  Molly 甜品 ')).toBe('Molly 甜品');
    expect(readFilter(gacha.sku_id, ' 12 ')).toBe(12);
  });

  it('drops what is empty or what the query refuses', () => {
    expect(readFilter(gacha.goods_title, '   ')).toBeUndefined();
    expect(readFilter(gacha.sku_id, 'abc')).toBeUndefined();
    expect(readFilter(gacha.sku_id, '0')).toBeUndefined();
    expect(readFilter(gacha.sku_id, '1.5')).toBeUndefined();
    expect(readFilter(undefined, 'x')).toBeUndefined();
  });
});

describe('pageSizesFor', () => {
  it('offers a list its declared default first, then the larger standard sizes', () => {
    expect(pageSizesFor(subscriptionRoutes.list.query)).toEqual([10, 20, 50, 100, 200]);
    expect(pageSizesFor(goodsRoutes.list.query)).toEqual([20, 50, 100, 200]);
  });
});
