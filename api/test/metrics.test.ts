// GET /metrics: Prometheus' text format, behind METRICS_TOKEN when it is set; requests counted by
// declared operation and status with latency histograms, draws by kind, and the database pool.
import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { call } from './helpers.js';

const TOKEN = 'metrics-token-for-tests';
const { app, brand, molly, sweet } = await demoApp({ metricsToken: TOKEN });
const scrape = () => app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

describe('/metrics', () => {
  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(401);
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests by operation and status, with latencies, draws by kind and the pool', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    await draw(app, await player(app, '13955550001'), id, 0);
    await call(app, api.warehouse.list, {}, { token: brand });
    await call(app, api.warehouse.list, {}, { token: brand });
    expect((await call(app, api.warehouse.list, {}, { token: 'not-a-session' })).statusCode).toBe(401);
    await app.inject({ method: 'GET', url: '/healthz' });

    const text = (await scrape()).body;
    const list = 'operation="warehouse.list",method="GET"';
    expect(text).toContain(`http_requests_total{${list},status="200"} 2`);
    expect(text).toContain(`http_requests_total{${list},status="401"} 1`);
    expect(text).toContain(`http_request_duration_seconds_count{${list},status="200"} 2`);
    expect(text).toMatch(new RegExp(`http_request_duration_seconds_bucket\\{le="0.1",${list},status="200"\\} \\d`));
    expect(text).toContain('http_requests_total{operation="health.check",method="GET",status="200"} 1');
    expect(text).toContain('http_requests_total{operation="player.draw",method="POST",status="200"} 1');
    expect(text).toContain('toy_draws_total{kind="draw_machine"} 1');
    expect(text).toContain('toy_draws_total{kind="kuji"} 0');
    expect(text).toMatch(/toy_db_pool_connections\{state="total"\} [1-9]/);
    expect(text).toMatch(/toy_db_pool_max \d+/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // No path or merchant in the labels: a path no route knows is one label.
    await app.inject({ method: 'GET', url: '/no/such/path/13955550001' });
    const after = (await scrape()).body;
    expect(after).not.toContain('13955550001');
  });
});
