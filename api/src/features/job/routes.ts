import { api, type JobStatus, messages } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jobs } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { routeOf } from '../../http/route.js';
import { JobRunner } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job poller of this API copy: `app.jobs.wake()` after creating a job. */
    jobs: JobRunner;
  }
}

/**
 * Declarations: shared/src/features/job.ts. Table: jobs. Starts this copy's poller once the app
 * is ready and stops it (handing back a job in progress) when the app closes.
 */
const jobPlugin: FastifyPluginAsync = async (app) => {
  const runner = new JobRunner(app.db, app.appConfig, app.storage, app.log);
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());

  app.route(
    routeOf(api.job.status, async (query, request) => {
      const [job] = await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, query.id), eq(jobs.userId, request.user!.id)))
        .limit(1);
      if (!job) throw notFound();
      const result = job.result as { url?: string } | null;
      return {
        id: job.id,
        kind: job.kind,
        status: job.status as JobStatus,
        now_num: job.nowNum,
        total_num: job.totalNum,
        url: job.status === 'done' ? (result?.url ?? null) : null,
        msg: job.status === 'failed' ? (job.error ?? messages.job.failed) : null,
      };
    }),
  );
};

export default fp(jobPlugin, { name: 'jobs' });
