import { messages, type Role, rolesOf } from '@toy/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { ReadCache } from '../db/read-cache.js';
import { sessions, users } from '../db/schema.js';
import { httpError } from '../lib/errors.js';
import type { AuthUser } from './types.js';

export const SESSION_HEADER = 'web_token';

export function tokenOf(request: FastifyRequest): string | null {
  const fromHeader = request.headers[SESSION_HEADER];
  const token = typeof fromHeader === 'string' && fromHeader ? fromHeader : request.cookies?.[SESSION_HEADER];
  return token && /^[0-9a-f]{16,128}$/i.test(token) ? token : null;
}

export function toAuthUser(row: typeof users.$inferSelect): AuthUser {
  const extra: Role[] = [];
  if (row.isReviewer) extra.push('reviewer');
  if (row.isAdmin) extra.push('admin');
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    type: row.authType,
    per_ids: row.perIds,
    roles: rolesOf(row.perIds, extra),
    isAdmin: row.isAdmin,
  };
}

/** The user of a live (not revoked, not expired) session, or null. */
export async function userOfSession(
  db: Db,
  cache: ReadCache,
  token: string,
  now = Date.now(),
): Promise<AuthUser | null> {
  const live = await cache.get(`session:${token}`, async () => {
    const [row] = await db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.token, token), isNull(sessions.revokedAt)))
      .limit(1);
    return row ? { user: toAuthUser(row.user), expiresAt: row.expiresAt.getTime() } : null;
  });
  return live && live.expiresAt > now ? live.user : null;
}

/**
 * Plugin 2: resolve `web_token` (header or cookie) to `request.user`. Routes whose access is not
 * `public` answer 401 登录失效 without a live session.
 */
const session: FastifyPluginAsync = async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('preValidation', async (request) => {
    const def = request.routeOptions.config.route;
    if (!def) return;
    const token = tokenOf(request);
    const user = token ? await userOfSession(app.db, app.cache, token, app.appConfig.clock().getTime()) : null;
    if (user) {
      request.user = user;
      request.sessionToken = token;
    } else if (def.access !== 'public') {
      throw httpError(401, messages.common.sessionExpired);
    }
  });
};

export default fp(session, { name: 'session' });
