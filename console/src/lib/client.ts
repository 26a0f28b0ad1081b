import { createClient } from '@toy/shared/client';
import { LIMITS } from '@toy/shared/constants';
import { config } from '../config';
import { getToken } from './session';

/**
 * The console's signed client: the session token from its cookie, the console's cookies sent along.
 * It reports nothing itself (lib/http adds the toasts and the 登录失效 prompt), so the login page
 * uses it without loading the component kit.
 */
export const client = createClient({
  baseUrl: config.apiBase,
  secret: config.appSecret,
  token: getToken,
  timeoutMs: LIMITS.requestTimeoutMs,
  credentials: 'include',
});
