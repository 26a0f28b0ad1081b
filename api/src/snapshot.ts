import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
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
      // Written whole, then renamed: a suite that waits for the file never reads half of it.
      const partial = path.join(dir, `pglite.tar.${randomUUID()}`);
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, path.join(dir, 'pglite.tar'));
    }
  } finally {
    await app.close();
  }
  rmSync(path.join(dir, 'pglite'), { recursive: true, force: true });
  rmSync(path.join(dir, 'pglite.lock'), { force: true });
}

/**
 * Where a run's snapshot lives: `npm test` names one directory for all its suites
 * (TEST_SNAPSHOT_DIR), which the API suite fills with a PGlite dump and the browser suite reuses;
 * without it, or on a PostgreSQL `server` (a template of the run's own), a run makes its own in a
 * temporary directory, removed at the end (`owned`). `ready`: already made.
 */
export function snapshotHome(server?: string): { dir: string; owned: boolean; ready: boolean } {
  const shared = process.env.TEST_SNAPSHOT_DIR;
  if (shared && !server) return { dir: shared, owned: false, ready: existsSync(path.join(shared, 'pglite.tar')) };
  return { dir: mkdtempSync(path.join(tmpdir(), 'toy-snapshot-')), owned: true, ready: false };
}

/** One statement on the server of `url`, outside any database of the suite. */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `url` with another database name. */
export function databaseUrl(url: string, name: string): string {
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

/**
 * A database of its own on the server of `url`, a copy of `template` when given: its URL. A copy is
 * named after its template (`<template>_…`), so the run that made the template drops its copies with
 * it (`dropTemplate`); every name starts `toy_test_`, which CI drops after a killed run.
 */
export async function copyDatabase(url: string, template: string | undefined): Promise<string> {
  const name = `${template ?? 'toy_test'}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const from = template ? ` template ${template}` : '';
  // Two copies of the template at the same instant: PostgreSQL refuses the second; try again.
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(url, `create database ${name}${from}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + attempt * 50));
    }
  }
  return databaseUrl(url, name);
}

/**
 * A new template's name for one test run (its copies are named after it). TEST_RUN_TAG marks a run's
 * databases, so a script can drop what a killed run left without touching another run's.
 */
export const templateName = () =>
  `toy_test_${process.env.TEST_RUN_TAG ?? ''}tpl_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

/** Drops a run's template and every copy of it that its test files left. */
export async function dropTemplate(url: string, template: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname = $1 or datname like $1 || '\\_%' order by datname desc",
      [template],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}
