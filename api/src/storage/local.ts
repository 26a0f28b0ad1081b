import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, FileStore, ListedObject } from './store.js';

/** Partial and generated files, beside the stored ones (one file system, so a move is a rename). */
export const LOCAL_SCRATCH = '.tmp';

/**
 * The local store: `root/<key>` on this machine's disk (DATA_DIR/uploads), the embedded default.
 * One machine only: a second API copy elsewhere cannot see these files (use STORAGE=s3).
 */
export class LocalStore implements FileStore {
  readonly kind = 'local';
  readonly scratch: string;

  constructor(readonly root: string) {
    this.scratch = path.join(root, LOCAL_SCRATCH);
  }

  /** The file of `key`; a key that would leave the root is refused. */
  fileOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(`${path.resolve(this.root)}${path.sep}`)) throw new Error(`bad storage key: ${key}`);
    return file;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const temp = path.join(this.scratch, `put-${randomUUID()}`);
    await writeFile(temp, data);
    await this.putFile(key, temp);
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.fileOf(key);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(file, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(file, target);
      }
    } finally {
      await rm(file, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.fileOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return createReadStream(file, range);
  }

  async head(key: string) {
    const info = await stat(this.fileOf(key)).catch(() => null);
    return info?.isFile() ? { size: info.size, modified: info.mtime } : null;
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.fileOf(key));
  }

  withFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T> {
    return use(this.fileOf(key));
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) await rm(this.fileOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject> {
    // Walk the deepest folder the prefix names, keep the keys that start with it.
    const slash = prefix.lastIndexOf('/');
    const base = slash < 0 ? '' : prefix.slice(0, slash);
    yield* this.walk(base, prefix);
  }

  private async *walk(dir: string, prefix: string): AsyncIterable<ListedObject> {
    const entries = await readdir(path.join(this.root, dir), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const key = dir ? `${dir}/${entry.name}` : entry.name;
      if (key === LOCAL_SCRATCH) continue;
      if (entry.isDirectory()) {
        if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) yield* this.walk(key, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const info = await stat(path.join(this.root, key)).catch(() => null);
        if (info) yield { key, size: info.size, modified: info.mtime };
      }
    }
  }

  async close(): Promise<void> {}
}
