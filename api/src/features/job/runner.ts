import { messages } from '@toy/shared';
import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, rowsOf } from '../../db/client.js';
import { jobs, uploads } from '../../db/schema.js';
import { sweepScratch } from '../../storage/open.js';
import type { FileStore } from '../../storage/store.js';
import { EXPORT_PREFIX } from './files.js';

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  db: Db;
  config: Config;
  storage: FileStore;
  log: FastifyBaseLogger;
  job: JobRow;
  /** Stops when the API closes: check between batches and give up (the job is handed back). */
  signal: AbortSignal;
  /** Record progress (throttled) and renew the lease; throws when the lease was lost. */
  progress(now: number, total?: number): Promise<void>;
}

/** What a finished job answers: the file it made. */
export interface JobResult {
  url: string;
  key: string;
  /** The file's download name. */
  name?: string;
}

export type JobHandler = (ctx: JobContext) => Promise<JobResult>;

const handlers = new Map<string, JobHandler>();

/** A feature declares how its jobs run: `registerJobKind('gacha.export', runExport)`. */
export function registerJobKind(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export const JOB_DEFAULTS = {
  pollMs: 1000,
  /** A running job whose lease ran out (its API copy stopped) is taken over by another. */
  leaseSeconds: 30,
  maxAttempts: 3,
  progressEveryMs: 300,
  /** Export files and finished jobs older than this are removed. */
  fileTtlHours: 24,
  jobTtlDays: 7,
  cleanupEveryMs: 10 * 60 * 1000,
  /** Jobs this process runs at once (JOB_CONCURRENCY). */
  concurrency: 1,
};

class LeaseLost extends Error {}

/** What this process's poller has done since it started (the API's /metrics). */
export interface JobRunStats {
  onFinish?: (kind: string, outcome: 'done' | 'failed' | 'retry', seconds: number) => void;
}

/**
 * The next job to take, fairly between owners (the user who asked for it, a merchant): the owner
 * with the fewest jobs running now, then the one whose last claim is oldest (never first), then
 * that owner's oldest job. One merchant's twenty queued exports therefore take turns with another
 * merchant's one: the other waits at most for the jobs already running. A running job whose lease
 * ran out (its copy stopped) is taken over like a pending one.
 */
export const CLAIM_NEXT = (leaseSeconds: number) => sql`
  with owners as (
    select user_id,
      count(*) filter (where status = 'running' and locked_until >= now()) as running,
      max(claimed_at) as last_claim
    from jobs
    where status in ('pending', 'running') or claimed_at > now() - interval '1 day'
    group by user_id
  )
  update jobs set status = 'running', attempts = attempts + 1, updated_at = now(), claimed_at = now(),
    locked_until = now() + make_interval(secs => ${leaseSeconds})
  where id = (
    select j.id from jobs j
    join owners o on o.user_id is not distinct from j.user_id
    where j.status = 'pending' or (j.status = 'running' and j.locked_until < now())
    order by o.running, o.last_claim nulls first, j.id
    limit 1 for update of j skip locked
  )
  returning id`;

/**
 * The job poller of one process (an API copy, or a worker: `npm run worker`): claims a job with
 * `FOR UPDATE SKIP LOCKED` (CLAIM_NEXT: round-robin by owner), so any number of copies share the
 * table, runs it, and records the answer. `attempts` is the claim's fencing token: a copy that
 * lost its lease cannot write. `concurrency` loops run side by side.
 */
export class JobRunner {
  private readonly loops: { timer: NodeJS.Timeout | null; running: Promise<void> | null }[];
  private readonly abort = new AbortController();
  private lastCleanup = 0;
  private stopped = false;
  private started = false;
  stats: JobRunStats = {};

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly storage: FileStore,
    private readonly log: FastifyBaseLogger,
    private readonly options = JOB_DEFAULTS,
  ) {
    this.loops = Array.from({ length: Math.max(1, options.concurrency) }, () => ({ timer: null, running: null }));
  }

  /** Whether this process runs jobs (not an API copy started with ROLE=api). */
  get active(): boolean {
    return this.started && !this.stopped;
  }

  start(): void {
    this.started = true;
    for (const loop of this.loops) this.schedule(loop, 0);
  }

  /** Look for work now (a job was just created); nothing when this process runs no jobs. */
  wake(): void {
    if (!this.active) return;
    for (const loop of this.loops) if (!loop.running) this.schedule(loop, 0);
  }

  private schedule(loop: (typeof this.loops)[number], ms: number) {
    if (this.stopped) return;
    if (loop.timer) clearTimeout(loop.timer);
    loop.timer = setTimeout(() => {
      loop.timer = null;
      loop.running = this.tick().finally(() => {
        loop.running = null;
        this.schedule(loop, this.options.pollMs);
      });
    }, ms);
    loop.timer.unref?.();
  }

  private async tick(): Promise<void> {
    try {
      if (Date.now() - this.lastCleanup > this.options.cleanupEveryMs) {
        this.lastCleanup = Date.now();
        await cleanup(this.db, this.storage, this.options);
      }
      // Work through what is waiting before sleeping again.
      for (let job = await this.claim(); job && !this.stopped; job = await this.claim()) await this.run(job);
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'job poller failed');
    }
  }

  private async claim(): Promise<JobRow | null> {
    // A plain read first: an idle poll writes nothing (and so leaves PGlite's read cache alone).
    const waiting = await this.db.execute(sql`
      select 1 from jobs where status = 'pending' or (status = 'running' and locked_until < now()) limit 1`);
    if (rowsOf(waiting).length === 0) return null;
    const result = await this.db.execute(CLAIM_NEXT(this.options.leaseSeconds));
    const id = rowsOf<{ id: number }>(result)[0]?.id;
    if (id === undefined) return null;
    const [job] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return job ?? null;
  }

  private async run(job: JobRow): Promise<void> {
    const mine = and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));
    const handler = handlers.get(job.kind);
    if (!handler || job.attempts > this.options.maxAttempts) {
      await this.db
        .update(jobs)
        .set({ status: 'failed', error: messages.job.failed, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(mine);
      return;
    }
    let last = 0;
    const ctx: JobContext = {
      db: this.db,
      config: this.config,
      storage: this.storage,
      log: this.log,
      job,
      signal: this.abort.signal,
      progress: async (now, total) => {
        if (Date.now() - last < this.options.progressEveryMs && (total === undefined || now < total)) return;
        last = Date.now();
        const set = {
          nowNum: now,
          updatedAt: sql`now()`,
          lockedUntil: sql`now() + make_interval(secs => ${this.options.leaseSeconds})`,
        };
        const done = await this.db
          .update(jobs)
          .set(total === undefined ? set : { ...set, totalNum: total })
          .where(mine)
          .returning({ id: jobs.id });
        if (done.length === 0) throw new LeaseLost();
      },
    };
    const began = performance.now();
    const finished = (outcome: 'done' | 'failed' | 'retry') =>
      this.stats.onFinish?.(job.kind, outcome, (performance.now() - began) / 1000);
    try {
      const result = await handler(ctx);
      await this.db
        .update(jobs)
        .set({ status: 'done', result, nowNum: sql`total_num`, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(mine);
      finished('done');
    } catch (error) {
      if (error instanceof LeaseLost) return;
      if (this.stopped) {
        // Handed back: the next poll (here or in another copy) starts it again.
        await this.db
          .update(jobs)
          .set({ status: 'pending', lockedUntil: null, attempts: sql`attempts - 1` })
          .where(mine)
          .catch(() => undefined);
        return;
      }
      this.log.error({ err: error, job: job.id }, 'job failed');
      const final = job.attempts >= this.options.maxAttempts;
      finished(final ? 'failed' : 'retry');
      await this.db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', error: messages.job.failed, finishedAt: sql`now()`, updatedAt: sql`now()` }
            : { status: 'pending', lockedUntil: null, updatedAt: sql`now()` },
        )
        .where(mine);
    }
  }

  /** Stop polling; a job in progress is aborted and handed back. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    for (const loop of this.loops) if (loop.timer) clearTimeout(loop.timer);
    await Promise.all(this.loops.map((loop) => loop.running?.catch(() => undefined)));
  }
}

/**
 * Remove export files and their rows after a day, finished jobs after a week. Files under the
 * export prefix that no row names (a copy stopped between storing a file and recording it) go by
 * the same age, as do the scratch files a stopped copy left. Answers how many files went.
 */
export async function cleanup(db: Db, storage: FileStore, options = JOB_DEFAULTS, now = Date.now()): Promise<number> {
  const before = new Date(now - options.fileTtlHours * 3600_000);
  const old = await db
    .delete(uploads)
    .where(and(like(uploads.key, `${EXPORT_PREFIX}/%`), lt(uploads.createdAt, before)))
    .returning({ key: uploads.key });
  const stale: string[] = old.map((o) => o.key);
  for await (const o of storage.list(`${EXPORT_PREFIX}/`)) if (o.modified < before) stale.push(o.key);
  const files = [...new Set(stale)];
  await storage.delete(files);
  await sweepScratch(storage.scratch, undefined, now);
  await db.delete(jobs).where(lt(jobs.finishedAt, new Date(now - options.jobTtlDays * 86400_000)));
  return files.length;
}
