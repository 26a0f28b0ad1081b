import { messages, NONCE_PATTERN, SIGN_WINDOW_SECONDS, type SignParams, sign } from '@toy/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../lib/errors.js';
import { safeEqual } from '../lib/seal.js';
import { claimSignature, pruneSignatures } from './replay.js';

const m = messages.common;

/** How often each API copy drops the signatures whose window has passed. */
const PRUNE_MS = 60_000;

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
 * Plugin 1: every declared route with `signed !== false` carries `sign` and `mt` (and a write its
 * `nonce`; DESIGN.md "Signing"). Runs before validation, on the raw input, so the check sees what
 * the client signed. A write whose signature was already accepted is a replay: refused, whichever
 * API copy saw it first (http/replay.ts). The secret is public (the console ships it), so this
 * stops tampering and replays; who is calling is the session's business (plugin 2).
 */
const signCheck: FastifyPluginAsync = async (app) => {
  const secret = app.appConfig.appSecret;
  app.addHook('preValidation', async (request) => {
    const def = request.routeOptions.config.route;
    if (!def || def.signed === false) return;
    const given = header(request, 'sign');
    const mt = header(request, 'mt');
    const nonce = header(request, 'nonce');
    if (!given || !mt) throw httpError(401, m.signMissing);
    if (!/^\d{1,12}$/.test(mt)) throw httpError(401, m.signInvalid);
    if (nonce && !NONCE_PATTERN.test(nonce)) throw httpError(400, messages.guard.badNonce);
    const path = request.url.split('?')[0]!;
    const expected = sign(path, secret, mt, paramsOf(request), nonce || undefined);
    if (!safeEqual(given.toLowerCase(), expected)) throw httpError(401, m.signInvalid);
    if (Math.abs(Date.now() / 1000 - Number(mt)) > SIGN_WINDOW_SECONDS) throw httpError(401, m.signExpired);
    if (request.method !== 'GET' && request.method !== 'HEAD' && !(await claimSignature(app.db, expected, Number(mt))))
      throw httpError(409, messages.guard.replayed);
  });

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const prune = () => {
    running ??= pruneSignatures(app.db)
      .catch((err) => app.log.warn({ err }, 'pruning request signatures failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(prune, PRUNE_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
};

export default fp(signCheck, { name: 'sign-check' });
