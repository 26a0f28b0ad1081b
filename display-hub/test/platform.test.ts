import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type SaleEntry, type SnapshotData, saleKey } from '@toy/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakePlatform } from './fake-platform.js';
import { connect, startTestHub, until } from './helpers.js';

describe('platform screen data', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hub-platform-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('fetches signed, pushes to screens, and keeps the cached copy through an outage and a restart', async () => {
    const platform = await startFakePlatform();
    let hub = await startTestHub({
      dataDir,
      apiBase: platform.url,
      listRefreshMs: 200,
      barrageRefreshMs: 200,
      activityPollScale: 0.1,
    });
    const screen = await connect(hub.wsUrl, { route: '/extend' });
    await until(() => hub.platform.data.sale.length === 3 && hub.platform.data.barrage.length >= 6, 5000);
    expect(platform.calls['/v1/offline/screen/ip/sale']).toBeGreaterThanOrEqual(1);
    // The machine and the kuji of one id are both kept, each with its activity type.
    expect(hub.platform.data.sale.map(saleKey)).toEqual(['13-1', '13-2', '14-1']);
    expect(hub.platform.data.active.type).toBe(2);
    // The activity status is polled at its own pace (1 s for type 2, scaled to 100 ms here).
    // Three more polls in 0.6 s on an idle machine (until() allows longer on a busy one).
    const polls = platform.calls['/web/offline/screen/active']!;
    await until(() => platform.calls['/web/offline/screen/active']! - polls >= 3, 600);
    // Activity messages are paged by last_id: no duplicates, ascending.
    const ids = hub.platform.data.barrage.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    await until(() => screen.frames.some((f) => f.type === 'screenData' && (f.data as { key: string }).key === 'sale'));

    // A cached picture is served from the hub; a URL the data does not name is not fetched.
    const pic = hub.platform.data.sale[0]!.pic;
    const img = await fetch(`${hub.mediaUrl}/img?u=${encodeURIComponent(pic)}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('etag')).toBeTruthy();
    const stranger = await fetch(`${hub.mediaUrl}/img?u=${encodeURIComponent(`${platform.url}/pic.png?x=1`)}`);
    expect(stranger.status).toBe(404);

    // Outage: the platform goes away; the hub keeps the data and says how old it is.
    await platform.close();
    await until(() => hub.platform.ages.sale.error !== null, 3000);
    expect(hub.platform.data.sale).toHaveLength(3);
    const late = await connect(hub.wsUrl, { route: '/extend_left' });
    const snap = (await late.next('snapshot')).data as SnapshotData;
    expect((snap.screenData.sale as unknown[]).length).toBe(3);
    expect(snap.ages.sale!.ok_at).not.toBeNull();
    expect(snap.ages.sale!.error).toBeTruthy();
    const health = await (await fetch(`${hub.mediaUrl}/healthz`)).json();
    expect(health.data.sale.age_seconds).toBeGreaterThanOrEqual(0);
    expect(health.data.sale.error).toBeTruthy();
    await Promise.all([screen.close(), late.close()]);
    await hub.close();

    // Restarted while the platform is still down: the disk copy is served at once.
    hub = await startTestHub({ dataDir, apiBase: platform.url, listRefreshMs: 200, barrageRefreshMs: 200 });
    const after = await connect(hub.wsUrl, { route: '/extend' });
    const snap2 = (await after.next('snapshot')).data as SnapshotData;
    expect((snap2.screenData.sale as { name: string }[])[0]!.name).toBe('星河系列盲盒');
    expect((snap2.screenData.sale as SaleEntry[]).map(saleKey)).toEqual(['13-1', '13-2', '14-1']);
    expect((snap2.screenData.barrage as unknown[]).length).toBeGreaterThanOrEqual(6);
    expect(snap2.ages.sale!.ok_at).toBe(snap.ages.sale!.ok_at);
    const again = await fetch(`${hub.mediaUrl}/img?u=${encodeURIComponent(pic)}`);
    expect(again.status).toBe(200);
    const page = await (await fetch(`${hub.mediaUrl}/status`)).text();
    expect(page).toContain('今日发售');
    await after.close();
    await hub.close();
  });

  it('without API_BASE the status says so and the screens get empty data', async () => {
    const hub = await startTestHub();
    try {
      const s = await connect(hub.wsUrl, { route: '/extend' });
      const snap = (await s.next('snapshot')).data as SnapshotData;
      expect(snap.screenData.sale).toEqual([]);
      expect(snap.ages.sale).toMatchObject({ ok_at: null, error: 'API_BASE 未设置' });
      await s.close();
    } finally {
      await hub.cleanup();
    }
  });
});
