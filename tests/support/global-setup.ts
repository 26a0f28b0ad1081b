// Once per run: migrate and seed one API database (a snapshot) that every stack of the run copies
// (support/api.ts) instead of migrating and seeding its own. With E2E_DATABASE_URL (a PostgreSQL
// server) the snapshot is a template database there and each stack's database a copy of it.
import { rmSync } from 'node:fs';
import { databaseUrl, dropTemplate, makeSnapshot, onServer, snapshotHome, templateName } from '@toy/api/snapshot';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    snapshotDir: string;
    /** With E2E_DATABASE_URL: the template database each stack copies. */
    snapshotTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const server = process.env.E2E_DATABASE_URL;
  // PGlite: the dump the API suite made under `npm test` (snapshotHome), else one of this run's own.
  const home = snapshotHome(server);
  const { dir } = home;
  // `toy_test_` like the API tests' databases: CI drops what a killed run leaves.
  const template = server ? templateName() : '';
  if (server) await onServer(server, `create database ${template}`);
  if (!home.ready) await makeSnapshot(dir, server ? databaseUrl(server, template) : undefined);
  console.log(
    `› snapshot database (${server ? 'PostgreSQL template' : 'PGlite dump'}) ${home.ready ? 'reused' : `in ${Date.now() - started} ms`}`,
  );
  project.provide('snapshotDir', dir);
  project.provide('snapshotTemplate', template);
  return async () => {
    if (home.owned) rmSync(dir, { recursive: true, force: true });
    if (server) await dropTemplate(server, template);
  };
}
