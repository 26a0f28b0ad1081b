import { AuthType, api, is, jsonList, messages, shanghaiInstant } from '@toy/shared';
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { blindBoxRecords, brands, goods } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { keyOfPic, picUrl } from '../../lib/urls.js';
import { checkRecordImages } from './images.js';
import { likePattern, listRecords } from './queries.js';

const m = messages.blindBoxRecord;

/**
 * The brands a record's goods may come from: the merchant's own brands (per 14), and for a shop
 * (auth type 2) any active template brand. Anything else answers 404 like a missing brand.
 */
export async function assertGoodsBrand(db: Db, request: FastifyRequest, goodsIpId: number): Promise<void> {
  if (!(await mayUseGoodsBrand(db, request, goodsIpId))) throw notFound();
}

/** Whether the record's goods may come from brand `goodsIpId` (see assertGoodsBrand). */
async function mayUseGoodsBrand(db: Db, request: FastifyRequest, goodsIpId: number): Promise<boolean> {
  if (request.brandIds.includes(goodsIpId)) return true;
  if (request.user?.type !== AuthType.shop) return false;
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, goodsIpId), eq(brands.isTemplate, true), eq(brands.status, 1)))
    .limit(1);
  return Boolean(row);
}

/**
 * Before the ordered rules run, the styles' overseas flags are replaced by the truth: a style is
 * overseas only when its sku is a goods of the record's brand marked overseas. A sku that is not
 * such a goods counts as a manual style. The rules then judge facts, not what the client claimed;
 * a picked style's picture is the goods' own picture, whatever the client sent.
 * The goods table is read only for a goods brand the merchant may use: the goods of any other
 * brand count as missing, so the rules' answer tells nothing of another merchant's goods.
 */
async function styleFacts(db: Db, request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return;
  const styles = jsonList(body.goods);
  if (!styles) return;
  const skuIds = styles
    .map((s) => (s && typeof s === 'object' ? (s as { sku_id?: unknown }).sku_id : undefined))
    .filter((v) => is.id(v))
    .map(Number);
  const facts = new Map<number, { id: number; isOverseas: number; pic: string }>();
  const goodsIpId = is.id(body.goods_ip_id) ? Number(body.goods_ip_id) : undefined;
  if (skuIds.length && goodsIpId !== undefined && (await mayUseGoodsBrand(db, request, goodsIpId))) {
    const rows = await db
      .select({ id: goods.id, isOverseas: goods.isOverseas, pic: goods.pic })
      .from(goods)
      .where(and(eq(goods.ipId, goodsIpId), inArray(goods.id, skuIds)));
    for (const r of rows) facts.set(r.id, r);
  }
  body.goods = styles.map((s) => {
    if (!s || typeof s !== 'object') return s;
    const fact = facts.get(Number((s as { sku_id?: unknown }).sku_id));
    if (!fact) return { ...s, sku_id: null, is_overseas: 0 };
    return { ...s, sku_id: fact.id, is_overseas: fact.isOverseas, goods_pic: fact.pic };
  });
}

/** Declarations: shared/src/features/blind-box-record.ts. Tables: blind_box_records (goods: read only). */
const blindBoxRecordRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;
  const key = (value: string) => keyOfPic(config, value);

  app.route({
    ...routeOf(api.blindBoxRecord.submit, async (body, request) => {
      await assertGoodsBrand(db, request, body.goods_ip_id);
      const styles = body.goods.map((s) => ({ ...s, goods_pic: key(s.goods_pic) }));
      const images = {
        pic: key(body.pic),
        main_pic: key(body.main_pic),
        one_box_pic: key(body.one_box_pic),
        one_pack_pic: key(body.one_pack_pic),
        pics: body.pics.map(key),
      };
      // After tenancy (the brands, and the record when resubmitting): pictures the merchant may use.
      const checkImages = (tx: Tx) =>
        checkRecordImages(tx, config, request.user!, {
          ...images,
          stylePics: styles.filter((s) => !s.sku_id).map((s) => s.goods_pic),
        });
      const values = {
        ipId: body.ip_id,
        goodsIpId: body.goods_ip_id,
        userId: request.user!.id,
        title: body.title,
        price: yuanToFen(body.price),
        limitStock: body.limit_stock,
        shopTime: shanghaiInstant(body.shop_time),
        goods: styles,
        pics: images.pics,
        pic: images.pic,
        mainPic: images.main_pic,
        oneBoxPic: images.one_box_pic,
        onePackPic: images.one_pack_pic,
        color: body.color,
        isOverseas: body.is_overseas,
      };
      // Tenancy is read before the transaction: PGlite has one connection, held by the transaction.
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        if (body.id === undefined) {
          await checkImages(tx);
          const [created] = await tx.insert(blindBoxRecords).values(values).returning({ id: blindBoxRecords.id });
          return { id: created!.id, status: 0 };
        }
        const [current] = await tx
          .select({ status: blindBoxRecords.status })
          .from(blindBoxRecords)
          .where(and(eq(blindBoxRecords.id, body.id), inArray(blindBoxRecords.ipId, brandIds)))
          .for('update');
        if (!current) throw notFound();
        if (current.status === 0) throw httpError(409, m.pending);
        if (current.status === 1) throw httpError(409, m.approved);
        await checkImages(tx);
        await tx
          .update(blindBoxRecords)
          .set({ ...values, status: 0, reason: '', reviewerId: null, reviewedAt: null, updatedAt: sql`now()` })
          .where(eq(blindBoxRecords.id, body.id));
        return { id: body.id, status: 0 };
      });
    }),
    preValidation: (request) => styleFacts(db, request),
  });

  app.route(
    routeOf(api.blindBoxRecord.goodsSelector, async (query, request) => {
      await assertGoodsBrand(db, request, query.ip_id);
      const where = and(
        eq(goods.ipId, query.ip_id),
        query.title ? ilike(goods.title, likePattern(query.title)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(goods).where(where);
      const rows = await db
        .select()
        .from(goods)
        .where(where)
        .orderBy(asc(goods.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        lists: rows.map((g) => ({
          id: g.id,
          title: g.title,
          pic: picUrl(config, g.pic),
          price: fenToYuan(g.price),
          is_overseas: g.isOverseas,
          stock: g.stock,
          stock_limit: g.stockLimit,
        })),
        pagination: { page: query.page, limit: query.limit, total_rows: total?.n ?? 0 },
      };
    }),
  );

  app.route(
    routeOf(api.blindBoxRecord.list, async (query, request) => {
      const brandIds = request.scope;
      const { list, total } = await listRecords(
        db,
        config,
        { brandIds, status: query.status, title: query.title },
        query.page,
        query.limit,
      );
      return { list, pagination: { page: query.page, limit: query.limit, total_rows: total } };
    }),
  );

  app.route(
    routeOf(api.blindBoxRecord.detail, async (query, request) => {
      const { list } = await listRecords(db, config, { brandIds: request.brandIds, ids: [query.id] });
      if (!list[0]) throw notFound();
      return list[0];
    }),
  );
};

export default blindBoxRecordRoutes;
