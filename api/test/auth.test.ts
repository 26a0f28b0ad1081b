import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beside, call, login, makeApp, movableClock } from './helpers.js';

const m = messages.auth;

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp({ publicUrl: 'http://api.test:8787' });
});
afterAll(() => app.close());

/** The phone's confirmation, unsigned, as the mobile page posts it. */
const confirm = (token: string, email = 'brand@demo.local', password = 'demo1234') =>
  call(app, api.auth.qrConfirm, { token, email, password }, { sign: false });

describe('password login', () => {
  it('answers the session with a working web_token', async () => {
    const res = await call(app, api.auth.login, { email: 'brand@demo.local', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(0);
    const session = res.body.data;
    expect(session).toMatchObject({ name: '品牌主演示', type: 1, per_ids: [12, 14, 15, 17] });
    expect(session.web_token).toMatch(/^[0-9a-f]{64}$/);
    const info = await call(app, api.user.info, undefined, { token: session.web_token });
    expect(info.statusCode).toBe(200);
  });

  it('the email is case-insensitive; the shop logs in with type 2', async () => {
    const shop = await login(app, 'SHOP@demo.local');
    expect(shop).toMatchObject({ name: '店铺演示', type: 2, per_ids: [14] });
  });

  it('a wrong password or unknown account answers 400 账号或密码错误', async () => {
    for (const body of [
      { email: 'brand@demo.local', password: 'wrong-password' },
      { email: 'nobody@demo.local', password: 'demo1234' },
    ]) {
      const res = await call(app, api.auth.login, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 400, msg: m.badCredentials, data: null });
    }
  });

  it('the waybill account is told where it signs in, only with its right password', async () => {
    const right = await call(app, api.auth.login, { email: 'erp@demo.local', password: 'demo1234' });
    expect(right.body).toEqual({ status: 400, msg: m.erpAccountHere, data: null });
    const wrong = await call(app, api.auth.login, { email: 'erp@demo.local', password: 'wrong-password' });
    expect(wrong.body).toEqual({ status: 400, msg: m.badCredentials, data: null });
  });

  it('empty fields answer their messages', async () => {
    const noEmail = await call(app, api.auth.login, { email: ' ', password: 'x' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.body.msg).toContain(m.emailRequired);
    const noPassword = await call(app, api.auth.login, { email: 'a@b.c', password: '' });
    expect(noPassword.body.msg).toContain(m.passwordRequired);
  });

  it('logout revokes the session: the next call answers 401', async () => {
    const { web_token } = await login(app, 'brand@demo.local');
    const out = await call(app, api.auth.logout, {}, { token: web_token });
    expect(out.statusCode).toBe(200);
    expect(out.body).toEqual({ status: 0, msg: 'ok', data: null });
    const after = await call(app, api.user.info, undefined, { token: web_token });
    expect(after.statusCode).toBe(401);
    expect(after.body.msg).toBe(messages.common.sessionExpired);
  });

  it('logout without a body works too', async () => {
    const { web_token } = await login(app, 'brand@demo.local');
    const out = await call(app, api.auth.logout, undefined, { token: web_token });
    expect(out.statusCode).toBe(200);
  });

  it('logout without a session answers 401', async () => {
    const out = await call(app, api.auth.logout, {});
    expect(out.statusCode).toBe(401);
  });
});

describe('QR login', () => {
  it('issue, poll pending, confirm on the phone, poll once → session, then spent', async () => {
    const issued = await call(app, api.auth.qrToken);
    expect(issued.statusCode).toBe(200);
    const { token, expire_time, qr_url, now: serverNow } = issued.body.data;
    expect(qr_url).toBe(`http://api.test:8787/m/login?token=${token}`);
    const now = Math.floor(Date.now() / 1000);
    expect(expire_time).toBeGreaterThanOrEqual(now + 119);
    expect(expire_time).toBeLessThanOrEqual(now + 121);
    // The server's clock comes with it, so a page with a wrong clock still measures expiry right.
    expect(Math.abs(serverNow - now)).toBeLessThanOrEqual(2);
    expect(expire_time - serverNow).toBeGreaterThanOrEqual(119);
    expect(expire_time - serverNow).toBeLessThanOrEqual(120);

    const pending = await call(app, api.auth.qrLogin, { token });
    expect(pending.body).toEqual({ status: 0, msg: 'ok', data: { is_login: 0, info: null } });

    const page = await app.inject({ method: 'GET', url: `/m/login?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('name="viewport"');
    expect(page.body).toContain('确认登录');
    expect(page.body).toContain(api.auth.qrConfirm.path);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body.data).toEqual({ name: '品牌主演示' });

    const done = await call(app, api.auth.qrLogin, { token });
    expect(done.statusCode).toBe(200);
    expect(done.body.data.is_login).toBe(1);
    const info = done.body.data.info!;
    expect(info).toMatchObject({ name: '品牌主演示', type: 1, per_ids: [12, 14, 15, 17] });
    const me = await call(app, api.user.info, undefined, { token: info.web_token });
    expect(me.statusCode).toBe(200);
    expect(me.body.data.email).toBe('brand@demo.local');

    const again = await call(app, api.auth.qrLogin, { token });
    expect(again.statusCode).toBe(400);
    expect(again.body.msg).toBe(m.qrInvalid);

    const second = await confirm(token);
    expect(second.statusCode).toBe(409);
    expect(second.body).toEqual({ status: 409, msg: m.qrUsed, data: null });
  });

  it('a second confirmation before the poll answers 409 二维码已使用', async () => {
    const { token } = (await call(app, api.auth.qrToken)).body.data;
    expect((await confirm(token)).statusCode).toBe(200);
    const second = await confirm(token, 'shop@demo.local');
    expect(second.statusCode).toBe(409);
    expect(second.body.msg).toBe(m.qrUsed);
    const page = await app.inject({ method: 'GET', url: `/m/login?token=${token}` });
    expect(page.body).toContain(m.qrUsed);
  });

  it('wrong credentials on the phone answer 400 and leave the QR usable', async () => {
    const { token } = (await call(app, api.auth.qrToken)).body.data;
    const bad = await confirm(token, 'brand@demo.local', 'nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msg).toBe(m.badCredentials);
    expect((await call(app, api.auth.qrLogin, { token })).body.data.is_login).toBe(0);
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('an unknown token answers 400 二维码已失效 for poll and confirm', async () => {
    const poll = await call(app, api.auth.qrLogin, { token: 'unknown-token' });
    expect(poll.statusCode).toBe(400);
    expect(poll.body.msg).toBe(m.qrInvalid);
    const conf = await confirm('unknown-token');
    expect(conf.statusCode).toBe(400);
    expect(conf.body.msg).toBe(m.qrInvalid);
    const page = await app.inject({ method: 'GET', url: '/m/login?token=unknown' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(m.qrExpired);
  });

  it('the confirmation does not need a sign; the poll does', async () => {
    const { token } = (await call(app, api.auth.qrToken)).body.data;
    const poll = await call(app, api.auth.qrLogin, { token }, { sign: false });
    expect(poll.statusCode).toBe(401);
  });

  it('an empty token answers 二维码已失效', async () => {
    const res = await call(app, api.auth.qrLogin, { token: '' });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toContain(m.qrInvalid);
  });
});

describe('expiry', () => {
  let short: FastifyInstance;
  const time = movableClock();
  beforeAll(async () => {
    short = await beside(app, { qrTtlSeconds: 1, sessionTtlHours: 1 / 3600, clock: time.clock });
  });
  afterAll(() => short.close());

  it('an expired QR answers 400 二维码已失效 to poll and confirm', async () => {
    const { token } = (await call(short, api.auth.qrToken)).body.data;
    time.advance(1100);
    const poll = await call(short, api.auth.qrLogin, { token });
    expect(poll.statusCode).toBe(400);
    expect(poll.body).toEqual({ status: 400, msg: m.qrExpired, data: null });
    const conf = await call(
      short,
      api.auth.qrConfirm,
      { token, email: 'brand@demo.local', password: 'demo1234' },
      { sign: false },
    );
    expect(conf.statusCode).toBe(400);
    expect(conf.body.msg).toBe(m.qrExpired);
  });

  it('an expired session answers 401, even right after a successful call', async () => {
    const { web_token } = await login(short, 'brand@demo.local');
    expect((await call(short, api.user.info, undefined, { token: web_token })).statusCode).toBe(200);
    time.advance(1100);
    const res = await call(short, api.user.info, undefined, { token: web_token });
    expect(res.statusCode).toBe(401);
    expect(res.body.msg).toBe(messages.common.sessionExpired);
  });
});

describe('membership page', () => {
  it('serves the 购买/续费会员 page the login page links to, without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/m/membership' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('购买/续费会员');
    expect(res.body).toContain('年度会员');
  });
});
