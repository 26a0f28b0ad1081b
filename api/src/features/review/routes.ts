import { api, messages } from '@toy/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from '../../db/client.js';
import { blindBoxRecords, blindBoxTemplateStyles, blindBoxTemplates } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { listRecords } from '../blind-box-record/index.js';

type RecordRow = typeof blindBoxRecords.$inferSelect;

/** An approved record becomes a template of its brand, with its styles in the submitted order. */
export async function createTemplate(tx: Tx, record: RecordRow): Promise<number> {
  const [template] = await tx
    .insert(blindBoxTemplates)
    .values({
      recordId: record.id,
      ipId: record.ipId,
      goodsIpId: record.goodsIpId,
      title: record.title,
      price: record.price,
      limitStock: record.limitStock,
      shopTime: record.shopTime,
      isOverseas: record.isOverseas,
      pic: record.pic,
      mainPic: record.mainPic,
      oneBoxPic: record.oneBoxPic,
      onePackPic: record.onePackPic,
      pics: record.pics,
      color: record.color,
    })
    .returning({ id: blindBoxTemplates.id });
  await tx.insert(blindBoxTemplateStyles).values(
    record.goods.map((s, i) => ({
      templateId: template!.id,
      sort: i + 1,
      goodsTitle: s.goods_title,
      goodsPic: s.goods_pic,
      type: s.type,
      probability: s.type === 1 ? null : s.probability,
      skuId: s.sku_id,
      isOverseas: s.is_overseas,
    })),
  );
  return template!.id;
}

/** Declarations: shared/src/features/blind-box-record.ts (reviewRoutes, role reviewer). */
const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.review.list, async (query) => {
      const { list, total } = await listRecords(
        db,
        config,
        { status: query.status, title: query.title },
        query.page,
        query.limit,
      );
      return { list, pagination: { page: query.page, limit: query.limit, total_rows: total } };
    }),
  );

  /** Only a pending record is decided, once: the conditional update settles two reviewers racing. */
  app.route(
    routeOf(api.review.decide, async (body, request) =>
      db.transaction(async (tx) => {
        const [decided] = await tx
          .update(blindBoxRecords)
          .set({
            status: body.status,
            reason: body.status === 2 ? body.reason : '',
            reviewerId: request.user!.id,
            reviewedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(blindBoxRecords.id, body.id), eq(blindBoxRecords.status, 0)))
          .returning();
        if (!decided) {
          const [exists] = await tx
            .select({ id: blindBoxRecords.id })
            .from(blindBoxRecords)
            .where(eq(blindBoxRecords.id, body.id));
          throw exists ? httpError(409, messages.review.decided) : notFound();
        }
        const templateId = body.status === 1 ? await createTemplate(tx, decided) : null;
        return { id: decided.id, status: decided.status, template_id: templateId };
      }),
    ),
  );
};

export default reviewRoutes;
