import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document, generated from the routes' zod schemas: JSON at /docs/json, a page at
 * /docs. Every operation carries the declaration's operationId (`warehouse.list`, …).
 */
const docs: FastifyPluginAsync = async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '盲盒商家平台 API',
        description:
          'Every JSON answer is the envelope {status, msg, data}; success is status 0 and an error carries its HTTP status in `status`. ' +
          'Signed calls send `sign` and `mt` (see shared/src/sign.ts), and a signed write also a fresh `nonce` (a signed write ' +
          'already seen is refused as a replay, 409); calls that need a login send `web_token`. The signing secret is public: ' +
          'the signature is not an authentication, the session is.',
        version: '0.1.0',
      },
      servers: [{ url: app.appConfig.publicUrl }],
      components: {
        securitySchemes: {
          sign: {
            type: 'apiKey',
            in: 'header',
            name: 'sign',
            description: 'sha256 of path, secret, mt and the sorted params',
          },
          mt: { type: 'apiKey', in: 'header', name: 'mt', description: 'unix seconds, within ±300 s' },
          web_token: { type: 'apiKey', in: 'header', name: 'web_token', description: 'session token from login' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
};

export default fp(docs, { name: 'docs' });
