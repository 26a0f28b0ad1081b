import { api, firstFailure, goodsStockRules, LIMITS, messages } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from '../../db/client.js';
import { goods } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { assertPictures } from '../upload/index.js';
import { changeStock, findGoods, goodsToWire, insertGoods, listGoods, lockGoods, updateGoods } from './queries.js';

export const GOODS_PICTURE = {
  width: LIMITS.goodsPicture.width,
  height: LIMITS.goodsPicture.height,
  maxBytes: LIMITS.goodsPictureMaxBytes,
};

/**
 * Declarations: shared/src/features/goods.ts (box_admin, per_id 14). Table: goods. Every write
 * is recorded in the audit log in its own transaction.
 */
const goodsRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.goods.list, async (query, request) => {
      const brandIds = request.scope;
      return listGoods(db, app.cache, config, brandIds, query);
    }),
  );

  app.route(
    routeOf(api.goods.detail, async (query, request) => ({
      goods: goodsToWire(await findGoods(db, request.brandIds, query.id), config),
    })),
  );

  app.route(
    routeOf(api.goods.save, async (body, request) => {
      const brandIds = request.brandIds;
      // After tenancy (the brand, and the goods when editing): a picture the merchant may use.
      const checkPicture = (tx: Tx) => assertPictures(tx, config, request.user!, [body.pic], GOODS_PICTURE);
      return db.transaction(async (tx) => {
        if (body.id === undefined) {
          await checkPicture(tx);
          const row = await insertGoods(tx, config, body);
          const after = goodsToWire(row, config);
          await audit(tx, request, { entity: 'goods', id: row.id, ipId: row.ipId, action: 'create', after });
          return { id: row.id };
        }
        const before = goodsToWire(await lockGoods(tx, brandIds, body.id), config);
        await checkPicture(tx);
        const after = goodsToWire(await updateGoods(tx, config, body.id, body), config);
        await audit(tx, request, { entity: 'goods', id: body.id, ipId: after.ip_id, action: 'update', before, after });
        return { id: body.id };
      });
    }),
  );

  app.route(
    routeOf(api.goods.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const before = goodsToWire(await lockGoods(tx, brandIds, body.id), config);
        await tx.delete(goods).where(eq(goods.id, body.id));
        await audit(tx, request, { entity: 'goods', id: body.id, ipId: before.ip_id, action: 'delete', before });
      });
      return null;
    }),
  );

  app.route(
    routeOf(api.goods.stock, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const current = await lockGoods(tx, brandIds, body.id);
        if (body.current_stock_limit !== null && body.current_stock_limit !== current.stockLimit) {
          throw httpError(409, messages.goods.stockChanged);
        }
        const failed = firstFailure(goodsStockRules, { ...body, current_stock_limit: current.stockLimit });
        if (failed) throw httpError(400, failed.message);
        const row = await changeStock(tx, current, body);
        const before = goodsToWire(current, config);
        const after = goodsToWire(row, config);
        await audit(tx, request, { entity: 'goods', id: row.id, ipId: row.ipId, action: 'stock', before, after });
        return { stock_limit: row.stockLimit, stock: after.stock };
      });
    }),
  );
};

export default goodsRoutes;
