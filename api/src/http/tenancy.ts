import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { ReadCache } from '../db/read-cache.js';
import { brands, userBrands } from '../db/schema.js';
import { notFound } from './errors.js';
import type { AuthUser } from './types.js';

/**
 * Tenancy, in one place: the brand ids `user` may act on for permission `perId` (any of the user's
 * permission ids when omitted). Admin: every brand. Sorted ascending.
 */
export async function brandIdsFor(db: Db, cache: ReadCache, user: AuthUser, perId?: number): Promise<number[]> {
  if (user.isAdmin) {
    return cache.get('brands:all', async () => {
      const rows = await db.select({ id: brands.id }).from(brands).orderBy(asc(brands.id));
      return rows.map((r) => r.id);
    });
  }
  const perIds = perId === undefined ? user.per_ids : user.per_ids.filter((p) => p === perId);
  if (perIds.length === 0) return [];
  return cache.get(`brands:${user.id}:${perIds.join(',')}`, async () => {
    const rows = await db
      .selectDistinct({ id: userBrands.brandId })
      .from(userBrands)
      .where(and(eq(userBrands.userId, user.id), inArray(userBrands.perId, perIds)))
      .orderBy(asc(userBrands.brandId));
    return rows.map((r) => r.id);
  });
}

/** The target brand must be one of the user's for the route's permission, else 404 数据不存在. */
export async function assertBrand(request: FastifyRequest, ipId: number, perId?: number): Promise<void> {
  const ids = await request.brands(perId);
  if (!ids.includes(ipId)) throw notFound();
}

/** Plugin 4: `request.brands(perId?)`, defaulting to the route's declared perId. */
const tenancy: FastifyPluginAsync = async (app) => {
  app.decorateRequest('brands', async function (this: FastifyRequest, perId?: number) {
    if (!this.user) return [];
    return brandIdsFor(app.db, app.cache, this.user, perId ?? this.routeOptions.config.route?.perId);
  });
};

export default fp(tenancy, { name: 'tenancy', dependencies: ['session'] });
