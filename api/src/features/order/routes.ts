import { api, resolveOrderFilters } from '@toy/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { jobs } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { audit } from '../audit/index.js';
import { assertClean, previewOf, readShippingSheet } from '../shipment/index.js';
import { close, refund, remark, ship } from './actions.js';
import { EXPORT_KIND, EXPORT_LIMITS, exportNow, type OrderExportParams } from './export.js';
import { applyOrderShipping, planOrderShipping } from './import.js';
import paymentNotify from './payment-notify.js';
import {
  auditView,
  bundle,
  countOrders,
  findOrder,
  listOrders,
  type OrderRow,
  orderConditions,
  orderToWire,
  wireOf,
} from './queries.js';
import orderTimers from './timers.js';

/**
 * The merchant's orders (declarations: shared/src/features/order.ts, box_admin, per_id 14): the
 * list, detail, export, the shipping-sheet import (import.ts) and the writes (ship, express,
 * refund, close, remark). Tables: orders, order_items, order_shipments. Tenancy by declaration: an
 * order outside the merchant's brands is a 404.
 * Every write locks the order row, checks the state tables of actions.ts and is audited with
 * before and after in its transaction. Life cycle and timers: lifecycle.ts, timers.ts.
 */
const orderRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;
  await app.register(orderTimers);
  await app.register(paymentNotify);

  /** Lock the order, run the write, audit before/after, answer the order as it now is. */
  const write = async (
    request: FastifyRequest,
    by: { sn: string } | { id: number },
    action: 'ship' | 'refund' | 'close' | 'remark',
    run: (tx: Tx, o: OrderRow) => Promise<Record<string, unknown> | undefined>,
  ) => {
    const brandIds = request.brandIds;
    const id = await db.transaction(async (tx) => {
      const before = await findOrder(tx, brandIds, by, true);
      const extra = (await run(tx, before)) ?? {};
      const after = await findOrder(tx, brandIds, { id: before.id });
      await audit(tx, request, {
        entity: 'order',
        id: before.id,
        ipId: before.ipId,
        action,
        before: auditView(before),
        after: auditView(after, extra),
      });
      return before.id;
    });
    return wireOf(db, config, id);
  };

  app.route(
    routeOf(api.order.list, async (query, request) => {
      const brandIds = request.scope;
      const where = orderConditions(brandIds, resolveOrderFilters(query));
      const [rows, total] = await Promise.all([
        listOrders(db, where, query.page, query.limit, query.sort),
        countOrders(db, where),
      ]);
      const now = config.clock().getTime();
      return {
        list: (await bundle(db, rows)).map((b) => orderToWire(b, config, now)),
        pagination: { page: query.page, limit: query.limit, total_rows: total },
      };
    }),
  );

  app.route(
    routeOf(api.order.detail, async (body, request) => {
      const row = await findOrder(db, request.brandIds, { sn: body.order_sn });
      const [b] = await bundle(db, [row]);
      return orderToWire(b!, config);
    }),
  );

  app.route(
    routeOf(api.order.ship, async (body, request) => {
      return write(request, { sn: body.order_sn }, 'ship', async (tx, o) => {
        const ids = await ship(tx, o, body, config.orderTimes, config.clock());
        return { express: body.express, express_company: body.express_company, item_ids: ids };
      });
    }),
  );

  app.route(
    routeOf(api.order.import, async (body, request) => {
      const sheet = await readShippingSheet(db, config, storage, request, body.url);
      return previewOf(db, config, storage, request.user!.id, await planOrderShipping(db, request.brandIds, sheet));
    }),
  );

  app.route(
    routeOf(api.order.importConfirm, async (body, request) => {
      const sheet = await readShippingSheet(db, config, storage, request, body.url);
      return db.transaction(async (tx) => {
        const plan = await planOrderShipping(tx, request.brandIds, sheet, true);
        assertClean(plan);
        await applyOrderShipping(tx, request, plan, config.orderTimes, config.clock());
        return { ship_num: plan.ships.length };
      });
    }),
  );

  app.route(
    routeOf(api.order.express, async (body, request) =>
      write(request, { id: body.order_id }, 'ship', async (tx, o) => {
        const ids = await ship(tx, o, body, config.orderTimes, config.clock());
        return { express: body.express, express_company: body.express_company, item_ids: ids };
      }),
    ),
  );

  app.route(
    routeOf(api.order.refund, async (body, request) =>
      write(request, { id: body.order_id }, 'refund', async (tx, o) => {
        await refund(tx, o, body.refund_amount, config.clock());
        return undefined;
      }),
    ),
  );

  app.route(
    routeOf(api.order.close, async (body, request) =>
      write(request, { id: body.order_id }, 'close', async (tx, o) => {
        await close(tx, o, config.clock());
        return undefined;
      }),
    ),
  );

  app.route(
    routeOf(api.order.remark, async (body, request) =>
      write(request, { id: body.order_id }, 'remark', async (tx, o) => {
        await remark(tx, o, body.public_remark, body.private_remark);
        return undefined;
      }),
    ),
  );

  app.route(
    routeOf(api.order.export, async (body, request) => {
      const brandIds = request.scope;
      const filters = resolveOrderFilters(body);
      const total = await countOrders(db, orderConditions(brandIds, filters));
      const params: OrderExportParams = { brandIds, filters };
      if (total <= EXPORT_LIMITS.syncMaxRows) {
        const { url } = await exportNow(db, config, storage, request.user!.id, params);
        return { url, job_id: null, total_num: total };
      }
      const [job] = await db
        .insert(jobs)
        .values({ kind: EXPORT_KIND, userId: request.user!.id, params, totalNum: total })
        .returning({ id: jobs.id });
      app.jobs.wake();
      return { url: null, job_id: job!.id, total_num: total };
    }),
  );
};

export default orderRoutes;
