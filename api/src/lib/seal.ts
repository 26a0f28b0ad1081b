import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque token: `bytes` random bytes as hex. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('hex');

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/** `base64url(JSON) + '.' + base64url(HMAC-SHA256)`: a stateless, tamper-proof value. */
export function seal(secret: string, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The sealed value, or null when the token is malformed or its MAC does not match. */
export function unseal(secret: string, token: string): unknown {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 4096) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
