import { api, LIMITS, messages } from '@toy/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from '../../db/client.js';
import { gachaGoods, jobs } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { yuanToFen } from '../../lib/money.js';
import { keyOfPic } from '../../lib/urls.js';
import { albumOptions, assignAlbum } from '../album/index.js';
import { audit } from '../audit/index.js';
import { assertPictures } from '../upload/index.js';
import { EXPORT_KIND, EXPORT_LIMITS, type ExportParams, exportNow, writeTemplate } from './export.js';
import { applyImport, planImport, readImportFile, writeErrorReport } from './import.js';
import { countGacha, findGacha, GACHA_PICTURE, GACHA_VIDEO, gachaToWire, listGacha, unbindGacha } from './queries.js';

const m = messages.gacha;

/**
 * Declarations: shared/src/features/gacha.ts (box_admin, per_id 14). Tables: gacha_goods,
 * gacha_activity_goods (bindings), jobs (large exports). Every write is recorded in the audit log.
 */
const gachaRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;

  /** The brands a call acts on: the one asked for (checked), else all of the user's. */

  app.route(
    routeOf(api.gacha.list, async (query, request) => {
      const brandIds = request.scope;
      const [rows, total] = await Promise.all([listGacha(db, brandIds, query), countGacha(db, brandIds, query)]);
      return {
        list: rows.map((r) => gachaToWire(r, config)),
        page: { page: query.page, limit: query.limit, total_rows: total },
      };
    }),
  );

  app.route(
    routeOf(api.gacha.detail, async (query, request) => ({
      goods: gachaToWire(await findGacha(db, request.brandIds, query.id, query.ip_id), config),
    })),
  );

  app.route(
    routeOf(api.gacha.save, async (body, request) => {
      const brandIds = request.brandIds;
      const pics = body.pics.map((p) => keyOfPic(config, p));
      const videoUrl = body.video_url ? keyOfPic(config, body.video_url) : '';
      // After tenancy (the brand, and the goods when editing): pictures the merchant may use.
      const checkPictures = async (tx: Tx) => {
        await assertPictures(tx, config, request.user!, pics, GACHA_PICTURE);
        if (videoUrl) await assertPictures(tx, config, request.user!, [videoUrl], GACHA_VIDEO);
      };
      const values = {
        ipId: body.ip_id,
        goodsTitle: body.goods_title,
        price: yuanToFen(body.price),
        costPrice: yuanToFen(body.cost_price),
        cate: body.cate,
        pics,
        videoUrl,
        label: body.label,
        channel: body.channel,
        link: body.link,
        code: body.code,
      };
      return db.transaction(async (tx) => {
        if (body.id === undefined) {
          await checkPictures(tx);
          if (body.add_stock === 1) throw httpError(409, m.boundChanged);
          const [row] = await tx
            .insert(gachaGoods)
            .values({ ...values, stock: body.stock })
            .returning();
          const after = gachaToWire({ ...row!, activeIds: [] }, config);
          await audit(tx, request, { entity: 'gacha', id: row!.id, ipId: row!.ipId, action: 'create', after });
          return { id: row!.id, stock: row!.stock };
        }
        const current = await findGacha(tx, brandIds, body.id, undefined, true);
        await checkPictures(tx);
        const bound = current.activeIds.length > 0;
        if (bound !== (body.add_stock === 1)) throw httpError(409, m.boundChanged);
        if (
          bound &&
          (values.price !== current.price || values.costPrice !== current.costPrice || values.cate !== current.cate)
        )
          throw httpError(409, m.bound);
        if (bound && current.stock + body.stock > LIMITS.gachaStockMax) throw httpError(400, m.stockRange);
        const [row] = await tx
          .update(gachaGoods)
          .set({
            ...values,
            stock: bound ? sql`${gachaGoods.stock} + ${body.stock}` : body.stock,
            updatedAt: sql`now()`,
          })
          .where(eq(gachaGoods.id, body.id))
          .returning();
        const before = gachaToWire(current, config);
        const after = gachaToWire({ ...row!, activeIds: current.activeIds }, config);
        await audit(tx, request, { entity: 'gacha', id: body.id, ipId: row!.ipId, action: 'update', before, after });
        return { id: body.id, stock: row!.stock };
      });
    }),
  );

  app.route(
    routeOf(api.gacha.invalidate, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await findGacha(tx, brandIds, body.id, body.ip_id, true);
        if (current.activeIds.length > 0) throw httpError(409, m.boundInvalidate);
        const [row] = await tx
          .update(gachaGoods)
          .set({ status: 0, updatedAt: sql`now()` })
          .where(eq(gachaGoods.id, body.id))
          .returning();
        const before = gachaToWire(current, config);
        const after = gachaToWire({ ...row!, activeIds: [] }, config);
        await audit(tx, request, {
          entity: 'gacha',
          id: body.id,
          ipId: row!.ipId,
          action: 'invalidate',
          before,
          after,
        });
      });
      return null;
    }),
  );

  app.route(
    routeOf(api.gacha.setAlbum, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction((tx) => assignAlbum(tx, request, 'gacha', brandIds, body));
      return null;
    }),
  );

  app.route(routeOf(api.gacha.albums, async (_query, request) => albumOptions(db, request.scope)));

  app.route(
    routeOf(api.gacha.unbind, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await findGacha(tx, brandIds, body.goods_id, body.ip_id, true);
        if (current.activeIds.length === 0) return;
        await unbindGacha(tx, body.goods_id);
        const before = gachaToWire(current, config);
        const after = gachaToWire({ ...current, activeIds: [] }, config);
        await audit(tx, request, {
          entity: 'gacha',
          id: current.id,
          ipId: current.ipId,
          action: 'unbind',
          before,
          after,
        });
      });
      return { active_num: 0 };
    }),
  );

  app.route(
    routeOf(api.gacha.export, async (body, request) => {
      const brandIds = request.scope;
      const total = await countGacha(db, brandIds, body);
      const params: ExportParams = {
        brandIds,
        filters: { goods_title: body.goods_title, sku_id: body.sku_id, channel_id: body.channel_id, cate: body.cate },
      };
      if (total <= EXPORT_LIMITS.syncMaxRows) {
        const { url } = await exportNow(db, config, storage, request.user!.id, params);
        return { url, job_id: null, total_num: total };
      }
      const [job] = await db
        .insert(jobs)
        .values({ kind: EXPORT_KIND, userId: request.user!.id, params, totalNum: total })
        .returning({ id: jobs.id });
      app.jobs.wake();
      return { url: null, job_id: job!.id, total_num: total };
    }),
  );

  app.route(
    routeOf(api.gacha.template, async (_query, request) => {
      const { url } = await writeTemplate(db, config, storage, request.user!.id);
      return { url };
    }),
  );

  app.route(
    routeOf(api.gacha.import, async (body, request) => {
      const { rows } = await readImportFile(db, config, storage, request, body.url);
      const plan = await planImport(db, config, request.user!, body.ip_id, rows);
      if (plan.total === 0) throw httpError(400, m.importEmpty);
      const errorUrl = plan.errors.length
        ? await writeErrorReport(db, config, storage, request.user!.id, plan.errors)
        : null;
      return {
        total_num: plan.total,
        create_num: plan.creates.length,
        update_num: plan.updates.length,
        unchanged_num: plan.unchanged,
        error_num: plan.badRows,
        errors: plan.errors.map((e) => ({ row: e.row, column: e.column, message: e.message })),
        error_url: errorUrl,
      };
    }),
  );

  app.route(
    routeOf(api.gacha.importConfirm, async (body, request) => {
      const { rows } = await readImportFile(db, config, storage, request, body.url);
      return db.transaction(async (tx) => {
        const plan = await planImport(tx, config, request.user!, body.ip_id, rows, true);
        if (plan.total === 0) throw httpError(400, m.importEmpty);
        const first = plan.errors[0];
        if (first) throw httpError(400, m.importRow(first.row, `${first.column}：${first.message}`));
        await applyImport(tx, config, request, body.ip_id, plan);
        return { create_num: plan.creates.length, update_num: plan.updates.length, unchanged_num: plan.unchanged };
      });
    }),
  );
};

export default gachaRoutes;
