import { mkdirSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalStore } from './local.js';
import type { FileStore, StorageSettings } from './store.js';

/** Scratch files older than this belong to a copy (or a job) that stopped midway; they are removed. */
export const SCRATCH_TTL_MS = 60 * 60 * 1000;

/**
 * Remove what was left in a scratch directory by a process killed midway: every entry not touched
 * for `maxAgeMs` (a file being received or made is written to, so it stays). Answers the count.
 */
export async function sweepScratch(dir: string, maxAgeMs = SCRATCH_TTL_MS, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > maxAgeMs) {
      await rm(file, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

export interface OpenedStore {
  store: FileStore;
  /** Close the client; a store made for a data-less app (tests) removes its temporary directory. */
  dispose(): Promise<void>;
}

/**
 * The configured store: the local directory `DATA_DIR/uploads` (a temporary one without a data
 * directory), or an S3 bucket (made when missing) with its scratch in `DATA_DIR/tmp`. Anything a
 * killed process left in the scratch directory long enough ago is swept now. A worker thread opens
 * its own from the same settings.
 */
export async function openStore(settings: StorageSettings, dataDir: string | undefined): Promise<OpenedStore> {
  const local = (name: string) =>
    dataDir ? path.join(dataDir, name) : mkdtemp(path.join(os.tmpdir(), `toy-${name}-`));
  if (settings.kind === 'local') {
    const root = await local('uploads');
    const store = new LocalStore(root);
    mkdirSync(store.scratch, { recursive: true });
    await sweepScratch(store.scratch);
    return { store, dispose: async () => (dataDir ? undefined : rm(root, { recursive: true, force: true })) };
  }
  const scratch = await local('tmp');
  mkdirSync(scratch, { recursive: true });
  await sweepScratch(scratch);
  // The SDK loads only when the S3 store is configured.
  const { S3Store } = await import('./s3.js');
  const store = new S3Store(settings, scratch);
  try {
    await store.ensureBucket();
  } catch (error) {
    await store.close();
    throw error;
  }
  return {
    store,
    dispose: async () => {
      await store.close();
      if (!dataDir) await rm(scratch, { recursive: true, force: true });
    },
  };
}
