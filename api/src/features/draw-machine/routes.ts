import { type AuditAction, api, messages, shanghaiInstant } from '@toy/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { drawMachines } from '../../db/schema.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan, yuanToFen } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { audit } from '../audit/index.js';
import { allocate, allocationToWire, findTemplate, liveAllocation } from '../blind-box/index.js';
import { appendAllocation, decreaseStock, settleBrand } from './engine.js';
import { fairnessLogOf } from './fairness.js';
import { officialPrice, publish } from './publish.js';
import { findMachine, listMachines, type MachineRow, machineAuditView, machineGoods, machineInfo } from './queries.js';

const m = messages.drawMachine;

/**
 * Record a write in the audit log, in the write's transaction: `machine` is the row as locked
 * before the write, the row is read again for after. A write that changed nothing is not recorded.
 */
async function auditWrite(tx: Tx, request: FastifyRequest, machine: MachineRow, action: AuditAction) {
  const [row] = await tx.select().from(drawMachines).where(eq(drawMachines.id, machine.id));
  const before = machineAuditView(machine);
  const after = machineAuditView(row!);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await audit(tx, request, { entity: 'drawMachine', id: machine.id, ipId: machine.ipId, action, before, after });
}

/**
 * Draw-machine management (spec 01 §2 screens 6–7, §4, §5, §7). Declarations:
 * shared/src/features/draw-machine.ts, plus the release that creates a machine (blindBox.publish)
 * and the public fairness log (fairness.log). A foreign machine answers 404 like a missing one;
 * writes lock the machine row so they serialise with the draws (features/draw-machine/engine.ts),
 * and each is recorded in the audit log (entity `drawMachine`) in its own transaction.
 */
const drawMachineRoutes: FastifyPluginAsync = async (app) => {
  const { db, appConfig: config } = app;

  app.route(
    routeOf(api.drawMachine.list, async (query) => {
      await settleBrand(db, query.ip_id);
      const { list, total, onSale } = await listMachines(db, config, {
        ipId: query.ip_id,
        keyword: query.keyword,
        page: query.page,
        limit: query.limit,
        sort: query.sort,
      });
      return { list, on_sale: onSale, pagination: { page: query.page, limit: query.limit, total_rows: total } };
    }),
  );

  app.route(
    routeOf(api.drawMachine.info, async (query, request) => ({
      info: await machineInfo(db, config, query.batch_id, request.brandIds),
    })),
  );

  app.route(
    routeOf(api.drawMachine.goods, async (query, request) => ({
      info: await machineGoods(db, config, query.batch_id, request.brandIds),
    })),
  );

  app.route(
    routeOf(api.drawMachine.update, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const machine = await findMachine(tx, body.id, brandIds, true);
        const set: Partial<typeof drawMachines.$inferInsert> = {};
        if (body.desc !== undefined) set.desc = body.desc;
        else if (body.shelves_time !== undefined) {
          // Sale time only while delisted (spec 01 §4), judged on the stored state.
          if (machine.off === 0) throw httpError(409, m.delistFirst);
          set.shelvesTime = shanghaiInstant(body.shelves_time);
        } else if (body.off !== undefined) {
          if (machine.off === 2 && body.off === 0) throw httpError(409, m.soldOutCannotList);
          if (machine.off !== 2) set.off = body.off;
        }
        const [row] = await tx
          .update(drawMachines)
          .set({ ...set, updatedAt: sql`now()` })
          .where(eq(drawMachines.id, machine.id))
          .returning();
        await auditWrite(tx, request, machine, set.off === undefined ? 'update' : set.off === 0 ? 'list' : 'delist');
        return { id: row!.id, off: row!.off, desc: row!.desc, shelves_time: formatTime(row!.shelvesTime) };
      });
    }),
  );

  app.route(
    routeOf(api.drawMachine.bean, async (body, request) => {
      const brandIds = request.brandIds;
      return db.transaction(async (tx) => {
        const machine = await findMachine(tx, body.template_log_id, brandIds, true);
        const bean = yuanToFen(body.bean);
        if (bean > machine.price) throw httpError(400, messages.drawMachine.beanTooMuch);
        await tx.update(drawMachines).set({ bean, updatedAt: sql`now()` }).where(eq(drawMachines.id, machine.id));
        await auditWrite(tx, request, machine, 'update');
        return { bean: fenToYuan(bean) };
      });
    }),
  );

  app.route(
    routeOf(api.drawMachine.stock, async (body, request) => {
      const brandIds = request.brandIds;
      const stock = body.stock!;
      if (body.type === 2) {
        const left = await db.transaction(async (tx) => {
          const machine = await findMachine(tx, body.template_log_id, brandIds, true);
          const result = await decreaseStock(tx, machine, stock);
          await auditWrite(tx, request, machine, 'stock');
          return result;
        });
        return { goods: [], box_sign: '', seed_hash: '', stock: left };
      }
      const machine = await findMachine(db, body.template_log_id, brandIds);
      const template = await findTemplate(db, machine.templateId, brandIds);
      if (!template) throw notFound();
      const { row, styles } = await allocate(db, {
        template,
        boxNum: stock,
        userId: request.user!.id,
        batchId: machine.id,
      });
      const wire = allocationToWire(config, row, styles);
      return { goods: wire.goods, box_sign: wire.box_sign, seed_hash: wire.seed_hash, stock: machine.stock };
    }),
  );

  app.route(
    routeOf(api.drawMachine.stockConfirm, async (body, request) => {
      const brandIds = request.brandIds;
      if (body.type !== 1) throw httpError(400, m.allocateFirst);
      return db.transaction(async (tx) => {
        const machine = await findMachine(tx, body.template_log_id, brandIds, true);
        const allocation = await liveAllocation(tx, body.box_sign, brandIds);
        if (allocation.batchId !== machine.id || allocation.boxNum !== body.stock)
          throw httpError(400, messages.blindBox.boxSignInvalid);
        const result = await appendAllocation(tx, machine, allocation);
        await auditWrite(tx, request, machine, 'stock');
        return { stock: result };
      });
    }),
  );

  // The release: a template's allocation becomes a new machine (declared with the blind boxes).
  app.route({
    ...routeOf(api.blindBox.publish, async (body, request) =>
      publish(db, body, { brandIds: request.brandIds, userId: request.user!.id, request }),
    ),
    preValidation: (request) => officialPrice(db, request),
  });

  app.route(routeOf(api.fairness.log, async (query) => fairnessLogOf(db, query.batch_id)));
};

export default drawMachineRoutes;
