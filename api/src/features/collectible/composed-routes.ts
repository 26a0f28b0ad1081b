import { api, comboCount, messages } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { jobs } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import {
  COMPOSE_IMAGES_KIND,
  type ComposeImagesParams,
  type ComposeImagesResult,
  checkComposeImages,
  composedDir,
  composedWire,
} from './composed-images.js';

const m = messages.collectible;

/**
 * Declarations: shared/src/features/album.ts composedImageRoutes (nft_admin, per_id 12). Tables:
 * jobs (kind collectible.composeImages, the caller's own), uploads (the layers, read for their
 * size; the PNGs and zip the job writes). The brand first, then the checks of composed-images.ts,
 * then a job; its progress is job.status, its images collectible.composedImages.
 */
const composedImageRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;

  app.route(
    routeOf(api.collectible.composeImages, async (body, request) => {
      const groups = await checkComposeImages(db, config, storage, request.user!, body.groups);
      const total = comboCount(groups);
      const params: ComposeImagesParams = { ipId: body.ip_id, groups, dir: composedDir() };
      const [job] = await db
        .insert(jobs)
        .values({ kind: COMPOSE_IMAGES_KIND, userId: request.user!.id, params, totalNum: total })
        .returning({ id: jobs.id });
      app.jobs.wake();
      return { job_id: job!.id, total_num: total };
    }),
  );

  app.route(
    routeOf(api.collectible.composedImages, async (query, request) => {
      const [job] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, query.job_id), eq(jobs.kind, COMPOSE_IMAGES_KIND), eq(jobs.userId, request.user!.id)))
        .limit(1);
      if (!job) throw httpError(404, m.composedNotFound);
      if (job.status === 'failed') throw httpError(409, job.error ?? messages.job.failed);
      if (job.status !== 'done' || !job.result) throw httpError(409, m.composedNotReady);
      return composedWire(config, job.result as ComposeImagesResult);
    }),
  );
};

export default composedImageRoutes;
