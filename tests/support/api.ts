// The API for one test file or benchmark: buildApp (the same code the server runs) on a free port
// with its own data directory, plus signed calls from the test itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '@toy/api';
import { DEV_APP_SECRET, signHeaders } from '@toy/shared';

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

export interface Answer<T> {
  status: number;
  body: { status: number; msg: string; data: T };
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

export async function startApiOnly(env: Record<string, string> = {}): Promise<ApiHandle> {
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
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port });

  const call: ApiHandle['call'] = async (method, path, params, token) => {
    const headers: Record<string, string> = { ...signHeaders(path, DEV_APP_SECRET, params) };
    if (token) headers.web_token = token;
    let url = apiUrl + path;
    let body: string | undefined;
    if (method === 'GET') {
      const query = new URLSearchParams(
        Object.entries(params ?? {})
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, String(v)]),
      );
      if ([...query].length) url += `?${query}`;
    } else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(params ?? {});
    }
    const res = await fetch(url, { method, headers, body });
    return { status: res.status, body: await res.json() };
  };

  return {
    apiUrl,
    call,
    async login(email, password = 'demo1234') {
      const res = await call<{ web_token: string }>('POST', '/auth/login', { email, password });
      if (res.body.status !== 0) throw new Error(`login ${email}: ${res.body.msg}`);
      return res.body.data.web_token;
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
