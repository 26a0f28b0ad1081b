import {
  ACTIVITY_RELEASE_SALE,
  INT4_MAX,
  LOGISTICS_STATE as L,
  messages,
  PRESALE_DEPOSIT_PERCENT,
  TRAN_STATE as T,
} from '@toy/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { OrderTimes } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { depositFreight, goods, orderItems, orders, players } from '../../db/schema.js';
import { httpError, notFound } from '../../lib/errors.js';
import { returnCoupon, useCoupon } from '../coupon/index.js';
import { orderSn } from '../holdings/index.js';
import { closePayments } from '../payment/index.js';
import type { OrderRow } from './queries.js';

/**
 * The life of a normal order (spec 02 §4), every step a conditional write on a locked row:
 *
 * - buy: a release sale (activity type 5) of the brand's goods with a receiver → pending payment
 *   (tran_state 1) due within payMinutes. Goods with limited stock (stock_limit 1) give up the
 *   bought quantity at once (`stock = stock − n where stock ≥ n`); unlimited goods are not counted.
 * - pay: the whole amount → paid (2). A pre-sale pays PRESALE_DEPOSIT_PERCENT first (deposit_pay_price)
 *   and stays pending with a final-payment deadline (finalPayHours); the final payment makes it paid.
 *   Each payment is a payments row (features/payment): applied when the channel confirms it.
 * - cancel (the player, before any payment) → cancelled (5); the payment deadline passing → payment
 *   timeout (3). Both put the whole stock back. A timed-out pre-sale keeps its deposit (forfeited).
 * - ship (whole or chosen items) → shipped (1) or partly shipped (4); the whole order shipped sets
 *   the confirm deadline autoConfirmDays ahead. The player's confirm (or the deadline) → completed
 *   (2); a confirm while partly shipped → partly received (5).
 * - refund (the merchant, amount = received_price) → refunding (6). The payment channel accepts a
 *   refund only within refundWindowDays of the payment: then refunded (4), and the items not yet
 *   shipped give their stock back (limited-stock goods only; shipped items are with the buyer);
 *   else refund failed (7) with that reason, and nothing else changes.
 * - close (the merchant) on an order that holds no money: pending (its stock back), timed out,
 *   cancelled, refunded or refund failed.
 */

const m = messages.order;
const minutes = (n: number) => n * 60_000;
const hours = (n: number) => n * 3_600_000;
const days = (n: number) => n * 86_400_000;

export interface BuyInput {
  items: { goods_id: number; buy_num: number }[];
  pre_sale: number;
  remark: string;
  username: string;
  phone: string;
  province: string;
  city: string;
  area: string;
  address: string;
  coupon_id?: number;
}

/** A release sale (activity type 5) takes coupons of these business types: 0 universal, 2 activity. */
const RELEASE_SALE_COUPONS = [0, 2] as const;

export async function buy(tx: Tx, playerId: number, input: BuyInput, times: OrderTimes, now = new Date()) {
  const lines = new Map<number, number>();
  for (const l of input.items) lines.set(l.goods_id, (lines.get(l.goods_id) ?? 0) + l.buy_num);
  const found = await tx
    .select()
    .from(goods)
    .where(inArray(goods.id, [...lines.keys()]));
  if (found.length !== lines.size) throw httpError(404, m.goodsUnavailable);
  if (new Set(found.map((g) => g.ipId)).size !== 1) throw httpError(400, m.oneBrand);
  const ordered = [...lines.keys()].map((id) => found.find((g) => g.id === id)!);
  // In id order, so two purchases of the same goods never wait on each other's rows crosswise.
  for (const item of [...ordered].sort((a, b) => a.id - b.id)) {
    const n = lines.get(item.id)!;
    if (item.stockLimit !== 1) continue;
    const taken = await tx
      .update(goods)
      .set({ stock: sql`${goods.stock} - ${n}` })
      .where(and(eq(goods.id, item.id), eq(goods.stockLimit, 1), sql`${goods.stock} >= ${n}`))
      .returning({ id: goods.id });
    if (taken.length === 0) throw httpError(409, m.stockShort);
  }
  const first = ordered[0]!;
  const pieces = [...lines.values()].reduce((a, b) => a + b, 0);
  const [player] = await tx.select({ nickname: players.nickname }).from(players).where(eq(players.id, playerId));
  const [rule] = await tx.select().from(depositFreight).where(eq(depositFreight.ipId, first.ipId));
  // Freight as the brand's deposit settings price a pickup: free from free_num pieces, else unit_price.
  const fee = rule && pieces < rule.freeNum ? rule.unitPrice : 0;
  const price = ordered.reduce((sum, g) => sum + g.price * lines.get(g.id)!, 0);
  // The order's amounts are int4 columns (fen): a total past them is refused, not a database error.
  if (price + fee > INT4_MAX) throw httpError(400, m.totalTooLarge);
  const sn = orderSn('GM');
  // A coupon takes off the goods price (not the freight); the merchant bears it.
  const discount =
    input.coupon_id === undefined
      ? 0
      : await useCoupon(tx, {
          claimId: input.coupon_id,
          playerId,
          ipId: first.ipId,
          businessTypes: RELEASE_SALE_COUPONS,
          amount: price,
          orderSn: sn,
          now,
        });
  const receivable = price + fee - discount;
  const deposit = input.pre_sale ? Math.round((receivable * PRESALE_DEPOSIT_PERCENT) / 100) : 0;
  const [order] = await tx
    .insert(orders)
    .values({
      orderSn: sn,
      ipId: first.ipId,
      playerId,
      type: ACTIVITY_RELEASE_SALE,
      activeId: first.id,
      activeTitle: first.title,
      activePic: first.pic,
      buyNum: pieces,
      price,
      receivedPrice: 0,
      merchantIncome: 0,
      payTime: null,
      tranState: T.pending,
      logisticsState: L.awaiting,
      payEndAt: new Date(now.getTime() + minutes(times.payMinutes)),
      isPreSale: input.pre_sale,
      depositPrice: deposit,
      logisticsFee: fee,
      discountPrice: discount,
      receivablePrice: receivable,
      remark: input.remark,
      username: input.username,
      phone: input.phone,
      province: input.province,
      city: input.city,
      area: input.area,
      address: input.address,
      nickname: player?.nickname ?? '',
      createdAt: now,
    })
    .returning();
  await tx.insert(orderItems).values(
    ordered.map((g) => ({
      orderId: order!.id,
      goodsId: g.id,
      goodsTitle: g.title,
      goodsPic: g.pic,
      nums: lines.get(g.id)!,
    })),
  );
  return order!;
}

/** The player's own order, locked. */
export async function playerOrder(tx: Tx, playerId: number, sn: string): Promise<OrderRow> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.orderSn, sn), eq(orders.playerId, playerId)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** An order may be paid now: not closed, pending payment, its deadline not passed (else it times out). */
export async function assertPayable(tx: Tx, o: OrderRow, now = new Date()) {
  if (o.isClose) throw httpError(409, m.closed);
  if (o.tranState !== T.pending) throw httpError(409, m.payNotPending);
  if (o.payEndAt && o.payEndAt.getTime() <= now.getTime()) {
    await expire(tx, o);
    throw httpError(409, m.payExpired);
  }
}

/** Fen the order's next payment takes: a pre-sale's deposit, then the rest; else the whole. */
export const amountDue = (o: OrderRow) =>
  o.isPreSale && o.depositPayPrice === 0 ? o.depositPrice : o.receivablePrice - o.depositPayPrice;

export async function pay(tx: Tx, o: OrderRow, times: OrderTimes, now = new Date()) {
  await assertPayable(tx, o, now);
  await applyPayment(tx, o, times, now);
}

/** The payment of amountDue arrived (payment channel): the deposit is paid, or the whole order. */
export async function applyPayment(tx: Tx, o: OrderRow, times: OrderTimes, now = new Date()) {
  if (o.isPreSale && o.depositPayPrice === 0) {
    await tx
      .update(orders)
      .set({
        depositPayPrice: o.depositPrice,
        receivedPrice: o.depositPrice,
        totalPayPrice: o.depositPrice,
        payEndAt: new Date(now.getTime() + hours(times.finalPayHours)),
      })
      .where(eq(orders.id, o.id));
    return;
  }
  await tx
    .update(orders)
    .set({
      tranState: T.paid,
      payTime: now,
      payEndAt: null,
      receivedPrice: o.receivablePrice,
      totalPayPrice: o.receivablePrice,
      merchantIncome: o.receivablePrice - o.serviceFee,
    })
    .where(eq(orders.id, o.id));
}

/** Give back the stock of an order's items not shipped (limited-stock goods only). */
export async function returnStock(tx: Tx, orderId: number) {
  await tx.execute(sql`
    update ${goods} set stock = ${goods.stock} + i.n
    from (select ${orderItems.goodsId} as goods_id, sum(${orderItems.nums})::int as n from ${orderItems}
          where ${orderItems.orderId} = ${orderId} and ${orderItems.shipmentId} is null and ${orderItems.goodsId} is not null
          group by ${orderItems.goodsId}) i
    where ${goods.id} = i.goods_id and ${goods.stockLimit} = 1`);
}

export async function cancel(tx: Tx, o: OrderRow) {
  if (o.isClose) throw httpError(409, m.closed);
  if (o.tranState !== T.pending || o.depositPayPrice > 0) throw httpError(409, m.payNotPending);
  await tx.update(orders).set({ tranState: T.cancelled, payEndAt: null }).where(eq(orders.id, o.id));
  await returnStock(tx, o.id);
  await returnCoupon(tx, o.orderSn);
  await closePayments(tx, o.orderSn);
}

async function expire(tx: Tx, o: OrderRow) {
  await tx.update(orders).set({ tranState: T.timeout, payEndAt: null }).where(eq(orders.id, o.id));
  await returnStock(tx, o.id);
  if (o.depositPayPrice === 0) await returnCoupon(tx, o.orderSn);
  await closePayments(tx, o.orderSn);
}

export async function confirm(tx: Tx, o: OrderRow, now = new Date()) {
  const next =
    o.tranState === T.paid && o.logisticsState === L.shipped
      ? L.completed
      : o.tranState === T.paid && o.logisticsState === L.partlyShipped
        ? L.partlyReceived
        : null;
  if (next === null) throw httpError(409, m.confirmNotShipped);
  await tx
    .update(orders)
    .set({ logisticsState: next, receivedAt: now, ...(next === L.completed ? { confirmAt: null } : {}) })
    .where(eq(orders.id, o.id));
}

/* ------------------------------------- timers ------------------------------------- */

const BATCH = 200;

/** Pending orders past their payment deadline → payment timeout (stock back). Answers how many. */
export async function expireDue(tx: Tx, now: Date): Promise<number> {
  const due = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tranState, T.pending), eq(orders.isClose, 0), lt(orders.payEndAt, now)))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  for (const o of due) await expire(tx, o);
  return due.length;
}

/** Shipped orders past their confirm deadline → completed, auto_confirmed 1. */
export async function autoConfirmDue(tx: Tx, now: Date): Promise<number> {
  const done = await tx
    .update(orders)
    .set({ logisticsState: L.completed, receivedAt: now, autoConfirmed: 1, confirmAt: null })
    .where(
      and(
        eq(orders.tranState, T.paid),
        eq(orders.logisticsState, L.shipped),
        lt(orders.confirmAt, now),
        eq(orders.isClose, 0),
      ),
    )
    .returning({ id: orders.id });
  return done.length;
}

/**
 * Refunds the payment channel has been asked for (tran_state 6): asked within the channel's refund
 * window (refundWindowDays after the payment) → refunded, unshipped stock back; later → refund failed.
 */
export async function settleRefunds(tx: Tx, times: OrderTimes, now: Date): Promise<number> {
  const due = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.tranState, T.refunding), sql`${orders.refundAt} <= ${now.toISOString()}`))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  for (const o of due) {
    const paidAt = (o.payTime ?? o.createdAt).getTime();
    const askedAt = (o.refundAt ?? now).getTime();
    const accepted = askedAt - paidAt <= days(times.refundWindowDays);
    if (accepted) {
      await tx.update(orders).set({ tranState: T.refunded, refundReason: '' }).where(eq(orders.id, o.id));
      await returnStock(tx, o.id);
    } else {
      await tx
        .update(orders)
        .set({ tranState: T.refundFailed, refundReason: m.refundFailedReason(times.refundWindowDays) })
        .where(eq(orders.id, o.id));
    }
  }
  return due.length;
}
