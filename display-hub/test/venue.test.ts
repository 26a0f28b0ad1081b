import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OpenData, SnapshotData, ToAdminData } from '@toy/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHubConfig } from '../src/config.js';
import { connect, control, KEY, sleep, startTestHub } from './helpers.js';

/** What the operator and the screens share across reconnects and restarts: countdown, notices, time zone. */
describe('venue: shared countdown, kept notices, time zone', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'hub-venue-'));
    dirs.push(d);
    return d;
  };

  it('stamps a countdown with the hub’s start time; a later screen and a restarted hub keep that start', async () => {
    const dir = dataDir();
    let hub = await startTestHub({ dataDir: dir });
    let c = await control(hub.wsUrl);
    const before = Date.now();
    // An operator-supplied start is not trusted: the hub's own clock counts.
    c.send({ type: 'open', data: { active_type: 5, num: 90, started_at: 1 } });
    const opened = await c.next('open');
    const startedAt = (opened.data as OpenData).started_at!;
    expect(startedAt).toBeGreaterThanOrEqual(before);
    expect(startedAt).toBeLessThanOrEqual(Date.now());
    expect(opened.now).toBeGreaterThanOrEqual(startedAt);
    await sleep(300);
    const late = await connect(hub.wsUrl, { route: '/extend_center' });
    const snap = await late.next('snapshot');
    expect((snap.data as SnapshotData).state.overlay?.started_at).toBe(startedAt);
    // The frame carries the hub's clock, so the screen can tell how far the countdown is.
    expect(snap.now! - startedAt).toBeGreaterThanOrEqual(300);
    await Promise.all([late.close(), c.close()]);
    await hub.close();

    hub = await startTestHub({ dataDir: dir });
    c = await control(hub.wsUrl);
    const again = await connect(hub.wsUrl, { route: '/screen_md' });
    const after = await again.next('snapshot');
    expect((after.data as SnapshotData).state.overlay).toMatchObject({
      active_type: 5,
      num: 90,
      started_at: startedAt,
    });
    await Promise.all([again.close(), c.close()]);
    await hub.cleanup();
  });

  it('keeps the operator’s notices: a reopened control page, even after a restart, gets them', async () => {
    const dir = dataDir();
    let hub = await startTestHub({ dataDir: dir });
    const c = await control(hub.wsUrl);
    c.send({ type: 'wait', data: { centerScreen: 1, ipInfo: { id: 7, title: '星河', video: 'x.mp4' } } });
    await c.next('wait');
    const screen = await connect(hub.wsUrl, { route: '/extend_center' });
    await screen.next('snapshot');
    screen.send({ type: 'toAdmin', data: { event: 'videoError', ip_id: 7, version: hub.store.state.version } });
    const live = await c.next('toAdmin');
    expect((live.data as ToAdminData).message).toContain('星河');
    await Promise.all([c.close(), screen.close()]);

    const reopened = await control(hub.wsUrl);
    const kept = await reopened.next('notices');
    expect((kept.data as { notices: ToAdminData[] }).notices).toEqual([live.data]);
    await reopened.close();
    await hub.close();

    hub = await startTestHub({ dataDir: dir });
    const afterRestart = await control(hub.wsUrl);
    const still = await afterRestart.next('notices');
    expect((still.data as { notices: ToAdminData[] }).notices.map((n) => n.message)).toEqual([
      (live.data as ToAdminData).message,
    ]);
    // A screen or a page without the key is never given them.
    const stranger = await connect(hub.wsUrl, { route: '/control' });
    await stranger.next('snapshot');
    stranger.send({ type: 'hello', data: { key: `${KEY}-wrong` } });
    await stranger.next('refused');
    expect(stranger.frames.some((f) => f.type === 'notices')).toBe(false);
    await Promise.all([afterRestart.close(), stranger.close()]);
    await hub.cleanup();
  });

  it('tells every screen the venue’s time zone: Asia/Shanghai unless configured', async () => {
    const hub = await startTestHub({ dataDir: dataDir(), timeZone: 'Europe/Berlin' });
    const s = await connect(hub.wsUrl, { route: '/screen_md' });
    expect(((await s.next('snapshot')).data as SnapshotData).timeZone).toBe('Europe/Berlin');
    await s.close();
    await hub.cleanup();
    expect(loadHubConfig({ HUB_DATA_DIR: dataDir() }).timeZone).toBe('Asia/Shanghai');
    expect(loadHubConfig({ HUB_DATA_DIR: dataDir(), HUB_TIME_ZONE: 'America/New_York' }).timeZone).toBe(
      'America/New_York',
    );
    expect(() => loadHubConfig({ HUB_DATA_DIR: dataDir(), HUB_TIME_ZONE: 'Mars/Olympus' })).toThrow(/HUB_TIME_ZONE/);
  });
});
