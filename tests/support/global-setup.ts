// Once per run: migrate and seed one API database (a snapshot) that every stack of the run copies
// (support/api.ts) instead of migrating and seeding its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSnapshot } from '@toy/api/snapshot';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    snapshotDir: string;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'toy-snapshot-'));
  await makeSnapshot(dir);
  console.log(`› snapshot database in ${Date.now() - started} ms`);
  project.provide('snapshotDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
