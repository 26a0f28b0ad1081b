import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LocalStore } from './local.js';
import type { FileStore } from './store.js';

/**
 * The files a snapshot's seed wrote (config.ts `Snapshot`: `dir/uploads`), put into a store that
 * does not hold them yet, so that a copy of the snapshot's database finds its pictures. A local
 * store gets the folder copied; another store each file.
 */
export async function restoreSnapshotFiles(dir: string, store: FileStore): Promise<void> {
  const from = path.join(dir, 'uploads');
  if (!existsSync(from)) return;
  const files = (readdirSync(from, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(from, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith('.'));
  const first = files[0];
  if (!first || (await store.head(first))) return;
  if (store instanceof LocalStore) {
    cpSync(from, store.root, { recursive: true });
    return;
  }
  for (const key of files) await store.put(key, readFileSync(path.join(from, key)));
}
