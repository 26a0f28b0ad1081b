import type { Session } from '@toy/shared';
import { getCookie, removeCookie, setCookie } from './cookies';

/** The session cookies on the console origin (spec 01 §3 "Login session"). */
export const SESSION_COOKIES = ['web_token', 'auth_type', 'per_ids', 'user_avatar'] as const;

export const getToken = () => getCookie('web_token');
export const hasSession = () => Boolean(getToken());

export function getAuthType(): number | undefined {
  const raw = getCookie('auth_type');
  const n = Number(raw);
  return raw && Number.isFinite(n) ? n : undefined;
}

export function getPerIds(): number[] {
  return (getCookie('per_ids') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

export const getAvatar = () => getCookie('user_avatar');

export function saveSession(session: Pick<Session, 'web_token' | 'type' | 'per_ids' | 'avatar'>): void {
  setCookie('web_token', session.web_token);
  setCookie('auth_type', String(session.type));
  setCookie('per_ids', session.per_ids.join(','));
  setCookie('user_avatar', session.avatar ?? '');
}

export function clearSession(): void {
  for (const name of SESSION_COOKIES) removeCookie(name);
}
