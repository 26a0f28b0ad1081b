import { ALBUM_LIMITS, api, messages } from '@toy/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { albumLikes, albums, collectibles } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import { audit } from '../audit/index.js';
import { assertPictures } from '../upload/index.js';
import { albumWire, listAlbums, lockAlbum } from './queries.js';

const m = messages.album;

/**
 * Declarations: shared/src/features/album.ts (nft_admin, per_id 12; player.likeAlbum public with
 * the player's session). Tables: albums, album_likes (like_num), collectibles (catalog_id: the
 * album's goods), their items and holdings (stock, through collectible/holdings.ts). Tenancy
 * first: another merchant's album is 404. Every write is audited in its own transaction.
 */
const albumRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache, appConfig: config } = app;

  app.route(routeOf(api.album.list, async (query, request) => listAlbums(db, config, request.scope, query)));

  app.route(
    routeOf(api.album.save, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        // The brand is locked when editing: an album stays in its own brand.
        const current = body.id === undefined ? null : await lockAlbum(tx, brandIds, body.id);
        await assertPictures(tx, config, request.user!, [body.pic], ALBUM_LIMITS.logo);
        await assertPictures(tx, config, request.user!, [body.bg_pic], ALBUM_LIMITS.background);
        const values = {
          title: body.title,
          pic: keyOfPic(config, body.pic),
          bgPic: keyOfPic(config, body.bg_pic),
          content: body.content,
        };
        if (!current) {
          const [row] = await tx
            .insert(albums)
            .values({ ipId: body.ip_id, ...values })
            .returning();
          const after = await albumWire(tx, config, row!);
          await audit(tx, request, { entity: 'album', id: row!.id, ipId: row!.ipId, action: 'create', after });
          return { id: row!.id };
        }
        const before = await albumWire(tx, config, current);
        const [row] = await tx.update(albums).set(values).where(eq(albums.id, current.id)).returning();
        const after = await albumWire(tx, config, row!);
        await audit(tx, request, { entity: 'album', id: row!.id, ipId: row!.ipId, action: 'update', before, after });
        return { id: row!.id };
      });
    }),
  );

  app.route(
    routeOf(api.album.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await lockAlbum(tx, brandIds, body.id);
        const before = await albumWire(tx, config, current);
        // Its collectibles stay, out of any album.
        await tx.update(collectibles).set({ catalogId: null }).where(eq(collectibles.catalogId, current.id));
        await tx.delete(albums).where(eq(albums.id, current.id));
        await audit(tx, request, { entity: 'album', id: current.id, ipId: current.ipId, action: 'delete', before });
      });
      return null;
    }),
  );

  // A player likes an album once; a second like is refused and counts nothing.
  app.route(
    routeOf(api.player.likeAlbum, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ id: albums.id }).from(albums).where(eq(albums.id, body.id)).limit(1);
        if (!row) throw httpError(404, m.notFound);
        const liked = await tx
          .insert(albumLikes)
          .values({ albumId: row.id, playerId })
          .onConflictDoNothing()
          .returning({ id: albumLikes.albumId });
        if (liked.length === 0) throw httpError(409, m.liked);
        const [n] = await tx.select({ n: count() }).from(albumLikes).where(eq(albumLikes.albumId, row.id));
        return { like_num: Number(n?.n ?? 0) };
      });
    }),
  );
};

export default albumRoutes;
