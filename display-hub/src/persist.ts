import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A JSON file written atomically (temp file + rename), so a hub killed mid-write still finds the
 * previous good copy. Writes are coalesced: while one is in flight, later values wait for it and
 * only the newest is written next, at most once per `minIntervalMs` (a burst of commands costs a
 * few writes, not one each). A synchronous save at shutdown goes through a temp file of its own,
 * and a write in flight that it overtakes does not rename its older value over it.
 */
export class JsonFile<T> {
  private pending: T | undefined;
  private writing: Promise<void> | null = null;
  private readonly tmp: string;
  private lastWrite = 0;
  /** Synchronous saves so far: a write begun before one of them is stale. */
  private syncs = 0;

  constructor(
    readonly file: string,
    private readonly minIntervalMs = 0,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.tmp = `${file}.tmp`;
  }

  read(): unknown {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8'));
    } catch {
      return undefined;
    }
  }

  save(value: T): void {
    this.pending = value;
    if (!this.writing) this.writing = this.drain();
  }

  /** Wait until every saved value is on disk. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Write now, synchronously (shutdown). */
  saveSync(value: T): void {
    this.pending = undefined;
    this.syncs += 1;
    const tmp = `${this.file}.sync.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, this.file);
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending !== undefined) {
        const wait = this.lastWrite + this.minIntervalMs - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const value = this.pending;
        if (value === undefined) break;
        this.pending = undefined;
        const syncs = this.syncs;
        await writeFile(this.tmp, JSON.stringify(value));
        if (syncs !== this.syncs) break;
        await rename(this.tmp, this.file);
        this.lastWrite = Date.now();
      }
    } catch {
      // A full or read-only disk must not stop the display; the next change tries again.
    } finally {
      this.writing = null;
    }
  }
}
