import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { longest } from '../../scripts/patience.mjs';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig, repoRoot } from '../src/config.js';
import { demoRecordsInForce } from '../src/production.js';
import { makeApp } from './helpers.js';

/** A production start with every demo default replaced. */
const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'a-private-signing-secret',
  PAYMENT_PROVIDER: 'gateway',
  PAYMENT_SECRET: 'gateway-notify-secret-0123',
  PAYMENT_PAY_URL: 'https://pay.example.com/cashier',
  PLAYER_DEMO_CODE: 'off',
  SEED: '0',
  SMS_PROVIDER: 'webhook',
  SMS_WEBHOOK_URL: 'https://sms.example.com/send',
  SMS_WEBHOOK_SECRET: 'sms-gateway-secret-0123',
};

/** The demo default each variable leaves in force when it is left out (or set back to the demo's value). */
const DEMO: { name: string; unset?: Record<string, string | undefined>; line: RegExp }[] = [
  { name: 'APP_SECRET', line: /^APP_SECRET: the demo signing secret/ },
  { name: 'APP_SECRET', unset: { APP_SECRET: 'dev-app-secret' }, line: /^APP_SECRET: the demo signing secret/ },
  {
    name: 'PAYMENT_PROVIDER',
    unset: { PAYMENT_PROVIDER: undefined, PAYMENT_SECRET: undefined, PAYMENT_PAY_URL: undefined },
    line: /^PAYMENT_PROVIDER: the sandbox payment channel/,
  },
  { name: 'PLAYER_DEMO_CODE', line: /^PLAYER_DEMO_CODE: the demo login code/ },
  { name: 'SEED', line: /^SEED: the demo accounts and data/ },
  {
    name: 'SMS_PROVIDER',
    unset: { SMS_PROVIDER: undefined, SMS_WEBHOOK_URL: undefined, SMS_WEBHOOK_SECRET: undefined },
    line: /^SMS_PROVIDER: login codes are only written to the log/,
  },
];

const refusal = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env as NodeJS.ProcessEnv);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  return null;
};

describe('production mode (NODE_ENV=production)', () => {
  it('refuses each demo default in force, one line each', () => {
    for (const demo of DEMO) {
      const env = { ...PRODUCTION, ...(demo.unset ?? { [demo.name]: undefined }) };
      const lines = refusal(env);
      expect(lines, demo.name).not.toBeNull();
      expect(lines!.length, demo.name).toBe(1);
      expect(lines![0], demo.name).toMatch(demo.line);
    }
    // Nothing set: one line for each of the five.
    const all = refusal({ NODE_ENV: 'production' })!;
    expect(all.map((l) => l.split(':')[0])).toEqual([
      'APP_SECRET',
      'PAYMENT_PROVIDER',
      'PLAYER_DEMO_CODE',
      'SEED',
      'SMS_PROVIDER',
    ]);
    // Outside production mode the demo defaults are the embedded start.
    const demo = loadConfig({});
    expect(demo.playerDemoCode).toBe('000000');
    expect(demo.payment.provider).toBe('sandbox');
  });

  it('starts when all are set', async () => {
    const config = loadConfig(PRODUCTION as NodeJS.ProcessEnv);
    expect(config).toMatchObject({ production: true, playerDemoCode: null, seed: false });
    expect(config.payment).toMatchObject({ provider: 'gateway', secret: PRODUCTION.PAYMENT_SECRET });
    const app = await buildApp({ ...config, memory: true, logLevel: 'silent' });
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses the demo records a demo start left in the database: demo accounts, demo shop links', async () => {
    const demo = await makeApp();
    // A migrated database with no demo data (in memory, whatever the suite's engine).
    const empty = await buildApp({ memory: true, logLevel: 'silent' });
    try {
      expect((await demoRecordsInForce(demo.db)).map((l) => l.split(':')[0])).toEqual(['market_links', 'users']);
      expect(await demoRecordsInForce(empty.db)).toEqual([]);
    } finally {
      await demo.close();
      await empty.close();
    }
  });

  it('the server exits non-zero naming what to set', async () => {
    const api = join(repoRoot(), 'api');
    const { DATABASE_URL: _db, ...env } = process.env;
    const run = promisify(execFile)(join(api, 'node_modules', '.bin', 'tsx'), ['src/server.ts'], {
      cwd: api,
      env: { ...env, NODE_ENV: 'production', APP_SECRET: '', SEED: '' },
      timeout: longest(60_000),
    });
    const failed = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    const lines = failed!.stderr.trim().split('\n');
    expect(lines[0]).toBe('Production mode (NODE_ENV=production) refuses demo defaults:');
    expect(lines.slice(1).map((l) => l.split(':')[0])).toEqual([
      'APP_SECRET',
      'PAYMENT_PROVIDER',
      'PLAYER_DEMO_CODE',
      'SEED',
      'SMS_PROVIDER',
    ]);
  });
});
