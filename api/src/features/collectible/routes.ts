import { api, COMPOSE_STATUS, COMPOSE_TARGET_TYPES, composeStatusOf, messages } from '@toy/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from '../../db/client.js';
import {
  albums,
  collectibleHoldings,
  collectibleItems,
  collectibles,
  composeGroupCollectibles,
  composeGroups,
  composeRules,
} from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { assignAlbum } from '../album/index.js';
import { audit } from '../audit/index.js';
import { collectibleDetailOf, findCollectible, listCollectibles, lockCollectibles } from './queries.js';
import { checkUploads } from './uploads.js';

const m = messages.collectible;

/**
 * Declarations: shared/src/features/collectible.ts (nft_admin, per_id 12). Tables: collectibles,
 * collectible_items, collectible_holdings (remaining stock, held copies), albums (read only).
 * Tenancy first: another merchant's collectible or album is 404. Every write is audited in its
 * transaction. Minting copies to players: ./holdings.ts; the player's calls: ./player-routes.ts.
 */
const collectibleRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;

  app.route(
    routeOf(api.collectible.list, async (query, request) => listCollectibles(db, config, request.scope, query)),
  );

  app.route(
    routeOf(api.collectible.detail, async (query, request) => {
      const row = await findCollectible(db, request.brandIds, query.id);
      return { info: await collectibleDetailOf(db, config, row) };
    }),
  );

  app.route(
    routeOf(api.collectible.create, async (body, request) => {
      return db.transaction(async (tx) => {
        if (body.catalog_id !== null) {
          const [album] = await tx
            .select({ id: albums.id })
            .from(albums)
            .where(and(eq(albums.id, body.catalog_id), eq(albums.ipId, body.ip_id)));
          if (!album) throw httpError(404, messages.album.notFound);
        }
        const checked = await checkUploads(tx, config, storage, request.user!, body);
        const [row] = await tx
          .insert(collectibles)
          .values({
            ipId: body.ip_id,
            catalogId: body.catalog_id,
            type: body.type,
            title: body.title,
            pic: checked.cover,
            picDesc: checked.picDesc,
            author: body.author,
            copyrightCharge: body.copyright_charge,
            goodsContent: body.goods_content,
          })
          .returning();
        const items = checked.files.map((file, i) => {
          const given = body.items[i];
          return {
            collectibleId: row!.id,
            serial: i + 1,
            title: given?.title || `${body.title}#${i + 1}`,
            pic: body.type === 1 ? checked.cover : file.key,
            filePath: file.key,
            fileHash: file.hash,
            fileType: file.fileType,
            stock: body.type === 1 ? body.stock : (given?.stock ?? 1),
            coord: given?.coord ?? '',
          };
        });
        for (let i = 0; i < items.length; i += 500) await tx.insert(collectibleItems).values(items.slice(i, i + 500));
        await audit(tx, request, {
          entity: 'collectible',
          id: row!.id,
          ipId: row!.ipId,
          action: 'create',
          after: await collectibleDetailOf(tx, config, row!),
        });
        return { id: row!.id };
      });
    }),
  );

  app.route(
    routeOf(api.collectible.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const rows = await lockCollectibles(tx, brandIds, body.ids);
        const [held] = await tx
          .select({ n: count() })
          .from(collectibleHoldings)
          .where(inArray(collectibleHoldings.collectibleId, body.ids));
        if (Number(held?.n ?? 0) > 0) throw httpError(409, m.deleteHeld);
        await refuseInRules(tx, rows);
        for (const row of rows) {
          const before = await collectibleDetailOf(tx, config, row);
          await tx.delete(collectibles).where(eq(collectibles.id, row.id));
          await audit(tx, request, { entity: 'collectible', id: row.id, ipId: row.ipId, action: 'delete', before });
        }
      });
      return null;
    }),
  );

  app.route(
    routeOf(api.collectible.setAlbum, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction((tx) => assignAlbum(tx, request, 'collectible', brandIds, body));
      return null;
    }),
  );
};

/**
 * A collectible a compose rule consumes (in a group) or grants (its target) is not deleted while the
 * rule has not ended: the rule would be left with a blank target or group and players would get
 * 合成库存不足. A rule not started yet can be changed or deleted first; one under way cannot (only its
 * time and stock change), so the answer says to wait for its end. Ended rules no longer block it.
 */
async function refuseInRules(tx: Tx, rows: { id: number; title: string }[]) {
  const ids = rows.map((r) => r.id);
  const rule = { id: composeRules.id, beginAt: composeRules.beginAt, endAt: composeRules.endAt };
  const inGroups = await tx
    .select({ ...rule, collectible: composeGroupCollectibles.collectibleId })
    .from(composeGroupCollectibles)
    .innerJoin(composeGroups, eq(composeGroups.id, composeGroupCollectibles.groupId))
    .innerJoin(composeRules, eq(composeRules.id, composeGroups.composeId))
    .where(inArray(composeGroupCollectibles.collectibleId, ids));
  const asTarget = await tx
    .select({ ...rule, collectible: composeRules.virtualId })
    .from(composeRules)
    .where(and(eq(composeRules.virtualType, COMPOSE_TARGET_TYPES[0].value), inArray(composeRules.virtualId, ids)));
  const now = new Date();
  const used = [...inGroups, ...asTarget].map((u) => ({ ...u, status: composeStatusOf(u.beginAt, u.endAt, now) }));
  const refusals = [
    { status: COMPOSE_STATUS[0].value, message: m.deleteInRule },
    { status: COMPOSE_STATUS[1].value, message: m.deleteInOngoingRule },
  ].flatMap(({ status, message }) => {
    const of = used.filter((u) => u.status === status);
    if (!of.length) return [];
    const titles = rows.filter((r) => of.some((u) => u.collectible === r.id)).map((r) => r.title);
    return [
      message(
        titles,
        [...new Set(of.map((u) => u.id))].sort((x, y) => x - y),
      ),
    ];
  });
  if (refusals.length) throw httpError(409, refusals.join('；'));
}

export default collectibleRoutes;
