import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const OPTIONS: ScryptOptions = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, OPTIONS, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$<salt hex>$<key hex>` with a fresh 16-byte salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}

const DUMMY = `scrypt$${'00'.repeat(16)}$${'00'.repeat(KEY_LENGTH)}`;

/** Constant-time check; pass `null` for an unknown user so the timing does not tell. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, saltHex, keyHex] = (stored ?? DUMMY).split('$');
  if (scheme !== 'scrypt' || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await derive(password, Buffer.from(saltHex, 'hex'));
  return stored !== null && expected.length === actual.length && timingSafeEqual(expected, actual);
}
