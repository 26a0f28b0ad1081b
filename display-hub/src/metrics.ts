import { timingSafeEqual } from 'node:crypto';
import { SCREEN_DATA_KEYS } from '@toy/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Hub } from './hub.js';
import type { PlatformData } from './platform.js';
import { ageSeconds } from './status.js';

/**
 * GET /metrics of the hub (media port), in Prometheus' text format: connected sockets by role, the
 * socket traffic counters (received, broadcast, dropped, refused, stale, terminated, connections),
 * the age of each cached copy of the platform data, the media server's requests by route and status
 * with latencies, and Node's own. Open on the venue network unless METRICS_TOKEN is set (then
 * `Authorization: Bearer <token>`); it names no screen, client or address.
 */
export function registerMetrics(
  web: FastifyInstance,
  hub: () => Hub,
  platform: PlatformData,
  token: string | undefined,
): Registry {
  const register = new Registry();
  collectDefaultMetrics({ register });
  new Gauge({
    name: 'hub_sockets',
    help: 'Connected sockets by role (screen, control, preview)',
    labelNames: ['role'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const client of hub().clientList()) this.inc({ role: client.role });
    },
  });
  new Counter({
    name: 'hub_messages_total',
    help: 'Socket events since the hub started, by kind',
    labelNames: ['kind'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const [kind, n] of Object.entries(hub().counters)) this.inc({ kind }, n);
    },
  });
  new Gauge({
    name: 'hub_screen_data_age_seconds',
    help: 'Age of the last good copy of each platform call (-1: never fetched)',
    labelNames: ['data'] as const,
    registers: [register],
    collect() {
      const now = Date.now();
      for (const key of SCREEN_DATA_KEYS) this.set({ data: key }, ageSeconds(platform.ages[key], now) ?? -1);
    },
  });
  const labelNames = ['route', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Media server requests by route pattern, method and status',
    labelNames,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Media server answer time by route pattern, method and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  web.addHook('onResponse', async (request, reply) => {
    const labels = {
      route: request.routeOptions.url ?? 'unmatched',
      method: request.method,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
  const allowed = (request: FastifyRequest) => {
    if (!token) return true;
    const given = Buffer.from(request.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${token}`);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  };
  web.get('/metrics', async (request, reply) => {
    if (!allowed(request))
      return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
    return reply.type(register.contentType).send(await register.metrics());
  });
  return register;
}
