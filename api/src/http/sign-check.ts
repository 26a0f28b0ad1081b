import { messages, SIGN_WINDOW_SECONDS, type SignParams, sign } from '@toy/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { safeEqual } from '../lib/seal.js';
import { httpError } from './errors.js';

const m = messages.common;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : '';
};

/** What the client signed: the raw query for GET, the JSON body for POST. */
function paramsOf(request: FastifyRequest): SignParams {
  const value = request.method === 'GET' || request.method === 'HEAD' ? request.query : request.body;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * Plugin 1: every declared route with `signed !== false` carries `sign` and `mt` (DESIGN.md
 * "Signing"). Runs before validation, on the raw input, so the check sees what the client signed.
 */
const signCheck: FastifyPluginAsync = async (app) => {
  const secret = app.appConfig.appSecret;
  app.addHook('preValidation', async (request) => {
    const def = request.routeOptions.config.route;
    if (!def || def.signed === false) return;
    const given = header(request, 'sign');
    const mt = header(request, 'mt');
    if (!given || !mt) throw httpError(401, m.signMissing);
    if (!/^\d{1,12}$/.test(mt)) throw httpError(401, m.signInvalid);
    const path = request.url.split('?')[0]!;
    if (!safeEqual(given.toLowerCase(), sign(path, secret, mt, paramsOf(request)))) throw httpError(401, m.signInvalid);
    if (Math.abs(Date.now() / 1000 - Number(mt)) > SIGN_WINDOW_SECONDS) throw httpError(401, m.signExpired);
  });
};

export default fp(signCheck, { name: 'sign-check' });
