import { DEV_APP_SECRET } from '@toy/shared/sign';

export interface AppConfig {
  apiBase: string;
  appSecret: string;
  /** Where 购买/续费会员 leads (a mobile page); the contract does not name one. */
  membershipUrl: string;
}

/** The API's port on the page's own host when nothing names the API's address. */
export const DEFAULT_API_PORT = 8787;

/**
 * Resolves the runtime config: `/config.js` first, then the build-time env; by default the API is
 * on the page's own hostname (spec 01 §7: the base host depends on the page hostname), at
 * `apiPort` (8787), so a merchant on another machine reaches the API the page came from.
 */
export function resolveConfig(
  runtime: { apiBase?: string; apiPort?: number; appSecret?: string; membershipUrl?: string } | undefined,
  env: { VITE_API_BASE?: string; VITE_APP_SECRET?: string } = {},
  page: { protocol: string; hostname: string } = { protocol: 'http:', hostname: '127.0.0.1' },
): AppConfig {
  const host = page.hostname.includes(':') ? `[${page.hostname}]` : page.hostname;
  const apiBase =
    runtime?.apiBase || env.VITE_API_BASE || `${page.protocol}//${host}:${runtime?.apiPort ?? DEFAULT_API_PORT}`;
  const base = apiBase.replace(/\/+$/, '');
  return {
    apiBase: base,
    appSecret: runtime?.appSecret || env.VITE_APP_SECRET || DEV_APP_SECRET,
    membershipUrl: runtime?.membershipUrl || `${base}/m/membership`,
  };
}

export const config: AppConfig = resolveConfig(
  typeof window === 'undefined' ? undefined : window.__APP_CONFIG__,
  typeof import.meta.env === 'object' ? import.meta.env : {},
  typeof window === 'undefined' ? undefined : window.location,
);

export const APP_TITLE = '盲盒商家后台';
