import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, messages, PLAYER_DEMO_CODE, PLAYER_LOGIN } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beside, call, makeApp } from './helpers.js';

const pm = messages.player;
const SMS_SECRET = 'sms-gateway-secret-0123';

/** An SMS gateway of the operator: keeps each phone's last text (the webhook SMS provider posts there). */
async function smsGateway() {
  const texts = new Map<string, string>();
  let badSigns = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const sign = createHmac('sha256', SMS_SECRET).update(body).digest('hex');
      if (req.headers.sign !== sign) badSigns += 1;
      const { phone, text } = JSON.parse(body) as { phone: string; text: string };
      texts.set(phone, text);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    codeOf: (phone: string) => /验证码为(\d{6})/.exec(texts.get(phone) ?? '')?.[1] ?? '',
    badSigns: () => badSigns,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let app: FastifyInstance;
let gateway: Awaited<ReturnType<typeof smsGateway>>;
/** The API's clock: tests move it instead of waiting. */
let clock = Date.parse('2026-11-28T08:00:00Z');
const advance = (seconds: number) => {
  clock += seconds * 1000;
};

beforeAll(async () => {
  gateway = await smsGateway();
  app = await makeApp({
    clock: () => new Date(clock),
    sms: { provider: 'webhook', webhookUrl: gateway.url, webhookSecret: SMS_SECRET },
  });
});
afterAll(async () => {
  await app.close();
  await gateway.close();
});

const sendCode = (phone: string, remoteAddress = '10.0.0.1') =>
  call(app, api.player.code, { phone }, { remoteAddress });
const login = (phone: string, code: string, remoteAddress = '10.0.0.1') =>
  call(app, api.player.login, { phone, code } as never, { remoteAddress });

describe('player login by one-time code', () => {
  it('refuses a phone alone, a code never sent and a wrong code; the sent code logs in once', async () => {
    const phone = '13900000001';
    const alone = await call(app, api.player.login, { phone } as never);
    expect(alone.body).toEqual({ status: 400, msg: pm.codeRequired, data: null });
    expect((await login(phone, '123456')).body).toEqual({ status: 400, msg: pm.codeMissing, data: null });

    const sent = await sendCode(phone);
    expect(sent.body.data).toEqual({ resend_after: PLAYER_LOGIN.resendSeconds, expires_in: 300 });
    const code = gateway.codeOf(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect(gateway.badSigns()).toBe(0);
    const wrong = code === '111111' ? '222222' : '111111';
    expect((await login(phone, wrong)).body).toEqual({ status: 400, msg: pm.codeWrong, data: null });

    const ok = await login(phone, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data.player_token).toMatch(/^[0-9a-f]{64}$/);
    // Used up: the same code does not log in again.
    expect((await login(phone, code)).body.msg).toBe(pm.codeMissing);
  });

  it('accepts the demo code in demo mode only', async () => {
    expect((await login('13900000002', PLAYER_DEMO_CODE)).statusCode).toBe(200);
    const strict = await beside(app, { playerDemoCode: null });
    try {
      const res = await call(strict, api.player.login, { phone: '13900000002', code: PLAYER_DEMO_CODE });
      expect(res.body).toEqual({ status: 400, msg: pm.codeMissing, data: null });
    } finally {
      await strict.close();
    }
  });

  it('expires a code after 5 minutes', async () => {
    const phone = '13900000003';
    await sendCode(phone);
    const code = gateway.codeOf(phone);
    advance(PLAYER_LOGIN.codeMinutes * 60);
    expect((await login(phone, code)).body).toEqual({ status: 400, msg: pm.codeExpired, data: null });

    advance(1); // a new code, one second before its end, still works
    await sendCode(phone);
    advance(PLAYER_LOGIN.codeMinutes * 60 - 1);
    expect((await login(phone, gateway.codeOf(phone))).statusCode).toBe(200);
  });

  it('allows 5 tries of a code; then even the right code needs a new one', async () => {
    const phone = '13900000004';
    advance(3600);
    await sendCode(phone, '10.0.1.1');
    const code = gateway.codeOf(phone);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < PLAYER_LOGIN.codeTries; i++)
      expect((await login(phone, wrong, '10.0.1.1')).body.msg).toBe(pm.codeWrong);
    expect((await login(phone, code, '10.0.1.1')).body).toEqual({ status: 400, msg: pm.codeTriesUsed, data: null });

    advance(PLAYER_LOGIN.resendSeconds);
    await sendCode(phone, '10.0.1.1');
    expect((await login(phone, gateway.codeOf(phone), '10.0.1.1')).statusCode).toBe(200);
  });

  it('throttles sending per phone: once a minute, 5 a window', async () => {
    const phone = '13900000005';
    advance(3600);
    expect((await sendCode(phone, '10.0.2.1')).statusCode).toBe(200);
    advance(10);
    expect((await sendCode(phone, '10.0.2.2')).body).toEqual({ status: 429, msg: pm.codeTooSoon(50), data: null });
    for (let i = 1; i < PLAYER_LOGIN.sendsPerPhone; i++) {
      advance(PLAYER_LOGIN.resendSeconds);
      expect((await sendCode(phone, `10.0.2.${i + 2}`)).statusCode).toBe(200);
    }
    advance(PLAYER_LOGIN.resendSeconds);
    expect((await sendCode(phone, '10.0.2.9')).body).toEqual({ status: 429, msg: pm.codeTooMany, data: null });
    // The last code sent still logs in; past the window the phone gets codes again.
    expect((await login(phone, gateway.codeOf(phone), '10.0.2.9')).statusCode).toBe(200);
    advance(PLAYER_LOGIN.windowMinutes * 60);
    expect((await sendCode(phone, '10.0.2.9')).statusCode).toBe(200);
  });

  it('throttles sending and wrong codes per address; other addresses are not refused', async () => {
    advance(3600);
    const address = '10.0.3.1';
    for (let i = 0; i < PLAYER_LOGIN.sendsPerAddress; i++)
      expect((await sendCode(`1380000${String(i).padStart(4, '0')}`, address)).statusCode).toBe(200);
    expect((await sendCode('13800009999', address)).body).toEqual({ status: 429, msg: pm.codeTooMany, data: null });
    expect((await sendCode('13800009999', '10.0.3.2')).statusCode).toBe(200);

    // Wrong codes from one address, spread over many phones.
    for (let i = 0; i < PLAYER_LOGIN.failuresPerAddress; i++)
      expect((await login(`1380000${String(i).padStart(4, '0')}`, '999999', address)).statusCode).toBe(400);
    // Refused even with the right code from that address; the phone's owner elsewhere logs in.
    const code = gateway.codeOf('13800009999');
    expect((await login('13800009999', code, address)).body).toEqual({ status: 429, msg: pm.loginTooMany, data: null });
    expect((await login('13800009999', code, '10.0.3.2')).statusCode).toBe(200);
    advance(PLAYER_LOGIN.windowMinutes * 60 + 1);
    expect((await login('13800000000', PLAYER_DEMO_CODE, address)).statusCode).toBe(200);
  });

  it.runIf(process.env.DATABASE_URL)('checks a code sent by another API copy (rows in the database)', async () => {
    const other = await makeApp({ clock: () => new Date(clock) });
    try {
      advance(3600);
      const phone = '13900000006';
      await sendCode(phone, '10.0.4.1');
      const res = await call(
        other,
        api.player.login,
        { phone, code: gateway.codeOf(phone) },
        { remoteAddress: '10.0.4.1' },
      );
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
