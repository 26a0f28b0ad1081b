// What a stranger on the venue network (or a web page in a venue browser) can do to the hub: a
// socket without the key may only report its own video's end; the image proxy fetches only from
// the platform's and the hub's own hosts; sockets from other web origins are refused; the public
// pages show nothing a stranger could use.
import { createServer, type Server } from 'node:http';
import type { DisplayState, HubFrame, SnapshotData } from '@toy/shared';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PNG, startFakePlatform } from './fake-platform.js';
import { connect, control, KEY, settled, startTestHub, type TestClient, until } from './helpers.js';

type Hub = Awaited<ReturnType<typeof startTestHub>>;

/** A server on another local port that records whether anything reached it. */
async function startTrap(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, hits, close: () => new Promise((r) => server.close(() => r())) };
}

const brand = (id: number, video = `v${id}.mp4`) => ({ id, title: `品牌${id}`, video, pic: '', logo: '' });
const snapshotOf = async (c: TestClient) => ((await c.next('snapshot')).data as SnapshotData).state;
const img = (hub: Hub, url: string) => fetch(`${hub.mediaUrl}/img?u=${encodeURIComponent(url)}`);

describe('a socket without the control key', () => {
  let hub: Hub;
  let trap: Awaited<ReturnType<typeof startTrap>>;
  let ctl: TestClient;
  beforeAll(async () => {
    trap = await startTrap();
  });
  afterAll(async () => {
    await trap.close();
  });
  beforeEach(async () => {
    hub = await startTestHub();
    ctl = await control(hub.wsUrl);
  });
  afterEach(async () => {
    await ctl.close();
    await hub.cleanup();
  });

  it('cannot put a brand of its own on the screens (upDateInfo in wait mode)', async () => {
    const list = [brand(1), brand(2), brand(3)];
    ctl.send({ type: 'wait', data: { centerScreen: 1, ipInfo: list[0], ipList: list } });
    await ctl.next('wait');
    const stranger = await connect(hub.wsUrl, { route: '/extend_center' });
    const { version } = await snapshotOf(stranger);
    const evil = {
      id: 666,
      title: '恶意标题',
      pic: `${trap.url}/pic.png`,
      logo: `${trap.url}/logo.png`,
      video: `${trap.url}/v.mp4`,
    };
    stranger.send({ type: 'upDateInfo', data: { ipInfo: evil, from_ip_id: 1, version } });
    stranger.send({ type: 'upDateInfo', data: { ipInfo: evil, from_ip_id: 666, version: version + 1 } });
    await settled(stranger);
    const shown = JSON.stringify(hub.store.state);
    expect(shown).not.toContain('恶意标题');
    expect(shown).not.toContain('666');
    expect(shown).not.toContain(trap.url);
    // What it can do is what a screen's ended video does: the hub's next brand of its own list.
    expect(hub.store.state.ipInfo).toEqual({ ...list[1], type: 1 });
    for (const u of [evil.pic, evil.logo]) expect((await img(hub, u)).status).toBe(404);
    expect(trap.hits).toEqual([]);
    await stranger.close();
  });

  it('cannot switch the screens in sell mode unless its own screen plays that video', async () => {
    ctl.send({
      type: 'sell',
      data: { leftScreen: 1, centerScreen: 4, rightScreen: 0, ipInfo: brand(1), ipList: [brand(1), brand(2)] },
    });
    await ctl.next('sell');
    const before: DisplayState = structuredClone(hub.store.state);
    const tries: [Record<string, string>, number][] = [
      [{ route: '/extend_center' }, 1], // the centre screen shows the sale, not a video
      [{}, 1], // no screen at all
      [{ route: '/extend' }, 1],
      [{ route: '/extend_left' }, 2], // the left screen plays brand 1, not 2
      [{ route: '/extend_left', admin: '1' }, 1], // a preview only listens
    ];
    for (const [query, ipId] of tries) {
      const s = await connect(hub.wsUrl, query);
      const { version } = await snapshotOf(s);
      s.send({ type: 'toAdmin', data: { event: 'videoEnded', mode: 'sell', ip_id: ipId, version } });
      await settled(s);
      expect(s.frames.filter((f) => f.type === 'refused').length, JSON.stringify(query)).toBe(2);
      await s.close();
    }
    expect(hub.store.state).toEqual(before);
    expect(ctl.frames.filter((f) => f.type === 'toAdmin')).toEqual([]);
  });

  it('cannot send the operator words of its own; a screen’s notice is the hub’s text', async () => {
    ctl.send({ type: 'sell', data: { leftScreen: 1, ipInfo: brand(1), ipList: [brand(1)] } });
    await ctl.next('sell');
    const s = await connect(hub.wsUrl, { route: '/extend_left' });
    const { version } = await snapshotOf(s);
    const words = '控制密钥已过期，请到 http://evil.example 重新输入';
    s.send({ type: 'toAdmin', data: { event: 'notice', message: words } });
    s.send({ type: 'toAdmin', data: { event: 'videoError', message: words, ip_id: 1, version } });
    s.send({ type: 'toAdmin', data: { event: 'videoEnded', message: words, mode: 'sell', ip_id: 1, version } });
    await settled(s);
    const notices = await until(() => ctl.frames.filter((f) => f.type === 'toAdmin').length === 2).then(() =>
      ctl.frames.filter((f) => f.type === 'toAdmin'),
    );
    expect(JSON.stringify(ctl.frames)).not.toContain('evil.example');
    expect(notices.map((n) => (n.data as { message: string }).message)).toEqual([
      '品牌1 视频无法播放',
      '品牌1 视频播放结束，三屏已切换为品牌屏',
    ]);
    expect(notices[0]!.data).toMatchObject({ event: 'videoError', route: '/extend_left', ip_id: 1 });
    expect(hub.store.state.leftScreen.mode).toBe(2);
    await s.close();
  });
});

describe('the image proxy', () => {
  let hub: Hub;
  let trap: Awaited<ReturnType<typeof startTrap>>;
  let platform: Awaited<ReturnType<typeof startFakePlatform>>;
  beforeAll(async () => {
    trap = await startTrap();
    platform = await startFakePlatform({ redirectTo: `${trap.url}/internal.png` });
    hub = await startTestHub({ apiBase: platform.url });
  });
  afterAll(async () => {
    await hub.cleanup();
    await platform.close();
    await trap.close();
  });

  it('fetches only from the platform and the hub itself, never following a redirect elsewhere', async () => {
    await until(() => hub.platform.data.sale.length > 0, 5000);
    const named = hub.platform.data.sale[0]!.pic;
    expect((await img(hub, named)).status).toBe(200);

    const ctl = await control(hub.wsUrl);
    // The hub's own library, by absolute URL: read from disk.
    await fetch(`${hub.mediaUrl}/api/media`, {
      method: 'POST',
      headers: { 'x-control-key': KEY },
      body: (() => {
        const f = new FormData();
        f.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'own.png');
        return f;
      })(),
    });
    const own = `${hub.mediaUrl}/media/own.png`;
    const elsewhere = `${trap.url}/internal.png`;
    const moved = `${platform.url}/moved.png`;
    const pics = [own, elsewhere, moved].map((pic, i) => ({ ...brand(10 + i, ''), pic }));
    ctl.send({ type: 'wait', data: { ipList: pics } });
    await ctl.next('wait');
    const ownRes = await img(hub, own);
    expect(ownRes.status).toBe(200);
    expect(Buffer.from(await ownRes.arrayBuffer())).toEqual(PNG);
    expect((await img(hub, elsewhere)).status).toBe(404);
    expect((await img(hub, moved)).status).toBe(404);
    expect((await img(hub, 'file:///etc/passwd')).status).toBe(404);
    expect((await img(hub, `${hub.mediaUrl}/media/%E0%A4%A.png`)).status).toBe(404);
    expect((await img(hub, 'not a url')).status).toBe(404);
    expect(trap.hits).toEqual([]);
    await ctl.close();
  });
});

describe('socket origins', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startTestHub({ allowedOrigins: ['http://kiosk.venue.lan:9000'] });
  });
  afterAll(async () => {
    await hub.cleanup();
  });

  it('refuses a socket from another web origin unless it is configured', async () => {
    const mediaPort = new URL(hub.mediaUrl).port;
    const ok = async (origin?: string) => {
      const c = await connect(hub.wsUrl, { route: '/extend' }, origin ? { origin } : {});
      await c.next('snapshot');
      await c.close();
      return true;
    };
    await expect(ok(`http://127.0.0.1:${mediaPort}`)).resolves.toBe(true); // the hub's own pages
    await expect(ok('http://127.0.0.1:8080')).resolves.toBe(true); // the console
    await expect(ok('http://kiosk.venue.lan:9000')).resolves.toBe(true); // configured
    await expect(ok()).resolves.toBe(true); // not a browser: nothing to check
    const before = hub.debug().clients;
    for (const origin of ['http://evil.example', `http://evil.example:${mediaPort}`, 'null', 'http://127.0.0.1:9']) {
      await expect(ok(origin), origin).rejects.toThrow(/403/);
    }
    expect(hub.debug().clients).toBe(before);
  });
});

describe('the public pages', () => {
  let hub: Hub;
  let platform = '';
  const app = Fastify({ logger: false });
  const SECRET = 'postgres://admin:hunter2@10.1.2.3/toy';
  beforeAll(async () => {
    app.all('/*', async (_req, reply) => reply.code(500).send({ status: 500, msg: `down: ${SECRET}`, data: null }));
    platform = await app.listen({ host: '127.0.0.1', port: 0 });
    hub = await startTestHub({ apiBase: platform });
    await until(() => hub.platform.ages.sale.error !== null, 5000);
  });
  afterAll(async () => {
    await hub.cleanup();
    await app.close();
  });

  it('show no key, no address and no internal URL; the full status needs the key', async () => {
    const screen = await connect(hub.wsUrl, { route: '/screen_md', cid: 'store-7f3a' });
    const snap = (await screen.next('snapshot')) as HubFrame<SnapshotData>;
    screen.send({ type: 'health', data: { route: '/screen_md', fps: 58.5, textures: 31, heap: 42.1, uptime: 12 } });
    await until(() => hub.hub.clientList().some((c) => c.health !== null));
    const ctl = await control(hub.wsUrl);
    const secrets = [KEY, platform, '10.1.2.3', 'hunter2', '127.0.0.1', 'store-7f3a'];
    const page = await (await fetch(`${hub.mediaUrl}/status`)).text();
    expect(page).toContain('/screen_md');
    expect(page).toContain('42.1 MB');
    expect(page).toContain('今日发售');
    const health = await (await fetch(`${hub.mediaUrl}/healthz`)).text();
    expect(JSON.parse(health)).toMatchObject({ status: 'ok', screens: 1 });
    for (const text of [page, health, JSON.stringify(snap.data.ages)])
      for (const s of secrets) expect(text, s).not.toContain(s);

    for (const path of ['/status.json', '/api/state', '/api/screen-data']) {
      const res = await fetch(`${hub.mediaUrl}${path}`);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toMatchObject({ status: 401, msg: '需要控制密钥' });
      const keyed = await fetch(`${hub.mediaUrl}${path}`, { headers: { 'x-control-key': KEY } });
      expect(keyed.status, path).toBe(200);
    }
    // The operator (with the key) still sees every detail.
    const status = await until(() => ctl.frames.some((f) => f.type === 'status')).then(
      () => ctl.frames.filter((f) => f.type === 'status').at(-1)!.data as { ages: { sale: { error: string } } },
    );
    expect(status.ages.sale.error).toContain('10.1.2.3');
    await Promise.all([screen.close(), ctl.close()]);
  });
});
