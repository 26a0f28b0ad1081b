// The API for one test file or benchmark: buildApp (the same code the server runs) on a free port
// with its own data directory, plus signed calls from the test itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { buildApp, loadConfig } from '@toy/api';
import { copyDatabase, onServer } from '@toy/api/snapshot';
import { type Answer, createClient, DEV_APP_SECRET } from '@toy/shared';

export const repoRoot = join(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ApiHandle {
  apiUrl: string;
  /** A signed call, e.g. to log in or to revoke a session behind the browser's back. */
  call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, unknown>,
    token?: string,
  ): Promise<Answer<T>>;
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Signed calls and password login against an API at `apiUrl`, through the shared client. */
export function apiClient(apiUrl: string): Pick<ApiHandle, 'call' | 'login'> {
  const client = createClient({ baseUrl: apiUrl, secret: DEV_APP_SECRET });
  const call: ApiHandle['call'] = (method, path, params, token) => client.send({ method, path }, params, { token });
  return {
    call,
    async login(email, password = 'demo1234') {
      const res = await call<{ web_token: string }>('POST', '/auth/login', { email, password });
      if (res.body.status !== 0) throw new Error(`login ${email}: ${res.body.msg}`);
      return res.body.data.web_token;
    },
  };
}

/** The API built in the test's own process: its database can be reached directly. */
export interface InProcessApi extends ApiHandle {
  /**
   * One SQL statement on the API's database, for what no call can arrange (a brand with a given id,
   * a signed merchant); answers the rows.
   */
  sql(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/** The run's snapshot (support/global-setup.ts) under vitest; none in a benchmark. */
async function runSnapshot(): Promise<{ dir: string; template: string } | undefined> {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  return { dir: inject('snapshotDir'), template: inject('snapshotTemplate') };
}

/**
 * buildApp in this process, on a free port with its own data directory: under vitest a copy of the
 * run's snapshot, else migrated and seeded.
 */
export async function startApiOnly(env: Record<string, string> = {}): Promise<InProcessApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toy-stack-'));
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: apiUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const snapshot = await runSnapshot();
  // E2E_DATABASE_URL: the stack's database is a copy of the run's template on that server.
  const server = process.env.E2E_DATABASE_URL;
  const database = snapshot?.template && server ? await copyDatabase(server, snapshot.template) : undefined;
  const app = await buildApp({
    ...config,
    ...(database ? { databaseUrl: database } : {}),
    snapshot: snapshot ? { dir: snapshot.dir, postgresReady: Boolean(database) } : undefined,
    // A test's database lives as long as its file: in memory, as the API tests' do (its files
    // still go to a temporary directory).
    memory: Boolean(snapshot),
  });
  await app.listen({ host: '127.0.0.1', port });
  // PGlite and node-postgres clients both answer query(text, params) with { rows }.
  const client = (app.db as unknown as { $client: { query(t: string, p?: unknown[]): Promise<{ rows: unknown[] }> } })
    .$client;
  return {
    apiUrl,
    ...apiClient(apiUrl),
    async sql(text, params) {
      const { rows } = await client.query(text, params);
      // Straight to the client, past the API's read cache: forget what it holds.
      app.cache.invalidate('all');
      return rows as Record<string, unknown>[];
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (database && server)
        await onServer(server, `drop database if exists ${new URL(database).pathname.slice(1)} with (force)`);
    },
  };
}

/**
 * The API in a process of its own (support/api-server.ts), as `npm start` runs it: a load driven
 * from this process then competes with it for nothing but the machine. BENCH_DATABASE_URL in the
 * environment runs it on PostgreSQL; BENCH_API_NODE_ARGS adds node flags to it (e.g. to profile
 * it: `--cpu-prof --cpu-prof-dir=/tmp/prof`); `env` adds to its environment (e.g. a BENCH_DATABASE_URL
 * of its own).
 */
export async function startApiProcess(env: Record<string, string> = {}): Promise<ApiHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toy-stack-'));
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_API_NODE_ARGS?.split(' ') ?? []),
      '--import',
      'tsx',
      'support/api-server.ts',
      dataDir,
      'serve',
    ],
    {
      cwd: join(repoRoot, 'tests'),
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    },
  );
  let port = 0;
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.startsWith('{')) {
      port = (JSON.parse(line) as { port: number }).port;
      break;
    }
  }
  if (!port) throw new Error('the API process exited early');
  child.stdout!.resume();
  const apiUrl = `http://127.0.0.1:${port}`;
  return {
    apiUrl,
    ...apiClient(apiUrl),
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
