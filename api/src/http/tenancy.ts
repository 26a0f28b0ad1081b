import { is, strictNumberInput } from '@toy/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import type { ReadCache } from '../db/read-cache.js';
import { brands, userBrands } from '../db/schema.js';
import { httpError, notFound } from '../lib/errors.js';
import { brandOfEntity, entityMissing } from './entities.js';
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
 * The id a raw input value names (a brand, a row), read as the shared schemas read an id (`is.id`);
 * null when the value says "none" (absent, empty, 0, as `optionalId` reads it); undefined when it is
 * not an id at all, which validation then answers with its own message.
 */
function idOfInput(value: unknown): number | null | undefined {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return null;
  return is.id(value) ? Number(strictNumberInput(value)) : undefined;
}

/**
 * Plugin 4, tenancy by declaration. For every call of a signed-in merchant it resolves the brands
 * the route's `perId` lets the caller act on (`request.brandIds`), then checks what the declaration
 * names, before validation and the handler:
 * - `brand`: the brand given there; not one of the caller's → 404 数据不存在, the same answer as a
 *   missing one. `request.scope` is then that brand, or every brand of the caller's when none is given;
 * - `entity`: the row given by id; missing, or of a brand not the caller's → the same 404 (in the
 *   kind's own words where the catalogue has them: 数字藏品合辑不存在).
 * Handlers read these; they never check by hand (their queries stay scoped by `request.brandIds`).
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
    if (!def.brand && !def.entity) return;
    const raw = def.method === 'GET' ? request.query : request.body;
    const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    if (def.brand) {
      const given = idOfInput(input[def.brand]);
      if (typeof given === 'number') {
        if (!ids.includes(given)) throw notFound();
        request.scope = [given];
      }
    }
    if (def.entity) {
      const id = idOfInput(input[def.entity.field]);
      if (typeof id !== 'number') return;
      const owner = await brandOfEntity(app.db, def.entity.of, id);
      if (owner === undefined || !ids.includes(owner)) throw httpError(404, entityMissing(def.entity.of));
    }
  });
};

export default fp(tenancy, { name: 'tenancy', dependencies: ['session'] });
