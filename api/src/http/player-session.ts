import { messages, PLAYER_TOKEN_HEADER } from '@toy/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { batchLoader } from '../db/batch.js';
import type { Db } from '../db/client.js';
import type { ReadCache } from '../db/read-cache.js';
import { playerSessions } from '../db/schema.js';
import { httpError } from '../lib/errors.js';

type Session = { playerId: number; expiresAt: number } | null;

/** The sessions of these tokens, in their order (null for an unknown one). */
async function sessionsOf(db: Db, tokens: readonly string[]): Promise<Session[]> {
  const rows = await db
    .select({ token: playerSessions.token, playerId: playerSessions.playerId, expiresAt: playerSessions.expiresAt })
    .from(playerSessions)
    .where(inArray(playerSessions.token, [...new Set(tokens)]));
  const byToken = new Map(rows.map((r) => [r.token, { playerId: r.playerId, expiresAt: r.expiresAt.getTime() }]));
  return tokens.map((t) => byToken.get(t) ?? null);
}

const sessions = batchLoader<string, Session>(sessionsOf);

/** The player of a request (header player_token), or 401 with the player-session message. */
export async function playerOf(db: Db, cache: ReadCache, request: FastifyRequest): Promise<number> {
  const raw = request.headers[PLAYER_TOKEN_HEADER];
  const token = typeof raw === 'string' && /^[0-9a-f]{64}$/.test(raw) ? raw : null;
  if (!token) throw httpError(401, messages.drawMachine.playerSession);
  // The embedded database caches sessions (one writer); a server's are read in groups (db/batch.ts).
  const session = cache.enabled
    ? await cache.get(`player-session:${token}`, async () => (await sessionsOf(db, [token]))[0]!)
    : await sessions(db).load(token);
  if (!session || session.expiresAt <= Date.now()) throw httpError(401, messages.drawMachine.playerSession);
  return session.playerId;
}
