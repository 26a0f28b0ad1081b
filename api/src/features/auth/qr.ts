import { messages, type Session } from '@toy/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { qrTokens, users } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { randomToken } from '../../lib/seal.js';
import { unixSeconds } from '../../lib/time.js';
import { createSession, sessionOf, type UserRow } from './service.js';

/**
 * QR login: the desktop gets a token and shows it as a QR of the mobile page's URL; the phone
 * confirms it with the merchant's credentials (creating a session); the desktop's poll receives
 * that session exactly once.
 */
const m = messages.auth;

export async function issueQrToken(db: Db, config: Config) {
  const token = randomToken(24);
  const now = config.clock();
  const expiresAt = new Date(now.getTime() + config.qrTtlSeconds * 1000);
  await db.insert(qrTokens).values({ token, expiresAt });
  return {
    token,
    expire_time: unixSeconds(expiresAt),
    qr_url: `${config.publicUrl}/m/login?token=${encodeURIComponent(token)}`,
    now: unixSeconds(now),
  };
}

export type QrRow = typeof qrTokens.$inferSelect;

export async function findQrToken(db: Db, token: string): Promise<QrRow | null> {
  const [row] = await db.select().from(qrTokens).where(eq(qrTokens.token, token)).limit(1);
  return row ?? null;
}

export const isQrExpired = (row: QrRow, now: Date) => row.expiresAt.getTime() <= now.getTime();

/** Phone side: check the token, then the credentials (`credentials`); link a new session to the token. */
export async function confirmQr(db: Db, config: Config, token: string, credentials: () => Promise<UserRow>) {
  const row = await findQrToken(db, token);
  if (!row) throw httpError(400, m.qrInvalid);
  if (row.confirmedAt) throw httpError(409, m.qrUsed);
  if (isQrExpired(row, config.clock())) throw httpError(400, m.qrExpired);
  const user = await credentials();
  return db.transaction(async (tx) => {
    const sessionToken = await createSession(tx, config, user.id);
    const updated = await tx
      .update(qrTokens)
      .set({ confirmedUserId: user.id, confirmedAt: new Date(), sessionToken })
      .where(and(eq(qrTokens.token, token), isNull(qrTokens.confirmedAt)))
      .returning({ token: qrTokens.token });
    if (updated.length === 0) throw httpError(409, m.qrUsed);
    return { name: user.name };
  });
}

/** Desktop side: pending → is_login 0; confirmed → the session, once; then the token is spent. */
export async function pollQr(
  db: Db,
  config: Config,
  token: string,
): Promise<{ is_login: 0 | 1; info: Session | null }> {
  const row = await findQrToken(db, token);
  if (!row || row.consumedAt) throw httpError(400, m.qrInvalid);
  if (!row.confirmedAt || !row.sessionToken || !row.confirmedUserId) {
    if (isQrExpired(row, config.clock())) throw httpError(400, m.qrExpired);
    return { is_login: 0, info: null };
  }
  const sessionToken = row.sessionToken;
  const userId = row.confirmedUserId;
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(qrTokens)
      .set({ consumedAt: new Date() })
      .where(and(eq(qrTokens.token, token), isNull(qrTokens.consumedAt)))
      .returning({ token: qrTokens.token });
    if (spent.length === 0) throw httpError(400, m.qrInvalid);
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw httpError(400, m.qrInvalid);
    return { is_login: 1 as const, info: sessionOf(config, user, sessionToken) };
  });
}
