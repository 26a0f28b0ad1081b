import { envelopeOf } from '@toy/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendEnvelope } from '../../http/error-handler.js';
import { errorEnvelope } from '../../http/route.js';

const health = envelopeOf(z.object({ db: z.literal('ok'), uptime: z.number() }));

/** GET /healthz: the database answers `select 1`. Unsigned, for load balancers. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'health.check',
        summary: '健康检查',
        tags: ['health'],
        response: { 200: health, '5xx': errorEnvelope },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return sendEnvelope(reply, 503, '数据库不可用');
      }
      return { status: 0, msg: 'ok', data: { db: 'ok' as const, uptime: Math.round(process.uptime()) } };
    },
  );
};

export default healthRoutes;
