import { api, messages } from '@toy/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { deposits, orderItems, orders, pickups } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { DrawQueue, orderSn } from '../draw-machine/index.js';
import { channelOf } from '../payment/index.js';
import { pickupFreight } from '../pickup/index.js';
import playerCouponRoutes from './coupon.js';
import playerLoginRoutes from './login.js';
import playerOrderRoutes from './order.js';
import playerPickupRoutes from './pickup.js';
import playerSubscriptionRoutes from './subscription.js';

const m = messages.drawMachine;

/**
 * The player's side (declarations: shared/src/features/player.ts): /player/... with player
 * sessions (header player_token; login by one-time code: login.ts). Draws go through the draw machines' queue and engine.
 */
const playerRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, cache } = app;
  const draws = new DrawQueue(db);
  const channel = channelOf(config.payment);
  await app.register(playerLoginRoutes);
  await app.register(playerOrderRoutes);
  await app.register(playerPickupRoutes);
  await app.register(playerSubscriptionRoutes);
  await app.register(playerCouponRoutes);

  app.route(
    routeOf(api.player.draw, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      const out = await draws.draw(body.batch_id, {
        playerId,
        useBean: body.use_bean === 1,
        claimId: body.coupon_id,
        channel,
      });
      return {
        order_sn: out.orderSn,
        batch_id: body.batch_id,
        case_no: out.caseNo,
        position: out.position,
        goods: {
          id: out.styleId,
          goods_title: out.goods.title,
          goods_pic: picUrl(config, out.goods.pic),
          type: out.goods.type,
        },
        price: fenToYuan(out.price),
        bean: fenToYuan(out.bean),
        paid: fenToYuan(out.price - out.bean - out.discount),
        discount: fenToYuan(out.discount),
        deposit_id: out.depositId,
      };
    }),
  );

  app.route(
    routeOf(api.player.deposit, async (query, request) => {
      const playerId = await playerOf(db, cache, request);
      const rows = await db
        .select({ d: deposits, title: orders.activeTitle, goodsTitle: orderItems.goodsTitle, pic: orderItems.goodsPic })
        .from(deposits)
        .innerJoin(orderItems, eq(orderItems.id, deposits.orderItemId))
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(eq(deposits.playerId, playerId), query.state === undefined ? undefined : eq(deposits.state, query.state)),
        )
        .orderBy(asc(deposits.id))
        .limit(1000);
      return {
        list: rows.map((r) => ({
          id: r.d.id,
          batch_id: r.d.batchId,
          kuji_id: r.d.kujiId,
          title: r.title,
          goods_title: r.goodsTitle,
          goods_pic: picUrl(config, r.pic),
          state: r.d.state,
          created_at: formatTime(r.d.createdAt),
        })),
      };
    }),
  );

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
        if (items.length !== ids.length) throw httpError(400, m.depositsInvalid);
        const ipIds = new Set(items.map((i) => i.ipId));
        if (ipIds.size !== 1) throw httpError(400, m.depositsOneBrand);
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
};

export default playerRoutes;
