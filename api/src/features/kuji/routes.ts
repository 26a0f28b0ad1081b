import { api, KUJI_AUDIT, messages } from '@toy/shared';
import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { brands, kujiGoods, kujis, users } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { picUrl } from '../../lib/urls.js';
import { assertPictures } from '../upload/index.js';
import { auditedWrite, changeStock, deleteKuji, luckyChange, publishKuji, setGoods, updateKuji } from './actions.js';
import { generateApproved } from './generate.js';
import { findKuji, kujiBoxRows, kujiGoodsRows, kujiInfo, kujiRows, listKujis, pageKujis } from './queries.js';

/**
 * 一番赏 management (spec 03 §2–§5, §7). Declarations: every kujiRoutes entry (kuji.list, publish,
 * delete, info, goods, boxes, update, stock, setLucky, setPrice, setShelves, brandSearch) and
 * review.kujiList / review.kujiDecide (shared/src/features/kuji.ts). Tables: kujis, kuji_goods,
 * kuji_boxes (+ orders, order_items, deposits for the counts). Tenancy first: another merchant's
 * kuji answers 404 like a missing one; every write is one transaction with its audit record.
 */
const kujiRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  // An approval interrupted between its two steps (audit_status 3) is finished when the API starts.
  app.addHook('onReady', async () => {
    const stuck = await db.select({ id: kujis.id }).from(kujis).where(eq(kujis.auditStatus, KUJI_AUDIT.generating));
    for (const { id } of stuck) await generateApproved(db, id);
  });

  app.route(
    routeOf(api.kuji.list, async (query, request) => {
      const { list, total, onSale, scheduled, offShelf } = await listKujis(db, config, {
        brandIds: request.brandIds,
        ipId: query.ip_id,
        title: query.title,
        page: query.page,
        limit: query.limit,
        sort: query.sort,
      });
      return {
        list,
        on_sale: onSale,
        scheduled,
        off_shelf: offShelf,
        pagination: { page: query.page, limit: query.limit, total_rows: total },
      };
    }),
  );

  // The cover, the top picture and the prizes' pictures: uploads the merchant may use.
  app.route(
    routeOf(api.kuji.publish, async (body, request) => {
      const pics = [body.pic, body.top_pic, ...body.goods.map((g) => g.goods_pic)];
      await assertPictures(db, config, request.user!, pics);
      return publishKuji(db, request, body);
    }),
  );

  app.route(routeOf(api.kuji.delete, async (body, request) => deleteKuji(db, request, body.id, request.brandIds)));

  app.route(
    routeOf(api.kuji.info, async (query, request) => ({
      info: await kujiInfo(db, config, await findKuji(db, query.active_id, request.brandIds)),
    })),
  );

  app.route(
    routeOf(api.kuji.goods, async (query, request) => ({
      list: await kujiGoodsRows(db, config, await findKuji(db, query.active_id, request.brandIds)),
    })),
  );

  app.route(
    routeOf(api.kuji.boxes, async (query, request) => ({
      best: await kujiBoxRows(db, await findKuji(db, query.active_id, request.brandIds)),
    })),
  );

  app.route(
    routeOf(api.kuji.update, async (body, request) => {
      const brandIds = request.brandIds;
      if (body.pic) {
        await findKuji(db, body.id, brandIds);
        await assertPictures(db, config, request.user!, [body.pic]);
      }
      await updateKuji(db, request, body, brandIds);
      const [row] = await kujiRows(db, config, [await findKuji(db, body.id, brandIds)]);
      return row!;
    }),
  );

  app.route(routeOf(api.kuji.stock, async (body, request) => changeStock(db, request, body, request.brandIds)));

  /** The changed goods row, read again after the write. */
  const goodsAfter = async (activeId: number, goodsId: number, brandIds: number[]) => {
    const rows = await kujiGoodsRows(db, config, await findKuji(db, activeId, brandIds));
    const row = rows.find((r) => r.goods_id === goodsId);
    if (!row) throw notFound();
    return row;
  };

  app.route(
    routeOf(api.kuji.setLucky, async (body, request) => {
      const brandIds = request.brandIds;
      await setGoods(db, request, body, brandIds, luckyChange(body.is_lucky));
      return goodsAfter(body.active_id, body.goods_id, brandIds);
    }),
  );

  app.route(
    routeOf(api.kuji.setPrice, async (body, request) => {
      const brandIds = request.brandIds;
      await setGoods(db, request, body, brandIds, () => ({ price: yuanToFen(body.price) }));
      return goodsAfter(body.active_id, body.goods_id, brandIds);
    }),
  );

  app.route(
    routeOf(api.kuji.setShelves, async (body, request) => {
      const brandIds = request.brandIds;
      await setGoods(db, request, body, brandIds, () => ({ isShelves: body.is_shelves, shelves: body.shelves }));
      return goodsAfter(body.active_id, body.goods_id, brandIds);
    }),
  );

  app.route(
    routeOf(api.kuji.brandSearch, async (query, request) => {
      const brandIds = request.brandIds;
      const [user] = await db.select({ signed: users.isSigned }).from(users).where(eq(users.id, request.user!.id));
      if (brandIds.length === 0) return { ips: [], is_signed: user?.signed ? 1 : 0 };
      const rows = await db
        .select({ id: brands.id, title: brands.title, pic: brands.pic })
        .from(brands)
        .where(and(inArray(brands.id, brandIds), query.title ? ilike(brands.title, `%${query.title}%`) : undefined))
        .orderBy(brands.id)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        ips: rows.map((r) => ({ id: r.id, title: r.title, pic: r.pic ? picUrl(config, r.pic) : '' })),
        is_signed: user?.signed ? 1 : 0,
      };
    }),
  );

  app.route(
    routeOf(api.review.kujiList, async (query) => {
      const where = and(
        query.status === -1 ? undefined : eq(kujis.auditStatus, query.status ?? KUJI_AUDIT.pending),
        query.title ? ilike(kujis.title, `%${query.title}%`) : undefined,
      );
      const { list, total } = await pageKujis(db, config, where, query.page, query.limit);
      const ids = list.map((r) => r.id);
      const goods = ids.length
        ? await db.select().from(kujiGoods).where(inArray(kujiGoods.kujiId, ids)).orderBy(kujiGoods.sort)
        : [];
      const submitters = ids.length
        ? await db
            .select({ id: kujis.id, email: users.email })
            .from(kujis)
            .leftJoin(users, eq(users.id, kujis.userId))
            .where(inArray(kujis.id, ids))
        : [];
      return {
        list: list.map((r) => ({
          ...r,
          submitter: submitters.find((s) => s.id === r.id)?.email ?? '',
          goods: goods
            .filter((g) => g.kujiId === r.id)
            .map((g) => ({
              goods_title: g.goodsTitle,
              goods_pic: picUrl(config, g.goodsPic),
              stock: g.stock,
              goods_price: fenToYuan(g.goodsPrice),
              cost_price: fenToYuan(g.costPrice),
              level: g.level,
              start_section: g.startSection,
              end_section: g.endSection,
              is_lucky: g.isLucky,
              is_shelves: g.isShelves,
              shelves: g.shelves,
            })),
        })),
        pagination: { page: query.page, limit: query.limit, total_rows: total },
      };
    }),
  );

  /**
   * Only a pending kuji is decided, once. Approval: audit_status 3 (数据生成中) is committed with its
   * audit record, then the boxes are generated and the kuji becomes approved (1), off shelf.
   */
  app.route(
    routeOf(api.review.kujiDecide, async (body, request) => {
      const approve = body.status === 1;
      await auditedWrite(db, request, body.id, null, approve ? 'approve' : 'reject', async (tx, kuji) => {
        if (kuji.auditStatus !== KUJI_AUDIT.pending) throw httpError(409, messages.review.decided);
        await tx
          .update(kujis)
          .set({
            auditStatus: approve ? KUJI_AUDIT.generating : KUJI_AUDIT.rejected,
            reason: approve ? '' : body.reason,
            reviewedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(kujis.id, kuji.id));
      });
      if (approve) await generateApproved(db, body.id);
      const [row] = await db.select({ status: kujis.auditStatus }).from(kujis).where(eq(kujis.id, body.id));
      return { id: body.id, audit_status: row!.status };
    }),
  );
};

export default kujiRoutes;
