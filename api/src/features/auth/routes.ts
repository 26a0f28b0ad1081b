import { api } from '@toy/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routeOf } from '../../http/route.js';
import { membershipPage } from './membership-page.js';
import { mobileLoginPage } from './mobile-page.js';
import { confirmQr, findQrToken, isQrExpired, issueQrToken, pollQr } from './qr.js';
import { checkCredentials, createSession, revokeSession, sessionOf } from './service.js';
import { throttledLogin } from './throttle.js';

/** Declarations: shared/src/features/auth.ts. Tables: sessions, qr_tokens, login_failures. */
const authRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(routeOf(api.auth.qrToken, () => issueQrToken(db, config)));

  app.route(routeOf(api.auth.qrLogin, (body) => pollQr(db, config, body.token)));

  /** A password check, throttled per account and per address (throttle.ts). */
  const credentials = (request: FastifyRequest, email: string, password: string) =>
    throttledLogin(db, config.loginLimits, request, 'merchant', email, () => checkCredentials(db, email, password));

  app.route(
    routeOf(api.auth.qrConfirm, (body, request) =>
      confirmQr(db, config, body.token, () => credentials(request, body.email, body.password)),
    ),
  );

  app.route(
    routeOf(api.auth.login, async (body, request) => {
      const user = await credentials(request, body.email, body.password);
      return sessionOf(config, user, await createSession(db, config, user.id));
    }),
  );

  app.route(
    routeOf(api.auth.logout, async (_body, request) => {
      if (request.sessionToken) await revokeSession(db, request.sessionToken);
      return null;
    }),
  );

  /** The mobile confirmation page a login QR encodes (HTML, not the envelope). */
  app.get(
    '/m/login',
    {
      schema: {
        operationId: 'auth.mobilePage',
        summary: '手机端扫码确认页（HTML）',
        tags: ['auth'],
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const { token } = request.query as { token?: string };
      const row = token ? await findQrToken(db, token) : null;
      const state =
        !row || row.consumedAt || isQrExpired(row, config.clock()) ? 'expired' : row.confirmedAt ? 'used' : 'ready';
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(mobileLoginPage(state));
    },
  );

  /** The membership page the login page's 购买/续费会员 QR and link open. */
  app.get(
    '/m/membership',
    { schema: { operationId: 'auth.membershipPage', summary: '购买/续费会员（HTML）', tags: ['auth'] } },
    async (_request, reply) => reply.type('text/html; charset=utf-8').send(membershipPage()),
  );
};

export default authRoutes;
