import { api, type ComposeRule, type ComposeRuleSaveInput, composeStatusOf, is, messages } from '@toy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { collectibles, composeGroupCollectibles, composeGroups, composeRules } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import playerComposeRoutes from './player-routes.js';
import {
  type ComposeRuleRow,
  composedOf,
  findRule,
  groupItemPage,
  listRules,
  ruleWire,
  targetsOf,
  virtualPage,
} from './queries.js';

const m = messages.composeRule;

/** What the audit log keeps of a rule: the wire without the groups' collectible details. */
const auditView = (w: ComposeRule) => ({
  ...w,
  group_data: w.group_data.map((g) => ({
    group_name: g.group_name,
    expend_num: g.expend_num,
    virtual_ids: g.virtual_ids,
  })),
});

/**
 * Declarations: shared/src/features/compose-rule.ts (nft_admin, per_id 12); rule tables
 * composeRuleRules (compose.save) and composeStockRules (compose.setStock). Tables: compose_rules,
 * compose_groups, compose_group_collectibles, compose_records (composed count); the targets'
 * stock from collectible_holdings (../collectible/holdings.ts). Tenancy first: another merchant's
 * rule is 404, another brand's collectible is refused. Edit and delete only while not started,
 * stock and time changes only while ongoing; every write audited in its transaction. The rule
 * tables' "not above the available stock" reads `available`, which this file sets from the
 * database before validation (a caller's value is replaced). The player's side: ./player-routes.ts
 * (registered here).
 */
const composeRuleRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;
  await app.register(playerComposeRoutes);

  /** The remaining stock of a target of the caller's brands, or undefined when there is none. */
  const residueOf = async (request: FastifyRequest, ipId: number, type: number, id: number) => {
    if (!request.brandIds.includes(ipId)) return undefined;
    return (await targetsOf(db, config, ipId, type, [id])).get(id)?.residue;
  };
  /** Replaces the body's `available` with what the database says (before the rule table runs). */
  const withAvailable = async (
    request: FastifyRequest,
    find: (b: Record<string, unknown>) => Promise<number | undefined>,
  ) => {
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    delete body.available;
    const available = await find(body).catch(() => undefined);
    if (available !== undefined) body.available = available;
  };

  /** The targets and group collectibles exist and are the brand's; the stock is within the target's. */
  const checkReferences = async (tx: Tx, ipId: number, body: ComposeRuleSaveInput) => {
    const target = (await targetsOf(tx, config, ipId, body.virtual_type, [body.virtual_id])).get(body.virtual_id);
    if (!target) throw httpError(400, m.targetMissing);
    if (body.stock > target.residue) throw httpError(400, m.stockTooHigh);
    const ids = [...new Set(body.groups.flatMap((g) => g.virtual_ids))];
    const found = await tx
      .select({ id: collectibles.id })
      .from(collectibles)
      .where(and(inArray(collectibles.id, ids), eq(collectibles.ipId, ipId)));
    if (found.length !== ids.length) throw httpError(400, m.groupItemMissing);
  };

  const writeGroups = async (tx: Tx, ruleId: number, body: ComposeRuleSaveInput) => {
    for (const [sort, g] of body.groups.entries()) {
      const [group] = await tx
        .insert(composeGroups)
        .values({ composeId: ruleId, groupName: g.group_name, expendNum: g.expend_num, sort })
        .returning({ id: composeGroups.id });
      await tx
        .insert(composeGroupCollectibles)
        .values(g.virtual_ids.map((collectibleId, i) => ({ groupId: group!.id, collectibleId, sort: i })));
    }
  };

  const assertStatus = (row: ComposeRuleRow, status: number, message: string) => {
    if (composeStatusOf(row.beginAt, row.endAt) !== status) throw httpError(409, message);
  };

  app.route(
    routeOf(api.compose.list, async (query, request) => {
      return listRules(db, config, request.scope, query);
    }),
  );

  app.route(
    routeOf(api.compose.info, async (query, request) => ({
      info: await ruleWire(db, config, await findRule(db, request.brandIds, query.compose_id)),
    })),
  );

  app.route(
    routeOf(api.compose.virtual, async (query) => {
      return virtualPage(db, config, query.ip_id, query);
    }),
  );

  app.route(
    routeOf(api.compose.groupItems, async (query, request) => {
      const rule = await findRule(db, request.brandIds, query.compose_id);
      const [group] = await db
        .select({ id: composeGroups.id })
        .from(composeGroups)
        .where(and(eq(composeGroups.id, query.group_id), eq(composeGroups.composeId, rule.id)));
      if (!group) throw notFound();
      return groupItemPage(db, config, group.id, query);
    }),
  );

  app.route({
    ...routeOf(api.compose.save, async (body, request) => {
      if (body.id === undefined) {
        return db.transaction(async (tx) => {
          await checkReferences(tx, body.ip_id, body);
          const [row] = await tx
            .insert(composeRules)
            .values({
              ipId: body.ip_id,
              beginAt: body.begin_at,
              endAt: body.end_at,
              virtualId: body.virtual_id,
              virtualType: body.virtual_type,
              stock: body.stock,
            })
            .returning();
          await writeGroups(tx, row!.id, body);
          const after = auditView(await ruleWire(tx, config, row!));
          await audit(tx, request, { entity: 'composeRule', id: row!.id, ipId: row!.ipId, action: 'create', after });
          return { id: row!.id };
        });
      }
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        // The brand is locked when editing: the rule keeps its own.
        const current = await findRule(tx, brandIds, body.id!, true);
        assertStatus(current, 1, m.notEditable);
        await checkReferences(tx, current.ipId, body);
        const before = auditView(await ruleWire(tx, config, current));
        const [row] = await tx
          .update(composeRules)
          .set({
            beginAt: body.begin_at,
            endAt: body.end_at,
            virtualId: body.virtual_id,
            virtualType: body.virtual_type,
            stock: body.stock,
          })
          .where(eq(composeRules.id, current.id))
          .returning();
        await tx.delete(composeGroups).where(eq(composeGroups.composeId, current.id));
        await writeGroups(tx, current.id, body);
        const after = auditView(await ruleWire(tx, config, row!));
        await audit(tx, request, {
          entity: 'composeRule',
          id: row!.id,
          ipId: row!.ipId,
          action: 'update',
          before,
          after,
        });
        return { id: row!.id };
      });
    }),
    preValidation: async (request) =>
      withAvailable(request, async (b) => {
        if (!is.id(b.virtual_id) || !(Number(b.virtual_type) === 1 || Number(b.virtual_type) === 2)) return undefined;
        let ipId = is.id(b.ip_id) ? Number(b.ip_id) : undefined;
        if (is.id(b.id)) ipId = (await findRule(db, request.brandIds, Number(b.id))).ipId;
        if (ipId === undefined) return undefined;
        return residueOf(request, ipId, Number(b.virtual_type), Number(b.virtual_id));
      }),
  });

  app.route(
    routeOf(api.compose.delete, async (body, request) => {
      const brandIds = request.brandIds;
      await db.transaction(async (tx) => {
        const current = await findRule(tx, brandIds, body.compose_id, true);
        assertStatus(current, 1, m.notEditable);
        const before = auditView(await ruleWire(tx, config, current));
        await tx.delete(composeRules).where(eq(composeRules.id, current.id));
        await audit(tx, request, {
          entity: 'composeRule',
          id: current.id,
          ipId: current.ipId,
          action: 'delete',
          before,
        });
      });
      return null;
    }),
  );

  app.route({
    ...routeOf(api.compose.setStock, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const current = await findRule(tx, brandIds, body.compose_id, true);
        assertStatus(current, 2, m.notOngoing);
        const target = (await targetsOf(tx, config, current.ipId, current.virtualType, [current.virtualId])).get(
          current.virtualId,
        );
        if (body.stock > (target?.residue ?? 0)) throw httpError(400, m.residueTooHigh);
        const composed = (await composedOf(tx, [current.id])).get(current.id) ?? 0;
        const before = auditView(await ruleWire(tx, config, current));
        const [row] = await tx
          .update(composeRules)
          .set({
            stock: composed + body.stock,
            ...(body.begin_at && body.end_at ? { beginAt: body.begin_at, endAt: body.end_at } : {}),
          })
          .where(eq(composeRules.id, current.id))
          .returning();
        const after = auditView(await ruleWire(tx, config, row!));
        await audit(tx, request, {
          entity: 'composeRule',
          id: row!.id,
          ipId: row!.ipId,
          action: 'stock',
          before,
          after,
        });
        return { surplus_stock: after.surplus_stock };
      });
    }),
    preValidation: async (request) =>
      withAvailable(request, async (b) => {
        if (!is.id(b.compose_id)) return undefined;
        const rule = await findRule(db, request.brandIds, Number(b.compose_id));
        return residueOf(request, rule.ipId, rule.virtualType, rule.virtualId);
      }),
  });
};

export default composeRuleRoutes;
