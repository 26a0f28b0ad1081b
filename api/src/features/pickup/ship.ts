import { canShip, messages } from '@toy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { deposits, pickupShipments, pickups } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { audit } from '../audit/index.js';
import type { PickupRow } from './queries.js';

const m = messages.pickup;

export interface Express {
  express_company: string;
  express: string;
}

/** The audit snapshot of a pickup's shipping fields. */
export const shipSnapshot = (
  p: Pick<PickupRow, 'orderSn' | 'deliveryStatus' | 'expressCompany' | 'express'>,
  shipped: number[],
) => ({
  order_sn: p.orderSn,
  delivery_status: p.deliveryStatus,
  express_company: p.expressCompany,
  express: p.express,
  shipped_ids: shipped,
});

/**
 * Ship items of a pickup locked by the caller (findPickup with lock, inside `tx`): all its
 * unshipped items (`only` undefined) or the chosen ones. One shipment row takes them; the pickup
 * becomes 1 shipped when nothing is left, else 4 partly shipped; its items become deposit state 1.
 * A pickup that is not 0 / 4 (shipped already, received) answers the not-shippable message, so
 * of two staff shipping at once the second, waiting on the row lock, is told.
 */
export async function shipItems(
  tx: Tx,
  request: FastifyRequest,
  pickup: PickupRow,
  express: Express,
  only?: number[],
): Promise<number> {
  if (!canShip(pickup.deliveryStatus)) throw httpError(409, m.notShippable);
  const items = await tx
    .select({ id: deposits.id, state: deposits.state })
    .from(deposits)
    .where(eq(deposits.pickupId, pickup.id))
    .for('update');
  const unshipped = items.filter((i) => i.state === 0).map((i) => i.id);
  const before = items.filter((i) => i.state !== 0).map((i) => i.id);
  let chosen = unshipped;
  if (only) {
    const wanted = [...new Set(only)];
    if (wanted.length === 0) throw httpError(400, m.childrenRequired);
    if (wanted.some((id) => !unshipped.includes(id))) throw httpError(409, m.childrenInvalid);
    chosen = wanted;
  }
  if (chosen.length === 0) throw httpError(409, m.notShippable);
  const [shipment] = await tx
    .insert(pickupShipments)
    .values({ pickupId: pickup.id, expressCompany: express.express_company, express: express.express })
    .returning({ id: pickupShipments.id });
  await tx
    .update(deposits)
    .set({ state: 1, shipmentId: shipment!.id })
    .where(and(eq(deposits.pickupId, pickup.id), eq(deposits.state, 0), inArray(deposits.id, chosen)));
  const status = chosen.length === unshipped.length ? 1 : 4;
  const [after] = await tx
    .update(pickups)
    .set({ deliveryStatus: status, expressCompany: express.express_company, express: express.express })
    .where(eq(pickups.id, pickup.id))
    .returning();
  await audit(tx, request, {
    entity: 'pickup',
    id: pickup.id,
    ipId: pickup.ipId,
    action: 'ship',
    before: shipSnapshot(pickup, before),
    after: shipSnapshot(after!, [...before, ...chosen]),
  });
  return status;
}
