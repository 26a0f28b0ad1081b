import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  applyMessage,
  DISPLAY_MESSAGE_TYPES,
  type DisplayState,
  displayMessage,
  type HubFrame,
  reconnectDelay,
  type SnapshotData,
} from '@toy/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { control, KEY, scaled, sleep, until } from './helpers.js';

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** A screen as the display client runs it: reconnects with jittered backoff and keeps the last snapshot. */
class Screen {
  state: DisplayState | null = null;
  epoch = '';
  private attempt = 0;
  private ws: WebSocket | null = null;
  private stopped = false;
  constructor(
    private readonly url: string,
    readonly route: string,
  ) {
    this.open();
  }
  private open() {
    const ws = new WebSocket(`${this.url}/?route=${encodeURIComponent(this.route)}`);
    this.ws = ws;
    ws.on('open', () => {
      this.attempt = 0;
    });
    ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as HubFrame;
      if (f.type === 'snapshot') {
        this.state = (f.data as SnapshotData).state;
        this.epoch = f.epoch;
      } else if (this.state && (DISPLAY_MESSAGE_TYPES as readonly string[]).includes(f.type)) {
        this.state = applyMessage(this.state, displayMessage.parse(f)).state;
      }
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (this.stopped) return;
      setTimeout(() => this.open(), reconnectDelay(this.attempt++));
    });
  }
  stop() {
    this.stopped = true;
    this.ws?.terminate();
  }
}

function startHubProcess(env: Record<string, string>): ChildProcess {
  // One process (node with the tsx loader), so SIGKILL reaches the hub itself.
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: process.env.HUB_TEST_VERBOSE ? 'inherit' : 'ignore',
  });
}

describe('hub restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-restart-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'after SIGKILL and a restart, every screen is back in the same state within 5 s of the hub answering',
    async () => {
      const [wsPort, mediaPort] = [await freePort(), await freePort()];
      const env = {
        HUB_HOST: '127.0.0.1',
        HUB_WS_PORT: String(wsPort),
        HUB_MEDIA_PORT: String(mediaPort),
        HUB_CONTROL_KEY: KEY,
        HUB_DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        API_BASE: '',
      };
      const url = `ws://127.0.0.1:${wsPort}`;
      const first = startHubProcess(env);
      children.push(first);
      const healthy = async () =>
        fetch(`http://127.0.0.1:${mediaPort}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      const started = async () => {
        const t0 = Date.now();
        while (!(await healthy())) {
          if (Date.now() - t0 > scaled(30_000)) throw new Error('hub did not start');
          await sleep(100);
        }
      };
      await started();
      const routes = ['/extend_left', '/extend_center', '/extend_right', '/screen_md', '/extend'];
      const screens = routes.map((r) => new Screen(url, r));
      await until(() => screens.every((s) => s.state !== null), 5000);

      const c = await control(url);
      const brand = { id: 7, title: '星河', video: 'v.mp4' };
      c.send({
        type: 'sell',
        data: { leftScreen: 4, centerScreen: { mode: 2, ip_id: 7 }, rightScreen: 5, ipInfo: brand, ipList: [brand] },
      });
      c.send({ type: 'open', data: { active_type: 5, num: 12 } });
      await c.next('open');
      await c.close();
      // The hub writes its state a moment after a change: kill it once the open overlay is on disk
      // (a busy machine may take longer than any fixed pause).
      const saved = path.join(dataDir, 'state.json');
      await until(() => existsSync(saved) && readFileSync(saved, 'utf8').includes('"num":12'), 5000);
      const before = JSON.stringify(screens[0]!.state);
      expect(screens[0]!.state).toMatchObject({ mode: 'sell', overlay: { num: 12 } });
      for (const s of screens) expect(JSON.stringify(s.state)).toBe(before);
      const epochBefore = screens[0]!.epoch;

      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      for (const s of screens) s.state = null;
      const second = startHubProcess(env);
      children.push(second);
      // The process start (loading TypeScript) is not the screens' doing: count from the hub answering.
      await started();
      // 5 s on an idle machine, more on a busy one (until() scales it).
      await until(() => screens.every((s) => s.state !== null), 5000, 25);
      for (const s of screens) {
        expect(JSON.stringify(s.state)).toBe(before);
        expect(s.epoch).not.toBe(epochBefore);
      }
      for (const s of screens) s.stop();
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    },
    scaled(60_000),
  );
});
