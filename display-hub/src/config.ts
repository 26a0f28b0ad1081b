import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_APP_SECRET, DISPLAY, DISPLAY_TIMING } from '@toy/shared';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The workspace root when run from source (display-hub/src → ..). */
export const repoRoot = path.resolve(here, '..', '..');

export interface HubConfig {
  host: string;
  wsPort: number;
  mediaPort: number;
  /** The venue's control key: only a connection presenting it may send commands. */
  controlKey: string;
  /** Where the key came from, for the start-up log. */
  controlKeySource: 'env' | 'file' | 'generated';
  /** The platform API; null disables fetching (the hub then serves its disk cache only). */
  apiBase: string | null;
  appSecret: string;
  /** State, the screen-data cache and the image cache. */
  dataDir: string;
  /** The media library (videos, audio, brand images). */
  mediaDir: string;
  /** The built display client (screens and the control page). */
  clientDir: string;
  logLevel: string;
  /** The hub pings every interval and terminates a socket that has not answered the previous ping. */
  heartbeatMs: number;
  /** A socket whose send buffer grows past this is closed; its screen resyncs from a snapshot. */
  maxBufferedBytes: number;
  mediaMaxBytes: number;
  imageCacheMaxBytes: number;
  listRefreshMs: number;
  barrageRefreshMs: number;
  /** Scales the activity-status poll intervals (tests only). */
  activityPollScale: number;
  /**
   * Web origins whose pages may open a socket, besides the hub's own pages and the console on the
   * same host (port 8080); `*` allows any. Sockets without an Origin (not a browser) are not checked.
   */
  allowedOrigins?: string[];
  /** Hosts the image proxy may fetch from besides API_BASE's (the platform's picture host or CDN). */
  imageOrigins?: string[];
  /** The venue's time zone (IANA): the screens' clock and the operator's notice times. */
  timeZone?: string;
  /** When set, /metrics answers only `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken?: string;
}

/** A comma-separated list of origins (`scheme://host[:port]`), each normalised; `*` kept as it is. */
const originList = z
  .string()
  .transform((text, ctx) => {
    const out: string[] = [];
    for (const item of text
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      if (item === '*') {
        out.push(item);
        continue;
      }
      try {
        const u = new URL(item);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
        out.push(u.origin);
      } catch {
        ctx.addIssue({ code: 'custom', message: `not an http(s) origin: ${item}` });
      }
    }
    return out;
  })
  .optional();

const envSchema = z.object({
  HUB_HOST: z.string().min(1).default('0.0.0.0'),
  HUB_WS_PORT: z.coerce.number().int().min(0).max(65535).default(DISPLAY.socketPort),
  HUB_MEDIA_PORT: z.coerce.number().int().min(0).max(65535).default(DISPLAY.mediaPort),
  HUB_CONTROL_KEY: z.string().min(8, 'HUB_CONTROL_KEY needs at least 8 characters').optional(),
  API_BASE: z.string().optional(),
  APP_SECRET: z.string().min(1).default(DEV_APP_SECRET),
  HUB_DATA_DIR: z.string().min(1).optional(),
  HUB_MEDIA_DIR: z.string().min(1).optional(),
  HUB_CLIENT_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HUB_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
  HUB_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024),
  HUB_MEDIA_MAX_MB: z.coerce.number().positive().default(500),
  HUB_IMAGE_CACHE_MB: z.coerce.number().positive().default(300),
  HUB_LIST_REFRESH_MS: z.coerce.number().int().min(100).default(DISPLAY_TIMING.listRefreshMs),
  HUB_BARRAGE_REFRESH_MS: z.coerce.number().int().min(100).default(DISPLAY_TIMING.barrageRefreshMs),
  HUB_ACTIVITY_POLL_SCALE: z.coerce.number().positive().max(1).default(1),
  HUB_ALLOWED_ORIGINS: originList,
  METRICS_TOKEN: z.string().min(16).optional(),
  HUB_IMAGE_ORIGINS: originList,
  HUB_TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'not an IANA time zone (e.g. Asia/Shanghai)'),
});

/** The control key: HUB_CONTROL_KEY, else one generated once and kept in the data directory. */
export function resolveControlKey(
  dataDir: string,
  fromEnv?: string,
): { key: string; source: HubConfig['controlKeySource'] } {
  if (fromEnv) return { key: fromEnv, source: 'env' };
  const file = path.join(dataDir, 'control-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key.length >= 8) return { key, source: 'file' };
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(12).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, source: 'generated' };
}

/** Read the environment; throws a readable error on a bad value. */
export function loadHubConfig(env: NodeJS.ProcessEnv = process.env): HubConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid hub configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.HUB_DATA_DIR ?? path.join(repoRoot, '.data', 'display'));
  const { key, source } = resolveControlKey(dataDir, e.HUB_CONTROL_KEY);
  return {
    host: e.HUB_HOST,
    wsPort: e.HUB_WS_PORT,
    mediaPort: e.HUB_MEDIA_PORT,
    controlKey: key,
    controlKeySource: source,
    apiBase: e.API_BASE ? e.API_BASE.replace(/\/+$/, '') : null,
    appSecret: e.APP_SECRET,
    dataDir,
    mediaDir: path.resolve(e.HUB_MEDIA_DIR ?? path.join(dataDir, 'media')),
    clientDir: path.resolve(e.HUB_CLIENT_DIR ?? path.join(repoRoot, 'display-client', 'dist')),
    logLevel: e.LOG_LEVEL,
    heartbeatMs: e.HUB_HEARTBEAT_MS,
    maxBufferedBytes: e.HUB_MAX_BUFFERED_BYTES,
    mediaMaxBytes: Math.round(e.HUB_MEDIA_MAX_MB * 1024 * 1024),
    imageCacheMaxBytes: Math.round(e.HUB_IMAGE_CACHE_MB * 1024 * 1024),
    listRefreshMs: e.HUB_LIST_REFRESH_MS,
    barrageRefreshMs: e.HUB_BARRAGE_REFRESH_MS,
    activityPollScale: e.HUB_ACTIVITY_POLL_SCALE,
    allowedOrigins: e.HUB_ALLOWED_ORIGINS ?? [],
    imageOrigins: e.HUB_IMAGE_ORIGINS ?? [],
    timeZone: e.HUB_TIME_ZONE,
    metricsToken: e.METRICS_TOKEN,
  };
}
