import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A JSON file written atomically (temp file + rename), so a hub killed mid-write still finds the
 * previous good copy. Writes are coalesced: while one is in flight, later values wait for it and
 * only the newest is written next.
 */
export class JsonFile<T> {
  private pending: T | undefined;
  private writing: Promise<void> | null = null;
  private readonly tmp: string;

  constructor(readonly file: string) {
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
    writeFileSync(this.tmp, JSON.stringify(value));
    renameSync(this.tmp, this.file);
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending !== undefined) {
        const value = this.pending;
        this.pending = undefined;
        await writeFile(this.tmp, JSON.stringify(value));
        await rename(this.tmp, this.file);
      }
    } catch {
      // A full or read-only disk must not stop the display; the next change tries again.
    } finally {
      this.writing = null;
    }
  }
}
