import { type AuditAction, MARKET_DELIVERY, MARKET_LINE, marketShippable, messages } from '@toy/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { marketOrderGoods, marketOrders, marketShipments } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import { auditFields, type MarketLineRow, type MarketOrderRow, statusOfLines } from './queries.js';

const m = messages.market;

/** Why an order in this state cannot be shipped (spec 02 §4: ship is offered for 0 and 4 only). */
const REFUSALS: readonly { status: number; message: string }[] = [
  { status: MARKET_DELIVERY.shipped, message: m.alreadyShipped },
  { status: MARKET_DELIVERY.received, message: m.alreadyReceived },
  { status: MARKET_DELIVERY.partReceived, message: m.notShippable },
];
export const refusalOf = (status: number): string | null =>
  marketShippable(status) ? null : (REFUSALS.find((r) => r.status === status)?.message ?? m.notShippable);

export interface ShipInput {
  express_company: string;
  express: string;
  /** Selected lines (a partial shipment); undefined: every line not yet shipped. */
  goods_ids?: number[];
}

/**
 * Ship an order locked by the caller (`findOrder(tx, …, true)`): a shipment row (the notification
 * the marketplace reads), its lines marked shipped by a conditional UPDATE, the order's status
 * from its lines, and the audit line with before and after, all in `tx`. A second writer waits on
 * the row lock and then finds the order shipped.
 */
export async function shipLocked(
  tx: Tx,
  request: FastifyRequest,
  order: MarketOrderRow,
  input: ShipInput,
  action: Extract<AuditAction, 'ship' | 'import_ship'> = 'ship',
): Promise<{ status: number; shipmentId: number }> {
  const refusal = refusalOf(order.deliveryStatus);
  if (refusal) throw httpError(409, refusal);
  const lines = await tx
    .select()
    .from(marketOrderGoods)
    .where(eq(marketOrderGoods.orderId, order.id))
    .orderBy(asc(marketOrderGoods.id));
  const open = lines.filter((l) => l.state === MARKET_LINE.none);
  const wanted = input.goods_ids ? [...new Set(input.goods_ids)] : open.map((l) => l.id);
  if (wanted.length === 0) throw httpError(409, m.alreadyShipped);
  if (!wanted.every((id) => open.some((l) => l.id === id))) throw httpError(409, m.goodsInvalid);

  const [shipment] = await tx
    .insert(marketShipments)
    .values({
      orderId: order.id,
      platform: order.platform,
      expressCompany: input.express_company,
      express: input.express,
      userId: request.user?.id ?? null,
    })
    .returning({ id: marketShipments.id });
  const shipped = await tx
    .update(marketOrderGoods)
    .set({ state: MARKET_LINE.shipped, shipmentId: shipment!.id })
    .where(
      and(
        eq(marketOrderGoods.orderId, order.id),
        inArray(marketOrderGoods.id, wanted),
        eq(marketOrderGoods.state, MARKET_LINE.none),
        isNull(marketOrderGoods.shipmentId),
      ),
    )
    .returning({ id: marketOrderGoods.id });
  if (shipped.length !== wanted.length) throw httpError(409, m.alreadyShipped);

  const after: MarketLineRow[] = lines.map((l) =>
    wanted.includes(l.id) ? { ...l, state: MARKET_LINE.shipped, shipmentId: shipment!.id } : l,
  );
  const status = statusOfLines(after);
  const [updated] = await tx
    .update(marketOrders)
    .set({
      deliveryStatus: status,
      expressCompany: input.express_company,
      express: input.express,
      updatedAt: sql`now()`,
    })
    .where(and(eq(marketOrders.id, order.id), eq(marketOrders.deliveryStatus, order.deliveryStatus)))
    .returning();
  if (!updated) throw httpError(409, m.alreadyShipped);
  const goods = lines.filter((l) => wanted.includes(l.id)).map((l) => `${l.goodsTitle}×${l.nums}`);
  await audit(tx, request, {
    entity: 'marketOrder',
    id: order.id,
    ipId: order.ipId,
    action,
    before: auditFields(order),
    after: auditFields(updated, goods),
  });
  return { status, shipmentId: shipment!.id };
}
