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

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  APP_SECRET: z.string().min(1).default(DEV_APP_SECRET),
  CORS_ORIGINS: z.string().optional(),
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
});

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
  /** Allowed origins; `true` reflects any origin. */
  corsOrigins: string[] | true;
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
}

const defaultUrl = (host: string, port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

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
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? defaultUrl(e.HOST, e.PORT)).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR ?? path.join(repoRoot(), '.data')),
    memory: false,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET,
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : true,
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
  };
}

/** Fill a partial config (tests, embedding) with defaults; no data dir means in memory. */
export function resolveConfig(overrides: Partial<Config> = {}): Config {
  const host = overrides.host ?? '127.0.0.1';
  const port = overrides.port ?? 8787;
  return {
    host,
    port,
    publicUrl: (overrides.publicUrl ?? defaultUrl(host, port)).replace(/\/$/, ''),
    dataDir: overrides.memory ? undefined : overrides.dataDir,
    memory: overrides.memory ?? overrides.dataDir === undefined,
    databaseUrl: overrides.databaseUrl,
    appSecret: overrides.appSecret ?? DEV_APP_SECRET,
    corsOrigins: overrides.corsOrigins ?? true,
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
  };
}
