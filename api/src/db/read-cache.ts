/**
 * A read cache for the single-process PGlite deployment, where this process is the only writer
 * (the data directory is locked). Every statement that is not a SELECT, and every transaction,
 * bumps a generation and empties the cache, so a cached read is never older than the last write.
 * With PostgreSQL other API copies write too, so the cache is off and every read goes to the
 * database.
 *
 * Cached values are shared between requests: treat them as read-only.
 */
export class ReadCache {
  private generation = 0;
  private readonly entries = new Map<string, unknown>();

  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = 10_000,
  ) {}

  /** Called by the database wrapper on every write. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const generation = this.generation;
    const value = await load();
    // A write that happened while loading may have changed the answer: do not keep it.
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, value);
    }
    return value;
  }
}

/** Whether a statement only reads (drizzle writes every read as `select …`). */
export const isRead = (sql: string) => /^\s*\(?\s*select\b/i.test(sql) && !/\bfor\s+(update|share)\b/i.test(sql);
