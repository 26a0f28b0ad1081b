import type { FastifyPluginAsync } from 'fastify';
import playerLoginRoutes from './login.js';

/**
 * The player's sessions (declarations: shared/src/features/player.ts): login by one-time code
 * (login.ts, login-code.ts, sms.ts) giving the player_token every player call carries
 * (http/player-session.ts). The player's calls live with what they act on: draws in draw-machine/,
 * the cabinet in deposit/, pickups in pickup/, orders in order/, coupons in coupon/, subscriptions
 * in subscription/, kujis, toys, collectibles… in theirs (each feature's player-routes.ts).
 */
const playerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(playerLoginRoutes);
};

export default playerRoutes;
