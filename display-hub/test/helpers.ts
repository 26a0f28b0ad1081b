import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HubFrame } from '@toy/shared';
import pino from 'pino';
import { WebSocket } from 'ws';
import type { HubConfig } from '../src/config.js';
import { type HubHandle, startHub } from '../src/server.js';

export const KEY = 'test-control-key';

/** Waits scale with the machine's load (scripts/patience.mjs). */
import { patience, scaled } from '../../scripts/patience.mjs';

export { patience, scaled };

export function testConfig(overrides: Partial<HubConfig> = {}): HubConfig {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'hub-test-'));
  return {
    host: '127.0.0.1',
    wsPort: 0,
    mediaPort: 0,
    controlKey: KEY,
    controlKeySource: 'env',
    apiBase: null,
    appSecret: 'dev-app-secret',
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    clientDir: path.join(dataDir, 'no-client'),
    logLevel: 'silent',
    heartbeatMs: 15_000,
    maxBufferedBytes: 4 * 1024 * 1024,
    mediaMaxBytes: 5 * 1024 * 1024,
    imageCacheMaxBytes: 10 * 1024 * 1024,
    listRefreshMs: 120_000,
    barrageRefreshMs: 20_000,
    activityPollScale: 1,
    ...overrides,
  };
}

export async function startTestHub(
  overrides: Partial<HubConfig> = {},
): Promise<HubHandle & { cleanup(): Promise<void> }> {
  const config = testConfig(overrides);
  const handle = await startHub(config, pino({ level: 'silent' }));
  return {
    ...handle,
    async cleanup() {
      await handle.close();
      if (!overrides.dataDir) rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestClient {
  ws: WebSocket;
  frames: HubFrame[];
  /** Resolves with the next frame of `type` after `from` frames (default: any not yet taken). */
  next(type: string, timeoutMs?: number): Promise<HubFrame>;
  send(value: unknown): void;
  close(): Promise<void>;
}

/** A real WebSocket client that records every frame. */
export function connect(
  url: string,
  query: Record<string, string> = {},
  opts: { autoPong?: boolean; origin?: string } = {},
): Promise<TestClient> {
  const qs = new URLSearchParams(query).toString();
  const ws = new WebSocket(`${url}/${qs ? `?${qs}` : ''}`, {
    autoPong: opts.autoPong ?? true,
    ...(opts.origin ? { origin: opts.origin } : {}),
  });
  const frames: HubFrame[] = [];
  const taken = new Set<HubFrame>();
  const waiters: { type: string; resolve: (f: HubFrame) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as HubFrame;
    frames.push(frame);
    const i = waiters.findIndex((w) => w.type === frame.type);
    if (i >= 0) {
      taken.add(frame);
      waiters.splice(i, 1)[0]!.resolve(frame);
    }
  });
  const client: TestClient = {
    ws,
    frames,
    next(type, timeoutMs = 3000) {
      const have = frames.find((f) => f.type === type && !taken.has(f));
      if (have) {
        taken.add(have);
        return Promise.resolve(have);
      }
      return new Promise((resolve, reject) => {
        const limit = scaled(timeoutMs);
        const t = setTimeout(() => reject(new Error(`no ${type} frame within ${limit} ms`)), limit);
        waiters.push({
          type,
          resolve: (f) => {
            clearTimeout(t);
            resolve(f);
          },
        });
      });
    },
    send(value) {
      ws.send(typeof value === 'string' ? value : JSON.stringify(value));
    },
    close() {
      return new Promise((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
  });
}

export async function control(url: string): Promise<TestClient> {
  const c = await connect(url, { route: '/control' });
  await c.next('welcome');
  await c.next('snapshot');
  c.send({ type: 'hello', data: { key: KEY } });
  const w = await c.next('welcome');
  if ((w.data as { role: string }).role !== 'control') throw new Error('the key was not accepted');
  return c;
}

/**
 * Wait until the hub has handled everything `client` sent so far: a socket's messages are handled
 * in order, so the answer to a wrong key sent last comes after all of them.
 */
export async function settled(client: TestClient): Promise<void> {
  const before = client.frames.filter((f) => f.type === 'refused').length;
  client.send({ type: 'hello', data: { key: 'not-the-key-0' } });
  await until(() => client.frames.filter((f) => f.type === 'refused').length > before);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Wait for `check` to hold, up to `timeoutMs` on an idle machine (scaled by patience()). */
export async function until(check: () => boolean, timeoutMs = 3000, stepMs = 20): Promise<void> {
  const end = Date.now() + scaled(timeoutMs);
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(stepMs);
  }
}
