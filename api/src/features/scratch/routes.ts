import { api, messages, SCRATCH_LIMITS } from '@toy/shared';
import { toBuffer } from 'bwip-js/node';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { jobs, scratchCards, scratchRedemptions } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { randomToken } from '../../lib/seal.js';
import { keyOfPic } from '../../lib/urls.js';
import { audit } from '../audit/index.js';
import { activityOf } from '../holdings/index.js';
import { issueCodes } from './codes.js';
import { CODES_EXPORT_KIND, type CodesExportParams } from './export.js';
import { assertUnlinked, findScratch, listScratch, touch, wireOf } from './queries.js';

const m = messages.scratch;

/** The player's page of a card: what its activity QR code opens. */
export const activityLink = (publicUrl: string, id: number) => `${publicUrl}/m/scratch?card=${id}`;

/**
 * Declarations: shared/src/features/scratch.ts (box_admin, per_id 14). Tables: scratch_cards,
 * scratch_codes, scratch_redemptions and scratch_refusals (counts), jobs (code downloads). Tenancy
 * first: a card of another merchant is 404. Every write is audited in its own transaction.
 */
const scratchRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(routeOf(api.scratch.list, async (query, request) => listScratch(db, config, request.scope, query)));

  app.route(
    routeOf(api.scratch.create, async (body, request) => {
      return db.transaction(async (tx) => {
        const [card] = await tx.insert(scratchCards).values({ ipId: body.ip_id, title: body.title }).returning();
        const total = await issueCodes(tx, card!.id, body.stock);
        const row = await touch(tx, card!.id, { totalNum: total });
        await audit(tx, request, {
          entity: 'scratch',
          id: row.id,
          ipId: row.ipId,
          action: 'create',
          after: await wireOf(tx, config, row),
        });
        return { id: row.id };
      });
    }),
  );

  app.route(
    routeOf(api.scratch.update, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const current = await findScratch(tx, brandIds, body.id, true);
        assertUnlinked(current);
        const before = await wireOf(tx, config, current);
        const row = await touch(tx, body.id, { title: body.title });
        await audit(tx, request, {
          entity: 'scratch',
          id: row.id,
          ipId: row.ipId,
          action: 'update',
          before,
          after: await wireOf(tx, config, row),
        });
        return { id: row.id };
      });
    }),
  );

  app.route(
    routeOf(api.scratch.addCodes, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const current = await findScratch(tx, brandIds, body.id, true);
        assertUnlinked(current);
        if (current.totalNum + body.num > SCRATCH_LIMITS.stockMax) throw httpError(400, m.numTooHigh);
        const before = await wireOf(tx, config, current);
        const added = await issueCodes(tx, current.id, body.num);
        const row = await touch(tx, current.id, { totalNum: current.totalNum + added });
        await audit(tx, request, {
          entity: 'scratch',
          id: row.id,
          ipId: row.ipId,
          action: 'add_codes',
          before,
          after: await wireOf(tx, config, row),
        });
        return { total_num: row.totalNum };
      });
    }),
  );

  app.route(
    routeOf(api.scratch.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await findScratch(tx, brandIds, body.id, true);
        assertUnlinked(current);
        const before = await wireOf(tx, config, current);
        await tx.delete(scratchRedemptions).where(eq(scratchRedemptions.cardId, current.id));
        await tx.delete(scratchCards).where(eq(scratchCards.id, current.id));
        await audit(tx, request, { entity: 'scratch', id: current.id, ipId: current.ipId, action: 'delete', before });
      });
      return null;
    }),
  );

  /** Link to one of the brand's draw machines or kujis (a snapshot of its title and picture), or unlink. */
  app.route(
    routeOf(api.scratch.link, async (body, request) => {
      return db.transaction(async (tx) => {
        const current = await findScratch(tx, request.brandIds, body.id, true);
        assertUnlinked(current);
        const activity = await activityOf(tx, config, current.ipId, body.active_type, body.active_id);
        if (!activity) throw httpError(404, m.activityMissing);
        const before = await wireOf(tx, config, current);
        const row = await touch(tx, current.id, {
          activeId: activity.id,
          activeType: activity.type,
          activeTitle: activity.title,
          activePic: keyOfPic(config, activity.pic),
        });
        const after = await wireOf(tx, config, row);
        await audit(tx, request, { entity: 'scratch', id: row.id, ipId: row.ipId, action: 'link', before, after });
        return after;
      });
    }),
  );

  app.route(
    routeOf(api.scratch.unlink, async (body, request) => {
      return db.transaction(async (tx) => {
        const current = await findScratch(tx, request.brandIds, body.id, true);
        const before = await wireOf(tx, config, current);
        const row = await touch(tx, current.id, { activeId: 0, activeType: 0, activeTitle: '', activePic: '' });
        const after = await wireOf(tx, config, row);
        if (current.activeId !== 0)
          await audit(tx, request, { entity: 'scratch', id: row.id, ipId: row.ipId, action: 'unbind', before, after });
        return after;
      });
    }),
  );

  app.route(
    routeOf(api.scratch.codesExport, async (body, request) => {
      const brandIds = request.brandIds;
      const card = await findScratch(db, brandIds, body.id);
      const limit = body.limit ?? card.totalNum;
      const offset = ((body.page ?? 1) - 1) * limit;
      const total = Math.max(0, Math.min(limit, card.totalNum - offset));
      if (total === 0) throw httpError(400, m.noCodes);
      const params: CodesExportParams = { sign: randomToken(16), cardId: card.id, brandIds, offset, limit: total };
      await db.insert(jobs).values({ kind: CODES_EXPORT_KIND, userId: request.user!.id, params, totalNum: total });
      app.jobs.wake();
      return { sign: params.sign, total_num: total };
    }),
  );

  app.route(
    routeOf(api.scratch.codesExportStatus, async (query, request) => {
      const [job] = await db
        .select()
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, CODES_EXPORT_KIND),
            eq(jobs.userId, request.user!.id),
            sql`${jobs.params}->>'sign' = ${query.sign}`,
          ),
        )
        .limit(1);
      if (!job) throw httpError(404, m.exportNotFound);
      const result = job.result as { url?: string } | null;
      const status = job.status as 'pending' | 'running' | 'done' | 'failed';
      return {
        status,
        now_num: job.nowNum,
        total_num: job.totalNum,
        url: status === 'done' ? (result?.url ?? null) : null,
        msg: status === 'failed' ? (job.error ?? messages.job.failed) : null,
      };
    }),
  );

  app.route(
    routeOf(api.scratch.activityQr, async (query, request) => {
      const card = await findScratch(db, request.brandIds, query.id);
      const link = activityLink(config.publicUrl, card.id);
      try {
        const png = await toBuffer({
          bcid: 'qrcode',
          text: link,
          scale: 8,
          paddingwidth: 4,
          paddingheight: 4,
          backgroundcolor: 'FFFFFF',
        });
        return { info: { qrcode: `data:image/png;base64,${png.toString('base64')}`, link } };
      } catch (error) {
        request.log.error({ err: error, card: card.id }, 'activity qr failed');
        return { info: { qrcode: null, link } };
      }
    }),
  );
};

export default scratchRoutes;
