import { api, messages, RECEIPT_TRANSITIONS } from '@toy/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { deposits, pickups } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { orderSn } from '../holdings/index.js';
import { pickupFreight } from './freight.js';
import { retrievalInfoOf } from './queries.js';

const m = messages.pickup;

/**
 * The player's pickups (declarations: player.pickup in shared/src/features/player.ts, and
 * playerPickupRoutes in shared/src/features/pickup.ts): a pickup of cabinet items of one brand,
 * with the freight of the brand's template for the country; then their delivery status and
 * shipments, and the confirmation of receipt (RECEIPT_TRANSITIONS).
 */
const playerPickupRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, cache } = app;

  app.route(
    routeOf(api.player.pickup, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      const ids = [...new Set(body.deposit_ids)];
      return db.transaction(async (tx) => {
        const items = await tx
          .select()
          .from(deposits)
          .where(and(inArray(deposits.id, ids), eq(deposits.playerId, playerId), eq(deposits.state, 3)))
          .for('update');
        if (items.length !== ids.length) throw httpError(400, messages.drawMachine.depositsInvalid);
        const ipIds = new Set(items.map((i) => i.ipId));
        if (ipIds.size !== 1) throw httpError(400, messages.drawMachine.depositsOneBrand);
        const ipId = items[0]!.ipId;
        const { currency, amount: freight } = await pickupFreight(tx, ipId, body.country, items.length);
        const sn = orderSn('TH');
        const [pickup] = await tx
          .insert(pickups)
          .values({
            orderSn: sn,
            ipId,
            playerId,
            // 2: ichiban-kuji prizes only; otherwise the draw-box type.
            bussinessType: items.every((i) => i.kujiId !== null) ? 2 : 1,
            deliveryStatus: 0,
            deposit: freight,
            currency,
            country: body.country ?? null,
            goodsNums: items.length,
            username: body.username,
            phone: body.phone,
            province: body.province,
            city: body.city,
            area: body.area,
            address: body.address,
          })
          .returning({ id: pickups.id });
        await tx.update(deposits).set({ state: 0, pickupId: pickup!.id }).where(inArray(deposits.id, ids));
        return { order_sn: sn, goods_nums: items.length, deposit: fenToYuan(freight), currency };
      });
    }),
  );

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
