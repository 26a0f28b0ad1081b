import { describe, expect, it } from 'vitest';
import { isRead, ReadCache } from '../src/db/read-cache.js';

describe('ReadCache', () => {
  it('keeps a read until the next write', async () => {
    const cache = new ReadCache(true);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a value loaded across a write', async () => {
    const cache = new ReadCache(true);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.invalidate();
    release();
    expect(await slow).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('is a pass-through when off (PostgreSQL)', async () => {
    const cache = new ReadCache(false);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('stays bounded', async () => {
    const cache = new ReadCache(true, 3);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i);
    let loads = 0;
    await cache.get('k0', async () => ++loads);
    expect(loads).toBe(1);
  });

  it('tells reads from writes', () => {
    expect(isRead('select "id" from "warehouses"')).toBe(true);
    expect(isRead('  SELECT 1')).toBe(true);
    expect(isRead('(select 1) union (select 2)')).toBe(true);
    expect(isRead('select * from t for update')).toBe(false);
    expect(isRead('insert into t values (1)')).toBe(false);
    expect(isRead('update t set a = 1')).toBe(false);
    expect(isRead('with x as (delete from t returning *) select * from x')).toBe(false);
  });
});
