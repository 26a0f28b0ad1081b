import { is, strictNumberInput } from '@toy/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { ReadCache } from '../db/read-cache.js';
import { brands, userBrands } from '../db/schema.js';
import { notFound } from '../lib/errors.js';
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

/**
 * The brand a raw input value names, read as the shared schemas read an id (`is.id`); null when the
 * value says "no brand" (absent, empty, 0, as `optionalId` reads it); undefined when it is not an
 * id at all, which validation then answers with its own message.
 */
export function brandOfInput(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return null;
  return is.id(value) ? Number(strictNumberInput(value)) : undefined;
}

/**
 * Plugin 4, tenancy by declaration. For every call of a signed-in merchant it resolves the brands
 * the route's `perId` lets the caller act on (`request.brandIds`), and when the declaration names a
 * `brand` field it checks the brand given there before validation and the handler: not one of the
 * caller's → 404 数据不存在, the same answer as a missing one. `request.scope` is then that brand,
 * or every brand of the caller's when none is given. Handlers read these; they never check by hand.
 */
const tenancy: FastifyPluginAsync = async (app) => {
  app.decorateRequest('brandIds', null as unknown as number[]);
  app.decorateRequest('scope', null as unknown as number[]);
  app.addHook('preValidation', async (request) => {
    const def = request.routeOptions.config.route;
    request.brandIds = [];
    request.scope = [];
    if (!def || !request.user || def.access === 'public') return;
    const ids = await brandIdsFor(app.db, app.cache, request.user, def.perId);
    request.brandIds = ids;
    request.scope = ids;
    if (!def.brand) return;
    const input = (def.method === 'GET' ? request.query : request.body) as Record<string, unknown> | undefined;
    const given = brandOfInput(input && typeof input === 'object' ? input[def.brand] : undefined);
    if (given === null || given === undefined) return;
    if (!ids.includes(given)) throw notFound();
    request.scope = [given];
  });
};

export default fp(tenancy, { name: 'tenancy', dependencies: ['session'] });
