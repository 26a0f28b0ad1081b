// GET /metrics of the hub: Prometheus' text format, behind METRICS_TOKEN when set, with the sockets
// by role, the socket traffic counters, the age of each platform copy and the media requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, startTestHub, type TestClient, until } from './helpers.js';

const TOKEN = 'hub-metrics-token-for-tests';
let hub: Awaited<ReturnType<typeof startTestHub>>;
let screen: TestClient;
beforeAll(async () => {
  hub = await startTestHub({ metricsToken: TOKEN });
  screen = await connect(hub.wsUrl, { route: '/extend_left' });
  await screen.next('snapshot');
});
afterAll(async () => {
  await screen.close();
  await hub.cleanup();
});

const scrape = (authorization?: string) =>
  fetch(`${hub.mediaUrl}/metrics`, { headers: authorization ? { authorization } : {} });

describe('hub /metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer wrong-token-wrong-token')).status).toBe(401);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('reports the connected screens, the socket counters, the platform data and the requests', async () => {
    screen.send('not json at all');
    await until(() => hub.hub.counters.dropped > 0);
    await fetch(`${hub.mediaUrl}/healthz`);
    await fetch(`${hub.mediaUrl}/healthz`);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(text).toContain('hub_sockets{role="screen"} 1');
    expect(text).toContain('hub_messages_total{kind="connections"} 1');
    expect(text).toMatch(/hub_messages_total\{kind="dropped"\} [1-9]/);
    // Never fetched (no platform configured): -1.
    expect(text).toContain('hub_screen_data_age_seconds{data="sale"} -1');
    expect(text).toContain('http_requests_total{route="/healthz",method="GET",status="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{route="/healthz",method="GET",status="200"} 2');
  });
});
