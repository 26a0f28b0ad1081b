import { messages } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../lib/errors.js';

/**
 * Input guards that hold for every route, whatever its schema (DESIGN.md "Bad input"):
 * - JSON bodies nested deeper than MAX_DEPTH are refused while parsing, before the signature and the
 *   session are checked (a deep body would otherwise exhaust the stack of whatever walks it first);
 * - no text may hold a NUL character (PostgreSQL cannot store it): `findNul` is run on the query and
 *   the body before the route's schema (app.ts, the validator).
 */
export const MAX_DEPTH = 32;

/** True when `text`, read as JSON, opens more than `max` arrays and objects inside each other. */
export function tooDeep(text: string, max = MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/** True when a string anywhere in `value` (keys included) holds U+0000. `value` is of bounded depth. */
export function findNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > MAX_DEPTH + 1) return false;
  if (Array.isArray(value)) return value.some((v) => findNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) if (key.includes('\u0000') || findNul(v, depth + 1)) return true;
  return false;
}

/** The JSON body parser: the framework's own (prototype poisoning refused), after the depth check. */
const inputGuard: FastifyPluginAsync = async (app) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (tooDeep(text)) return done(httpError(400, messages.guard.tooDeep), undefined);
    parse(request, text, done);
  });
};

export default fp(inputGuard, { name: 'input-guard' });
