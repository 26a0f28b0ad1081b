import { api, messages, TOY_PICTURES, TOY_STATUS } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { toys } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic } from '../../lib/urls.js';
import { audit } from '../audit/index.js';
import { RECEIPT_KIND } from '../holdings/index.js';
import { assertPictures, type PictureUser, usableUploads } from '../upload/index.js';
import { assertDeletable, assertEditable, findToy, listToys, now, type ToyTableRow, toyWires } from './queries.js';

const m = messages.toy;

/**
 * The picture of a toy or scene (spec 03 §5): one of the merchant's uploads, of the exact pixel
 * size of its type; a toy's must be a GIF by content (欧气精灵仅限GIF图片), whatever its name says.
 */
export async function assertToyPicture(db: Db | Tx, config: Config, user: PictureUser, type: 1 | 2, value: string) {
  const rule = TOY_PICTURES[type];
  const usable = await usableUploads(db, config, user, [value]);
  const row = usable.get(value);
  if (row && !(rule.mimes as readonly string[]).includes(row.mime)) throw httpError(400, m.toyGifOnly);
  await assertPictures(db, config, user, [value], { width: rule.width, height: rule.height });
}

/**
 * Declarations: shared/src/features/toy-routes.ts toyRoutes (box_admin, per_id 14). Tables: toys,
 * virtual_receipts (received, counted). Tenancy first: another merchant's toy is 404. A save puts
 * the item (back) to review; every write is audited in its transaction.
 */
const toyRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;
  const wire = async (tx: Tx, row: ToyTableRow) => (await toyWires(tx, config, [row]))[0]!;

  app.route(
    routeOf(api.toy.list, async (query, request) =>
      listToys(db, config, request.scope, {
        page: query.page,
        limit: query.limit,
        type: query.type,
        name: query.name,
      }),
    ),
  );

  app.route(
    routeOf(api.toy.save, async (body, request) => {
      const user = request.user!;
      if (body.id === null) {
        const type = body.type as 1 | 2;
        await assertToyPicture(db, config, user, type, body.image_url);
        return db.transaction(async (tx) => {
          const [row] = await tx
            .insert(toys)
            .values({
              ipId: body.ip_id!,
              type,
              name: body.name,
              imageUrl: keyOfPic(config, body.image_url),
              short: body.short,
              isBoxGoods: body.is_box_goods,
            })
            .returning();
          await audit(tx, request, {
            entity: 'toy',
            id: row!.id,
            ipId: row!.ipId,
            action: 'create',
            after: await wire(tx, row!),
          });
          return { id: row!.id, status: row!.status };
        });
      }
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const current = await findToy(tx, brandIds, body.id!);
        const imageKey = keyOfPic(config, body.image_url);
        assertEditable(current, { name: body.name, imageKey, short: body.short });
        if (current.imageUrl !== imageKey)
          await assertToyPicture(tx, config, user, current.type as 1 | 2, body.image_url);
        const before = await wire(tx, current);
        const resubmit = current.status === TOY_STATUS.rejected;
        const [row] = await tx
          .update(toys)
          .set({
            name: body.name,
            imageUrl: imageKey,
            short: body.short,
            isBoxGoods: body.is_box_goods,
            ...(resubmit ? { status: TOY_STATUS.pending, remark: '' } : {}),
            updatedAt: now,
          })
          .where(eq(toys.id, current.id))
          .returning();
        await audit(tx, request, {
          entity: 'toy',
          id: row!.id,
          ipId: row!.ipId,
          action: 'update',
          before,
          after: await wire(tx, row!),
        });
        return { id: row!.id, status: row!.status };
      });
    }),
  );

  app.route(
    routeOf(api.toy.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await findToy(tx, brandIds, body.id);
        await assertDeletable(tx, RECEIPT_KIND.toy, current);
        const before = await wire(tx, current);
        await tx.delete(toys).where(eq(toys.id, current.id));
        await audit(tx, request, { entity: 'toy', id: current.id, ipId: current.ipId, action: 'delete', before });
      });
      return null;
    }),
  );

  app.route(
    routeOf(api.toy.setDrop, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const current = await findToy(tx, brandIds, body.id);
        if (current.status === TOY_STATUS.pending) throw httpError(409, m.dropPending);
        const before = await wire(tx, current);
        const [row] = await tx
          .update(toys)
          .set({ isBoxGoods: body.is_box_goods, updatedAt: now })
          .where(eq(toys.id, current.id))
          .returning();
        await audit(tx, request, {
          entity: 'toy',
          id: row!.id,
          ipId: row!.ipId,
          action: 'update',
          before,
          after: await wire(tx, row!),
        });
        return { id: row!.id, is_box_goods: row!.isBoxGoods };
      });
    }),
  );
};

export default toyRoutes;
