import { allRoutes, api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeApp } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

describe('health and docs', () => {
  it('GET /healthz checks the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 0, msg: 'ok', data: { db: 'ok' } });
    expect(typeof body.data.uptime).toBe('number');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('echoes a given x-request-id', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('/docs/json lists every declared operation by operationId', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    for (const def of allRoutes) expect(ids).toContain(def.operationId);
    expect(ids).toContain('warehouse.list');
    expect(ids).toContain('upload.put');
    expect(doc.paths['/web/goods/warehouse/list'].get.operationId).toBe('warehouse.list');
  });

  it('/docs serves the readable page', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('an unknown route answers the 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, data: null });
  });

  it('CORS reflects the origin with credentials and the signing headers', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: api.warehouse.list.path,
      headers: {
        origin: 'http://127.0.0.1:8080',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'sign,mt,web_token',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-headers'])).toContain('web_token');
  });

  it('a public signed route works', async () => {
    const res = await call(app, api.brand.showcase);
    expect(res.statusCode).toBe(200);
  });
});
