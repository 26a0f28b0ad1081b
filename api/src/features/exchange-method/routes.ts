import { api, EXCHANGE_LIMITS, type ExchangeSaveInput, messages } from '@toy/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { exchangeMethods } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import { audit } from '../audit/index.js';
import { activityPage, resolveActivities } from '../holdings/index.js';
import { assertPictures } from '../upload/index.js';
import { componentProvider, resolveComponents } from './components.js';
import { claimCount, exchangeWire, findExchange, listExchange } from './queries.js';

const m = messages.exchangeMethod;
const COVER = { width: EXCHANGE_LIMITS.coverWidth, height: EXCHANGE_LIMITS.coverHeight };

/**
 * Declarations: shared/src/features/exchange-method.ts (box_admin, per_id 14); rule table
 * exchangeRules (run by exchangeSave). Tables: exchange_methods, exchange_claims (received,
 * consume_points); components from toys (./components.ts), related activities from draw machines,
 * kujis and scratch cards (./activities.ts). Tenancy first: another merchant's method, component or
 * activity is 404 / refused like a missing one. Every write is audited in its own transaction.
 * The player's side: ./player-routes.ts.
 */
const exchangeMethodRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  /** What the rule table cannot see: the components, activities and cover exist and are the brand's. */
  const checkReferences = async (tx: Tx, request: FastifyRequest, ipId: number, body: ExchangeSaveInput) => {
    const keys = body.components.map((c) => `${c.type === 3 ? 17 : c.type}:${c.id}`);
    if (new Set(keys).size !== keys.length) throw httpError(400, m.componentDuplicate);
    if (!(await resolveComponents(tx, config, ipId, body.components))) throw httpError(400, m.componentMissing);
    if (!(await resolveActivities(tx, config, ipId, body.relation))) throw httpError(400, m.activityMissing);
    if (body.type === 2) await assertPictures(tx, config, request.user!, [body.pic], COVER);
  };

  const values = (body: ExchangeSaveInput) => ({
    name: body.name,
    type: body.type,
    pic: body.pic ? keyOfPic(config, body.pic) : '',
    points: body.points,
    relationOrder: body.relation_order,
    relation: body.relation,
    components: body.components,
    short: body.short,
    beginAt: body.begin_at,
    endAt: body.end_at,
  });

  app.route(routeOf(api.exchange.list, async (query, request) => listExchange(db, config, request.scope, query)));

  app.route(
    routeOf(api.exchange.detail, async (query, request) => ({
      info: await exchangeWire(db, config, await findExchange(db, request.brandIds, query.id)),
    })),
  );

  app.route(
    routeOf(api.exchange.save, async (body, request) => {
      if (body.id === undefined) {
        return db.transaction(async (tx) => {
          await checkReferences(tx, request, body.ip_id!, body);
          const [row] = await tx
            .insert(exchangeMethods)
            .values({ ipId: body.ip_id!, ...values(body) })
            .returning();
          const after = await exchangeWire(tx, config, row!);
          await audit(tx, request, { entity: 'exchangeMethod', id: row!.id, ipId: row!.ipId, action: 'create', after });
          return { id: row!.id };
        });
      }
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        // The brand is locked when editing: the method keeps its own.
        const current = await findExchange(tx, brandIds, body.id!, true);
        await checkReferences(tx, request, current.ipId, body);
        const before = await exchangeWire(tx, config, current);
        const [row] = await tx
          .update(exchangeMethods)
          .set({ ...values(body), updatedAt: sql`now()` })
          .where(eq(exchangeMethods.id, current.id))
          .returning();
        const after = await exchangeWire(tx, config, row!);
        await audit(tx, request, {
          entity: 'exchangeMethod',
          id: row!.id,
          ipId: row!.ipId,
          action: 'update',
          before,
          after,
        });
        return { id: row!.id };
      });
    }),
  );

  app.route(
    routeOf(api.exchange.setOff, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const current = await findExchange(tx, brandIds, body.id, true);
        const before = await exchangeWire(tx, config, current);
        const [row] = await tx
          .update(exchangeMethods)
          .set({ off: body.off, updatedAt: sql`now()` })
          .where(eq(exchangeMethods.id, current.id))
          .returning();
        await audit(tx, request, {
          entity: 'exchangeMethod',
          id: row!.id,
          ipId: row!.ipId,
          action: body.off === 1 ? 'delist' : 'list',
          before,
          after: await exchangeWire(tx, config, row!),
        });
        return { off: row!.off };
      });
    }),
  );

  app.route(
    routeOf(api.exchange.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await findExchange(tx, brandIds, body.id, true);
        if ((await claimCount(tx, current.id)) > 0) throw httpError(409, m.claimed);
        const before = await exchangeWire(tx, config, current);
        await tx.delete(exchangeMethods).where(eq(exchangeMethods.id, current.id));
        await audit(tx, request, {
          entity: 'exchangeMethod',
          id: current.id,
          ipId: current.ipId,
          action: 'delete',
          before,
        });
      });
      return null;
    }),
  );

  app.route(
    routeOf(api.exchange.components, async (query) => {
      const page = await componentProvider(query.type).page(db, config, query.ip_id, query);
      return { lists: page.lists, pagination: { page: query.page, limit: query.limit, total_rows: page.total } };
    }),
  );

  app.route(
    routeOf(api.exchange.activities, async (query) => {
      const page = await activityPage(db, config, query.ip_id, query);
      return { lists: page.lists, pagination: { page: query.page, limit: query.limit, total_rows: page.total } };
    }),
  );
};

export default exchangeMethodRoutes;
