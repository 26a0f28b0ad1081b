import { type AuditAction, api, messages } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { players, skinDrafts, skins, virtualReceipts } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { activityNamed, RECEIPT_KIND } from '../holdings/index.js';
import { assertAvatarCentre } from './avatar.js';
import { makePreview } from './preview.js';
import {
  assertApproved,
  assertEditable,
  assertSkinImages,
  auditView,
  brandTitles,
  draftCount,
  draftsVisible,
  draftToWire,
  findDraft,
  findSkin,
  imagesToRow,
  listDrafts,
  listSkins,
  receivedOf,
  touchSkin,
  wireOf,
} from './queries.js';

const m = messages.skin;

/**
 * Declarations: shared/src/features/skin.ts (skinRoutes, box_admin, per_id 14; rule tables
 * skinImageRules, skinSaleRules, skinDraftRules, skinPreviewRules, skinClaimRules). Tables: skins,
 * skin_drafts, skin_previews, virtual_receipts (received, claims). Tenancy first: a skin of another
 * merchant is 404; a draft is its author's or its brand's. Every write of a skin is audited in its
 * own transaction.
 */
const skinRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.skin.list, async (query, request) => {
      const brandIds = request.scope;
      const page = await listSkins(db, config, brandIds, query);
      const draft_num = await draftCount(db, request.user!.id, request.brandIds, query.ip_id);
      return { ...page, draft_num };
    }),
  );

  app.route(
    routeOf(api.skin.detail, async (query, request) => ({
      info: await wireOf(db, config, await findSkin(db, request.brandIds, query.id)),
    })),
  );

  app.route(
    routeOf(api.skin.drafts, async (query, request) => {
      return listDrafts(db, config, request.user!.id, request.brandIds, query);
    }),
  );

  app.route(
    routeOf(api.skin.draftDetail, async (query, request) => {
      const row = await findDraft(db, request.user!.id, request.brandIds, query.id);
      const titles = await brandTitles(db, [row.ipId ?? 0]);
      return { info: draftToWire(config, row, titles.get(row.ipId ?? 0) ?? '') };
    }),
  );

  app.route(
    routeOf(api.skin.saveDraft, async (body, request) => {
      const user = request.user!;
      const brandIds = request.brandIds;
      if (body.skin_id) await findSkin(db, brandIds, body.skin_id);
      await assertSkinImages(db, config, user, body.images);
      const values = {
        ipId: body.ip_id,
        skinId: body.skin_id,
        title: body.title,
        content: body.content,
        fontTone: body.font_tone,
        images: imagesToRow(config, body.images),
      };
      return db.transaction(async (tx) => {
        if (body.id) {
          await findDraft(tx, user.id, brandIds, body.id);
          const [row] = await tx
            .update(skinDrafts)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(skinDrafts.id, body.id))
            .returning({ id: skinDrafts.id });
          return { id: row!.id };
        }
        const [row] = await tx
          .insert(skinDrafts)
          .values({ ...values, userId: user.id })
          .returning({ id: skinDrafts.id });
        return { id: row!.id };
      });
    }),
  );

  app.route(
    routeOf(api.skin.deleteDraft, async (body, request) => {
      const brandIds = request.brandIds;
      await findDraft(db, request.user!.id, brandIds, body.id);
      await db.delete(skinDrafts).where(and(eq(skinDrafts.id, body.id), draftsVisible(request.user!.id, brandIds)));
      return null;
    }),
  );

  app.route(
    routeOf(api.skin.submit, async (body, request) => {
      const user = request.user!;
      const brandIds = request.brandIds;
      if (body.id) await findSkin(db, brandIds, body.id);
      if (body.draft_id) await findDraft(db, user.id, brandIds, body.draft_id);
      await assertSkinImages(db, config, user, body.images);
      await assertAvatarCentre(app.storage, config, body.images.avatar_widget);
      const images = imagesToRow(config, body.images);
      const values = {
        ipId: body.ip_id,
        title: body.title,
        content: body.content,
        fontTone: body.font_tone,
        images,
        showPic: images.user_background ?? '',
      };
      return db.transaction(async (tx) => {
        let id: number;
        if (body.id) {
          const current = await findSkin(tx, brandIds, body.id, true);
          assertEditable(current);
          const row = await touchSkin(tx, current.id, { ...values, processStatus: 0, remark: '', userId: user.id });
          await audit(tx, request, {
            entity: 'skin',
            id: row.id,
            ipId: row.ipId,
            action: 'submit',
            before: auditView(current),
            after: auditView(row),
          });
          id = row.id;
        } else {
          const [row] = await tx
            .insert(skins)
            .values({ ...values, status: 1, processStatus: 0, userId: user.id })
            .returning();
          await audit(tx, request, {
            entity: 'skin',
            id: row!.id,
            ipId: row!.ipId,
            action: 'create',
            after: auditView(row!),
          });
          id = row!.id;
        }
        if (body.draft_id) await tx.delete(skinDrafts).where(eq(skinDrafts.id, body.draft_id));
        return { id };
      });
    }),
  );

  const change = (
    request: FastifyRequest,
    id: number,
    action: AuditAction,
    apply: (tx: Tx, row: typeof skins.$inferSelect) => Promise<typeof skins.$inferSelect>,
  ) =>
    db.transaction(async (tx) => {
      const current = await findSkin(tx, request.brandIds, id, true);
      const row = await apply(tx, current);
      await audit(tx, request, {
        entity: 'skin',
        id: row.id,
        ipId: row.ipId,
        action,
        before: auditView(current),
        after: auditView(row),
      });
      return row;
    });

  app.route(
    routeOf(api.skin.setStatus, async (body, request) => {
      const row = await change(request, body.id, body.status === 0 ? 'list' : 'delist', async (tx, current) => {
        assertApproved(current);
        return touchSkin(tx, current.id, { status: body.status });
      });
      return { id: row.id, status: row.status };
    }),
  );

  app.route(
    routeOf(api.skin.setDrop, async (body, request) => {
      const row = await change(request, body.id, 'drop', (tx, current) =>
        touchSkin(tx, current.id, { isBoxGoods: body.is_box_goods }),
      );
      return { id: row.id, is_box_goods: row.isBoxGoods };
    }),
  );

  app.route(
    routeOf(api.skin.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await findSkin(tx, brandIds, body.id, true);
        assertEditable(current);
        if ((await receivedOf(tx, [current.id])).get(current.id)) throw httpError(409, m.received);
        await tx.delete(skins).where(eq(skins.id, current.id));
        await audit(tx, request, {
          entity: 'skin',
          id: current.id,
          ipId: current.ipId,
          action: 'delete',
          before: auditView(current),
        });
      });
      return null;
    }),
  );

  app.route(
    routeOf(api.skin.claim, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const current = await findSkin(tx, brandIds, body.id, true);
        assertApproved(current);
        // The activity named is one of the skin's brand: a draw machine or a kuji with that id.
        const activity = await activityNamed(tx, config, current.ipId, body.active_id);
        if (!activity) throw httpError(404, m.activityMissing);
        const [player] = await tx.select({ id: players.id }).from(players).where(eq(players.phone, body.phone));
        if (!player) throw httpError(404, m.playerUnknown);
        const granted = await tx
          .insert(virtualReceipts)
          .values({
            playerId: player.id,
            kind: RECEIPT_KIND.skin,
            itemId: current.id,
            source: 'claim',
            sourceId: body.active_id,
          })
          .onConflictDoNothing()
          .returning({ id: virtualReceipts.id });
        if (granted.length === 0) throw httpError(409, m.alreadyHeld);
        await audit(tx, request, {
          entity: 'skin',
          id: current.id,
          ipId: current.ipId,
          action: 'claim',
          after: { active_id: body.active_id, player_id: player.id },
        });
        return { id: current.id, player_id: player.id };
      });
    }),
  );

  app.route(
    routeOf(api.skin.previewCode, async (query, request) => {
      await assertSkinImages(db, config, request.user!, query.images);
      return makePreview(db, config, request, query);
    }),
  );
};

export default skinRoutes;
