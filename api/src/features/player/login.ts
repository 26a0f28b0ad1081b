import { randomBytes } from 'node:crypto';
import { api, messages, PLAYER_LOGIN } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { playerSessions, players } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { addressKey } from '../auth/index.js';
import { checkCode, issueCode } from './login-code.js';
import { smsProviderOf } from './sms.js';

const SESSION_DAYS = 30;
/** Coins a new player starts with, fen (demo: 20 coins = 20 yuan). */
const WELCOME_COINS = 2000;

/**
 * The player's login (declarations player.code and player.login, shared/src/features/player.ts;
 * tables player_login_codes, player_login_failures, players, player_sessions): a 6-digit code is
 * sent through the SMS provider (config SMS_PROVIDER; the embedded default logs it), and the
 * phone with its code (or, in demo mode, PLAYER_DEMO_CODE) gets a session. The rules are in
 * login-code.ts; the clock is config.now.
 */
const playerLoginRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;
  const sms = smsProviderOf(config.sms, app.log);

  app.route(
    routeOf(api.player.code, async (body, request) => {
      const issued = await issueCode(db, { phone: body.phone, address: addressKey(request.ip), now: config.clock() });
      try {
        await sms.send(body.phone, messages.player.smsText(issued.code, PLAYER_LOGIN.codeMinutes));
      } catch (error) {
        request.log.error({ err: error }, 'login code not sent');
        throw httpError(503, messages.player.smsFailed);
      }
      return { resend_after: issued.resendAfter, expires_in: issued.expiresIn };
    }),
  );

  app.route(
    routeOf(api.player.login, async (body, request) => {
      await checkCode(db, {
        phone: body.phone,
        code: body.code,
        address: addressKey(request.ip),
        now: config.clock(),
        demoCode: config.playerDemoCode,
      });
      const [existing] = await db.select().from(players).where(eq(players.phone, body.phone));
      const player =
        existing ??
        (
          await db
            .insert(players)
            .values({
              phone: body.phone,
              nickname: body.nickname || `玩家${body.phone.slice(-4)}`,
              coins: WELCOME_COINS,
            })
            .onConflictDoUpdate({ target: players.phone, set: { phone: body.phone } })
            .returning()
        )[0]!;
      const token = randomBytes(32).toString('hex');
      await db
        .insert(playerSessions)
        .values({ token, playerId: player.id, expiresAt: new Date(Date.now() + SESSION_DAYS * 86400_000) });
      return {
        player_token: token,
        player: { id: player.id, nickname: player.nickname, coins: fenToYuan(player.coins) },
      };
    }),
  );
};

export default playerLoginRoutes;
