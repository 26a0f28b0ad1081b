import { api, messages, WALLPAPER_LIMITS } from '@toy/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { virtualReceipts, wallpapers } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import { audit } from '../audit/index.js';
import { RECEIPT_KIND } from '../holdings/index.js';
import { assertPictures } from '../upload/index.js';
import { listWallpapers, lockWallpaper, wallpaperWire } from './queries.js';

const m = messages.wallpaper;
const PICTURE = { width: WALLPAPER_LIMITS.width, height: WALLPAPER_LIMITS.height };

/**
 * Declarations: shared/src/features/wallpaper.ts (box_admin, per_id 14). Tables: wallpapers,
 * virtual_receipts (received). Tenancy first: another merchant's wallpaper is 404. Every write is
 * audited in its own transaction. Drops to players: ./drops.ts.
 */
const wallpaperRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(routeOf(api.wallpaper.list, async (query, request) => listWallpapers(db, config, request.scope, query)));

  app.route(
    routeOf(api.wallpaper.create, async (body, request) => {
      return db.transaction(async (tx) => {
        // One wallpaper a picture: each an upload of the merchant's, 600×600.
        await assertPictures(tx, config, request.user!, body.images, PICTURE);
        const ids: number[] = [];
        for (const image of body.images) {
          const [row] = await tx
            .insert(wallpapers)
            .values({
              ipId: body.ip_id,
              name: body.name,
              imageUrl: keyOfPic(config, image),
              short: body.short,
              type: body.type,
            })
            .returning();
          await audit(tx, request, {
            entity: 'wallpaper',
            id: row!.id,
            ipId: row!.ipId,
            action: 'create',
            after: await wallpaperWire(tx, config, row!),
          });
          ids.push(row!.id);
        }
        return { ids };
      });
    }),
  );

  app.route(
    routeOf(api.wallpaper.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await lockWallpaper(tx, brandIds, body.id);
        const [held] = await tx
          .select({ n: count() })
          .from(virtualReceipts)
          .where(and(eq(virtualReceipts.kind, RECEIPT_KIND.wallpaper), eq(virtualReceipts.itemId, current.id)));
        if (Number(held?.n ?? 0) > 0) throw httpError(409, m.received);
        const before = await wallpaperWire(tx, config, current);
        await tx.delete(wallpapers).where(eq(wallpapers.id, current.id));
        await audit(tx, request, { entity: 'wallpaper', id: current.id, ipId: current.ipId, action: 'delete', before });
      });
      return null;
    }),
  );
};

export default wallpaperRoutes;
