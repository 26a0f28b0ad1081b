import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ReadCache, tablesWritten } from './read-cache.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database type the code uses: PGlite and node-postgres are both a PgDatabase. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** The rows of a raw `db.execute(sql`…`)`, typed by the caller (PGlite and node-postgres both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `a, b, c` of integer ids for a raw `in (…)`; an empty list reads as `(0)`, which matches nothing. */
export const idList = (ids: readonly number[]) =>
  sql.join(
    (ids.length ? ids : [0]).map((id) => sql`${id}`),
    sql`, `,
  );

interface DatabaseBase {
  db: Db;
  cache: ReadCache;
  /** True when an empty PGlite database was filled from a dump (`openDatabase`'s `dump`). */
  restored: boolean;
  close: () => Promise<void>;
}
export type Database =
  | (DatabaseBase & { kind: 'pglite'; client: PGlite })
  | (DatabaseBase & { kind: 'postgres'; pool: pg.Pool });

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is one process's database: a second API on the same data directory would corrupt it.
 * A pid file guards the directory; a stale one (its process gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  const mine = String(process.pid);
  try {
    writeFileSync(file, mine, { flag: 'wx' });
  } catch {
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The data directory ${dataDir} is in use by process ${owner}; stop it or set DATA_DIR.`);
    }
    writeFileSync(file, mine);
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
    } catch {}
  };
}

/**
 * PGlite runs in this thread, and a transaction's statements follow each other as microtasks,
 * so without a pause no request is read until the transaction ends. A turn of the event loop
 * before each statement lets requests that need no database (a cached read) answer meanwhile.
 */
const ioTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Keeps the read cache in step with this client: every read is noted for the load running it,
 * every write empties what read the tables it writes (db/read-cache.ts). A standalone write
 * invalidates before and after it runs; a transaction when it ends, with all it wrote (PGlite runs
 * nothing else while a transaction is open).
 */
function trackWrites(client: PGlite, cache: ReadCache): void {
  const query = client.query.bind(client) as (sql: string, ...rest: unknown[]) => Promise<unknown>;
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query: async (sql: string, ...rest: unknown[]) => {
      const written = tablesWritten(sql);
      if (written !== 'all' && written.length === 0) {
        cache.noteRead(sql);
        return query(sql, ...rest);
      }
      cache.invalidate(written);
      try {
        return await query(sql, ...rest);
      } finally {
        cache.invalidate(written);
      }
    },
    exec: async (...args: Parameters<PGlite['exec']>) => {
      cache.invalidate();
      try {
        return await exec(...args);
      } finally {
        cache.invalidate();
      }
    },
    transaction: async <T>(fn: Parameters<PGlite['transaction']>[0]) => {
      const written = new Set<string>();
      let everything = false;
      try {
        return (await transaction((tx) => {
          const seen: typeof tx = Object.create(tx);
          seen.query = async (sql: string, ...rest: unknown[]) => {
            const tables = tablesWritten(sql);
            if (tables === 'all') everything = true;
            else if (tables.length === 0) cache.noteRead(sql);
            else for (const t of tables) written.add(t);
            await ioTurn();
            return (tx.query as (sql: string, ...rest: unknown[]) => Promise<never>)(sql, ...rest);
          };
          seen.exec = (...args: Parameters<typeof tx.exec>) => {
            everything = true;
            return tx.exec(...args);
          };
          return fn(seen);
        })) as T;
      } finally {
        cache.invalidate(everything ? 'all' : written);
      }
    },
  });
}

/**
 * End a pool and wait until its connections are closed: `pool.end()` resolves once it has asked them
 * to end, and a database dropped (or a server stopped) before they have would end them under a
 * client still closing them.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    // A connection that failed while opening leaves without a 'remove': wait no longer than this.
    setTimeout(resolve, 5000).unref();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/**
 * PostgreSQL when a URL is given, else PGlite in `dataDir/pglite` (or in memory without a dir).
 * `dump`: a PGlite dump (`dumpDataDir`) an empty PGlite database starts from.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; dump?: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, pool, cache: new ReadCache(false), restored: false, close: () => endPool(pool) };
  }
  let dir: string | undefined;
  let unlock = () => {};
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(opts.dataDir);
  }
  try {
    const restored = Boolean(opts.dump) && !(dir && existsSync(path.join(dir, 'PG_VERSION')));
    const loadDataDir = restored ? new Blob([readFileSync(opts.dump!)]) : undefined;
    // pg_trgm: the order list's keyword search (orders' trigram indexes).
    const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), loadDataDir, extensions: { pg_trgm } });
    await client.waitReady;
    const cache = new ReadCache(true);
    trackWrites(client, cache);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const close = async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    };
    return { kind: 'pglite', db, client, cache, restored, close };
  } catch (error) {
    unlock();
    throw error;
  }
}
