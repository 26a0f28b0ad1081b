import { messages, type Session } from '@toy/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { erpAccounts, sessions, users } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { randomToken } from '../../lib/seal.js';
import { picUrl } from '../../lib/urls.js';

export type UserRow = typeof users.$inferSelect;

/**
 * The user with these credentials, else 400 账号或密码错误 (same answer for an unknown email). The
 * right name and password of a waybill (ERP) account are told where that account signs in.
 */
export async function checkCredentials(db: Db, email: string, password: string): Promise<UserRow> {
  const name = email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, name)).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? null);
  if (user && ok) return user;
  if (!user) {
    const [erp] = await db
      .select({ passwordHash: erpAccounts.passwordHash })
      .from(erpAccounts)
      .where(eq(erpAccounts.username, name))
      .limit(1);
    if (erp && (await verifyPassword(password, erp.passwordHash))) throw httpError(400, messages.auth.erpAccountHere);
  }
  throw httpError(400, messages.auth.badCredentials);
}

/** A new session row; its token is the `web_token`. */
export async function createSession(db: Db, config: Config, userId: number): Promise<string> {
  const token = randomToken(32);
  const expiresAt = new Date(config.clock().getTime() + config.sessionTtlHours * 3600_000);
  await db.insert(sessions).values({ token, userId, expiresAt });
  return token;
}

/** The login answer the console keeps in cookies. */
export const sessionOf = (config: Config, user: UserRow, token: string): Session => ({
  name: user.name,
  web_token: token,
  avatar: picUrl(config, user.avatar),
  type: user.authType,
  per_ids: user.perIds,
});

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.token, token), isNull(sessions.revokedAt)));
}
