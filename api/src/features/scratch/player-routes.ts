import { api, messages, normalizeScratchCode } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { scratchCards, scratchCodes, scratchRedemptions, scratchRefusals } from '../../db/schema.js';
import { httpError } from '../../http/errors.js';
import { routeOf } from '../../http/route.js';
import { playerOf } from '../player/session.js';

const m = messages.scratch;
const CODE = /^[0-9A-Z]{16}$/;

/**
 * Declarations: shared/src/features/scratch.ts (playerScratchRoutes). A code is redeemed once: the
 * unique index on scratch_redemptions.code_id decides between simultaneous redemptions, so exactly
 * one wins; the others, and a wrong code, are refused and recorded in scratch_refusals.
 */
const playerScratchRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache } = app;

  app.route(
    routeOf(api.player.redeemScratch, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      const code = normalizeScratchCode(body.code);
      if (!code) throw httpError(400, m.codeRequired);
      const [found] = CODE.test(code)
        ? await db
            .select({
              id: scratchCodes.id,
              cardId: scratchCodes.cardId,
              title: scratchCards.title,
              ipId: scratchCards.ipId,
            })
            .from(scratchCodes)
            .innerJoin(scratchCards, eq(scratchCards.id, scratchCodes.cardId))
            .where(eq(scratchCodes.code, code))
            .limit(1)
        : [];
      if (!found) {
        await db.insert(scratchRefusals).values({ cardId: null, playerId, reason: 'wrong' });
        throw httpError(400, m.codeWrong);
      }
      const won = await db
        .insert(scratchRedemptions)
        .values({ codeId: found.id, cardId: found.cardId, playerId })
        .onConflictDoNothing({ target: scratchRedemptions.codeId })
        .returning({ id: scratchRedemptions.id });
      if (won.length === 0) {
        await db.insert(scratchRefusals).values({ cardId: found.cardId, playerId, reason: 'used' });
        throw httpError(409, m.codeUsed);
      }
      return { card_id: found.cardId, title: found.title, ip_id: found.ipId };
    }),
  );
};

export default playerScratchRoutes;
