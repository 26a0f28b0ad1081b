import { describe, expect, it } from 'vitest';
import { fromServes, imageUrl, mediaUrl } from '../src/common/address.js';
import { Clock, Disposer } from '../src/screen/clock.js';

describe('hub address', () => {
  it('serves=host gives the socket on 8765 and media on 8764', () => {
    expect(fromServes('192.168.1.20')).toEqual({
      wsUrl: 'ws://192.168.1.20:8765',
      mediaBase: 'http://192.168.1.20:8764',
    });
    expect(fromServes('hub.local:9000', '9001')).toEqual({
      wsUrl: 'ws://hub.local:9000',
      mediaBase: 'http://hub.local:9001',
    });
    expect(fromServes('http://10.0.0.5/')).toEqual({ wsUrl: 'ws://10.0.0.5:8765', mediaBase: 'http://10.0.0.5:8764' });
  });

  it('platform pictures go through the hub cache, library names to /media', () => {
    const base = 'http://hub:8764';
    expect(imageUrl(base, 'https://cdn.example.com/a.png')).toBe(
      `${base}/img?u=${encodeURIComponent('https://cdn.example.com/a.png')}`,
    );
    expect(imageUrl(base, '品牌.png')).toBe(`${base}/media/${encodeURIComponent('品牌.png')}`);
    expect(imageUrl(base, '')).toBeNull();
    expect(mediaUrl(base, 'intro.mp4')).toBe(`${base}/media/intro.mp4`);
    expect(mediaUrl(base, 'https://v.example.com/x.mp4')).toBe('https://v.example.com/x.mp4');
  });
});

describe('screen clock', () => {
  it('runs timers at its speed and cancels them', () => {
    const clock = new Clock(25);
    const fired: number[] = [];
    const stop = clock.every(5000, () => fired.push(clock.now));
    for (let i = 0; i < 10; i++) clock.tick(100); // 1 s real = 25 s of clock
    expect(fired.length).toBe(5);
    stop();
    clock.tick(1000);
    expect(fired.length).toBe(5);
    expect(clock.pending).toBe(0);
  });

  it('a disposer cancels what is left and forgets what was cancelled', () => {
    const clock = new Clock();
    const d = new Disposer();
    let n = 0;
    d.add(clock.every(10, () => n++));
    const once = d.add(clock.onFrame(() => n++));
    once();
    expect(d.size).toBe(1);
    d.dispose();
    clock.tick(100);
    expect(n).toBe(0);
    expect(clock.pending).toBe(0);
  });
});

describe('screen store', async () => {
  const { DisplayStore } = await import('../src/screen/store.js');
  const { initialDisplayState } = await import('@toy/shared/display');
  it('takes the snapshot, then applies broadcasts with the hub reducer', () => {
    const store = new DisplayStore();
    const seen: string[][] = [];
    store.subscribe((c) => seen.push([...c]));
    store.receive({
      type: 'snapshot',
      seq: 3,
      epoch: 'e',
      version: 7,
      data: { state: initialDisplayState(), screenData: { sale: [] }, ages: {}, media: ['sell.mp3'] },
    });
    expect(store.ready).toBe(true);
    expect(store.media).toEqual(['sell.mp3']);
    store.receive({
      type: 'open',
      seq: 4,
      epoch: 'e',
      version: 8,
      data: { active_type: 5, state: 1, records: [], lucky_user: [], data: [] },
    });
    expect(store.state.overlay?.active_type).toBe(5);
    // The version the screen's reports name is the hub's, as each frame says.
    expect(store.state.version).toBe(8);
    expect(seen.at(-1)).toEqual(['overlay', 'state']);
    store.receive({
      type: 'screenData',
      seq: 4,
      epoch: 'e',
      version: 8,
      data: { key: 'user', value: [{ name: 'a' }], age: { ok_at: 1, tried_at: 1, error: null } },
    });
    expect(store.data.user).toHaveLength(1);
    expect(seen.at(-1)).toEqual(['data:user']);
  });

  it('remembers when it joined on the hub clock, and a reconnect does not move it', () => {
    const store = new DisplayStore();
    const snapshot = (now: number) => ({
      type: 'snapshot' as const,
      seq: 1,
      epoch: 'e',
      version: 1,
      now,
      data: { state: initialDisplayState(), screenData: {}, ages: {}, media: [] },
    });
    expect(store.joinedAt).toBeNull();
    store.receive(snapshot(1_000_000));
    store.receive(snapshot(2_000_000));
    expect(store.joinedAt).toBe(1_000_000);
  });
});
