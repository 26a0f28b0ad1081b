import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from './app.js';

/**
 * A snapshot (config.ts `Snapshot`): migrate and seed once into `dir`, so that each test file
 * starts from a copy instead of doing both again. With `databaseUrl` the data goes to that
 * PostgreSQL database, which is then the template of each file's own (`CREATE DATABASE … TEMPLATE`);
 * without, to `dir/pglite.tar`, which each file's PGlite loads.
 */
export async function makeSnapshot(dir: string, databaseUrl?: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const app = await buildApp({ dataDir: dir, databaseUrl, seed: true, logLevel: 'silent' });
  try {
    if (!databaseUrl) {
      const client = (app.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      writeFileSync(path.join(dir, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()));
    }
  } finally {
    await app.close();
  }
  rmSync(path.join(dir, 'pglite'), { recursive: true, force: true });
  rmSync(path.join(dir, 'pglite.lock'), { force: true });
}
