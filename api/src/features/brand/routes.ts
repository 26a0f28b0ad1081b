import { AuthType, api, LIMITS } from '@toy/shared';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { brands } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { brandIdsFor } from '../../http/tenancy.js';
import { picUrl } from '../../lib/urls.js';

/** `%` and `_` typed by a user are literal characters in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Declarations: shared/src/features/brand.ts. Table: brands (user_brands through request.brands). */
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
      // My brands for the permission asked for (any of mine when none): the tenancy rule itself.
      const ids = await brandIdsFor(db, app.cache, request.user!, query.per_id);
      if (ids.length === 0) return { ips: [] };
      const ips = await db
        .select({ id: brands.id, title: brands.title, type: brands.type })
        .from(brands)
        .where(inArray(brands.id, ids))
        .orderBy(asc(brands.id));
      return { ips };
    }),
  );

  /**
   * The record form's brand autocomplete (spec 01 §6): it searches only the brands the caller may
   * record goods of (blindBoxRecord.submit's goods_ip_id): its own brands, and for a shop (auth
   * type 2) the active template brands. Other merchants' brands are never listed; is_template and
   * status narrow that set.
   */
  app.route(
    routeOf(api.brand.templateSearch, async (query, request) => {
      const own = request.brandIds;
      const scope = or(
        own.length > 0 ? inArray(brands.id, own) : undefined,
        request.user!.type === AuthType.shop ? and(eq(brands.isTemplate, true), eq(brands.status, 1)) : undefined,
      );
      if (!scope) return { ips: [] };
      const filters = [scope, eq(brands.isTemplate, query.is_template === 1), eq(brands.status, query.status)];
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
