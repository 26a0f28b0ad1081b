import { firstMessage, forAccount, messages } from '@toy/shared';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/errors.js';

const m = messages.common;
const INVALID_JSON = '请求内容不是有效的 JSON';
const NO_ROUTE = '接口不存在';

/** Framework error codes and the envelope they answer with. */
const KNOWN: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, m.unsupportedBody],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, m.unsupportedBody],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, m.bodyTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, m.bodyTooLarge],
  FST_PARTS_LIMIT: [413, m.bodyTooLarge],
  FST_FILES_LIMIT: [413, m.bodyTooLarge],
  FST_FIELDS_LIMIT: [413, m.bodyTooLarge],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, INVALID_JSON],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, INVALID_JSON],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, m.badRequest],
};

export const sendEnvelope = (reply: FastifyReply, status: number, msg: string) =>
  reply.code(status).send({ status, msg, data: null });

/** The issues of the zod error behind a validation failure, rebuilt for shared `firstMessage`. */
function messageOfValidation(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return m.badRequest;
  const issues = error.validation.map((v) => ({
    ...v.params,
    code: v.keyword,
    message: v.message ?? m.badRequest,
    path: v.instancePath.split('/').filter(Boolean),
  }));
  return firstMessage(new z.ZodError(issues as z.core.$ZodIssue[]));
}

/**
 * Plugin 5: every failure answers the envelope `{status, msg, data: null}` with the same HTTP
 * status. Validation → 400 with the rule table's message; unknown errors → 500, logged.
 */
const errorHandler: FastifyPluginAsync = async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A shop account reads 店铺 where a message means the account's own brand (shared forAccount).
    const worded = (msg: string) => forAccount(msg, request.user?.type);
    if (error instanceof HttpError) return sendEnvelope(reply, error.statusCode, worded(error.message));
    if (error.validation) return sendEnvelope(reply, 400, worded(messageOfValidation(error)));
    const known = error.code ? KNOWN[error.code] : undefined;
    if (known) return sendEnvelope(reply, known[0], known[1]);
    if (error instanceof SyntaxError) return sendEnvelope(reply, 400, INVALID_JSON);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return sendEnvelope(reply, status, status === 404 ? m.notFound : m.badRequest);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendEnvelope(reply, 500, m.internal);
  });

  app.setNotFoundHandler((_request, reply) => sendEnvelope(reply, 404, NO_ROUTE));
};

export default fp(errorHandler, { name: 'error-handler' });
