import type { DisplayState, SnapshotData } from '@toy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, control, scaled, settled, sleep, startTestHub, type TestClient, until } from './helpers.js';

type Hub = Awaited<ReturnType<typeof startTestHub>>;

describe('display hub socket', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(async () => {
    await hub.cleanup();
  });

  it('sends a welcome and the snapshot at once, with seq and epoch', async () => {
    const s = await connect(hub.wsUrl, { route: '/extend_left' });
    const welcome = await s.next('welcome');
    expect(welcome.data).toMatchObject({ role: 'screen' });
    const snap = await s.next('snapshot');
    const data = snap.data as SnapshotData;
    expect(data.state.leftScreen).toEqual({ mode: 0, ip_id: null });
    expect(data.screenData).toHaveProperty('sale');
    expect(data.ages).toHaveProperty('active');
    expect(snap.epoch).toBe(hub.hub.epoch);
    expect(snap.seq).toBe(hub.hub.currentSeq);
    await s.close();
  });

  it('a screen that connects after a change gets the changed state', async () => {
    const c = await control(hub.wsUrl);
    c.send({ type: 'sell', data: { leftScreen: 4, centerScreen: 4, rightScreen: 0 } });
    await c.next('sell');
    const s = await connect(hub.wsUrl, { route: '/extend_center' });
    const state = ((await s.next('snapshot')).data as SnapshotData).state;
    expect(state.mode).toBe('sell');
    expect(state.centerScreen.mode).toBe(4);
    await Promise.all([s.close(), c.close()]);
  });

  it('refuses commands without the control key, and everything from a preview', async () => {
    const screen = await connect(hub.wsUrl, { route: '/extend' });
    const preview = await connect(hub.wsUrl, { route: '/extend', admin: '1' });
    await screen.next('snapshot');
    expect((await preview.next('welcome')).data).toMatchObject({ role: 'preview' });
    const before = hub.hub.counters.refused;
    const seq = hub.hub.currentSeq;

    screen.send({ type: 'open', data: { active_type: 5 } });
    expect((await screen.next('refused')).data).toMatchObject({ type: 'open', reason: '需要控制密钥' });
    screen.send({ type: 'hello', data: { key: 'wrong-key-123' } });
    expect((await screen.next('refused')).data).toMatchObject({ type: 'hello' });
    screen.send({ type: 'screenClose', data: {} });
    await screen.next('refused');
    preview.send({ type: 'toAdmin', data: { event: 'videoEnded', ip_id: 1, version: 0 } });
    expect((await preview.next('refused')).data).toMatchObject({ reason: '预览只读' });
    preview.send({ type: 'health', data: { route: '/extend', fps: 60, textures: 1, heap: 1, uptime: 1 } });
    await preview.next('refused');

    expect(hub.hub.counters.refused - before).toBe(5);
    expect(hub.hub.currentSeq).toBe(seq);
    expect(hub.store.state.overlay).toBeNull();
    expect(hub.store.state.closed).toBe(false);
    await Promise.all([screen.close(), preview.close()]);
  });

  it('drops malformed and unknown messages, counts them, relays nothing', async () => {
    const c = await control(hub.wsUrl);
    const s = await connect(hub.wsUrl, { route: '/extend_right' });
    await s.next('snapshot');
    const before = hub.hub.counters.dropped;
    const seq = hub.hub.currentSeq;
    c.send('not json');
    c.send('[]');
    c.send({ type: 'reboot', data: {} });
    c.send({ type: 'wait', data: { centerScreen: 9 } });
    c.send({ type: 'open', data: { state: 1 } });
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await until(() => hub.hub.counters.dropped - before === 6);
    await sleep(100);
    expect(s.frames.filter((f) => !['welcome', 'snapshot', 'status'].includes(f.type))).toEqual([]);
    expect(hub.hub.currentSeq).toBe(seq);
    await Promise.all([s.close(), c.close()]);
  });

  it('delivers messages to every screen in order, with consecutive seq', async () => {
    const c = await control(hub.wsUrl);
    const screens: TestClient[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await connect(hub.wsUrl, { route: '/extend_center' });
      await s.next('snapshot');
      screens.push(s);
    }
    const start = hub.hub.currentSeq;
    const N = 300;
    for (let i = 1; i <= N; i++)
      c.send(i % 2 ? { type: 'open', data: { active_type: 5, num: i } } : { type: 'close', data: {} });
    await until(() => screens.every((s) => s.frames.filter((f) => f.seq > start).length >= N), 5000);
    for (const s of screens) {
      const got = s.frames.filter((f) => f.seq > start && (f.type === 'open' || f.type === 'close'));
      expect(got.map((f) => f.seq)).toEqual(Array.from({ length: N }, (_, i) => start + i + 1));
      expect(got.filter((f) => f.type === 'open').map((f) => (f.data as { num: number }).num)).toEqual(
        Array.from({ length: N / 2 }, (_, i) => 2 * i + 1),
      );
    }
    await Promise.all([...screens.map((s) => s.close()), c.close()]);
  });

  it('moves the brand on once however many screens report the ended video, and tells the control page in sell mode', async () => {
    const c = await control(hub.wsUrl);
    const brands = [1, 2, 3].map((id) => ({ id, title: `品牌${id}`, video: id === 2 ? '' : `v${id}.mp4` }));
    c.send({
      type: 'wait',
      data: { leftScreen: 1, centerScreen: 1, rightScreen: 1, ipInfo: brands[0], ipList: brands },
    });
    await c.next('wait');
    const screens = await Promise.all([1, 2, 3].map(() => connect(hub.wsUrl, { route: '/extend_center' })));
    for (const s of screens) await s.next('snapshot');
    const seq = hub.hub.currentSeq;
    const version = hub.store.state.version;
    for (const s of screens) s.send({ type: 'upDateInfo', data: { from_ip_id: 1, version } });
    await c.next('upDateInfo');
    await Promise.all(screens.map(settled));
    expect(hub.hub.currentSeq).toBe(seq + 1);
    expect(hub.store.state.ipInfo?.id).toBe(3);

    c.send({ type: 'sell', data: { leftScreen: 1, centerScreen: 1, rightScreen: 0 } });
    await c.next('sell');
    const now = hub.store.state.version;
    for (const s of screens) s.send({ type: 'toAdmin', data: { event: 'videoEnded', ip_id: 3, version: now } });
    const notice = await c.next('toAdmin');
    expect(notice.data).toMatchObject({ event: 'videoEnded', route: '/extend_center', ip_id: 3 });
    const turned = await c.next('sell');
    expect(turned.data).toMatchObject({ leftScreen: { mode: 2 }, centerScreen: { mode: 2 }, rightScreen: { mode: 2 } });
    await Promise.all(screens.map(settled));
    expect(c.frames.filter((f) => f.type === 'sell').length).toBe(2);
    expect(c.frames.filter((f) => f.type === 'toAdmin').length).toBe(1);
    expect(screens[0]!.frames.some((f) => f.type === 'toAdmin')).toBe(false);
    await Promise.all([...screens.map((s) => s.close()), c.close()]);
  });

  it('acknowledges each command to its sender after the broadcast it caused', async () => {
    const c = await control(hub.wsUrl);
    c.send({ type: 'open', data: { active_type: 5, num: 4 } });
    c.send({ type: 'open', data: { active_type: 5, num: 4 } });
    await c.next('ack');
    const second = await c.next('ack');
    const types = c.frames.filter((f) => f.type === 'open' || f.type === 'ack').map((f) => f.type);
    expect(types.slice(-4)).toEqual(['open', 'ack', 'open', 'ack']);
    expect(second.data).toEqual({ version: hub.store.state.version });
    expect(second.version).toBe(hub.store.state.version);
    await c.close();
  });

  it('keeps each screen health report for the status page', async () => {
    const s = await connect(hub.wsUrl, { route: '/screen_md', cid: 'store-1' });
    await s.next('snapshot');
    s.send({ type: 'health', data: { route: '/screen_md', fps: 58.5, textures: 31, heap: 42.1, uptime: 12 } });
    await until(() => hub.hub.clientList().some((x) => x.id === 'store-1' && x.health !== null));
    const page = await (await fetch(`${hub.mediaUrl}/status`)).text();
    expect(page).toContain('/screen_md');
    expect(page).toContain('42.1 MB');
    const health = await (await fetch(`${hub.mediaUrl}/healthz`)).json();
    expect(health).toMatchObject({ status: 'ok', epoch: hub.hub.epoch });
    await s.close();
  });

  it('1,000 connect/disconnect cycles leave no socket or listener behind', async () => {
    await until(() => hub.debug().clients === 0);
    const base = hub.debug();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let round = 0; round < 50; round++) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, i) => connect(hub.wsUrl, { route: '/extend', admin: i % 2 ? '1' : '0' })),
      );
      await Promise.all(batch.map((c) => c.next('snapshot')));
      await Promise.all(batch.map((c) => c.close()));
    }
    await until(() => hub.debug().clients === 0 && hub.debug().wsClients === 0, 5000);
    expect(hub.debug()).toEqual(base);
    expect(hub.hub.counters.connections).toBeGreaterThanOrEqual(1000);
    // Retained memory stays small (no per-connection leftovers); generous bound for GC timing.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(60 * 1024 * 1024);
  });
});

describe('display hub liveness', () => {
  it('terminates a socket that misses the pong', async () => {
    // A beat long enough that a busy machine's pause does not count as a missed pong.
    const hub = await startTestHub({ heartbeatMs: scaled(150) });
    try {
      const mute = await connect(hub.wsUrl, { route: '/extend' }, { autoPong: false });
      const live = await connect(hub.wsUrl, { route: '/extend' });
      const closed = new Promise<void>((r) => mute.ws.once('close', () => r()));
      await closed;
      expect(hub.hub.counters.terminated).toBeGreaterThanOrEqual(1);
      await sleep(scaled(400));
      expect(live.ws.readyState).toBe(live.ws.OPEN);
      await live.close();
    } finally {
      await hub.cleanup();
    }
  });

  it('closes a socket whose send buffer passes the limit; the screen resyncs from a snapshot', async () => {
    const hub = await startTestHub({ maxBufferedBytes: 64 * 1024 });
    try {
      const c = await control(hub.wsUrl);
      const slow = await connect(hub.wsUrl, { route: '/extend_center' });
      await slow.next('snapshot');
      const closed = new Promise<void>((r) => slow.ws.once('close', () => r()));
      const raw = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
      raw.pause();
      const users = Array.from({ length: 500 }, (_, i) => ({ name: `玩家${i}`.padEnd(60, '·'), avatar: '' }));
      for (let i = 0; i < 400 && hub.hub.counters.terminated === 0; i++) {
        c.send({ type: 'open', data: { active_type: 1, state: 1, data: users } });
        await sleep(2);
      }
      await until(() => hub.hub.counters.terminated >= 1, 10_000);
      raw.resume();
      await closed;
      c.send({ type: 'open', data: { active_type: 5, num: 9 } });
      await c.next('open');
      const again = await connect(hub.wsUrl, { route: '/extend_center' });
      const state = ((await again.next('snapshot')).data as { state: DisplayState }).state;
      expect(state.overlay).toMatchObject({ active_type: 5, num: 9 });
      await Promise.all([again.close(), c.close()]);
    } finally {
      await hub.cleanup();
    }
  });
});
