import { timingSafeEqual } from 'node:crypto';
import type { RouteDef } from '@toy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus registry (GET /metrics). */
    metrics: Registry;
  }
}

/** The draw calls, the kind of draw each counts and how many draws one call makes. */
export const DRAW_OPERATIONS: Record<string, { kind: 'draw_machine' | 'kuji'; draws: (body: unknown) => number }> = {
  'player.draw': { kind: 'draw_machine', draws: () => 1 },
  'player.kujiDraw': { kind: 'kuji', draws: (body) => Number((body as { num?: number } | undefined)?.num ?? 1) },
};

/** Latency buckets (seconds): a list call answers in milliseconds, an export or a print in seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The operation a request counts under: its declared operationId, else the route's own id
 * (`health.check`) or pattern (`/files/*`); a path no route matched is one label, never the path.
 */
function operationOf(request: FastifyRequest): string {
  const options = request.routeOptions;
  const def = (options.config as { route?: RouteDef } | undefined)?.route;
  if (def) return def.operationId;
  const schemaId = (options.schema as { operationId?: string } | undefined)?.operationId;
  return schemaId ?? options.url ?? 'unmatched';
}

/** Whether the request carries `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time). */
function tokenMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics in Prometheus' text format: requests by operation, method and status (a counter and
 * a latency histogram), draws by kind, the job queue (depth and oldest age by kind, read from the
 * jobs table at each scrape, so every copy reports the shared queue) and the jobs this process ran,
 * the database pool, and Node's own (event-loop lag, heap, GC). Open unless METRICS_TOKEN is set;
 * it shows no merchant, player or path, only operation names and counts.
 */
const metricsPlugin: FastifyPluginAsync<{ pool: pg.Pool | null }> = async (app, options) => {
  const register = new Registry();
  app.decorate('metrics', register);
  collectDefaultMetrics({ register });

  const labelNames = ['operation', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by declared operation, method and HTTP status',
    labelNames,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by declared operation, method and HTTP status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [register],
  });
  const draws = new Counter({
    name: 'toy_draws_total',
    help: 'Draws answered with success by this process, by kind (draw_machine, kuji)',
    labelNames: ['kind'] as const,
    registers: [register],
  });
  for (const { kind } of Object.values(DRAW_OPERATIONS)) draws.inc({ kind }, 0);

  app.addHook('onResponse', async (request, reply) => {
    const operation = operationOf(request);
    const labels = { operation, method: request.method, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    const draw = DRAW_OPERATIONS[operation];
    if (draw && reply.statusCode === 200) draws.inc({ kind: draw.kind }, draw.draws(request.body));
  });

  const db = app.db;
  new Gauge({
    name: 'toy_job_queue_depth',
    help: 'Jobs waiting (pending) or running, by kind, in the shared jobs table',
    labelNames: ['kind', 'status'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const rows = rowsOf<{ kind: string; status: string; n: number }>(
        await db.execute(sql`
          select kind, status, count(*)::int as n from jobs where status in ('pending', 'running') group by kind, status`),
      );
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.n));
    },
  });
  new Gauge({
    name: 'toy_job_queue_oldest_seconds',
    help: 'Age of the oldest pending job, by kind (0 when none waits)',
    labelNames: ['kind'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const rows = rowsOf<{ kind: string; age: number }>(
        await db.execute(sql`
          select kind, extract(epoch from now() - min(created_at))::float8 as age
          from jobs where status = 'pending' group by kind`),
      );
      for (const row of rows) this.set({ kind: row.kind }, Math.max(0, Number(row.age)));
    },
  });
  const finished = new Counter({
    name: 'toy_jobs_finished_total',
    help: 'Jobs this process ran, by kind and outcome (done, failed, retry)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [register],
  });
  const jobSeconds = new Histogram({
    name: 'toy_job_duration_seconds',
    help: 'Time this process took to run a job, by kind',
    labelNames: ['kind'] as const,
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    registers: [register],
  });
  app.addHook('onReady', async () => {
    if (!app.hasDecorator('jobs')) return;
    app.jobs.stats.onFinish = (kind, outcome, seconds) => {
      finished.inc({ kind, outcome });
      jobSeconds.observe({ kind }, seconds);
    };
  });

  const pool = options.pool;
  new Gauge({
    name: 'toy_db_pool_connections',
    help: 'Database connections by state: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      // Embedded PGlite is one connection, always open.
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });
  new Gauge({
    name: 'toy_db_pool_max',
    help: 'The most connections the pool opens',
    registers: [register],
    collect() {
      this.set(pool ? (pool.options.max ?? 10) : 1);
    },
  });

  const token = app.appConfig.metricsToken;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (token && !tokenMatches(request, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
    }
    const text = await register.metrics();
    return reply.type(register.contentType).send(text);
  });
};

export default fp(metricsPlugin, { name: 'metrics' });
