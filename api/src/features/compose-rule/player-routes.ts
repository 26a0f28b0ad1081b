import { api, composeStatusOf, messages } from '@toy/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from '../../db/client.js';
import {
  collectibleHoldings,
  composeGroupCollectibles,
  composeGroups,
  composeRecords,
  composeRules,
} from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { grantCollectible, liveHoldings } from '../holdings/index.js';
import { composedOf, nextOfAlbum } from './queries.js';

const m = messages.composeRule;

/** The copies a player gives up for a rule: per group (in order) its expend_num of the group's collectibles; null when short. */
async function copiesToConsume(tx: Tx, playerId: number, ruleId: number): Promise<number[] | null> {
  const groups = await tx
    .select({ id: composeGroups.id, expendNum: composeGroups.expendNum })
    .from(composeGroups)
    .where(eq(composeGroups.composeId, ruleId))
    .orderBy(asc(composeGroups.sort), asc(composeGroups.id));
  if (groups.length === 0) return null;
  const links = await tx
    .select({ groupId: composeGroupCollectibles.groupId, collectibleId: composeGroupCollectibles.collectibleId })
    .from(composeGroupCollectibles)
    .where(
      inArray(
        composeGroupCollectibles.groupId,
        groups.map((g) => g.id),
      ),
    );
  // Locks the player's live copies of every collectible the rule takes, oldest first.
  const held = await liveHoldings(tx, playerId, [...new Set(links.map((l) => l.collectibleId))]);
  const taken = new Set<number>();
  for (const g of groups) {
    const of = new Set(links.filter((l) => l.groupId === g.id).map((l) => l.collectibleId));
    const mine = held.filter((h) => of.has(h.collectibleId) && !taken.has(h.id)).slice(0, g.expendNum);
    if (mine.length < g.expendNum) return null;
    for (const h of mine) taken.add(h.id);
  }
  return [...taken];
}

/**
 * Declarations: shared/src/features/compose-rule.ts (playerComposeRoutes). One composition is one
 * transaction: the rule row is locked (FOR UPDATE), so simultaneous compositions of a rule take
 * its remaining stock one at a time; the player's copies are locked by liveHoldings. Checked in
 * order: in its time range, stock left, the copies each group needs. The consumed copies are
 * destroyed (destroyed_by the record), the target minted with grantCollectible (an album: its
 * first collectible with a copy left), and the record keeps the granted copy. Any refusal rolls
 * everything back.
 */
const playerComposeRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache } = app;

  app.route(
    routeOf(api.player.compose, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      return db.transaction(async (tx) => {
        const [rule] = await tx.select().from(composeRules).where(eq(composeRules.id, body.compose_id)).for('update');
        if (!rule) throw notFound();
        const status = composeStatusOf(rule.beginAt, rule.endAt);
        if (status === 1) throw httpError(409, m.notStarted);
        if (status === 3) throw httpError(409, m.ended);
        const composed = (await composedOf(tx, [rule.id])).get(rule.id) ?? 0;
        if (composed >= rule.stock) throw httpError(409, m.soldOut);
        const consumed = await copiesToConsume(tx, playerId, rule.id);
        if (!consumed) throw httpError(409, m.notEnough);
        const collectibleId = rule.virtualType === 2 ? await nextOfAlbum(tx, rule.virtualId) : rule.virtualId;
        if (collectibleId === null) throw httpError(409, m.soldOut);
        const [record] = await tx
          .insert(composeRecords)
          .values({ composeId: rule.id, playerId, holdingId: 0 })
          .returning({ id: composeRecords.id });
        const holdingId = await grantCollectible(tx, {
          playerId,
          collectibleId,
          source: 'compose',
          sourceId: record!.id,
        });
        if (holdingId === null) throw httpError(409, m.soldOut);
        await tx
          .update(collectibleHoldings)
          .set({ destroyedAt: sql`now()`, destroyedBy: record!.id })
          .where(inArray(collectibleHoldings.id, consumed));
        await tx.update(composeRecords).set({ holdingId }).where(eq(composeRecords.id, record!.id));
        return { record_id: record!.id, holding_id: holdingId, collectible_id: collectibleId, destroyed: consumed };
      });
    }),
  );
};

export default playerComposeRoutes;
