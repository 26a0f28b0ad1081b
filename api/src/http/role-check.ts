import { messages } from '@toy/shared';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from '../lib/errors.js';

/** Plugin 3: a route whose access is a role name needs that role (admin holds every role). */
const roleCheck: FastifyPluginAsync = async (app) => {
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config.route?.access;
    if (!access || access === 'public' || access === 'session') return;
    const user = request.user;
    if (!user) throw httpError(401, messages.common.sessionExpired);
    if (!user.isAdmin && !user.roles.includes(access)) throw httpError(403, messages.common.forbidden);
  });
};

export default fp(roleCheck, { name: 'role-check', dependencies: ['session'] });
