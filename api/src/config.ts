import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_APP_SECRET, MARKET_DEMO_SECRETS, MARKET_PLATFORM_CODES, ORDER_TIMES } from '@toy/shared';
import { z } from 'zod';

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

/** How many failed logins are allowed within the window, per account and per client address. */
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
  MARKET_SECRETS: z.string().min(1).optional(),
  MARKET_EXPORT_SYNC_ROWS: z.coerce.number().int().min(0).default(2000),
  TRUST_PROXY: z.string().optional(),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(LOGIN_LIMITS.windowMinutes),
  LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(LOGIN_LIMITS.perAccount),
  LOGIN_ADDRESS_FAILURES: z.coerce.number().int().min(1).default(LOGIN_LIMITS.perAddress),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).optional(),
  WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(8788),
  METRICS_TOKEN: z.string().min(16).optional(),
});

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

/** The times of an order's life (shared ORDER_TIMES by default; shorter ones make a quick demo). */
export interface OrderTimes {
  payMinutes: number;
  finalPayHours: number;
  autoConfirmDays: number;
  refundWindowDays: number;
}

/**
 * `MARKET_SECRETS=shopee:secret,lazada:secret`: the marketplace platforms that may push orders and
 * the shared secret of each; unset, the demo secrets of every platform in shared MARKET_PLATFORMS.
 */
function marketSecretsOf(value: string | undefined): Record<string, string> {
  if (!value) return { ...MARKET_DEMO_SECRETS };
  const out: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const at = pair.indexOf(':');
    const platform = pair.slice(0, at).trim();
    const secret = pair.slice(at + 1).trim();
    if (at <= 0 || !secret || !(MARKET_PLATFORM_CODES as string[]).includes(platform))
      throw new Error(
        `Invalid configuration:\nMARKET_SECRETS: expected platform:secret pairs of ${MARKET_PLATFORM_CODES.join(', ')}`,
      );
    out[platform] = secret;
  }
  return out;
}

export interface Config {
  host: string;
  port: number;
  /** Base URL of this API as browsers and phones reach it (QR links, file URLs). */
  publicUrl: string;
  /** Persistent data directory; undefined (or `memory`) gives an in-memory PGlite and temp uploads. */
  dataDir: string | undefined;
  memory: boolean;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl: string | undefined;
  appSecret: string;
  /**
   * The web origins whose pages may call the API with credentials (CORS): the API's own and the
   * console's. Any other origin gets no CORS headers, so a browser keeps its pages from reading
   * the answers.
   */
  corsOrigins: string[];
  /**
   * Unless CONSOLE_ORIGINS names the console's origins: the console's port on whatever hostname
   * the API was reached by, so a console served beside the API works from any machine (it calls
   * the API on its page's hostname). Null when the origins are listed.
   */
  consolePortBeside: number | null;
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
  /** Marketplace platform → the shared secret its inbound requests are signed with. */
  marketSecrets: Record<string, string>;
  /** Up to this many rows a marketplace export answers its file at once; more become a job. */
  marketExportSyncRows: number;
  /** Fastify's `trustProxy`: which X-Forwarded-For hops give the client's address. */
  trustProxy: TrustProxy;
  /** Failed logins allowed per account and per address within the window (then 429). */
  loginLimits: LoginLimits;
  role: Role;
  /** Jobs this process runs at once (1 in an API copy, 2 in a worker unless JOB_CONCURRENCY). */
  jobConcurrency: number;
  /** A worker's port for /healthz and /metrics. */
  workerPort: number;
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
}

const defaultUrl = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The console's port when none is set: `npm start`'s console and the Vite dev server both use it. */
export const CONSOLE_DEFAULT_PORT = 8080;

/**
 * The origins allowed to call with credentials: the API's own (same-origin pages such as the QR
 * confirmation and /docs) plus `listed` (CONSOLE_ORIGINS, comma-separated), or by default the
 * console where `npm start` and the Vite dev server put it (127.0.0.1 and localhost, and
 * CONSOLE_HOST, on CONSOLE_PORT or 8080).
 */
export function corsOriginsOf(
  publicUrl: string,
  listed: string | undefined,
  consoleHost?: string,
  consolePort = CONSOLE_DEFAULT_PORT,
): string[] {
  const entries = listed
    ? listed
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : ['127.0.0.1', 'localhost', ...(consoleHost ? [consoleHost] : [])].map((h) => defaultUrl(h, consolePort));
  const origins = [publicUrl, ...entries].map((entry) => {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new Error(`Invalid configuration:\nCONSOLE_ORIGINS: expected http(s) origins, got ${entry}`);
    return url.origin;
  });
  return [...new Set(origins)];
}

/**
 * The origins a request may be answered for: the configured ones, and (consolePortBeside) the
 * console on the hostname this request reached the API by, over http or https.
 */
export function allowedOrigins(config: Pick<Config, 'corsOrigins' | 'consolePortBeside'>, hostHeader?: string) {
  if (config.consolePortBeside === null || !hostHeader) return config.corsOrigins;
  const url = URL.canParse(`http://${hostHeader}`) ? new URL(`http://${hostHeader}`) : undefined;
  if (!url) return config.corsOrigins;
  const beside = ['http:', 'https:'].map((p) => `${p}//${url.hostname}:${config.consolePortBeside}`);
  return [...config.corsOrigins, ...beside];
}

/** Read and validate the environment. Throws a readable error on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL=` means PGlite).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? defaultUrl(e.HOST, e.PORT)).replace(/\/$/, '');
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(repoRoot(), '.data')),
    memory: false,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET,
    corsOrigins: corsOriginsOf(publicUrl, e.CONSOLE_ORIGINS, e.CONSOLE_HOST ?? e.HOST, e.CONSOLE_PORT),
    consolePortBeside: e.CONSOLE_ORIGINS ? null : (e.CONSOLE_PORT ?? CONSOLE_DEFAULT_PORT),
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
    marketSecrets: marketSecretsOf(e.MARKET_SECRETS),
    marketExportSyncRows: e.MARKET_EXPORT_SYNC_ROWS,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    loginLimits: {
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
      perAccount: e.LOGIN_ACCOUNT_FAILURES,
      perAddress: e.LOGIN_ADDRESS_FAILURES,
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
    databaseUrl: overrides.databaseUrl,
    appSecret: overrides.appSecret ?? DEV_APP_SECRET,
    corsOrigins: overrides.corsOrigins ?? corsOriginsOf(publicUrl, undefined, host),
    consolePortBeside: overrides.consolePortBeside ?? null,
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
    marketSecrets: overrides.marketSecrets ?? { ...MARKET_DEMO_SECRETS },
    marketExportSyncRows: overrides.marketExportSyncRows ?? 2000,
    trustProxy: overrides.trustProxy ?? false,
    loginLimits: { ...LOGIN_LIMITS, ...overrides.loginLimits },
    role: overrides.role ?? 'all',
    jobConcurrency: overrides.jobConcurrency ?? 1,
    workerPort: overrides.workerPort ?? 8788,
    metricsToken: overrides.metricsToken,
  };
}
