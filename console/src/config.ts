import { DEV_APP_SECRET } from '@toy/shared/sign';

export interface AppConfig {
  apiBase: string;
  appSecret: string;
  /** Where 购买/续费会员 leads (a mobile page); the contract does not name one. */
  membershipUrl: string;
}

const DEFAULT_API_BASE = 'http://127.0.0.1:8787';

/** Resolves the runtime config: `/config.js` first, then the build-time env, then the local defaults. */
export function resolveConfig(
  runtime: { apiBase?: string; appSecret?: string; membershipUrl?: string } | undefined,
  env: { VITE_API_BASE?: string; VITE_APP_SECRET?: string } = {},
): AppConfig {
  const apiBase = runtime?.apiBase || env.VITE_API_BASE || DEFAULT_API_BASE;
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
);

export const APP_TITLE = '盲盒商家后台';
