import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_APP_SECRET, ORDER_TIMES, PLAYER_DEMO_CODE } from '@toy/shared';
import { z } from 'zod';
import type { StorageSettings } from './storage/store.js';

/** The workspace root (the folder holding pnpm-workspace.yaml), where `.data/` lives by default. */
export function repoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** How many failed logins are allowed within the window, per account at one address and per client address. */
export interface LoginLimits {
  windowMinutes: number;
  perAccount: number;
  perAddress: number;
}

export const LOGIN_LIMITS: LoginLimits = { windowMinutes: 10, perAccount: 5, perAddress: 20 };

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  APP_SECRET: z.string().min(1).default(DEV_APP_SECRET),
  CONSOLE_ORIGINS: z.string().optional(),
  CONSOLE_HOST: z.string().min(1).optional(),
  CONSOLE_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  QR_TTL_SECONDS: z.coerce.number().int().min(1).default(120),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(72),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  SEED: z.enum(['0', '1']).default('1'),
  SETTLE_INTERVAL_MINUTES: z.coerce.number().min(0).default(60),
  ERP_TOKEN_TTL_HOURS: z.coerce.number().positive().default(24),
  WAYBILL_FONT: z.string().min(1).optional(),
  WAYBILL_FONT_NAME: z.string().min(1).optional(),
  ORDER_TIMER_SECONDS: z.coerce.number().min(0).default(30),
  ORDER_PAY_MINUTES: z.coerce.number().positive().default(ORDER_TIMES.payMinutes),
  ORDER_FINAL_PAY_HOURS: z.coerce.number().positive().default(ORDER_TIMES.finalPayHours),
  ORDER_CONFIRM_DAYS: z.coerce.number().positive().default(ORDER_TIMES.autoConfirmDays),
  ORDER_REFUND_WINDOW_DAYS: z.coerce.number().min(0).default(ORDER_TIMES.refundWindowDays),
  MARKET_EXPORT_SYNC_ROWS: z.coerce.number().int().min(0).default(2000),
  TRUST_PROXY: z.string().optional(),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(LOGIN_LIMITS.windowMinutes),
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(LOGIN_LIMITS.perAccount),
  LOGIN_ADDRESS_FAILURES: z.coerce.number().int().min(1).default(LOGIN_LIMITS.perAddress),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ACCESS_KEY: z.string().min(1).optional(),
  S3_SECRET_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'false', 'true']).default('0'),
  NODE_ENV: z.string().optional(),
  PLAYER_DEMO_CODE: z
    .string()
    .regex(/^(\d{6}|off)$/, 'expected 6 digits, or off')
    .default(PLAYER_DEMO_CODE),
  SMS_PROVIDER: z.enum(['log', 'webhook']).default('log'),
  SMS_WEBHOOK_URL: z.url().optional(),
  SMS_WEBHOOK_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'gateway']).default('sandbox'),
  PAYMENT_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  PAYMENT_PAY_URL: z.url().optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(8788),
  METRICS_TOKEN: z.string().min(16).optional(),
});

/** The sandbox payment channel's notification secret (the demo default; a gateway sets PAYMENT_SECRET). */
export const SANDBOX_PAYMENT_SECRET = 'dev-payment-sandbox';

/** How one-time login codes reach players: logged (the demo default), or posted to an SMS gateway. */
export interface SmsConfig {
  provider: 'log' | 'webhook';
  /** webhook: the operator's SMS gateway, sent `{phone, text}` as JSON with an HMAC `sign` header. */
  webhookUrl?: string;
  webhookSecret?: string;
}

/** The payment channel: the sandbox (confirms at once, the demo default) or a signed gateway. */
export interface PaymentConfig {
  provider: 'sandbox' | 'gateway';
  /** The HMAC secret the channel signs its notifications with. */
  secret: string;
  /** gateway: the page a player pays at (`?pay_sn=&amount=` appended). */
  payUrl: string;
}

/**
 * Production mode (NODE_ENV=production) refuses to start while a demo default is in force; each
 * line names one and what to set. Empty when none is (or outside production mode).
 */
export function demoDefaultsInForce(env: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => (env[name] ?? '') !== '';
  const lines: string[] = [];
  if (!set('APP_SECRET') || env.APP_SECRET === DEV_APP_SECRET)
    lines.push('APP_SECRET: the demo signing secret is in force; set APP_SECRET to a secret of your own');
  if ((env.PAYMENT_PROVIDER || 'sandbox') === 'sandbox')
    lines.push(
      'PAYMENT_PROVIDER: the sandbox payment channel confirms every payment; set gateway with PAYMENT_SECRET and PAYMENT_PAY_URL',
    );
  if ((env.PLAYER_DEMO_CODE || PLAYER_DEMO_CODE) !== 'off')
    lines.push('PLAYER_DEMO_CODE: the demo login code lets anyone in as any player; set PLAYER_DEMO_CODE=off');
  if ((env.SEED || '1') !== '0')
    lines.push('SEED: the demo accounts and data (password demo1234) are seeded; set SEED=0');
  if ((env.SMS_PROVIDER || 'log') === 'log')
    lines.push(
      'SMS_PROVIDER: login codes are only written to the log; set webhook with SMS_WEBHOOK_URL and SMS_WEBHOOK_SECRET',
    );
  return lines;
}

/** A configuration the API refuses to start with: `lines` say what to set, one each. */
export class ConfigError extends Error {
  constructor(
    readonly heading: string,
    readonly lines: string[],
  ) {
    super(`${heading}\n${lines.join('\n')}`);
  }
}

/**
 * What a process does: `all` (the default: answers the API and runs the jobs, so `npm start` is one
 * command), `api` (answers only; the jobs it creates wait for a worker), `worker` (`npm run worker`:
 * runs the jobs, answers only /healthz and /metrics on WORKER_PORT).
 */
export type Role = 'all' | 'api' | 'worker';

/** Fastify's `trustProxy`: none, all, the proxies' addresses, or a function of an address and its hop. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * `TRUST_PROXY`: unset, the client's address is the socket's; `true`, the left-most
 * X-Forwarded-For; a number, that many proxy hops; else the proxies' addresses or CIDRs,
 * comma-separated. Behind a load balancer, set it, or every login counts against its address.
 */
function trustProxyOf(value: string | undefined): TrustProxy {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * `STORAGE=s3`: every file in the S3-compatible bucket `S3_BUCKET` (at `S3_ENDPOINT`, or AWS S3
 * of `S3_REGION`); keys as a pair or neither (the SDK's credential chain). Else the local directory.
 */
function storageOf(e: z.infer<typeof envSchema>): StorageSettings {
  if (e.STORAGE === 'local') return { kind: 'local' };
  const problems = [
    !e.S3_BUCKET && 'S3_BUCKET: required with STORAGE=s3',
    !e.S3_ACCESS_KEY !== !e.S3_SECRET_KEY && 'S3_ACCESS_KEY, S3_SECRET_KEY: set both or neither',
  ].filter(Boolean);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET!,
    accessKey: e.S3_ACCESS_KEY,
    secretKey: e.S3_SECRET_KEY,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** The times of an order's life (shared ORDER_TIMES by default; shorter ones make a quick demo). */
export interface OrderTimes {
  payMinutes: number;
  finalPayHours: number;
  autoConfirmDays: number;
  refundWindowDays: number;
}

export interface Config {
  host: string;
  port: number;
  /** Base URL of this API as browsers and phones reach it (QR links, file URLs). */
  publicUrl: string;
  /** Persistent data directory; undefined (or `memory`) gives an in-memory PGlite and temp uploads. */
  dataDir: string | undefined;
  memory: boolean;
  /** Where files are stored: the local directory (DATA_DIR/uploads) or an S3-compatible bucket. */
  storage: StorageSettings;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl: string | undefined;
  appSecret: string;
  /**
   * The web origins whose pages may call the API with credentials (CORS): the API's own and the
   * console's, from the configuration only (never from a request's Host header). Any other origin
   * gets no CORS headers, so a browser keeps its pages from reading the answers.
   */
  corsOrigins: string[];
  qrTtlSeconds: number;
  sessionTtlHours: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Apply the idempotent demo seed after migrations (loadConfig: on unless SEED=0). */
  seed: boolean;
  /** How often the settlement job runs (draw orders paid SETTLE_DAYS ago move to settled); 0 disables it. */
  settleIntervalMinutes: number;
  /** Lifetime of a waybill (ERP) login token `t`. */
  erpTokenTtlHours: number;
  /**
   * The CJK font of the waybill PDF (a TTF, OTF or TTC file); unset: the Noto Sans SC of the npm
   * package, else the system's Noto Sans CJK. `waybillFontName` picks a font inside a collection.
   */
  waybillFont: string | undefined;
  waybillFontName: string | undefined;
  /** How often the order timers run (payment timeouts, auto-confirm, refunds); 0 disables them. */
  orderTimerSeconds: number;
  orderTimes: OrderTimes;
  /** Up to this many rows a marketplace export answers its file at once; more become a job. */
  marketExportSyncRows: number;
  /** Fastify's `trustProxy`: which X-Forwarded-For hops give the client's address. */
  trustProxy: TrustProxy;
  /** Failed logins allowed per account from one address, and per address, within the window (then 429). */
  loginLimits: LoginLimits;
  /**
   * Start from a prepared copy instead of migrating and seeding (the test suites make one per run,
   * db/snapshot.ts). Unset in the product.
   */
  snapshot?: Snapshot;
  /**
   * The time as the API sees it: order deadlines and timers, refund windows, QR, session and login
   * code expiry.
   * The wall clock in the product; tests move it instead of waiting.
   */
  clock: () => Date;
  /** NODE_ENV=production: no demo default may be in force (loadConfig refuses). */
  production: boolean;
  /** The code every phone may log in with in demo mode (PLAYER_DEMO_CODE); null when off. */
  playerDemoCode: string | null;
  sms: SmsConfig;
  payment: PaymentConfig;
  role: Role;
  /** Jobs this process runs at once (1 in an API copy, 2 in a worker unless JOB_CONCURRENCY). */
  jobConcurrency: number;
  /** A worker's port for /healthz and /metrics. */
  workerPort: number;
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
}

/**
 * A migrated and seeded database and the files its seed wrote: `dir/pglite.tar` (a PGlite dump)
 * and `dir/uploads/`. An empty PGlite database loads the dump; on PostgreSQL the caller made the
 * database from a template of the same data and says so with `postgresReady`. A database that
 * already holds data starts as usual.
 */
export interface Snapshot {
  dir: string;
  postgresReady?: boolean;
}

const wallClock = () => new Date();

const defaultUrl = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The console's port when none is set: `npm start`'s console and the Vite dev server both use it. */
export const CONSOLE_DEFAULT_PORT = 8080;

/**
 * The origins allowed to call with credentials: the API's own (same-origin pages such as the QR
 * confirmation and /docs) plus `listed` (CONSOLE_ORIGINS, comma-separated), or by default the
 * console where `npm start` and the Vite dev server put it: on CONSOLE_PORT (8080) at 127.0.0.1,
 * localhost, CONSOLE_HOST and the API's own public hostname (PUBLIC_URL), over http and, for that
 * hostname, https. Configuration only: a request's Host header never adds an origin.
 */
export function corsOriginsOf(
  publicUrl: string,
  listed: string | undefined,
  consoleHost?: string,
  consolePort = CONSOLE_DEFAULT_PORT,
): string[] {
  const publicHost = URL.canParse(publicUrl) ? new URL(publicUrl).hostname : undefined;
  const entries = listed
    ? listed
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [
        ...['127.0.0.1', 'localhost', ...(consoleHost ? [consoleHost] : []), ...(publicHost ? [publicHost] : [])].map(
          (h) => defaultUrl(h, consolePort),
        ),
        ...(publicHost ? [`https://${publicHost}:${consolePort}`] : []),
      ];
  const origins = [publicUrl, ...entries].map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new Error(`Invalid configuration:\nCONSOLE_ORIGINS: expected http(s) origins, got ${entry}`);
    return url.origin;
  });
  return [...new Set(origins)];
}

/** Read and validate the environment. Throws a readable error on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL=` means PGlite).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError('Invalid configuration:', lines);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    const demo = demoDefaultsInForce(env);
    if (demo.length > 0) throw new ConfigError('Production mode (NODE_ENV=production) refuses demo defaults:', demo);
  }
  const needs = [
    ...(e.SMS_PROVIDER === 'webhook' && !(e.SMS_WEBHOOK_URL && e.SMS_WEBHOOK_SECRET)
      ? ['SMS_PROVIDER=webhook needs SMS_WEBHOOK_URL and SMS_WEBHOOK_SECRET']
      : []),
    ...(e.PAYMENT_PROVIDER === 'gateway' && !(e.PAYMENT_SECRET && e.PAYMENT_PAY_URL)
      ? ['PAYMENT_PROVIDER=gateway needs PAYMENT_SECRET and PAYMENT_PAY_URL']
      : []),
  ];
  if (needs.length > 0) throw new ConfigError('Invalid configuration:', needs);
  const publicUrl = (e.PUBLIC_URL ?? defaultUrl(e.HOST, e.PORT)).replace(/\/$/, '');
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(repoRoot(), '.data')),
    memory: false,
    storage: storageOf(e),
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET,
    corsOrigins: corsOriginsOf(publicUrl, e.CONSOLE_ORIGINS, e.CONSOLE_HOST ?? e.HOST, e.CONSOLE_PORT),
    qrTtlSeconds: e.QR_TTL_SECONDS,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    logLevel: e.LOG_LEVEL,
    seed: e.SEED === '1',
    settleIntervalMinutes: e.SETTLE_INTERVAL_MINUTES,
    erpTokenTtlHours: e.ERP_TOKEN_TTL_HOURS,
    waybillFont: e.WAYBILL_FONT,
    waybillFontName: e.WAYBILL_FONT_NAME,
    orderTimerSeconds: e.ORDER_TIMER_SECONDS,
    orderTimes: {
      payMinutes: e.ORDER_PAY_MINUTES,
      finalPayHours: e.ORDER_FINAL_PAY_HOURS,
      autoConfirmDays: e.ORDER_CONFIRM_DAYS,
      refundWindowDays: e.ORDER_REFUND_WINDOW_DAYS,
    },
    marketExportSyncRows: e.MARKET_EXPORT_SYNC_ROWS,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    loginLimits: {
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      perAccount: e.LOGIN_ACCOUNT_FAILURES,
      perAddress: e.LOGIN_ADDRESS_FAILURES,
    },
    clock: wallClock,
    production,
    playerDemoCode: e.PLAYER_DEMO_CODE === 'off' ? null : e.PLAYER_DEMO_CODE,
    sms: { provider: e.SMS_PROVIDER, webhookUrl: e.SMS_WEBHOOK_URL, webhookSecret: e.SMS_WEBHOOK_SECRET },
    payment: {
      provider: e.PAYMENT_PROVIDER,
      secret: e.PAYMENT_SECRET ?? SANDBOX_PAYMENT_SECRET,
      payUrl: e.PAYMENT_PAY_URL ?? '',
    },
    role: e.ROLE,
    jobConcurrency: e.JOB_CONCURRENCY ?? (e.ROLE === 'worker' ? 2 : 1),
    workerPort: e.WORKER_PORT,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** Fill a partial config (tests, embedding) with defaults; no data dir means in memory. */
export function resolveConfig(overrides: Partial<Config> = {}): Config {
  const host = overrides.host ?? '127.0.0.1';
  const port = overrides.port ?? 8787;
  const publicUrl = (overrides.publicUrl ?? defaultUrl(host, port)).replace(/\/$/, '');
  return {
    host,
    port,
    publicUrl,
    dataDir: overrides.memory ? undefined : overrides.dataDir,
    memory: overrides.memory ?? overrides.dataDir === undefined,
    storage: overrides.storage ?? { kind: 'local' },
    databaseUrl: overrides.databaseUrl,
    appSecret: overrides.appSecret ?? DEV_APP_SECRET,
    corsOrigins: overrides.corsOrigins ?? corsOriginsOf(publicUrl, undefined, host),
    qrTtlSeconds: overrides.qrTtlSeconds ?? 120,
    sessionTtlHours: overrides.sessionTtlHours ?? 72,
    logLevel: overrides.logLevel ?? 'info',
    seed: overrides.seed ?? false,
    settleIntervalMinutes: overrides.settleIntervalMinutes ?? 60,
    erpTokenTtlHours: overrides.erpTokenTtlHours ?? 24,
    waybillFont: overrides.waybillFont,
    waybillFontName: overrides.waybillFontName,
    orderTimerSeconds: overrides.orderTimerSeconds ?? 0,
    orderTimes: { ...ORDER_TIMES, ...overrides.orderTimes },
    marketExportSyncRows: overrides.marketExportSyncRows ?? 2000,
    trustProxy: overrides.trustProxy ?? false,
    loginLimits: { ...LOGIN_LIMITS, ...overrides.loginLimits },
    snapshot: overrides.snapshot,
    clock: overrides.clock ?? wallClock,
    production: overrides.production ?? false,
    playerDemoCode: overrides.playerDemoCode === undefined ? PLAYER_DEMO_CODE : overrides.playerDemoCode,
    sms: overrides.sms ?? { provider: 'log' },
    payment: overrides.payment ?? { provider: 'sandbox', secret: SANDBOX_PAYMENT_SECRET, payUrl: '' },
    role: overrides.role ?? 'all',
    jobConcurrency: overrides.jobConcurrency ?? 1,
    workerPort: overrides.workerPort ?? 8788,
    metricsToken: overrides.metricsToken,
  };
}
