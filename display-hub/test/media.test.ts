import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from './fake-platform.js';
import { connect, KEY, startTestHub } from './helpers.js';

type Hub = Awaited<ReturnType<typeof startTestHub>>;

/** A fake but well-formed MP4 head (`ftyp`) followed by filler. */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000, 7)]);

function form(name: string, body: Buffer, type = 'application/octet-stream') {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(body)], { type }), name);
  return f;
}

describe('media library', () => {
  let hub: Hub;
  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(async () => {
    await hub.cleanup();
  });

  it('uploads with the control key only, checks the type by content, lists and deletes', async () => {
    const url = `${hub.mediaUrl}/api/media`;
    const screen = await connect(hub.wsUrl, { route: '/extend' });
    await screen.next('snapshot');
    expect((await fetch(url, { method: 'POST', body: form('a.png', PNG) })).status).toBe(401);
    const headers = { 'x-control-key': KEY };
    const bad = await fetch(url, { method: 'POST', body: form('fake.png', Buffer.from('not a png at all')), headers });
    expect(bad.status).toBe(415);
    expect((await fetch(url, { method: 'POST', body: form('run.sh', Buffer.from('#!/bin/sh')), headers })).status).toBe(
      415,
    );
    const ok = await fetch(url, { method: 'POST', body: form('品牌 logo.png', PNG), headers });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ name: '品牌-logo.png', kind: 'image' });
    expect((await fetch(url, { method: 'POST', body: form('intro.mp4', MP4), headers })).status).toBe(200);
    const media = await screen.next('media');
    expect((media.data as { media: string[] }).media).toContain('品牌-logo.png');

    const list = (await (await fetch(url)).json()).data as { name: string; kind: string; size: number }[];
    expect(list.map((f) => f.name)).toEqual(['intro.mp4', '品牌-logo.png']);
    expect((await fetch(`${url}/intro.mp4`, { method: 'DELETE' })).status).toBe(401);
    expect((await fetch(`${url}/intro.mp4`, { method: 'DELETE', headers })).status).toBe(200);
    expect((await fetch(`${url}/intro.mp4`, { method: 'DELETE', headers })).status).toBe(404);
    await screen.close();
  });

  it('serves files with Range and ETag', async () => {
    await fetch(`${hub.mediaUrl}/api/media`, {
      method: 'POST',
      body: form('clip.mp4', MP4),
      headers: { 'x-control-key': KEY },
    });
    const file = `${hub.mediaUrl}/media/clip.mp4`;
    const full = await fetch(file);
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    const etag = full.headers.get('etag');
    expect(etag).toBeTruthy();
    await full.arrayBuffer();
    const part = await fetch(file, { headers: { Range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${MP4.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('ftypisom');
    // node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests.
    const status = await new Promise<number>((resolve, reject) =>
      get(file, { headers: { 'If-None-Match': etag! } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).once('error', reject),
    );
    expect(status).toBe(304);
    expect((await fetch(`${hub.mediaUrl}/media/..%2Fstate.json`)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${hub.mediaUrl}/media/.tmp/x`)).status).toBeGreaterThanOrEqual(400);
  });
});
