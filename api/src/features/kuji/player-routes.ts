import { api, KUJI_OFF, messages } from '@toy/shared';
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { kujiBoxes, kujiDrawLog, kujiGoods, kujis } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { picUrl } from '../../lib/urls.js';
import { DrawGroups } from '../draw-machine/index.js';
import { channelOf } from '../payment/index.js';
import { drawKujiMany } from './draw.js';
import { seedRounds, seedRoundsToWire } from './seeds.js';

/**
 * The player's and the public's side of 一番赏 (declarations playerKujiRoutes and
 * kujiFairnessRoutes, shared/src/features/kuji.ts): the kujis on sale with each box's remaining
 * tickets, the draw (engine: draw.ts), and the public hash-chained draw log whose seed is shown
 * only once the kuji sold out. Tables: kujis, kuji_goods, kuji_boxes, kuji_draw_log.
 */
const playerKujiRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, cache } = app;
  const draws = new DrawGroups(db, drawKujiMany);
  const channel = channelOf(config.payment);

  app.route(
    routeOf(api.player.kujis, async (query) => {
      const list = await db
        .select()
        .from(kujis)
        .where(
          and(
            eq(kujis.auditStatus, 1),
            eq(kujis.off, KUJI_OFF.listed),
            lte(kujis.shelvesTime, new Date()),
            query.ip_id === undefined ? undefined : eq(kujis.ipId, query.ip_id),
          ),
        )
        .orderBy(asc(kujis.id))
        .limit(200);
      const ids = list.map((k) => k.id);
      const [boxes, goods] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              db
                .select({
                  kujiId: kujiBoxes.kujiId,
                  boxNo: kujiBoxes.boxNo,
                  // The count only: a box's array can hold tens of thousands of tickets.
                  size: sql<number>`cardinality(${kujiBoxes.tickets})`.mapWith(Number),
                  drawn: kujiBoxes.drawn,
                })
                .from(kujiBoxes)
                .where(and(inArray(kujiBoxes.kujiId, ids), isNull(kujiBoxes.removedAt)))
                .orderBy(asc(kujiBoxes.kujiId), asc(kujiBoxes.boxNo)),
              db
                .select()
                .from(kujiGoods)
                .where(inArray(kujiGoods.kujiId, ids))
                .orderBy(asc(kujiGoods.kujiId), asc(kujiGoods.sort)),
            ]);
      return {
        list: list.map((k) => ({
          id: k.id,
          ip_id: k.ipId,
          title: k.title,
          pic: picUrl(config, k.pic),
          price: fenToYuan(k.price),
          bean: fenToYuan(k.bean),
          seed_hash: k.seedHash,
          boxes: boxes
            .filter((b) => b.kujiId === k.id)
            .map((b) => ({ box_no: b.boxNo, remaining: b.size - b.drawn, tickets: b.size })),
          goods: goods
            .filter((g) => g.kujiId === k.id)
            .map((g) => ({
              level: g.level,
              goods_title: g.goodsTitle,
              goods_pic: picUrl(config, g.goodsPic),
              stock: g.stock,
            })),
        })),
      };
    }),
  );

  app.route(
    routeOf(api.player.kujiDraw, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      const out = await draws.draw(body.active_id, {
        playerId,
        boxNo: body.box_no,
        num: body.num,
        useBean: body.use_bean === 1,
        channel,
      });
      return {
        order_sn: out.orderSn,
        price: fenToYuan(out.price),
        bean: fenToYuan(out.bean),
        paid: fenToYuan(out.price - out.bean),
        tickets: out.tickets.map((t) => ({
          box_no: t.boxNo,
          position: t.position,
          level: t.level,
          goods_title: t.title,
          goods_pic: picUrl(config, t.pic),
          deposit_id: t.depositId,
        })),
        awards: out.awards.map((a) => ({
          kind: a.kind,
          level: a.level,
          box_no: a.boxNo,
          position: a.position,
          player_id: a.playerId,
          goods_title: a.title,
          deposit_id: a.depositId,
        })),
      };
    }),
  );

  app.route(
    routeOf(api.fairness.kujiLog, async (query) => {
      const [kuji] = await db.select().from(kujis).where(eq(kujis.id, query.active_id));
      if (!kuji) throw httpError(404, messages.common.notFound);
      const [rows, records, removed] = await Promise.all([
        db.select().from(kujiGoods).where(eq(kujiGoods.kujiId, kuji.id)).orderBy(asc(kujiGoods.sort)),
        db.select().from(kujiDrawLog).where(eq(kujiDrawLog.kujiId, kuji.id)).orderBy(asc(kujiDrawLog.seq)),
        db
          .select({ boxNo: kujiBoxes.boxNo })
          .from(kujiBoxes)
          .where(and(eq(kujiBoxes.kujiId, kuji.id), isNotNull(kujiBoxes.removedAt)))
          .orderBy(asc(kujiBoxes.boxNo)),
      ]);
      return {
        active_id: kuji.id,
        title: kuji.title,
        seed_hash: kuji.seedHash,
        seed: kuji.revealedAt ? kuji.seed : null,
        seeds: seedRoundsToWire(await seedRounds(db, kuji)),
        box_num: kuji.boxNum,
        removed_boxes: removed.map((b) => b.boxNo),
        rows: rows.map((r) => ({
          level: r.level,
          stock: r.stock,
          start_section: r.startSection,
          end_section: r.endSection,
        })),
        records: records.map((r) => ({
          seq: r.seq,
          box_no: r.boxNo,
          position: r.position,
          level: r.level,
          order_sn: r.orderSn,
          drawn_at: r.drawnAt.toISOString(),
          award: r.award,
          prev_hash: r.prevHash,
          hash: r.hash,
        })),
      };
    }),
  );
};

export default playerKujiRoutes;
