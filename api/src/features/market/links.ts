import { randomBytes } from 'node:crypto';
import { api, isMarketDemoSecret, type MarketLink, marketPlatformText, messages } from '@toy/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { marketLinks } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError } from '../../lib/errors.js';
import { formatTime } from '../../lib/time.js';
import { audit } from '../audit/index.js';

const m = messages.marketLink;

type Row = typeof marketLinks.$inferSelect;

/** A fresh link secret: 32 random bytes (never the demo prefix, so production can tell demo links apart). */
export const newLinkSecret = () => `mks_${randomBytes(32).toString('base64url')}`;

const toWire = (row: Row): MarketLink => ({
  id: row.id,
  ip_id: row.ipId,
  platform: row.platform,
  platform_text: marketPlatformText(row.platform),
  shop_id: row.shopId,
  secret_hint: row.secret.slice(-4),
  is_demo: isMarketDemoSecret(row.secret) ? 1 : 0,
  created_at: formatTime(row.createdAt),
  rotated_at: formatTime(row.rotatedAt),
});

/** A link of these brands, locked (404 otherwise, like a missing one). */
async function lockedLink(tx: Tx | Db, brandIds: number[], id: number) {
  const [row] = await tx
    .select()
    .from(marketLinks)
    .where(and(eq(marketLinks.id, id), inArray(marketLinks.ipId, brandIds)))
    .for('update');
  if (!row) throw httpError(404, m.missing);
  return row;
}

/**
 * Declarations: shared/src/features/market-links.ts (box_admin, per_id 14). Table: market_links.
 * A link's secret is answered only by the save and the rotate that made it; the list shows its
 * last 4 characters. Every write is audited (entity marketLink, never the secret).
 */
const marketLinkRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;

  app.route(
    routeOf(api.marketLink.list, async (_query, request) => {
      const brandIds = request.scope;
      if (brandIds.length === 0) return { list: [] };
      const rows = await db
        .select()
        .from(marketLinks)
        .where(inArray(marketLinks.ipId, brandIds))
        .orderBy(desc(marketLinks.id));
      return { list: rows.map(toWire) };
    }),
  );

  app.route(
    routeOf(api.marketLink.save, async (body, request: FastifyRequest) => {
      return db.transaction(async (tx) => {
        const secret = newLinkSecret();
        const [row] = await tx
          .insert(marketLinks)
          .values({ platform: body.platform, shopId: body.shop_id, ipId: body.ip_id, secret })
          .onConflictDoNothing({ target: [marketLinks.platform, marketLinks.shopId] })
          .returning();
        if (!row) throw httpError(409, m.shopTaken);
        const link = toWire(row);
        await audit(tx, request, { entity: 'marketLink', id: row.id, ipId: row.ipId, action: 'create', after: link });
        return { link, secret };
      });
    }),
  );

  app.route(
    routeOf(api.marketLink.rotate, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const before = toWire(await lockedLink(tx, brandIds, body.id));
        const secret = newLinkSecret();
        const [row] = await tx
          .update(marketLinks)
          .set({ secret, rotatedAt: sql`now()` })
          .where(eq(marketLinks.id, body.id))
          .returning();
        const link = toWire(row!);
        await audit(tx, request, {
          entity: 'marketLink',
          id: link.id,
          ipId: link.ip_id,
          action: 'rotate',
          before,
          after: link,
        });
        return { link, secret };
      });
    }),
  );

  app.route(
    routeOf(api.marketLink.remove, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const before = toWire(await lockedLink(tx, brandIds, body.id));
        await tx.delete(marketLinks).where(eq(marketLinks.id, body.id));
        await audit(tx, request, { entity: 'marketLink', id: before.id, ipId: before.ip_id, action: 'delete', before });
        return null;
      });
    }),
  );
};

export default marketLinkRoutes;
