import { api } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { fenToYuan } from '../../lib/money.js';
import { picUrl } from '../../lib/urls.js';
import { channelOf } from '../payment/index.js';
import { DrawQueue } from './draw-queue.js';

/**
 * A player's draw from a machine (declaration player.draw, shared/src/features/player.ts; header
 * player_token): through the machines' queue (draw-queue.ts), which groups the draws waiting on one
 * machine into one transaction of the engine (engine.ts).
 */
const playerDrawRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, cache } = app;
  const draws = new DrawQueue(db);
  const channel = channelOf(config.payment);

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
};

export default playerDrawRoutes;
