import { api, is } from '@toy/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { overseasBrands } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { routeOf } from '../../http/route.js';
import { assertBrand } from '../../http/tenancy.js';
import { fenToYuan } from '../../lib/money.js';
import { allocate, allocationToWire, setHiddenStock } from './allocations.js';
import { publish } from './publish.js';
import { findTemplate, searchTemplates } from './templates.js';

/**
 * Before the ordered release rules run, `official_price` is the template's price from the table
 * (whatever the client sent is dropped), so rule 6 '盲盒售价不可小于官方售价¥{price}' judges the truth
 * in its place in the order. A foreign brand or template answers 404 like a missing one.
 */
async function officialPrice(db: Db, request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return;
  delete body.official_price;
  if (!is.id(body.ip_id) || !is.id(body.template_id)) return;
  await assertBrand(request, Number(body.ip_id));
  const template = await findTemplate(db, Number(body.template_id), [Number(body.ip_id)]);
  if (!template) throw notFound();
  body.official_price = fenToYuan(template.price);
}

/** Declarations: shared/src/features/blind-box.ts. Tables: blind_box_templates, box_allocations, draw_machines. */
const blindBoxRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.template.search, async (query, request) => {
      await assertBrand(request, query.ip_id);
      return { list: await searchTemplates(db, config, query.ip_id, query.title, query.page, query.limit) };
    }),
  );

  app.route(
    routeOf(api.blindBox.overseasBrands, async (_query, request) => {
      const mine = await request.brands();
      if (mine.length === 0) return { ips: [] };
      const rows = await db
        .select({ id: overseasBrands.brandId })
        .from(overseasBrands)
        .where(inArray(overseasBrands.brandId, mine));
      return { ips: rows.map((r) => r.id).sort((a, b) => a - b) };
    }),
  );

  app.route(
    routeOf(api.blindBox.allocate, async (body, request) => {
      const template = await findTemplate(db, body.template_id, await request.brands());
      if (!template) throw notFound();
      const { row, styles } = await allocate(db, { template, boxNum: body.box_num, userId: request.user!.id });
      return allocationToWire(config, row, styles);
    }),
  );

  app.route(
    routeOf(api.blindBox.hideStock, async (body, request) => {
      const { row, styles } = await setHiddenStock(db, {
        sign: body.box_sign,
        hideId: body.hide_id,
        hideStock: body.hide_stock,
        brandIds: await request.brands(),
      });
      return allocationToWire(config, row, styles);
    }),
  );

  app.route({
    ...routeOf(api.blindBox.publish, async (body, request) =>
      publish(db, body, { brandIds: await request.brands(), userId: request.user!.id, request }),
    ),
    preValidation: (request) => officialPrice(db, request),
  });
};

export default blindBoxRoutes;
