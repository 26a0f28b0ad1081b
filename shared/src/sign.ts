import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The default local signing secret; production sets APP_SECRET. */
export const DEV_APP_SECRET = 'dev-app-secret';
/** How far `mt` may be from the server's clock, in seconds. */
export const SIGN_WINDOW_SECONDS = 300;

export type SignParams = Record<string, unknown> | undefined | null;

/**
 * canonical(params): keys sorted ascending, undefined and null values skipped, arrays and objects
 * written as JSON, everything else as String(value), joined as `key=value` pairs with `&`.
 */
export function canonical(params: SignParams): string {
  if (!params || typeof params !== 'object') return '';
  return Object.keys(params)
    .filter((key) => params[key] !== undefined && params[key] !== null)
    .sort()
    .map((key) => {
      const value = params[key];
      return `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`;
    })
    .join('&');
}

/** What a `nonce` header may be: 8 to 64 letters, digits, `-` or `_`. */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * sign = hex(sha256(path + "\n" + secret + "\n" + mt + "\n" + canonical(params))), and with a
 * `nonce` header, hex(sha256(path + "\n" + secret + "\n" + mt + "\n" + canonical(params) + "\n" + nonce)).
 * `path` is the URL path without the query; `mt` is unix seconds as a string; `params` is the query
 * for GET and the body fields for POST.
 */
export function sign(path: string, secret: string, mt: string, params: SignParams, nonce?: string): string {
  const text = `${path}\n${secret}\n${mt}\n${canonical(params)}${nonce ? `\n${nonce}` : ''}`;
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** 16 random bytes as hex: a write's `nonce`, so two identical writes in one second sign differently. */
export function newNonce(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * The headers a signed call carries: `sign` and `mt`, and `nonce` when one is given. The API refuses
 * a signed write whose signature it has already seen (a replay), so every write gets a fresh nonce.
 */
export function signHeaders(
  path: string,
  secret: string,
  params: SignParams,
  now: number = Date.now(),
  nonce?: string,
): { sign: string; mt: string; nonce?: string } {
  const mt = String(Math.floor(now / 1000));
  return nonce
    ? { sign: sign(path, secret, mt, params, nonce), mt, nonce }
    : { sign: sign(path, secret, mt, params), mt };
}
