import { api, messages } from '@toy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { loginFailures } from '../src/db/schema.js';
import { addressKey } from '../src/features/auth/throttle.js';
import { call, createMerchant, makeApp, PASSWORD } from './helpers.js';

const m = messages.auth;
const tooMany = { status: 429, msg: '操作过于频繁，请稍后再试', data: null };
const badCredentials = { status: 400, msg: m.badCredentials, data: null };

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

const login = (email: string, password: string, remoteAddress: string, on = app) =>
  call(on, api.auth.login, { email, password }, { remoteAddress });
const account = async () => (await createMerchant(app)).email;

describe('login throttling', () => {
  it('the message is in the catalogue as written', () => {
    expect(m.tooManyAttempts).toBe('操作过于频繁，请稍后再试');
  });

  it('after 5 failures an account answers 429 at that address, even with the right password; its owner logs in elsewhere', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong', '10.1.0.1')).body).toEqual(badCredentials);
    const blocked = await login(email, PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toEqual(tooMany);
    // The owner, at another address, is not locked out by a stranger's failures.
    const owner = await login(email, PASSWORD, '10.1.0.2');
    expect(owner.statusCode).toBe(200);
    expect(owner.body.data.web_token).toMatch(/^[0-9a-f]{64}$/);
    // Nor when strangers at many addresses each use up their own 5.
    for (let a = 10; a < 14; a++) for (let i = 0; i < 5; i++) await login(email, 'wrong', `10.1.0.${a}`);
    expect((await login(email, PASSWORD, '10.1.0.3')).statusCode).toBe(200);
    // The same address still logs other accounts in (5 failures are under the address's 20).
    expect((await login(await account(), PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('after 20 failures on any accounts an address answers 429; other addresses log in', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(`nobody-${i}@test.local`, 'wrong', '10.2.0.1')).body).toEqual(badCredentials);
    }
    const email = await account();
    expect((await login(email, PASSWORD, '10.2.0.1')).body).toEqual(tooMany);
    // Another address's failures on other accounts do not block a login.
    const ok = await login(email, PASSWORD, '10.2.0.2');
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data.web_token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a successful login forgets its own earlier failures; a refused attempt is not a failure', async () => {
    const email = await account();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await login(email, 'wrong', '10.3.0.1');
      expect((await login(email, PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    }
    const other = await account();
    for (let i = 0; i < 5; i++) await login(other, 'wrong', '10.3.0.2');
    for (let i = 0; i < 10; i++) expect((await login(other, PASSWORD, '10.3.0.2')).statusCode).toBe(429);
    const [rows] = await app.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(loginFailures)
      .where(sql`${loginFailures.account} = ${`merchant:${other}`}`);
    expect(rows?.n).toBe(5);
  });

  it('failures older than the window no longer count', async () => {
    const email = await account();
    for (let i = 0; i < 5; i++) await login(email, 'wrong', '10.4.0.1');
    expect((await login(email, PASSWORD, '10.4.0.1')).statusCode).toBe(429);
    await app.db
      .update(loginFailures)
      .set({ at: sql`now() - interval '11 minutes'` })
      .where(sql`${loginFailures.account} = ${`merchant:${email}`}`);
    expect((await login(email, PASSWORD, '10.4.0.1')).statusCode).toBe(200);
  });

  it('parallel attempts cannot slip past the limit', async () => {
    const email = await account();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(email, 'wrong', '10.5.0.1')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  });

  it("the phone's QR confirmation and the waybill login are throttled too", async () => {
    const email = await account();
    const { token } = (await call(app, api.auth.qrToken)).body.data;
    const confirm = (password: string) =>
      call(app, api.auth.qrConfirm, { token, email, password }, { sign: false, remoteAddress: '10.6.0.1' });
    for (let i = 0; i < 5; i++) expect((await confirm('wrong')).body).toEqual(badCredentials);
    expect((await confirm(PASSWORD)).body).toEqual(tooMany);
    // The account is the same one: its password form at that address is locked as well, not elsewhere.
    expect((await login(email, PASSWORD, '10.6.0.1')).body).toEqual(tooMany);
    expect((await login(email, PASSWORD, '10.6.0.9')).statusCode).toBe(200);

    const erp = (p: string, remoteAddress = '10.6.0.2') =>
      call(app, api.erp.login, { u: 'erp@demo.local', p }, { remoteAddress });
    for (let i = 0; i < 5; i++) expect((await erp('wrong')).body).toEqual(badCredentials);
    expect((await erp(PASSWORD)).body).toEqual(tooMany);
    // The waybill account's owner at another address still prints.
    const owner = await erp(PASSWORD, '10.6.0.3');
    expect(owner.statusCode).toBe(200);
    expect(owner.body.data.token).toEqual(expect.any(String));
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('LOGIN_* and TRUST_PROXY configure the limits and the client address', () => {
    const config = loadConfig({
      LOGIN_WINDOW_MINUTES: '30',
      LOGIN_ACCOUNT_FAILURES: '3',
      LOGIN_ADDRESS_FAILURES: '50',
      TRUST_PROXY: '10.0.0.0/8',
    });
    expect(config.loginLimits).toEqual({ windowMinutes: 30, perAccount: 3, perAddress: 50 });
    expect(config.trustProxy).toEqual(['10.0.0.0/8']);
    expect(loadConfig({}).loginLimits).toEqual({ windowMinutes: 10, perAccount: 5, perAddress: 20 });
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'the limits hold across API copies sharing the database',
    async () => {
      const second = await makeApp();
      try {
        const email = await account();
        for (let i = 0; i < 3; i++) await login(email, 'wrong', '10.7.0.1');
        for (let i = 0; i < 2; i++) await login(email, 'wrong', '10.7.0.1', second);
        expect((await login(email, PASSWORD, '10.7.0.1', second)).body).toEqual(tooMany);
        expect((await login(email, PASSWORD, '10.7.0.1')).body).toEqual(tooMany);
      } finally {
        await second.close();
      }
    },
    120_000,
  );
});
