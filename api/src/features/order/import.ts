import { and, asc, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { OrderTimes } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { orders } from '../../db/schema.js';
import { type AuditInput, auditMany } from '../audit/index.js';
import { type ImportPlan, planSheet, type SheetRows, sheetLines } from '../shipment/index.js';
import { SHIP_BLOCKS, ship } from './actions.js';
import { auditView, type OrderRow } from './queries.js';

/**
 * 导入发货 of the order list (declarations api.order.import / importConfirm; table orders): the
 * shipping sheet (shipment/sheet.ts, the order export's 订单号, 物流公司, 物流单号) against the
 * caller's normal orders. A row that cannot ship says why in the order's own words (the ship page's
 * SHIP_BLOCKS: 未支付, 已发货, …); the confirm ships each order's unshipped goods as one shipment,
 * with one audit line per order, in one transaction.
 */

/** The caller's orders with these numbers (locked inside the confirm's transaction). */
async function loadOrders(db: Db | Tx, brandIds: number[], sns: string[], lock: boolean) {
  const found = new Map<string, OrderRow>();
  if (brandIds.length === 0) return found;
  for (let i = 0; i < sns.length; i += 5000) {
    const query = db
      .select()
      .from(orders)
      .where(and(inArray(orders.ipId, brandIds), inArray(orders.orderSn, sns.slice(i, i + 5000))))
      .orderBy(asc(orders.id));
    for (const r of await (lock ? query.for('update') : query)) found.set(r.orderSn, r);
  }
  return found;
}

/** Check every row against the caller's orders; nothing is written. */
export async function planOrderShipping(db: Db | Tx, brandIds: number[], sheet: SheetRows, lock = false) {
  const lines = sheetLines(sheet);
  const known = await loadOrders(db, brandIds, [...new Set(lines.map((l) => l.cells[0]).filter(Boolean))], lock);
  return planSheet(lines, known, (o) => SHIP_BLOCKS.find((b) => b.when(o))?.message ?? null);
}

/** Ship every order of an error-free plan inside `tx`: all its unshipped goods, audited. */
export async function applyOrderShipping(
  tx: Tx,
  request: FastifyRequest,
  plan: ImportPlan<OrderRow>,
  times: OrderTimes,
  now: Date,
): Promise<void> {
  const shipped = new Map<number, Record<string, unknown>>();
  for (const line of plan.ships) {
    const input = { express: line.express, express_company: line.express_company };
    shipped.set(line.target.id, { ...input, item_ids: await ship(tx, line.target, input, times, now) });
  }
  const ids = [...shipped.keys()];
  const after = new Map<number, OrderRow>();
  for (let i = 0; i < ids.length; i += 5000)
    for (const r of await tx
      .select()
      .from(orders)
      .where(inArray(orders.id, ids.slice(i, i + 5000))))
      after.set(r.id, r);
  const entries: AuditInput[] = plan.ships.map(({ target: o }) => ({
    entity: 'order',
    id: o.id,
    ipId: o.ipId,
    action: 'import_ship',
    before: auditView(o),
    after: auditView(after.get(o.id)!, shipped.get(o.id)),
  }));
  await auditMany(tx, request, entries);
}
