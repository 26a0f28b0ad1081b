import { messages, PLAYER_TOKEN_HEADER } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { ReadCache } from '../../db/read-cache.js';
import { playerSessions } from '../../db/schema.js';
import { httpError } from '../../http/errors.js';

/** The player of a request (header player_token), or 401 with the player-session message. */
export async function playerOf(db: Db, cache: ReadCache, request: FastifyRequest): Promise<number> {
  const raw = request.headers[PLAYER_TOKEN_HEADER];
  const token = typeof raw === 'string' && /^[0-9a-f]{64}$/.test(raw) ? raw : null;
  if (!token) throw httpError(401, messages.drawMachine.playerSession);
  const session = await cache.get(`player-session:${token}`, async () => {
    const [row] = await db
      .select({ playerId: playerSessions.playerId, expiresAt: playerSessions.expiresAt })
      .from(playerSessions)
      .where(eq(playerSessions.token, token));
    return row ? { playerId: row.playerId, expiresAt: row.expiresAt.getTime() } : null;
  });
  if (!session || session.expiresAt <= Date.now()) throw httpError(401, messages.drawMachine.playerSession);
  return session.playerId;
}
