import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A read cache for the single-process PGlite deployment, where this process is the only writer
 * (the data directory is locked). A cached value remembers the tables its load read; a write
 * empties the entries that read a table it writes (a statement naming no table, a DELETE, whose
 * foreign keys may cascade, and raw exec empty everything). A value whose load overlapped a write
 * to one of its tables is not kept, so a cached read is never older than the last write it
 * depends on. Draws writing orders therefore leave sessions, brands and warehouses cached.
 * With PostgreSQL other API copies write too, so the cache is off and every read goes to the
 * database.
 *
 * Cached values are shared between requests: treat them as read-only.
 */
export class ReadCache {
  /** Bumped by every invalidation; a load remembers the value it started at. */
  private clock = 0;
  private everythingAt = 0;
  private readonly tableAt = new Map<string, number>();
  private readonly entries = new Map<string, { value: unknown; tables: string[] }>();
  private readonly loading = new AsyncLocalStorage<Set<string>>();

  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = 10_000,
  ) {}

  /** Called by the database wrapper on every write: the tables written, or every table. */
  invalidate(tables: Iterable<string> | 'all' = 'all'): void {
    this.clock += 1;
    if (tables === 'all') {
      this.everythingAt = this.clock;
      this.entries.clear();
      return;
    }
    const written = new Set(tables);
    if (written.size === 0) return;
    for (const table of written) this.tableAt.set(table, this.clock);
    for (const [key, entry] of this.entries) {
      if (entry.tables.some((t) => written.has(t))) this.entries.delete(key);
    }
  }

  /** Called by the database wrapper on every read, so the load running now knows its tables. */
  noteRead(sql: string): void {
    const tables = this.loading.getStore();
    if (tables) for (const t of tablesRead(sql)) tables.add(t);
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const started = this.clock;
    const tables = new Set<string>();
    const value = await this.loading.run(tables, load);
    // A write during the load may have changed the answer; a load that read nothing is not kept.
    const stale = this.everythingAt > started || [...tables].some((t) => (this.tableAt.get(t) ?? 0) > started);
    if (!stale && tables.size > 0) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, tables: [...tables] });
    }
    return value;
  }
}

const SELECT = /^\s*\(?\s*select\b/i;
const FROM = /\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi;
const WRITE = /\b(?:insert\s+into|update)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

/** Whether a statement only reads and may be cached (drizzle writes every read as `select …`). */
export const isRead = (sql: string) => SELECT.test(sql) && !/\bfor\s+(update|share)\b/i.test(sql);

/** The tables a read names. */
export const tablesRead = (sql: string) => [...sql.matchAll(FROM)].map((m) => m[1]!.toLowerCase());

/**
 * The tables a statement writes: none for a SELECT (a locking one too), the tables named by
 * INSERT INTO / UPDATE for those (CTEs included), and 'all' for anything else.
 */
export function tablesWritten(sql: string): string[] | 'all' {
  if (SELECT.test(sql)) return [];
  if (!/^\s*(insert|update|with)\b/i.test(sql) || /\bdelete\s+from\b/i.test(sql)) return 'all';
  const names = [...sql.matchAll(WRITE)].map((m) => m[1]!.toLowerCase());
  return names.length > 0 ? names : 'all';
}
