import { api, LIMITS } from '@toy/shared';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { brands } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { picUrl } from '../../lib/urls.js';

/** `%` and `_` typed by a user are literal characters in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Declarations: shared/src/features/brand.ts. */
const brandRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.brand.showcase, async () => {
      const rows = await db
        .select({ id: brands.id, title: brands.title, pic: brands.pic })
        .from(brands)
        .where(and(eq(brands.isShowcase, true), eq(brands.status, 1)))
        .orderBy(asc(brands.sort), asc(brands.id))
        .limit(LIMITS.showcaseBrands);
      return { ips: rows.map((r) => ({ ...r, pic: picUrl(config, r.pic) })) };
    }),
  );

  app.route(
    routeOf(api.brand.mine, async (query, request) => {
      const ids = await request.brands(query.per_id);
      if (ids.length === 0) return { ips: [] };
      const ips = await db
        .select({ id: brands.id, title: brands.title, type: brands.type })
        .from(brands)
        .where(inArray(brands.id, ids))
        .orderBy(asc(brands.id));
      return { ips };
    }),
  );

  app.route(
    routeOf(api.brand.templateSearch, async (query) => {
      const filters = [eq(brands.isTemplate, query.is_template === 1), eq(brands.status, query.status)];
      if (query.title) filters.push(ilike(brands.title, likePattern(query.title)));
      const ips = await db
        .select({ id: brands.id, title: brands.title, type: brands.type })
        .from(brands)
        .where(and(...filters))
        .orderBy(asc(brands.sort), asc(brands.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return { ips };
    }),
  );
};

export default brandRoutes;
