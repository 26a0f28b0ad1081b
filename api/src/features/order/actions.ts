import { LOGISTICS_STATE as L, messages, TRAN_STATE as T } from '@toy/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { OrderTimes } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { orderItems, orderShipments, orders } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { yuanToFen } from '../../lib/money.js';
import { returnCoupon } from '../coupon/index.js';
import { closePayments } from '../payment/index.js';
import { returnStock } from './lifecycle.js';
import { isSplittable, type OrderRow, unshippedItems } from './queries.js';

/**
 * The merchant's writes on a locked order (routes.ts holds the lock, the audit and the answer).
 * What blocks each write is a table, checked in order: the first row that holds is the message,
 * answered 409 with nothing changed. A second writer waits for the first's lock and then meets the
 * first's result here (shipped twice, refunded twice), so one of two concurrent writers wins.
 */

interface Block {
  when: (o: OrderRow) => boolean;
  message: string;
}

const m = messages.order;
const isDraw = (o: OrderRow) => o.type === 13;

/** Shared heads of the tables: draw orders are handled on the pickup screens; a closed order is final. */
const common: Block[] = [
  { when: isDraw, message: m.drawOrder },
  { when: (o) => o.isClose === 1, message: m.closed },
];

export const SHIP_BLOCKS: Block[] = [
  ...common,
  { when: (o) => o.tranState === T.refunded, message: m.refundedState },
  { when: (o) => o.tranState === T.refunding, message: m.refunding },
  { when: (o) => o.tranState !== T.paid, message: m.notPaid },
  { when: (o) => o.logisticsState === L.storage, message: m.inStorage },
  { when: (o) => o.logisticsState === L.shipped || o.logisticsState === L.completed, message: m.alreadyShipped },
];

export const REFUND_BLOCKS: Block[] = [
  ...common,
  { when: (o) => o.tranState === T.refunded, message: m.refundedState },
  { when: (o) => o.tranState === T.refunding, message: m.refunding },
  { when: (o) => o.tranState !== T.paid && o.tranState !== T.refundFailed, message: m.notPaid },
  { when: (o) => o.logisticsState === L.storage, message: m.inStorage },
  { when: (o) => o.logisticsState === L.shipped || o.logisticsState === L.completed, message: m.refundShipped },
];

export const CLOSE_BLOCKS: Block[] = [
  ...common,
  { when: (o) => o.tranState === T.refunding, message: m.refunding },
  { when: (o) => o.tranState === T.paid, message: m.closePaid },
];

export const REMARK_BLOCKS: Block[] = [{ when: isDraw, message: m.drawOrder }];

export function check(blocks: Block[], o: OrderRow) {
  const hit = blocks.find((b) => b.when(o));
  if (hit) throw httpError(409, hit.message);
}

export interface ShipInput {
  express: string;
  express_company: string;
  platform?: string | number;
  /** Chosen items; every unshipped item when undefined. */
  item_ids?: number[];
}

/** Ship the chosen (or all) unshipped items as one shipment. Answers the shipped item ids. */
export async function ship(tx: Tx, o: OrderRow, input: ShipInput, times: OrderTimes, now = new Date()) {
  check(SHIP_BLOCKS, o);
  const open = await unshippedItems(tx, o.id);
  if (open.length === 0) throw httpError(409, m.alreadyShipped);
  let chosen = open;
  if (input.item_ids !== undefined) {
    const want = new Set(input.item_ids);
    if (want.size === 0) throw httpError(400, m.itemsRequired);
    chosen = open.filter((i) => want.has(i.id));
    if (chosen.length !== want.size) throw httpError(409, m.itemShipped);
    const all = await tx.select().from(orderItems).where(eq(orderItems.orderId, o.id));
    if (chosen.length < open.length && !isSplittable(o.type, all)) throw httpError(409, m.noSplit);
  }
  const [shipment] = await tx
    .insert(orderShipments)
    .values({
      orderId: o.id,
      express: input.express,
      expressCompany: input.express_company,
      platform: input.platform === undefined ? '' : String(input.platform),
      createdAt: now,
      updateAt: now,
    })
    .returning({ id: orderShipments.id });
  const ids = chosen.map((i) => i.id);
  const taken = await tx
    .update(orderItems)
    .set({ shipmentId: shipment!.id })
    .where(and(inArray(orderItems.id, ids), isNull(orderItems.shipmentId)))
    .returning({ id: orderItems.id });
  if (taken.length !== ids.length) throw httpError(409, m.itemShipped);
  const whole = chosen.length === open.length;
  await tx
    .update(orders)
    .set({
      logisticsState: whole ? L.shipped : L.partlyShipped,
      logisticsSendAt: now,
      confirmAt: whole ? new Date(now.getTime() + times.autoConfirmDays * 86_400_000) : null,
    })
    .where(eq(orders.id, o.id));
  return ids;
}

export async function refund(tx: Tx, o: OrderRow, amountYuan: number, now = new Date()) {
  check(REFUND_BLOCKS, o);
  if (yuanToFen(amountYuan) !== o.receivedPrice) throw httpError(400, m.refundAmount);
  await tx
    .update(orders)
    .set({ tranState: T.refunding, refundAmount: o.receivedPrice, refundAt: now, refundReason: '' })
    .where(eq(orders.id, o.id));
}

export async function close(tx: Tx, o: OrderRow, now = new Date()) {
  check(CLOSE_BLOCKS, o);
  await tx.update(orders).set({ isClose: 1, closedAt: now, payEndAt: null }).where(eq(orders.id, o.id));
  // A pending order still holds its stock; every other closable state has given it back already.
  if (o.tranState === T.pending) {
    await returnStock(tx, o.id);
    await returnCoupon(tx, o.orderSn);
    await closePayments(tx, o.orderSn);
  }
}

export async function remark(tx: Tx, o: OrderRow, publicRemark: string, privateRemark: string) {
  check(REMARK_BLOCKS, o);
  await tx.update(orders).set({ publicRemark, privateRemark }).where(eq(orders.id, o.id));
}
