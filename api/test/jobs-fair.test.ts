// Fair queues and the worker role: jobs are claimed round-robin by owner (one merchant's twenty
// queued jobs do not hold back another's export by more than the job already started), import
// turns are shared the same way, and an API copy started with ROLE=api leaves its jobs to a worker.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api } from '@toy/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema.js';
import { EXPORT_KIND } from '../src/features/gacha/export.js';
import { registerJobKind } from '../src/features/job/runner.js';
import { inTurn, PARSE_CONCURRENCY, PARSE_QUEUE_PER_OWNER, parseLoad } from '../src/lib/xlsx/read.js';
import { download, seedGacha, sheetRows, waitForJob } from './goods-helpers.js';
import { call, createMerchant, login, makeApp } from './helpers.js';

/** Poll until `check` answers a value (the state a test needs), or fail after `tries`. */
async function until<T>(check: () => Promise<T | null | undefined | false>, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the awaited state never came');
}

describe('job claims', () => {
  const order: (number | null)[] = [];
  registerJobKind('test.fair', async (ctx) => {
    order.push(ctx.job.userId);
    return { url: '', key: '' };
  });

  it("serves another merchant's export after at most one job of a merchant with twenty queued", async () => {
    const app = await makeApp();
    try {
      const a = await createMerchant(app);
      const b = await createMerchant(app);
      // Twenty of A's jobs queued first, then B's one, in one statement (the poller sees them all).
      const rows = [...Array.from({ length: 20 }, () => a.user.id), b.user.id].map((userId) => ({
        kind: 'test.fair',
        userId,
        params: {},
      }));
      const ids = (await app.db.insert(jobs).values(rows).returning({ id: jobs.id })).map((r) => r.id);
      app.jobs.wake();
      await until(async () => {
        const left = await app.db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.id, ids));
        const done = await app.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.status, 'done'));
        return left.length === 21 && done.length >= 21;
      });
      expect(order).toHaveLength(21);
      // A's oldest went first (B's was not there yet when it could be claimed); B's right after.
      expect(order.indexOf(b.user.id)).toBe(1);
      expect(order.filter((id) => id === a.user.id)).toHaveLength(20);
    } finally {
      await app.close();
    }
  });
});

describe('import turns', () => {
  it("give another merchant a turn while one merchant's sheets wait, and refuse past the merchant's queue", async () => {
    const releases: (() => void)[] = [];
    const started: string[] = [];
    const work = (name: string) => async () => {
      started.push(name);
      await new Promise<void>((resolve) => releases.push(resolve));
      return name;
    };
    const A = 1001;
    const B = 1002;
    const as = Array.from({ length: 1 + PARSE_QUEUE_PER_OWNER }, (_, i) => inTurn(A, work(`a${i}`)));
    // One of A's runs; its others wait (A has one turn at a time), and one more is refused at once.
    expect(await inTurn(A, work('a-extra'))).toBeNull();
    const b = inTurn(B, work('b0'));
    await until(async () => started.includes('b0'));
    expect(started).toEqual(['a0', 'b0']);
    expect(parseLoad()).toEqual({ running: PARSE_CONCURRENCY, waiting: PARSE_QUEUE_PER_OWNER });
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await until(async () => {
      while (releases.length) releases.shift()!();
      return parseLoad().running === 0;
    });
    expect(await Promise.all(as)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
    expect(await b).toBe('b0');
    expect(parseLoad()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('the worker role', () => {
  let dataDir: string;
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('runs a job that an API copy started with ROLE=api queued and left', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'toy-worker-'));
    // On PGlite the data directory holds the database, which one process opens at a time: the API
    // copy is closed before the worker opens it. On PostgreSQL both run side by side.
    const shared = Boolean(process.env.DATABASE_URL);
    let apiCopy: FastifyInstance = await makeApp({ role: 'api', dataDir });
    const merchant = await createMerchant(apiCopy);
    const token = (await login(apiCopy, merchant.email)).web_token;
    await seedGacha(apiCopy.db, merchant.brand.id, 2001, '队列');
    const started = await call(apiCopy, api.gacha.export, { ip_id: merchant.brand.id, goods_title: '队列' }, { token });
    const jobId = started.body.data.job_id!;
    expect(apiCopy.jobs.active).toBe(false);
    expect((await call(apiCopy, api.job.status, { id: jobId }, { token })).body.data.status).toBe('pending');
    // The queue is visible on the API copy's /metrics, waiting.
    const metrics = (await apiCopy.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(`toy_job_queue_depth{kind="${EXPORT_KIND}",status="pending"} 1`);
    expect(metrics).toMatch(new RegExp(`toy_job_queue_oldest_seconds\\{kind="${EXPORT_KIND}"\\} \\d`));
    if (!shared) await apiCopy.close();

    const worker = await makeApp({ role: 'worker', dataDir });
    try {
      expect(worker.jobs.active).toBe(true);
      // A worker answers no calls: only /healthz and /metrics.
      expect((await worker.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await call(worker, api.job.status, { id: jobId }, { token })).statusCode).toBe(404);
      await until(async () => {
        const [job] = await worker.db.select().from(jobs).where(eq(jobs.id, jobId));
        return job?.status === 'done';
      });
      const ran = (await worker.inject({ method: 'GET', url: '/metrics' })).body;
      expect(ran).toContain(`toy_jobs_finished_total{kind="${EXPORT_KIND}",outcome="done"} 1`);
    } finally {
      await worker.close();
    }

    if (!shared) apiCopy = await makeApp({ role: 'api', dataDir });
    try {
      const job = await waitForJob(apiCopy, jobId, token);
      expect(job).toMatchObject({ status: 'done', now_num: 2001, total_num: 2001 });
      expect(sheetRows(await download(apiCopy, job.url!))).toHaveLength(2002);
    } finally {
      await apiCopy.close();
    }
  });
});
