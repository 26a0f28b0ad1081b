// The display system for browser tests and benchmarks: the display client built once, the hub
// started in-process on free ports, and a stand-in for the platform's five screen-data calls
// (the API does not serve them yet), with pictures drawn by sharp.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type HubHandle, startHub } from '@toy/display-hub';
import { type ActivityStatus, DEV_APP_SECRET, sign } from '@toy/shared';
import Fastify from 'fastify';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { freePort, repoRoot } from '../support/api.js';

export const CONTROL_KEY = 'venue-test-key';
const clientDir = join(repoRoot, 'display-client');
export const clientDist = process.env.DISPLAY_CLIENT_DIST || join(clientDir, 'dist');

function newest(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    n = Math.max(n, st.isDirectory() ? newest(p) : st.mtimeMs);
  }
  return n;
}

/** Whether the build is newer than the display client's sources (or the display contract). */
function built(): boolean {
  const index = join(clientDist, 'index.html');
  const at = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(
    newest(join(clientDir, 'src')),
    newest(join(repoRoot, 'shared', 'src', 'display')),
    statSync(join(clientDir, 'index.html')).mtimeMs,
    statSync(join(clientDir, 'control.html')).mtimeMs,
  );
  return at > sources;
}

/** A lock older than this was left by a run that was killed mid-build. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * Build the display client when its sources are newer than the build. Two test files may ask at
 * once (each worker starts a display file): one builds under a lock while the other waits, so no
 * screen is served from a half-written build.
 */
export async function ensureDisplayClientBuilt(): Promise<void> {
  const lock = `${clientDist}.lock`;
  for (;;) {
    if (built()) return;
    try {
      mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (built()) return;
      const r = spawnSync(
        join(clientDir, 'node_modules', '.bin', 'vite'),
        ['build', '--logLevel', 'warn', '--outDir', clientDist],
        { cwd: clientDir, stdio: 'inherit' },
      );
      if (r.status !== 0) throw new Error('display client build failed');
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

const PALETTE = [
  ['#ff7eb0', '#7b2ff7'],
  ['#7ee7ff', '#2f6bff'],
  ['#ffd76a', '#f06595'],
  ['#63e6be', '#1971c2'],
  ['#ffa94d', '#e8590c'],
  ['#b197fc', '#5f3dc4'],
];

/** A square PNG: a gradient, a soft figure and a label. */
async function picture(label: string, i: number, size = 256, round = false): Promise<Buffer> {
  const [a, b] = PALETTE[i % PALETTE.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="100%" height="100%" ${round ? `rx="${size / 2}"` : ''} fill="url(#g)"/>
  <circle cx="${size * 0.5}" cy="${size * 0.42}" r="${size * 0.2}" fill="#fff" fill-opacity=".85"/>
  <circle cx="${size * 0.43}" cy="${size * 0.4}" r="${size * 0.025}" fill="#222"/><circle cx="${size * 0.57}" cy="${size * 0.4}" r="${size * 0.025}" fill="#222"/>
  <rect x="${size * 0.3}" y="${size * 0.62}" width="${size * 0.4}" height="${size * 0.22}" rx="${size * 0.06}" fill="#fff" fill-opacity=".75"/>
  <text x="50%" y="${size * 0.92}" font-size="${size * 0.1}" text-anchor="middle" fill="#fff" font-family="Noto Sans CJK SC" font-weight="700">${label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const BRANDS = [
  '星河',
  '泡泡玛特',
  '52TOYS',
  '寻找独角兽',
  'TOPTOY',
  '若来',
  '奇梦岛',
  '野兽国',
  '十二生肖',
  '潮玩社',
  '萌趣星',
  '山海集',
  '小野',
  '熊猫堂',
  '梦工厂',
  '不二',
  '森林',
  '云朵',
];
/** Brands the venue shows without sales in the window: not on the hot list. */
export const QUIET_BRANDS = ['新星工坊', '月光盒子'];
const NAMES = [
  '欧皇小王',
  '幸运星',
  '抽盒达人',
  '隐藏款收割机',
  '潮玩少女',
  '夜猫子',
  '一发入魂',
  '盒盒乐',
  '小确幸',
  '满箱大佬',
];

export interface FakePlatform {
  url: string;
  calls: Record<string, number>;
  active: ActivityStatus;
  setActive(value: Partial<ActivityStatus>): void;
  close(): Promise<void>;
}

/** The platform's screen data for the screens to show, answering signed calls like the API. */
export async function startFakePlatform(opts: { sales?: number } = {}): Promise<FakePlatform> {
  const app = Fastify({ logger: false });
  const calls: Record<string, number> = {};
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const pics = new Map<string, Buffer>();
  const pic = (name: string) => `${url}/pics/${name}.png`;
  let barrageId = 0;
  const state = {
    active: { type: 0, activity_type: 13, state: 0, goods: [], records: [], lucky_user: [] } as ActivityStatus,
  };
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/pics/')) return;
    const query = Object.fromEntries(new URL(request.url, url).searchParams);
    if (request.headers.sign !== sign(path, DEV_APP_SECRET, String(request.headers.mt ?? ''), query))
      return reply.code(401).send({ status: 401, msg: '签名错误', data: null });
    calls[path] = (calls[path] ?? 0) + 1;
  });
  app.get<{ Params: { name: string } }>('/pics/:name', async (request, reply) => {
    const name = request.params.name.replace(/\.png$/, '');
    let buf = pics.get(name);
    if (!buf) {
      const [kind, n] = name.split('-');
      const i = Number(n) || 0;
      const label = kind === 'sale' ? `No.${i + 1}` : kind === 'logo' ? (BRANDS[i] ?? '') : '';
      buf = await picture(label, i, kind === 'avatar' ? 128 : 320, kind === 'avatar');
      pics.set(name, buf);
    }
    return reply.type('image/png').send(buf);
  });
  const ok = (data: unknown) => ({ status: 0, msg: 'ok', data });
  const sales = opts.sales ?? 12;
  app.get('/v1/offline/screen/ip/sale', async () =>
    ok({
      // Draw machines and kujis alternate, numbered on their own as the platform numbers them:
      // machine 1, kuji 1, machine 2, kuji 2, …
      list: Array.from({ length: sales }, (_, i) => ({
        id: Math.floor(i / 2) + 1,
        activity_type: i % 2 ? 14 : 13,
        name: `${BRANDS[i % BRANDS.length]}${['星空', '夏日', '森林', '甜品', '机甲', '童话'][i % 6]}系列盲盒`,
        begin: `2026-05-01 ${String(10 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00`,
        state: i < 4 ? 1 : 0,
        type: i % 3 === 0 ? 1 : 2,
        price: 59 + (i % 5) * 10,
        stock: 100 + i * 40,
        pic: pic(`sale-${i}`),
        ips: [{ id: (i % BRANDS.length) + 1, title: BRANDS[i % BRANDS.length]! }],
      })),
    }),
  );
  app.get('/v1/offline/screen/ip/hot', async () =>
    ok({
      list: BRANDS.map((name, i) => ({
        id: i + 1,
        name,
        pic: pic(`sale-${i}`),
        logo: pic(`logo-${i}`),
        hot: 1000 - i * 37,
      })),
    }),
  );
  // Every brand of the venue: the hot ones and two without recent sales.
  app.get('/v1/offline/screen/ip/list', async () =>
    ok({
      list: [...BRANDS, ...QUIET_BRANDS].map((name, i) => ({
        id: i + 1,
        name,
        pic: pic(`sale-${i}`),
        logo: pic(`logo-${i}`),
        hot: Math.max(0, 1000 - i * 37) * (i < BRANDS.length ? 1 : 0),
      })),
    }),
  );
  app.get('/v1/offline/screen/user', async () =>
    ok({
      list: NAMES.slice(0, 7).map((name, i) => ({
        user_id: i + 1,
        name,
        // The last two players have no avatar.
        avatar: i >= 5 ? '' : pic(`avatar-${i}`),
        avatar_frame: '',
        amount: 28888 - i * 3100.5,
      })),
    }),
  );
  app.get<{ Querystring: { last_id?: string } }>('/v6/offline/barrage', async (request) => {
    const last = Number(request.query.last_id ?? 0);
    if (barrageId < 30) barrageId = 30;
    else barrageId += 1;
    const from = last === 0 ? barrageId - 10 : last;
    const list = [];
    for (let id = from + 1; id <= barrageId && list.length < 10; id++)
      list.push({
        id,
        user: { name: NAMES[id % NAMES.length]!, avatar: id % 3 === 0 ? '' : pic(`avatar-${id % 7}`) },
        action: (id % 5) + 1,
        ip_title: BRANDS[id % BRANDS.length]!,
        active_title: `${BRANDS[id % BRANDS.length]}系列`,
        vip_level: (id % 6) + 1,
        ticket_level: ['A', 'B', 'Last', 'W1'][id % 4]!,
      });
    return ok(list);
  });
  app.get('/web/offline/screen/active', async () => ok(state.active));
  await app.listen({ host: '127.0.0.1', port });
  return {
    url,
    calls,
    get active() {
      return state.active;
    },
    setActive(value) {
      state.active = {
        type: 0,
        activity_type: 13,
        state: 0,
        goods: [],
        records: [],
        lucky_user: [],
        ...value,
      } as ActivityStatus;
    },
    close: () => app.close(),
  };
}

/** People for the lottery screens. */
export const people = (n: number, prefix = '玩家') =>
  Array.from({ length: n }, (_, i) => ({
    name: `${prefix}${i + 1}`,
    phone: `138${String(10000000 + i * 7919).slice(0, 8)}`,
    avatar: '',
  }));

export interface DisplayStack {
  hub: HubHandle;
  platform: FakePlatform | null;
  mediaUrl: string;
  wsUrl: string;
  /** Stop the hub; `start` brings it back on the same ports and data directory. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A hub on free ports serving the built client, fetching from the fake platform (or nothing). */
export async function startDisplayStack(
  opts: { platform?: boolean; sales?: number; env?: Record<string, number> } = {},
): Promise<DisplayStack> {
  await ensureDisplayClientBuilt();
  const platform = opts.platform === false ? null : await startFakePlatform({ sales: opts.sales });
  const dataDir = mkdtempSync(join(tmpdir(), 'display-e2e-'));
  const config = {
    host: '127.0.0.1',
    wsPort: await freePort(),
    mediaPort: await freePort(),
    controlKey: CONTROL_KEY,
    controlKeySource: 'env',
    apiBase: platform?.url ?? null,
    appSecret: DEV_APP_SECRET,
    dataDir,
    mediaDir: join(dataDir, 'media'),
    clientDir: clientDist,
    logLevel: 'silent',
    heartbeatMs: 15_000,
    maxBufferedBytes: 4 * 1024 * 1024,
    mediaMaxBytes: 50 * 1024 * 1024,
    imageCacheMaxBytes: 50 * 1024 * 1024,
    listRefreshMs: opts.env?.listRefreshMs ?? 120_000,
    barrageRefreshMs: opts.env?.barrageRefreshMs ?? 20_000,
    activityPollScale: opts.env?.activityPollScale ?? 1,
  } as const;
  let hub = await startHub(config);
  let running = true;
  // The first round of platform data, so the screens open on content.
  if (platform) {
    const t0 = Date.now();
    while (hub.platform.data.sale.length === 0 || hub.platform.data.user.length === 0) {
      if (Date.now() - t0 > 10_000) throw new Error('the hub did not fetch the platform data');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stack: DisplayStack = {
    hub,
    platform,
    mediaUrl: hub.mediaUrl,
    wsUrl: hub.wsUrl,
    async stop() {
      if (running) await hub.close();
      running = false;
    },
    async start() {
      hub = await startHub({ ...config, wsPort: hub.config.wsPort, mediaPort: hub.config.mediaPort });
      stack.hub = hub;
      running = true;
    },
    async close() {
      if (running) await hub.close();
      await platform?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return stack;
}

/**
 * A screen's address for a test: at 5 frames a second without antialiasing (`?fps=5&aa=0`), so
 * screens on a software renderer (most of a display file's CPU: SwiftShader in Chromium's GPU
 * process) leave the machine room for the rest of the run.
 */
export const screenPath = (path: string) =>
  path.startsWith('/control') ? path : `${path}${path.includes('?') ? '&' : '?'}fps=5&aa=0`;

/** The browser contexts a test opened, closed after it whatever happened: a test that fails midway
 *  leaves no screen running to answer (or spend the CPU) for the next one. */
export class OpenedContexts {
  private readonly open = new Set<BrowserContext>();
  add(context: BrowserContext): BrowserContext {
    this.open.add(context);
    return context;
  }
  async closeAll(): Promise<void> {
    await Promise.all([...this.open].map((c) => c.close()));
    this.open.clear();
  }
}
