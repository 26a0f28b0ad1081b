import { api } from '@toy/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { overseasBrands } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { allocate, allocationToWire, setHiddenStock } from './allocations.js';
import { findTemplate, searchTemplates } from './templates.js';

/**
 * Declarations: shared/src/features/blind-box.ts. Tables: blind_box_templates, box_allocations,
 * overseas_brands. The release (blindBox.publish) creates a draw machine: features/draw-machine.
 */
const blindBoxRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.template.search, async (query) => {
      return { list: await searchTemplates(db, config, query.ip_id, query.title, query.page, query.limit) };
    }),
  );

  app.route(
    routeOf(api.blindBox.overseasBrands, async (_query, request) => {
      const mine = request.brandIds;
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
      const template = await findTemplate(db, body.template_id, request.brandIds);
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
        brandIds: request.brandIds,
      });
      return allocationToWire(config, row, styles);
    }),
  );
};

export default blindBoxRoutes;
