import { envelopeOf, type RouteDef, type RouteOutput, type RouteParsed } from '@toy/shared';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

/** The envelope every error answers with; documented on every route. */
export const errorEnvelope = envelopeOf(z.null()).describe('错误：status 与 HTTP 状态码相同，msg 为中文提示');

export type Handler<D extends RouteDef> = (
  input: RouteParsed<D>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<RouteOutput<D>> | RouteOutput<D>;

/** OpenAPI security requirements of a declaration (signed headers and/or the session token). */
function securityOf(def: RouteDef): Record<string, string[]>[] {
  const req: Record<string, string[]> = {};
  if (def.signed !== false) Object.assign(req, { sign: [], mt: [] });
  if (def.access !== 'public') req.web_token = [];
  return Object.keys(req).length ? [req] : [];
}

/**
 * Register a route from its shared declaration: method, path, the query or body schema, the
 * response wrapped in the envelope, the operationId, and `config.route` for the sign, session, role
 * and tenancy plugins. The handler returns the envelope's `data`.
 *
 *   app.route(routeOf(api.warehouse.list, async (query, request) => …))
 */
export function routeOf<D extends RouteDef>(def: D, handler: Handler<D>): RouteOptions {
  return {
    method: def.method,
    url: def.path,
    schema: {
      operationId: def.operationId,
      summary: def.summary,
      tags: [def.operationId.split('.')[0]!],
      security: securityOf(def),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: {
        200: envelopeOf(def.response).describe('成功：status 为 0'),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    config: { route: def },
    handler: async (request, reply) => {
      const input = (def.query ? request.query : def.body ? request.body : undefined) as RouteParsed<D>;
      const data = await handler(input, request, reply);
      return { status: 0, msg: 'ok', data };
    },
  };
}
