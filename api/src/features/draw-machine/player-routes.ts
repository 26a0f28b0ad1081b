import { api } from '@toy/shared';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { drawMachines } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { channelOf } from '../payment/index.js';
import { DrawGroups } from './draw-queue.js';
import { drawMany } from './engine.js';
import { machineCounts } from './queries.js';

/**
 * The player's side of draw machines (declarations player.machines and player.draw,
 * shared/src/features/player.ts; table draw_machines): the machines on sale with the boxes left, and
 * a player's draw (header player_token) through the machines' queue (draw-queue.ts), which groups
 * the draws waiting on one machine into one transaction of the engine (engine.ts).
 */
const playerDrawRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, cache } = app;
  const draws = new DrawGroups(db, drawMany);
  const channel = channelOf(config.payment);

  app.route(
    routeOf(api.player.machines, async (query) => {
      const rows = await db
        .select()
        .from(drawMachines)
        .where(
          and(
            eq(drawMachines.off, 0),
            lte(drawMachines.shelvesTime, new Date()),
            query.ip_id === undefined ? undefined : eq(drawMachines.ipId, query.ip_id),
          ),
        )
        .orderBy(asc(drawMachines.id))
        .limit(200);
      const counts = await machineCounts(
        db,
        rows.map((r) => r.id),
      );
      const list = rows.map((r) => {
        const c = counts.get(r.id)!;
        return {
          id: r.id,
          ip_id: r.ipId,
          title: r.title,
          pic: picUrl(config, r.pic),
          price: fenToYuan(r.price),
          bean: fenToYuan(r.bean),
          surplus_num: c.listed - c.sold,
          shelves_time: formatTime(r.shelvesTime),
          seed_hash: r.seedHash,
        };
      });
      return { list: list.filter((m) => m.surplus_num > 0) };
    }),
  );

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
