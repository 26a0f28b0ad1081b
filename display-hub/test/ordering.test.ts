// Commands and screen reports in order: the state carries a version, a screen's report names the
// version it was made from, and the hub applies it only against that version. These tests replay
// the race deterministically: the screen's report is sent after the operator's newer command.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DisplayState, SnapshotData } from '@toy/shared';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { connect, control, settled, startTestHub, type TestClient } from './helpers.js';

type Hub = Awaited<ReturnType<typeof startTestHub>>;

const brand = (id: number, video = `v${id}.mp4`) => ({ id, title: `品牌${id}`, video });
const versionOf = async (screen: TestClient) => ((await screen.next('snapshot')).data as SnapshotData).state.version;

describe('screen reports are applied only against the state they were made from', () => {
  let hub: Hub;
  let ctl: TestClient;
  beforeEach(async () => {
    hub = await startTestHub();
    ctl = await control(hub.wsUrl);
  });
  afterEach(async () => {
    await ctl.close();
    await hub.cleanup();
  });

  it('a stale "video ended" in sell mode does not undo the operator’s newer command', async () => {
    ctl.send({
      type: 'sell',
      data: { leftScreen: 1, centerScreen: 1, rightScreen: 1, ipInfo: brand(1), ipList: [brand(1), brand(2)] },
    });
    await ctl.next('sell');
    const screen = await connect(hub.wsUrl, { route: '/extend_center' });
    const seen = await versionOf(screen);
    // The operator puts brand 2's video on the centre screen…
    ctl.send({ type: 'sell', data: { centerScreen: { mode: 1, ip_id: 2 } } });
    await ctl.next('sell');
    const after: DisplayState = structuredClone(hub.store.state);
    expect(after.version).toBeGreaterThan(seen);
    // …and only then does the report the screen made before it arrive.
    screen.send({ type: 'toAdmin', data: { event: 'videoEnded', mode: 'sell', ip_id: 1, version: seen } });
    await settled(screen);
    expect(hub.store.state).toEqual(after);
    expect(hub.hub.counters.stale).toBe(1);
    expect(ctl.frames.filter((f) => f.type === 'toAdmin')).toEqual([]);
    await screen.close();
  });

  it('a stale "video ended" in wait mode does not bring back a brand the operator removed', async () => {
    ctl.send({
      type: 'wait',
      data: { centerScreen: 1, ipInfo: brand(1), ipList: [brand(1), brand(2), brand(3)] },
    });
    await ctl.next('wait');
    const screen = await connect(hub.wsUrl, { route: '/extend_center' });
    const seen = await versionOf(screen);
    ctl.send({ type: 'wait', data: { ipList: [brand(1), brand(3)] } });
    await ctl.next('wait');
    const after = structuredClone(hub.store.state);
    screen.send({ type: 'upDateInfo', data: { ipInfo: brand(2), from_ip_id: 1, version: seen } });
    await settled(screen);
    expect(hub.store.state).toEqual(after);
    expect(hub.store.state.ipInfo?.id).toBe(1);

    // Made from the current state, the same report moves on, to the next brand of the hub's own list.
    screen.send({ type: 'upDateInfo', data: { ipInfo: brand(2), from_ip_id: 1, version: after.version } });
    const moved = await ctl.next('upDateInfo');
    expect(moved.data).toMatchObject({ ipInfo: { id: 3, title: '品牌3', video: 'v3.mp4' }, from_ip_id: 1 });
    expect(hub.store.state.ipInfo).toMatchObject({ id: 3, title: '品牌3' });
    expect(hub.store.state.version).toBe(after.version + 1);
    await screen.close();
  });

  it('three screens reporting the same ended video move the brand on once', async () => {
    ctl.send({
      type: 'wait',
      data: {
        leftScreen: 1,
        centerScreen: 1,
        rightScreen: 1,
        ipInfo: brand(1),
        ipList: [1, 2, 3].map((i) => brand(i)),
      },
    });
    await ctl.next('wait');
    const routes = ['/extend_left', '/extend_center', '/extend_right'];
    const screens = await Promise.all(routes.map((route) => connect(hub.wsUrl, { route })));
    const versions = await Promise.all(screens.map(versionOf));
    const seq = hub.hub.currentSeq;
    for (const [i, s] of screens.entries())
      s.send({ type: 'upDateInfo', data: { from_ip_id: 1, version: versions[i] } });
    await Promise.all(screens.map(settled));
    expect(hub.hub.currentSeq).toBe(seq + 1);
    expect(hub.store.state.ipInfo?.id).toBe(2);
    expect(hub.hub.counters.stale).toBe(2);
    await Promise.all(screens.map((s) => s.close()));
  });

  it('the version survives a restart of the hub', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-version-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    await ctl.close();
    await hub.cleanup();
    hub = await startTestHub({ dataDir });
    ctl = await control(hub.wsUrl);
    ctl.send({ type: 'open', data: { active_type: 5, num: 9 } });
    await ctl.next('open');
    const version = hub.store.state.version;
    expect(version).toBeGreaterThan(0);
    await ctl.close();
    await hub.close();
    hub = await startTestHub({ dataDir });
    ctl = await control(hub.wsUrl);
    const screen = await connect(hub.wsUrl, { route: '/extend_center' });
    expect(await versionOf(screen)).toBe(version);
    await screen.close();
  });
});
