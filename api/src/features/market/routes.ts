import { api, messages } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { jobs } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { seal, unseal } from '../../lib/seal.js';
import { exportNow, MARKET_EXPORT_KIND, type MarketExportParams } from './export.js';
import { applyImport, planImport, readMarketSheet, writeErrorReport } from './import.js';
import inboundRoutes from './inbound.js';
import marketLinkRoutes from './links.js';
import { countMarket, filtersOf, findOrder, linesOf, listMarket, shipmentsOf, toWire } from './queries.js';
import { shipLocked } from './ship.js';

const m = messages.market;

/**
 * Declarations: shared/src/features/market.ts (merchant calls: box_admin, per_id 14; the
 * marketplace's own calls in inbound.ts). Tables: market_orders, market_order_goods,
 * market_shipments, jobs (large exports); the shops' links in links.ts (market_links). Every merchant write is audited in its transaction.
 */
const marketRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;
  await app.register(inboundRoutes);
  await app.register(marketLinkRoutes);

  /** The brands a call acts on: the one asked for (checked), else all of the user's. */

  app.route(
    routeOf(api.market.list, async (query, request) => {
      const brandIds = request.scope;
      const { list, total } = await listMarket(
        db,
        config,
        brandIds,
        filtersOf(query),
        query.page,
        query.limit,
        query.sort,
      );
      return { list, pagination: { page: query.page, limit: query.limit, total_rows: total } };
    }),
  );

  app.route(
    routeOf(api.market.detail, async (query, request) => {
      const order = await findOrder(db, request.brandIds, query.id);
      const lines = (await linesOf(db, [order.id])).get(order.id) ?? [];
      return { order: toWire(order, lines, config), shipments: await shipmentsOf(db, order, lines) };
    }),
  );

  app.route(
    routeOf(api.market.ship, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const order = await findOrder(tx, brandIds, body.id, true);
        const shipped = await shipLocked(tx, request, order, body);
        return { delivery_status: shipped.status, shipment_id: shipped.shipmentId };
      });
    }),
  );

  /** A job's sign: the job and its owner, sealed with the app secret (tamper-proof, not guessable). */
  const signOf = (jobId: number, userId: number) => seal(config.appSecret, { job: jobId, user: userId });

  app.route(
    routeOf(api.market.export, async (body, request) => {
      const brandIds = request.scope;
      const filters = filtersOf(body);
      const total = await countMarket(db, brandIds, filters);
      const params: MarketExportParams = { brandIds, filters };
      const userId = request.user!.id;
      if (total <= config.marketExportSyncRows) {
        const { url } = await exportNow(db, config, storage, userId, params);
        return { url, query_sign: null, total_num: total };
      }
      const [job] = await db
        .insert(jobs)
        .values({ kind: MARKET_EXPORT_KIND, userId, params, totalNum: total })
        .returning({ id: jobs.id });
      app.jobs.wake();
      return { url: null, query_sign: signOf(job!.id, userId), total_num: total };
    }),
  );

  app.route(
    routeOf(api.market.exportStatus, async (query, request) => {
      const sealed = unseal(config.appSecret, query.query_sign) as { job?: unknown; user?: unknown } | null;
      const userId = request.user!.id;
      if (!sealed || sealed.user !== userId || typeof sealed.job !== 'number') throw httpError(404, m.exportMissing);
      const [job] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, sealed.job), eq(jobs.userId, userId), eq(jobs.kind, MARKET_EXPORT_KIND)))
        .limit(1);
      if (!job) throw httpError(404, m.exportMissing);
      const result = job.result as { url?: string } | null;
      return {
        now_num: job.nowNum,
        total_num: job.totalNum,
        url: job.status === 'done' ? (result?.url ?? null) : null,
        msg: job.status === 'failed' ? (job.error ?? messages.job.failed) : null,
      };
    }),
  );

  app.route(
    routeOf(api.market.import, async (body, request) => {
      const { header, rows } = await readMarketSheet(db, config, storage, request, body.file_url);
      const userId = request.user!.id;
      if (body.confirm === 0) {
        const plan = await planImport(db, body.platform, body.ip_id, rows);
        const errorUrl = plan.errors.length
          ? await writeErrorReport(db, config, storage, userId, header, plan.errors)
          : null;
        return {
          total_num: plan.total,
          ship_num: plan.ships.length,
          error_num: plan.errors.length,
          errors: plan.errors.map((e) => ({ row: e.row, column: e.column, message: e.message })),
          error_url: errorUrl,
          done: 0,
        };
      }
      return db.transaction(async (tx) => {
        const plan = await planImport(tx, body.platform, body.ip_id, rows, true);
        const first = plan.errors[0];
        if (first) throw httpError(400, m.importRow(first.row, `${first.column}：${first.message}`));
        await applyImport(tx, request, plan);
        return {
          total_num: plan.total,
          ship_num: plan.ships.length,
          error_num: 0,
          errors: [],
          error_url: null,
          done: 1,
        };
      });
    }),
  );
};

export default marketRoutes;
