import { api, INT4_MAX, messages, normalizeScratchCode } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { brands, scratchCards, scratchCodes, scratchRedemptions, scratchRefusals } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { mobilePage } from '../../lib/mobile-page.js';

const m = messages.scratch;
const CODE = /^[0-9A-Z]{16}$/;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The activity page of a card, or the page of a card that does not exist (any more). */
function scratchPage(card: { title: string; brand: string; activeTitle: string } | null): string {
  if (!card)
    return mobilePage(
      '刮刮卡',
      `  <h1>刮刮卡不存在</h1>
  <p class="sub">该刮刮卡不存在或已被删除，请联系发卡的品牌</p>`,
    );
  const activity = card.activeTitle ? `<p class="sub">关联活动：${escapeHtml(card.activeTitle)}</p>` : '';
  return mobilePage(
    escapeHtml(card.title),
    `  <div class="logo">刮</div>
  <h1>${escapeHtml(card.title)}</h1>
  <p class="sub">${escapeHtml(card.brand)}</p>
  ${activity}
  <p class="sub">刮开卡片背面的涂层，在 App「我的 - 兑换码」输入 16 位兑换码即可领取</p>`,
  );
}

/**
 * Declarations: shared/src/features/scratch.ts (playerScratchRoutes). A code is redeemed once: the
 * unique index on scratch_redemptions.code_id decides between simultaneous redemptions, so exactly
 * one wins; the others, and a wrong code, are refused and recorded in scratch_refusals.
 */
const playerScratchRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache } = app;

  /**
   * GET /m/scratch?card=N: the page a card's activity QR code opens on a player's phone — the card,
   * its brand and activity, and where to enter the code under the scratched coating.
   */
  app.get(
    '/m/scratch',
    {
      schema: {
        operationId: 'scratch.activityPage',
        summary: '刮刮卡活动页（HTML，活动二维码打开）',
        tags: ['scratch'],
        querystring: z.object({ card: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const raw = (request.query as { card?: string }).card ?? '';
      const id = /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= INT4_MAX ? Number(raw) : 0;
      const [card] = id
        ? await db
            .select({ title: scratchCards.title, brand: brands.title, activeTitle: scratchCards.activeTitle })
            .from(scratchCards)
            .innerJoin(brands, eq(brands.id, scratchCards.ipId))
            .where(eq(scratchCards.id, id))
        : [];
      reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
      if (!card) return reply.code(404).send(scratchPage(null));
      return reply.send(scratchPage(card));
    },
  );

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
