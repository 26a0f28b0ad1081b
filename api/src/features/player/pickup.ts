import { api, messages, RECEIPT_TRANSITIONS } from '@toy/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { deposits, pickups } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { retrievalInfoOf } from '../pickup/index.js';

const m = messages.pickup;

/**
 * The player's pickups (declarations: shared/src/features/pickup.ts playerPickupRoutes): their
 * delivery status and shipments, and the confirmation of receipt (RECEIPT_TRANSITIONS).
 */
const playerPickupRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, cache } = app;

  app.route(
    routeOf(api.playerPickup.pickups, async (_query, request) => {
      const playerId = await playerOf(db, cache, request);
      const rows = await db
        .select({ id: pickups.id })
        .from(pickups)
        .where(eq(pickups.playerId, playerId))
        .orderBy(desc(pickups.id))
        .limit(100);
      const list = [];
      for (const r of rows) list.push(await retrievalInfoOf(db, config, r.id));
      return { list };
    }),
  );

  app.route(
    routeOf(api.playerPickup.confirm, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      return db.transaction(async (tx) => {
        const [pickup] = await tx
          .select()
          .from(pickups)
          .where(and(eq(pickups.orderSn, body.order_sn), eq(pickups.playerId, playerId)))
          .for('update');
        if (!pickup) throw notFound();
        const step = RECEIPT_TRANSITIONS.find((t) => t.from === pickup.deliveryStatus);
        if (!step) throw httpError(409, m.notConfirmable);
        await tx
          .update(deposits)
          .set({ state: 2 })
          .where(and(eq(deposits.pickupId, pickup.id), inArray(deposits.state, [1])));
        await tx.update(pickups).set({ deliveryStatus: step.to }).where(eq(pickups.id, pickup.id));
        return { delivery_status: step.to };
      });
    }),
  );
};

export default playerPickupRoutes;
