import { AVATAR_SIZE, api, messages } from '@toy/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { sessions, users } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { picUrl } from '../../lib/urls.js';
import { usableUploads } from '../upload/index.js';
import { menuFor } from './menu.js';

/** Declarations: shared/src/features/user.ts. Table: users. */
const userRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.user.info, (_query, request) => {
      const user = request.user!;
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        avatar: picUrl(config, user.avatar),
        type: user.type,
        per_ids: user.per_ids,
        roles: user.roles,
        menus: menuFor(user.roles),
      };
    }),
  );

  app.route(
    routeOf(api.user.resetPassword, async (body, request) => {
      const user = request.user!;
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
      if (!row || !(await verifyPassword(body.old_password, row.hash))) {
        throw httpError(400, messages.auth.oldPasswordWrong);
      }
      const passwordHash = await hashPassword(body.new_password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(
            and(eq(sessions.userId, user.id), ne(sessions.token, request.sessionToken!), isNull(sessions.revokedAt)),
          );
      });
      return null;
    }),
  );

  /** The avatar is an image the user may use (upload/pictures.ts), 800×800; another merchant's key is 404 like a missing one. */
  app.route(
    routeOf(api.user.updateAvatar, async (body, request) => {
      const user = request.user!;
      const upload = (await usableUploads(db, config, user, [body.avatar])).get(body.avatar);
      if (upload?.kind !== 'image') throw notFound();
      const key = upload.key;
      if (upload.width !== AVATAR_SIZE.width || upload.height !== AVATAR_SIZE.height) {
        throw httpError(400, messages.upload.imageSize(AVATAR_SIZE.width, AVATAR_SIZE.height));
      }
      await db.update(users).set({ avatar: key }).where(eq(users.id, user.id));
      return { avatar: picUrl(config, key) };
    }),
  );
};

export default userRoutes;
