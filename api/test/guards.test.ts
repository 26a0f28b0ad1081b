import { api, buildRequest, DEV_APP_SECRET, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeApp } from './helpers.js';

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await makeApp();
  token = (await login(app, 'brand@demo.local')).web_token;
});
afterAll(() => app.close());

describe('sign check', () => {
  it('a call without sign headers answers 401 缺少签名参数', async () => {
    const res = await call(app, api.brand.showcase, undefined, { sign: false });
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ status: 401, msg: messages.common.signMissing, data: null });
  });

  it('a bad sign answers 401 签名错误', async () => {
    const res = await call(app, api.warehouse.list, {}, { token, sign: { secret: 'not-the-secret' } });
    expect(res.statusCode).toBe(401);
    expect(res.body.msg).toBe(messages.common.signInvalid);
  });

  it('a stale mt answers 401 请求已过期', async () => {
    const res = await call(app, api.warehouse.list, {}, { token, sign: { now: Date.now() - 301_000 } });
    expect(res.statusCode).toBe(401);
    expect(res.body.msg).toBe(messages.common.signExpired);
  });

  it('an mt from the future is rejected too, a small skew is fine', async () => {
    const future = await call(app, api.brand.showcase, undefined, { sign: { now: Date.now() + 400_000 } });
    expect(future.statusCode).toBe(401);
    const skew = await call(app, api.brand.showcase, undefined, { sign: { now: Date.now() - 200_000 } });
    expect(skew.statusCode).toBe(200);
  });

  it('the sign covers the parameters: a changed query fails', async () => {
    const ids = (await call(app, api.brand.mine, { per_id: 14 }, { token })).body.data.ips.map((b) => b.id);
    const { url, init } = buildRequest(api.warehouse.list, { ip_id: ids[0] }, { secret: DEV_APP_SECRET, token });
    const headers = init.headers as Record<string, string>;
    const ok = await app.inject({ method: 'GET', url, headers });
    expect(ok.statusCode).toBe(200);
    const tampered = await app.inject({
      method: 'GET',
      url: `${api.warehouse.list.path}?ip_id=${ids[0]! + 1}`,
      headers,
    });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().msg).toBe(messages.common.signInvalid);
  });

  it('the sign covers the POST body', async () => {
    const res = await call(
      app,
      api.auth.login,
      { email: 'brand@demo.local', password: 'demo1234' },
      {
        rawBody: JSON.stringify({ email: 'shop@demo.local', password: 'demo1234' }),
      },
    );
    expect(res.statusCode).toBe(401);
    expect(res.body.msg).toBe(messages.common.signInvalid);
  });

  it('unsigned endpoints stay open: /healthz, /docs/json', async () => {
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/docs/json' })).statusCode).toBe(200);
  });
});

describe('session and role', () => {
  it('a session route without web_token answers 401 登录失效', async () => {
    const res = await call(app, api.user.info);
    expect(res.statusCode).toBe(401);
    expect(res.body).toEqual({ status: 401, msg: messages.common.sessionExpired, data: null });
  });

  it('an unknown token answers 401', async () => {
    const res = await call(app, api.user.info, undefined, { token: 'ab'.repeat(32) });
    expect(res.statusCode).toBe(401);
  });

  it('the web_token cookie works like the header', async () => {
    const res = await call(app, api.user.info, undefined, { headers: { cookie: `web_token=${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.email).toBe('brand@demo.local');
  });

  it('a role route with the wrong role answers 403 无权访问', async () => {
    const coupon = await login(app, 'coupon@demo.local');
    const res = await call(app, api.warehouse.list, {}, { token: coupon.web_token });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual({ status: 403, msg: messages.common.forbidden, data: null });
  });

  it('the reviewer has no merchant role', async () => {
    const reviewer = await login(app, 'reviewer@demo.local');
    const res = await call(app, api.freight.info, { ip_id: 1 }, { token: reviewer.web_token });
    expect(res.statusCode).toBe(403);
  });
});

describe('bad input never gives 500', () => {
  it('malformed JSON answers 400', async () => {
    const res = await call(app, api.warehouse.save, undefined, { token, sign: false, rawBody: '{"ip_id": 1,' });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(400);
    expect(res.body.msg).toMatch(/JSON/);
  });

  it('a wrong content type answers 415', async () => {
    const res = await call(app, api.auth.login, undefined, {
      rawBody: 'email=a&password=b',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.body).toEqual({ status: 415, msg: messages.common.unsupportedBody, data: null });
    const form = await call(app, api.auth.login, undefined, {
      rawBody: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
  });

  it('a body over the limit answers 413', async () => {
    const res = await call(app, api.auth.login, undefined, {
      rawBody: JSON.stringify({ email: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.body.msg).toBe(messages.common.bodyTooLarge);
  });

  it('wrong field types answer 400 with a message', async () => {
    const res = await call(app, api.warehouse.list, { ip_id: 'abc' as unknown as number }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe('品牌须为数字');
    const body = await call(app, api.auth.login, {
      email: 123 as unknown as string,
      password: ['x'] as unknown as string,
    });
    expect(body.statusCode).toBe(400);
    expect(body.body.msg).toContain(messages.auth.emailRequired);
  });

  it('a JSON array or a bare value as the body answers 400', async () => {
    for (const rawBody of ['[1,2]', '"text"', 'null', '42']) {
      const res = await call(app, api.auth.login, undefined, { rawBody });
      expect(res.statusCode, rawBody).toBe(400);
      expect(res.body.status).toBe(400);
    }
  });
});
