import { api, messages, TOY_STATUS } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { brands, moments } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { keyOfPic, picUrl } from '../../lib/urls.js';
import { audit } from '../audit/index.js';
import { RECEIPT_KIND } from '../holdings/index.js';
import { assertPictures, usableUploads } from '../upload/index.js';
import {
  assertDeletable,
  assertEditable,
  findMoment,
  listMoments,
  type MomentTableRow,
  momentWires,
  now,
} from './queries.js';
import { expectedMomentKeys, prepareMoment } from './watermark.js';

const m = messages.toy;

/**
 * Declarations: shared/src/features/toy-routes.ts momentRoutes (box_admin, per_id 14). Tables:
 * moments, uploads (the source and watermarked versions made by moment.prepare), virtual_receipts
 * (received). Tenancy first; a save refuses a picture whose versions are not made; every write is
 * audited in its transaction.
 */
const momentRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config, storage } = app;
  const wire = async (tx: Tx, row: MomentTableRow) => (await momentWires(tx, config, [row]))[0]!;

  /** The picture's upload (the merchant's own, else 400) and the version keys a save must quote. */
  const versionsOf = async (tx: Tx | typeof db, request: FastifyRequest, imageUrl: string, ipId: number) => {
    await assertPictures(tx, config, request.user!, [imageUrl]);
    const upload = (await usableUploads(tx, config, request.user!, [imageUrl])).get(imageUrl)!;
    return { upload, keys: expectedMomentKeys(upload.key, ipId, upload.mime) };
  };

  app.route(
    routeOf(api.moment.list, async (query, request) =>
      listMoments(db, config, request.scope, {
        page: query.page,
        limit: query.limit,
        name: query.name,
      }),
    ),
  );

  app.route(
    routeOf(api.moment.prepare, async (body, request) => {
      const { upload } = await versionsOf(db, request, body.image_url, body.ip_id);
      const [brand] = await db.select({ title: brands.title }).from(brands).where(eq(brands.id, body.ip_id));
      const made = await prepareMoment(db, storage, {
        imageKey: upload.key,
        mime: upload.mime,
        ipId: body.ip_id,
        brandTitle: brand?.title ?? '',
        userId: request.user!.id,
      }).catch((error: unknown) => {
        request.log.warn({ err: error, key: upload.key }, 'moment versions failed');
        throw httpError(400, messages.upload.failed);
      });
      return {
        image_url: picUrl(config, upload.key),
        image_url_source: picUrl(config, made.source),
        image_url_watermark: picUrl(config, made.watermark),
      };
    }),
  );

  app.route(
    routeOf(api.moment.save, async (body, request) => {
      const given = {
        source: keyOfPic(config, body.image_url_source),
        watermark: keyOfPic(config, body.image_url_watermark),
      };
      const checkVersions = async (tx: Tx, ipId: number) => {
        const { upload, keys } = await versionsOf(tx, request, body.image_url, ipId);
        const made = await usableUploads(tx, config, request.user!, [keys.source, keys.watermark]);
        if (given.source !== keys.source || given.watermark !== keys.watermark || made.size < 2)
          throw httpError(400, m.momentImageNotReady);
        return upload.key;
      };
      if (body.id === null) {
        return db.transaction(async (tx) => {
          const imageKey = await checkVersions(tx, body.ip_id!);
          const [row] = await tx
            .insert(moments)
            .values({
              ipId: body.ip_id!,
              name: body.name,
              imageUrl: imageKey,
              imageUrlSource: given.source,
              imageUrlWatermark: given.watermark,
              short: body.short,
            })
            .returning();
          await audit(tx, request, {
            entity: 'moment',
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
        const current = await findMoment(tx, brandIds, body.id!);
        assertEditable(current, { name: body.name, imageKey: keyOfPic(config, body.image_url), short: body.short });
        const imageKey = await checkVersions(tx, current.ipId);
        const before = await wire(tx, current);
        const resubmit = current.status === TOY_STATUS.rejected;
        const [row] = await tx
          .update(moments)
          .set({
            name: body.name,
            imageUrl: imageKey,
            imageUrlSource: given.source,
            imageUrlWatermark: given.watermark,
            short: body.short,
            ...(resubmit ? { status: TOY_STATUS.pending, remark: '' } : {}),
            updatedAt: now,
          })
          .where(eq(moments.id, current.id))
          .returning();
        await audit(tx, request, {
          entity: 'moment',
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
    routeOf(api.moment.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await findMoment(tx, brandIds, body.id);
        await assertDeletable(tx, RECEIPT_KIND.moment, current);
        const before = await wire(tx, current);
        await tx.delete(moments).where(eq(moments.id, current.id));
        await audit(tx, request, { entity: 'moment', id: current.id, ipId: current.ipId, action: 'delete', before });
      });
      return null;
    }),
  );
};

export default momentRoutes;
