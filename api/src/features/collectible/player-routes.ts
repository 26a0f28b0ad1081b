import { api, messages, type PlayerCollectible } from '@toy/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { collectibleHoldings, collectibleItems, collectibles } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { grantCollectible } from '../holdings/index.js';

const m = messages.collectible;

/** The live copies a player holds (or the one `holdingId`), oldest first. */
async function copiesOf(db: Db | Tx, config: Config, playerId: number, holdingId?: number) {
  const rows = await db
    .select({
      holdingId: collectibleHoldings.id,
      collectibleId: collectibleHoldings.collectibleId,
      title: collectibles.title,
      itemTitle: collectibleItems.title,
      tokenNo: collectibleHoldings.tokenNo,
      pic: collectibleItems.pic,
      createdAt: collectibleHoldings.createdAt,
    })
    .from(collectibleHoldings)
    .innerJoin(collectibleItems, eq(collectibleItems.id, collectibleHoldings.itemId))
    .innerJoin(collectibles, eq(collectibles.id, collectibleHoldings.collectibleId))
    .where(
      and(
        eq(collectibleHoldings.playerId, playerId),
        isNull(collectibleHoldings.destroyedAt),
        holdingId === undefined ? undefined : eq(collectibleHoldings.id, holdingId),
      ),
    )
    .orderBy(asc(collectibleHoldings.id));
  return rows.map(
    (r): PlayerCollectible => ({
      holding_id: r.holdingId,
      collectible_id: r.collectibleId,
      title: r.title,
      item_title: r.itemTitle,
      token_no: r.tokenNo,
      pic: picUrl(config, r.pic),
      created_at: formatTime(r.createdAt),
    }),
  );
}

/**
 * Declarations: shared/src/features/collectible.ts (playerCollectibleRoutes), player sessions
 * (header player_token). A purchase mints one copy through grantCollectible, which locks the
 * items so simultaneous buyers take distinct token numbers and never more than the stock.
 */
const playerCollectibleRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache, appConfig: config } = app;

  app.route(
    routeOf(api.player.buyCollectible, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      return db.transaction(async (tx) => {
        const [found] = await tx.select({ id: collectibles.id }).from(collectibles).where(eq(collectibles.id, body.id));
        if (!found) throw httpError(404, m.notFound);
        const holdingId = await grantCollectible(tx, { playerId, collectibleId: found.id, source: 'purchase' });
        if (holdingId === null) throw httpError(409, m.soldOut);
        const [copy] = await copiesOf(tx, config, playerId, holdingId);
        return copy!;
      });
    }),
  );

  app.route(
    routeOf(api.player.collectibles, async (_query, request) => {
      const playerId = await playerOf(db, cache, request);
      return { list: await copiesOf(db, config, playerId) };
    }),
  );
};

export default playerCollectibleRoutes;
