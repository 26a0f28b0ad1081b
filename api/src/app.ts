import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { messages } from '@toy/shared';
import Fastify, { type FastifyInstance, type FastifySchemaCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type Config, resolveConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import albumRoutes from './features/album/routes.js';
import auditRoutes from './features/audit/routes.js';
import authRoutes from './features/auth/routes.js';
import blindBoxRoutes from './features/blind-box/routes.js';
import blindBoxRecordRoutes from './features/blind-box-record/routes.js';
import boxSettingsRoutes from './features/box-settings/routes.js';
import brandRoutes from './features/brand/routes.js';
import composedImageRoutes from './features/collectible/composed-routes.js';
import playerCollectibleRoutes from './features/collectible/player-routes.js';
import collectibleRoutes from './features/collectible/routes.js';
import composeRuleRoutes from './features/compose-rule/routes.js';
import playerCouponRoutes from './features/coupon/player-routes.js';
import couponRoutes from './features/coupon/routes.js';
import dashboardRoutes from './features/dashboard/routes.js';
import playerDepositRoutes from './features/deposit/player-routes.js';
import depositRoutes from './features/deposit/routes.js';
import playerDrawRoutes from './features/draw-machine/player-routes.js';
import drawMachineRoutes from './features/draw-machine/routes.js';
import settlementJob from './features/draw-machine/settlement.js';
import erpRoutes from './features/erp/routes.js';
import exchangeMethodPlayerRoutes from './features/exchange-method/player-routes.js';
import exchangeMethodRoutes from './features/exchange-method/routes.js';
import freightRoutes from './features/freight/routes.js';
import gachaRoutes from './features/gacha/routes.js';
import goodsRoutes from './features/goods/routes.js';
import healthRoutes from './features/health/routes.js';
import jobPlugin from './features/job/routes.js';
import playerKujiRoutes from './features/kuji/player-routes.js';
import kujiRoutes from './features/kuji/routes.js';
import marketRoutes from './features/market/routes.js';
import playerOrderRoutes from './features/order/player-routes.js';
import orderRoutes from './features/order/routes.js';
import paymentRoutes from './features/payment/routes.js';
import playerPickupRoutes from './features/pickup/player-routes.js';
import pickupRoutes from './features/pickup/routes.js';
import playerRoutes from './features/player/routes.js';
import reviewRoutes from './features/review/routes.js';
import toyReviewRoutes from './features/review/toy-routes.js';
import playerScratchRoutes from './features/scratch/player-routes.js';
import scratchRoutes from './features/scratch/routes.js';
import screenRoutes from './features/screen/routes.js';
import skinPreviewPage from './features/skin/preview.js';
import skinReviewRoutes from './features/skin/review-routes.js';
import skinRoutes from './features/skin/routes.js';
import playerSubscriptionRoutes from './features/subscription/player-routes.js';
import subscriptionRoutes from './features/subscription/routes.js';
import momentRoutes from './features/toy/moment-routes.js';
import playerToyRoutes from './features/toy/player-routes.js';
import toyRoutes from './features/toy/routes.js';
import fileRoutes from './features/upload/files.js';
import uploadRoutes from './features/upload/routes.js';
import storageRoutes from './features/upload/storage.js';
import userRoutes from './features/user/routes.js';
import wallpaperRoutes from './features/wallpaper/routes.js';
import warehouseRoutes from './features/warehouse/routes.js';
import docs from './http/docs.js';
import errorHandler from './http/error-handler.js';
import inputGuard, { findNul } from './http/input-guard.js';
import metrics from './http/metrics.js';
import roleCheck from './http/role-check.js';
import session from './http/session.js';
import signCheck from './http/sign-check.js';
import tenancy from './http/tenancy.js';
import { httpError } from './lib/errors.js';
import { seed } from './seed/index.js';
import { openStore } from './storage/open.js';
import { restoreSnapshotFiles } from './storage/snapshot-files.js';
import type { FileStore } from './storage/store.js';

export type { Config } from './config.js';
export { loadConfig } from './config.js';

/**
 * Fastify hands an absent body to the validator as null; the contract's schemas expect undefined.
 * Text with a NUL character is refused before the schema (http/input-guard.ts).
 */
const validator: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => (findNul(data) ? { error: httpError(400, messages.guard.nulText) } : validate(data ?? undefined));
};

/**
 * The API, ready to listen or to `inject`: opens the database (PGlite, or PostgreSQL with
 * `databaseUrl`) and the file store, applies migrations (and the demo seed when `seed`), registers
 * the plugins in order and every declared route. `shared.database`: a database another app opened
 * (a second API copy in one test process); it stays open when this app closes.
 */
export async function buildApp(
  overrides: Partial<Config> = {},
  shared: { database?: Database } = {},
): Promise<FastifyInstance> {
  const config = resolveConfig(overrides);
  const database =
    shared.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      dump: config.snapshot && path.join(config.snapshot.dir, 'pglite.tar'),
    }));
  const closeDatabase = () => (shared.database ? Promise.resolve() : database.close());
  let app: FastifyInstance | undefined;
  let storage: Awaited<ReturnType<typeof openStore>> | undefined;
  try {
    storage = await openStore(config.storage, config.dataDir);
    const opened = storage;
    if (config.snapshot) await restoreSnapshotFiles(config.snapshot.dir, opened.store);
    // A copy of a snapshot is migrated and seeded already.
    if (!database.restored && !config.snapshot?.postgresReady) {
      await runMigrations(database);
      if (config.seed && config.role !== 'worker') await seed(database.db, opened.store);
    }
    app = Fastify({
      logger: { level: config.logLevel },
      trustProxy: config.trustProxy,
      requestIdHeader: 'x-request-id',
      genReqId: () => randomUUID(),
    });
    app.addHook('onClose', async () => {
      await closeDatabase();
      await opened.dispose();
    });
    await configure(app, config, database, opened.store);
    await app.ready();
    return app;
  } catch (error) {
    if (app) await app.close().catch(() => undefined);
    else await Promise.all([closeDatabase(), storage?.dispose()]).catch(() => undefined);
    throw error;
  }
}

/** Compilers, decorations, the plugins in their order, then every feature's routes. */
async function configure(app: FastifyInstance, config: Config, database: Database, storage: FileStore) {
  // Declared calls speak JSON (and the upload, multipart); anything else answers 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validator);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  app.decorate<Database>('database', database);
  app.decorate('cache', database.cache);
  app.decorate('appConfig', config);
  app.decorate('storage', storage);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // The configured origins only (config.corsOrigins), whatever Host a request names.
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    allowedHeaders: ['sign', 'mt', 'nonce', 'web_token', 'content-type', 'x-request-id'],
    exposedHeaders: ['x-request-id'],
  });
  await app.register(cookie);
  // Size limits are checked per upload kind by features/upload/storage.ts.
  await app.register(multipart, { throwFileSizeLimit: false });
  await app.register(errorHandler);
  // Before any route, so every route's answers are counted (GET /metrics).
  await app.register(metrics, { pool: database.kind === 'postgres' ? database.pool : null });
  await app.register(inputGuard); // JSON depth, before anything reads the body
  await app.register(docs);
  await app.register(signCheck); // 1. sign, mt
  await app.register(session); // 2. web_token → request.user
  await app.register(roleCheck); // 3. the route's role
  await app.register(tenancy); // 4. the declared brand; request.brandIds, request.scope

  await app.register(healthRoutes);
  if (config.role === 'worker') {
    // A worker (npm run worker) runs the jobs and answers only /healthz and /metrics; the job
    // kinds are registered by the feature modules imported above.
    await app.register(jobPlugin, { routes: false });
    return;
  }
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(brandRoutes);
  await app.register(uploadRoutes);
  await app.register(storageRoutes);
  await app.register(fileRoutes);
  await app.register(warehouseRoutes);
  await app.register(screenRoutes);
  await app.register(freightRoutes);
  await app.register(blindBoxRecordRoutes);
  await app.register(reviewRoutes);
  await app.register(blindBoxRoutes);
  await app.register(boxSettingsRoutes);
  await app.register(goodsRoutes);
  await app.register(jobPlugin);
  await app.register(gachaRoutes);
  await app.register(auditRoutes);
  await app.register(drawMachineRoutes);
  await app.register(kujiRoutes);
  await app.register(playerRoutes);
  await app.register(playerDrawRoutes);
  await app.register(playerDepositRoutes);
  await app.register(playerPickupRoutes);
  await app.register(playerOrderRoutes);
  await app.register(playerCouponRoutes);
  await app.register(playerSubscriptionRoutes);
  await app.register(paymentRoutes);
  await app.register(playerKujiRoutes);
  await app.register(erpRoutes);
  await app.register(depositRoutes);
  await app.register(pickupRoutes);
  await app.register(marketRoutes);
  await app.register(subscriptionRoutes);
  await app.register(couponRoutes);
  await app.register(dashboardRoutes);
  await app.register(settlementJob);
  await app.register(orderRoutes);
  await app.register(scratchRoutes);
  await app.register(playerScratchRoutes);
  await app.register(toyRoutes);
  await app.register(momentRoutes);
  await app.register(toyReviewRoutes);
  await app.register(playerToyRoutes);
  await app.register(wallpaperRoutes);
  await app.register(collectibleRoutes);
  await app.register(playerCollectibleRoutes);
  await app.register(exchangeMethodRoutes);
  await app.register(exchangeMethodPlayerRoutes);
  await app.register(skinRoutes);
  await app.register(skinReviewRoutes);
  await app.register(skinPreviewPage);
  await app.register(albumRoutes);
  await app.register(composedImageRoutes);
  await app.register(composeRuleRoutes);
}
