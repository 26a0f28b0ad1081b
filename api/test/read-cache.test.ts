import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { isRead, ReadCache, tablesRead, tablesWritten } from '../src/db/read-cache.js';

describe('ReadCache', () => {
  it('keeps a read until the next write', async () => {
    const cache = new ReadCache(true);
    let loads = 0;
    const load = async () => {
      cache.noteRead('select * from "t"');
      return ++loads;
    };
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a value loaded across a write', async () => {
    const cache = new ReadCache(true);
    let release!: () => void;
    const slow = cache.get('k', () => {
      cache.noteRead('select * from "t"');
      return new Promise<string>((resolve) => (release = () => resolve('old')));
    });
    cache.invalidate(['t']);
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
    for (let i = 0; i < 10; i++)
      await cache.get(`k${i}`, async () => {
        cache.noteRead('select 1 from "t"');
        return i;
      });
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

  it('empties only what read the tables a write names', async () => {
    const cache = new ReadCache(true);
    const loads = { a: 0, b: 0 };
    const read = (table: 'a' | 'b') => async () => {
      cache.noteRead(`select "id" from "${table}" inner join "users" on true`);
      return ++loads[table];
    };
    await cache.get('a', read('a'));
    await cache.get('b', read('b'));
    cache.invalidate(['b']);
    expect(await cache.get('a', read('a'))).toBe(1);
    expect(await cache.get('b', read('b'))).toBe(2);
    cache.invalidate(['users']);
    expect(await cache.get('a', read('a'))).toBe(2);
    cache.invalidate();
    expect(await cache.get('b', read('b'))).toBe(3);
  });

  it('names the tables statements read and write', () => {
    expect(tablesRead('select "a"."id" from "a" left join "b" on "b"."x" = "a"."id"')).toEqual(['a', 'b']);
    expect(tablesWritten('select * from "players" where id = 1 for update')).toEqual([]);
    expect(tablesWritten('insert into "orders" ("id") values (1) on conflict do nothing')).toEqual(['orders']);
    expect(tablesWritten('update "players" set "coins" = 1')).toEqual(['players']);
    expect(
      tablesWritten(
        'with o as (insert into "orders" values (1) returning id), c as (update "players" set coins = 0) select 1',
      ),
    ).toEqual(['orders', 'players']);
    expect(tablesWritten('delete from "brands" where id = 1')).toBe('all');
    expect(tablesWritten('create table x (id int)')).toBe('all');
  });

  it('on PGlite, a write to one table leaves reads of another cached, and a transaction empties what it wrote', async () => {
    const database = await openDatabase({});
    const { client, cache } = database as Extract<typeof database, { kind: 'pglite' }>;
    try {
      await client.exec(
        'create table a (id int); create table b (id int); insert into a values (1); insert into b values (1)',
      );
      const loads: Record<string, number> = { a: 0, b: 0 };
      const count = (table: string) =>
        cache.get(table, async () => {
          loads[table]! += 1;
          return (await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)).rows[0]!.n;
        });
      expect([await count('a'), await count('b')]).toEqual([1, 1]);
      await client.query('insert into "b" values (2)');
      expect(await count('b')).toBe(2);
      await client.transaction(async (tx) => {
        await tx.query('insert into "b" values (4)');
      });
      expect(await count('b')).toBe(3);
      expect(await count('a')).toBe(1);
      expect(loads).toEqual({ a: 1, b: 3 });
      await client.transaction(async (tx) => {
        await tx.query('insert into "a" values (2)');
      });
      expect(await count('a')).toBe(2);
      expect(loads).toEqual({ a: 2, b: 3 });
      // A delete may cascade through foreign keys: it empties everything.
      await client.query('delete from "b" where id = 4');
      expect([await count('a'), await count('b')]).toEqual([2, 2]);
      expect(loads).toEqual({ a: 3, b: 4 });
    } finally {
      await database.close();
    }
  });
});
