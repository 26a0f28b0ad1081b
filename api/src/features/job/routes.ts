import { api, JOB_LIST_HOURS, type JobStatus, jobTitle, messages } from '@toy/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jobs } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { notFound } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { JOB_DEFAULTS, type JobResult, type JobRow, JobRunner } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job poller of this process: `app.jobs.wake()` after creating a job (nothing with ROLE=api). */
    jobs: JobRunner;
  }
}

/**
 * Declarations: shared/src/features/job.ts. Table: jobs (a user sees only their own). Starts this copy's poller once the app
 * is ready, unless it is an API copy beside a worker (ROLE=api), and stops it (handing back a job in
 * progress) when the app closes.
 */
const jobPlugin: FastifyPluginAsync<{ routes?: boolean }> = async (app, options) => {
  const config = app.appConfig;
  const runner = new JobRunner(app.db, config, app.storage, app.log, {
    ...JOB_DEFAULTS,
    concurrency: config.jobConcurrency,
  });
  app.decorate('jobs', runner);
  app.addHook('onReady', async () => {
    if (config.role !== 'api') runner.start();
  });
  app.addHook('onClose', async () => runner.stop());
  // A worker runs the jobs and answers none of the calls.
  if (options.routes === false) return;

  app.route(
    routeOf(api.job.status, async (query, request) => {
      const [job] = await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, query.id), eq(jobs.userId, request.user!.id)))
        .limit(1);
      if (!job) throw notFound();
      return jobToWire(job);
    }),
  );

  // The export centre: the caller's own jobs of the last 24 hours, newest first.
  app.route(
    routeOf(api.job.list, async (_query, request) => {
      const since = new Date(Date.now() - JOB_LIST_HOURS * 3600_000);
      const rows = await app.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.userId, request.user!.id), gt(jobs.createdAt, since)))
        .orderBy(desc(jobs.id))
        .limit(100);
      return {
        list: rows.map((job) => {
          const result = job.result as JobResult | null;
          return {
            ...jobToWire(job),
            name: (job.status === 'done' && result?.name) || jobTitle(job.kind),
            created_at: formatTime(job.createdAt),
            finished_at: job.finishedAt ? formatTime(job.finishedAt) : null,
          };
        }),
      };
    }),
  );
};

/** A job row as its owner sees it. */
function jobToWire(job: JobRow) {
  const result = job.result as JobResult | null;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status as JobStatus,
    now_num: job.nowNum,
    total_num: job.totalNum,
    url: job.status === 'done' ? (result?.url ?? null) : null,
    msg: job.status === 'failed' ? (job.error ?? messages.job.failed) : null,
  };
}

export default fp(jobPlugin, { name: 'jobs' });
