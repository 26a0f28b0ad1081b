import { allRoutes, api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { beside, call, makeApp } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

const preflight = (origin: string) =>
  app.inject({
    method: 'OPTIONS',
    url: api.warehouse.list.path,
    headers: {
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'sign,mt,web_token',
    },
  });

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

  it("CORS answers the console's origin with credentials and the signing headers", async () => {
    const res = await preflight('http://127.0.0.1:8080');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-headers'])).toContain('web_token');
    expect((await preflight('http://localhost:8080')).headers['access-control-allow-origin']).toBe(
      'http://localhost:8080',
    );
    // Same-origin pages of the API itself (the QR confirmation page, /docs).
    expect((await preflight('http://127.0.0.1:8787')).headers['access-control-allow-origin']).toBe(
      'http://127.0.0.1:8787',
    );
  });

  it('CORS gives any other origin nothing: a foreign page cannot read answers with the cookie', async () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:8081',
      'null',
      'http://127.0.0.1:8080.evil.example',
    ]) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const read = await app.inject({ method: 'GET', url: '/healthz', headers: { origin, cookie: 'web_token=ab' } });
      expect(read.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it("CORS origins come from the configuration and the API's own address, never from the Host header", async () => {
    // As loadConfig makes them for a LAN start (PUBLIC_URL names the machine).
    const fromEnv = loadConfig({ PUBLIC_URL: 'http://192.168.1.20:8787' }) as unknown as Record<string, unknown>;
    const corsKeys = Object.fromEntries(
      Object.entries(fromEnv).filter(([k]) => k === 'corsOrigins' || k === 'consolePortBeside'),
    );
    const lan = await beside(app, corsKeys);
    try {
      const ask = (host: string, origin: string) =>
        lan.inject({
          method: 'OPTIONS',
          url: api.warehouse.list.path,
          headers: { host, origin, 'access-control-request-method': 'GET' },
        });
      const ok = await ask('192.168.1.20:8787', 'http://192.168.1.20:8080');
      expect(ok.headers['access-control-allow-origin']).toBe('http://192.168.1.20:8080');
      // A request naming another host does not make that host's console an allowed origin.
      for (const host of ['evil.example:8787', '192.168.1.21:8787']) {
        const origin = `http://${host.replace(':8787', ':8080')}`;
        expect((await ask(host, origin)).headers['access-control-allow-origin'], host).toBeUndefined();
      }
      for (const origin of ['http://192.168.1.21:8080', 'http://192.168.1.20:8081', 'https://evil.example'])
        expect((await ask('192.168.1.20:8787', origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
    } finally {
      await lan.close();
    }
  });

  it('CONSOLE_ORIGINS sets the allowed origins (the API keeps its own); a bad entry stops the start', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://api.example.com',
      CONSOLE_ORIGINS: 'https://admin.example.com/, http://10.0.0.5:9000',
    });
    expect(config.corsOrigins).toEqual([
      'https://api.example.com',
      'https://admin.example.com',
      'http://10.0.0.5:9000',
    ]);
    expect(loadConfig({ CONSOLE_PORT: '9090', CONSOLE_HOST: '10.0.0.7' }).corsOrigins).toEqual([
      'http://127.0.0.1:8787',
      'http://127.0.0.1:9090',
      'http://localhost:9090',
      'http://10.0.0.7:9090',
      'https://127.0.0.1:9090',
    ]);
    expect(() => loadConfig({ CONSOLE_ORIGINS: 'admin.example.com' })).toThrow(/CONSOLE_ORIGINS/);
  });

  it('a public signed route works', async () => {
    const res = await call(app, api.brand.showcase);
    expect(res.statusCode).toBe(200);
  });
});
