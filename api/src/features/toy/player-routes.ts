import { api } from '@toy/shared';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { moments, skins, toys, virtualReceipts, wallpapers } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';
import { RECEIPT_KIND } from '../holdings/index.js';

/**
 * Declarations: shared/src/features/toy-routes.ts playerToyRoutes. Tables: virtual_receipts with
 * toys, moments, wallpapers and skins (what each item is). A player sees only its own receipts.
 */
interface Described {
  id: number;
  ipId: number;
  name: string;
  image: string;
  type: number;
}

const playerToyRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache, appConfig: config } = app;
  /** What each kind of receipt is: name, picture, type (scenes are toys of type 2). */
  const DESCRIBE: Record<string, (ids: number[]) => Promise<Described[]>> = {
    [RECEIPT_KIND.toy]: (ids) =>
      db
        .select({ id: toys.id, ipId: toys.ipId, name: toys.name, image: toys.imageUrl, type: toys.type })
        .from(toys)
        .where(inArray(toys.id, ids)),
    [RECEIPT_KIND.moment]: (ids) =>
      db
        .select({
          id: moments.id,
          ipId: moments.ipId,
          name: moments.name,
          image: moments.imageUrlWatermark,
          type: sql<number>`0`,
        })
        .from(moments)
        .where(inArray(moments.id, ids)),
    [RECEIPT_KIND.wallpaper]: (ids) =>
      db
        .select({
          id: wallpapers.id,
          ipId: wallpapers.ipId,
          name: wallpapers.name,
          image: wallpapers.imageUrl,
          type: wallpapers.type,
        })
        .from(wallpapers)
        .where(inArray(wallpapers.id, ids)),
    [RECEIPT_KIND.skin]: (ids) =>
      db
        .select({ id: skins.id, ipId: skins.ipId, name: skins.title, image: skins.showPic, type: sql<number>`17` })
        .from(skins)
        .where(inArray(skins.id, ids)),
  };

  app.route(
    routeOf(api.player.virtualGoods, async (query, request) => {
      const playerId = await playerOf(db, cache, request);
      const where: SQL[] = [eq(virtualReceipts.playerId, playerId)];
      if (query.kind) where.push(eq(virtualReceipts.kind, query.kind));
      const receipts = await db
        .select()
        .from(virtualReceipts)
        .where(and(...where))
        .orderBy(desc(virtualReceipts.id));
      const items = new Map<string, Described>();
      for (const [kind, describe] of Object.entries(DESCRIBE)) {
        const ids = receipts.filter((r) => r.kind === kind).map((r) => r.itemId);
        if (ids.length > 0) for (const d of await describe(ids)) items.set(`${kind}:${d.id}`, d);
      }
      const list = receipts
        .map((r) => ({ r, item: items.get(`${r.kind}:${r.itemId}`) }))
        .filter((x) => x.item && (query.ip_id === undefined || x.item.ipId === query.ip_id))
        .map(({ r, item }) => ({
          kind: r.kind,
          item_id: r.itemId,
          ip_id: item!.ipId,
          name: item!.name,
          image_url: picUrl(config, item!.image),
          type: item!.type,
          source: r.source,
          source_id: r.sourceId,
          created_at: formatTime(r.createdAt),
        }));
      const start = (query.page - 1) * query.limit;
      return {
        list: list.slice(start, start + query.limit),
        pagination: { page: query.page, limit: query.limit, total_rows: list.length },
      };
    }),
  );
};

export default playerToyRoutes;
