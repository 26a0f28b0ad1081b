// Once per run: migrate and seed one database (a snapshot), which every test file then copies —
// PGlite loads its dump, PostgreSQL creates the file's database from it as a template — instead of
// migrating and seeding its own. Each file still has a database of its own.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { databaseUrl, dropTemplate, makeSnapshot, onServer, snapshotHome, templateName } from '../src/snapshot.js';

export interface SuiteSnapshot {
  dir: string;
  /** On PostgreSQL: the template database's name. */
  template?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    snapshot: SuiteSnapshot;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const server = process.env.DATABASE_URL;
  // PGlite: the run's dump, shared with the browser suite under `npm test` (snapshotHome).
  const home = snapshotHome(server);
  const { dir } = home;
  // `toy_test_` like the files' own: CI drops what a killed run leaves.
  const template = server ? templateName() : undefined;
  if (server && template) await onServer(server, `create database ${template}`);
  if (!home.ready) await makeSnapshot(dir, server && template ? databaseUrl(server, template) : undefined);
  console.log(
    `› snapshot database (${server ? 'PostgreSQL template' : 'PGlite dump'}) ${home.ready ? 'reused' : `in ${Date.now() - started} ms`}`,
  );
  project.provide('snapshot', { dir, template });
  return async () => {
    if (home.owned) rmSync(dir, { recursive: true, force: true });
    if (server && template) await dropTemplate(server, template);
  };
}
