import type { FileStore } from '../../storage/store.js';
import { type ReadOptions, readSheet, type SheetRead } from './read.js';

/**
 * Read the first sheet of the stored xlsx `key` (read.ts), from whichever store holds it: the
 * file itself on the local store, a scratch copy on S3. A missing file reads as unreadable.
 */
export function readStoredSheet(storage: FileStore, key: string, options: ReadOptions): Promise<SheetRead> {
  return storage
    .withFile(key, (file) => readSheet(file, options))
    .catch((error: unknown) => ({ ok: false, reason: 'unreadable', detail: String(error) }) as const);
}
