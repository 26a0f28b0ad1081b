import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { inject } from 'vitest';
import type { StorageSettings } from '../src/storage/store.js';

/**
 * A real S3-protocol server for the tests (s3rver, on npm): its own port and directory, nothing
 * else to install. `TEST_STORAGE=s3` runs every API test file on it (global-s3.ts starts one for
 * the run); the two-copy tests start their own.
 */
export async function startS3(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'toy-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** STORAGE=s3 at `endpoint`, in a bucket of its own (the app makes it), as MinIO is configured. */
export const s3Storage = (endpoint: string, bucket = `toy-${randomUUID().slice(0, 8)}`): StorageSettings => ({
  kind: 's3',
  endpoint,
  bucket,
  accessKey: 'S3RVER',
  secretKey: 'S3RVER',
  region: 'us-east-1',
  forcePathStyle: true,
});

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}

/** This test file's bucket on the run's S3 server with TEST_STORAGE=s3 (one per file); else the local store. */
let fileStorage: StorageSettings | undefined;
/** As each file starts (setup.ts): its own bucket. */
export const forgetFileStorage = () => {
  fileStorage = undefined;
};
export function testStorage(): StorageSettings | undefined {
  if (process.env.TEST_STORAGE !== 's3') return undefined;
  fileStorage ??= s3Storage(inject('s3Endpoint'));
  return fileStorage;
}
