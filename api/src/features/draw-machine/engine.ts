import { randomBytes } from 'node:crypto';
import { ACTIVITY_DRAW_BOX, arrangeCases, type Counts, messages, recordHash } from '@toy/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  boxAllocations,
  deposits,
  drawLog,
  drawMachineCases,
  drawMachineGoods,
  drawMachines,
  drawRemovedCases,
  orderItems,
  orders,
  players,
} from '../../db/schema.js';
import { httpError } from '../../http/errors.js';
import { allocStyles, stylesOf } from '../blind-box/templates.js';
import type { MachineRow } from './stats.js';

const m = messages.drawMachine;

export const orderSn = (prefix: string) =>
  `${prefix}${Date.now()}${randomBytes(4).readUInt32BE(0).toString().padStart(10, '0')}`;

/** The last draw of a machine (its position in the draw order), or null before the first. */
async function lastDraw(tx: Tx, batchId: number) {
  const [row] = await tx.select().from(drawLog).where(eq(drawLog.batchId, batchId)).orderBy(desc(drawLog.seq)).limit(1);
  return row ?? null;
}

const notRemoved = (batchId: number) =>
  notExists(
    sql`(select 1 from ${drawRemovedCases} where ${drawRemovedCases.batchId} = ${batchId} and ${drawRemovedCases.caseNo} = ${drawMachineCases.caseNo})`,
  );

/** The next case a draw would open after `afterCase`, or null. */
async function nextCase(tx: Tx, batchId: number, afterCase: number) {
  const [row] = await tx
    .select()
    .from(drawMachineCases)
    .where(and(eq(drawMachineCases.batchId, batchId), gt(drawMachineCases.caseNo, afterCase), notRemoved(batchId)))
    .orderBy(asc(drawMachineCases.caseNo))
    .limit(1);
  return row ?? null;
}

/** Whether a box remains after the last draw (the rest of its case, or a later case). */
async function boxesRemain(tx: Tx, machine: MachineRow): Promise<boolean> {
  const last = await lastDraw(tx, machine.id);
  if (last && last.position + 1 < machine.limitStock) return true;
  return (await nextCase(tx, machine.id, last?.caseNo ?? 0)) !== null;
}

/**
 * The reveal: the machine sold out (or was ended with nothing left), so every allocation it drew
 * from publishes its seed, and anyone can recompute the arrangement and check the draw log.
 */
export async function endIfEmpty(tx: Tx, machine: MachineRow): Promise<boolean> {
  if (await boxesRemain(tx, machine)) return false;
  await tx.update(drawMachines).set({ off: 2, updatedAt: sql`now()` }).where(eq(drawMachines.id, machine.id));
  await tx
    .update(boxAllocations)
    .set({ revealedAt: sql`now()` })
    .where(
      and(
        isNull(boxAllocations.revealedAt),
        or(
          eq(boxAllocations.id, machine.allocationId),
          and(eq(boxAllocations.batchId, machine.id), isNotNull(boxAllocations.usedAt)),
        ),
      ),
    );
  return true;
}

export interface DrawOutcome {
  orderSn: string;
  caseNo: number;
  position: number;
  styleId: number;
  price: number;
  bean: number;
  depositId: number;
}

/**
 * One draw, in the caller's transaction, with the machine row locked (FOR UPDATE) so draws and
 * stock changes on one machine are serialised: the next box in the committed order (case by
 * case, position by position), a paid order of activity type 13 with coins deducted within the
 * machine's limit, the item into the player's cabinet, the draw log record chained to the last.
 */
export async function drawOne(tx: Tx, batchId: number, playerId: number, useBean: boolean): Promise<DrawOutcome> {
  const [machine] = await tx.select().from(drawMachines).where(eq(drawMachines.id, batchId)).for('update');
  if (!machine) throw httpError(404, messages.common.notFound);
  if (machine.off === 2) throw httpError(409, m.soldOut);
  if (machine.off !== 0 || machine.shelvesTime.getTime() > Date.now()) throw httpError(409, m.notOnSale);

  const last = await lastDraw(tx, batchId);
  let caseNo: number;
  let position: number;
  let box: typeof drawMachineCases.$inferSelect | null;
  if (last && last.position + 1 < machine.limitStock) {
    caseNo = last.caseNo;
    position = last.position + 1;
    [box] = await tx
      .select()
      .from(drawMachineCases)
      .where(and(eq(drawMachineCases.batchId, batchId), eq(drawMachineCases.caseNo, caseNo)));
  } else {
    box = await nextCase(tx, batchId, last?.caseNo ?? 0);
    if (!box) {
      await endIfEmpty(tx, machine);
      throw httpError(409, m.soldOut);
    }
    caseNo = box.caseNo;
    position = 0;
  }
  const styleId = box!.styles[position]!;
  const [style] = await tx
    .select()
    .from(drawMachineGoods)
    .where(and(eq(drawMachineGoods.batchId, batchId), eq(drawMachineGoods.styleId, styleId)));

  const [player] = await tx.select().from(players).where(eq(players.id, playerId)).for('update');
  const bean = useBean ? Math.max(0, Math.min(machine.bean, player!.coins, machine.price)) : 0;
  const fee = Math.round((machine.price * Number(machine.serviceCharge)) / 100);
  const sn = orderSn('BX');
  const now = new Date();
  const [order] = await tx
    .insert(orders)
    .values({
      orderSn: sn,
      ipId: machine.ipId,
      playerId,
      type: ACTIVITY_DRAW_BOX,
      activeId: batchId,
      activeTitle: machine.title,
      activePic: machine.pic,
      price: machine.price,
      points: bean,
      receivedPrice: machine.price - bean,
      serviceFee: fee,
      merchantIncome: machine.price - bean - fee,
      payTime: now,
    })
    .returning({ id: orders.id });
  const [item] = await tx
    .insert(orderItems)
    .values({
      orderId: order!.id,
      batchId,
      styleId,
      goodsTitle: style!.goodsTitle,
      goodsPic: style!.goodsPic,
      type: style!.type,
      caseNo,
      position,
    })
    .returning({ id: orderItems.id });
  const [deposit] = await tx
    .insert(deposits)
    .values({ orderItemId: item!.id, playerId, ipId: machine.ipId, batchId, styleId, state: 3 })
    .returning({ id: deposits.id });
  if (bean > 0)
    await tx
      .update(players)
      .set({ coins: sql`${players.coins} - ${bean}` })
      .where(eq(players.id, playerId));

  const record = {
    seq: (last?.seq ?? 0) + 1,
    allocation_id: box!.allocationId,
    case_no: caseNo,
    position,
    style_id: styleId,
    order_sn: sn,
    drawn_at: now.toISOString(),
  };
  const prevHash = last?.hash ?? machine.seedHash;
  await tx.insert(drawLog).values({
    batchId,
    seq: record.seq,
    allocationId: record.allocation_id,
    caseNo,
    position,
    styleId,
    orderSn: sn,
    drawnAt: now,
    prevHash,
    hash: recordHash(prevHash, record),
  });
  if (position === 0)
    await tx
      .update(drawMachines)
      .set({ stock: sql`${drawMachines.stock} - 1` })
      .where(eq(drawMachines.id, batchId));
  if (position + 1 === machine.limitStock) await endIfEmpty(tx, machine);
  return { orderSn: sn, caseNo, position, styleId, price: machine.price, bean, depositId: deposit!.id };
}

/**
 * A stock decrease (machine locked by the caller): the `n` last untouched cases are removed,
 * never one a draw has opened. With nothing left the machine ends (sold out, seeds revealed).
 */
export async function decreaseStock(tx: Tx, machine: MachineRow, n: number): Promise<number> {
  if (n > machine.stock) throw httpError(400, m.decreaseTooMany);
  const last = await lastDraw(tx, machine.id);
  const cases = await tx
    .select({ caseNo: drawMachineCases.caseNo })
    .from(drawMachineCases)
    .where(
      and(
        eq(drawMachineCases.batchId, machine.id),
        gt(drawMachineCases.caseNo, last?.caseNo ?? 0),
        notRemoved(machine.id),
      ),
    )
    .orderBy(desc(drawMachineCases.caseNo))
    .limit(n);
  if (cases.length < n) throw httpError(400, m.decreaseTooMany);
  await tx.insert(drawRemovedCases).values(cases.map((c) => ({ batchId: machine.id, caseNo: c.caseNo })));
  const stock = machine.stock - n;
  await tx.update(drawMachines).set({ stock, updatedAt: sql`now()` }).where(eq(drawMachines.id, machine.id));
  await endIfEmpty(tx, machine);
  return stock;
}

/**
 * A confirmed increase: the restock allocation (batch_id = this machine) is spent and its cases,
 * arrangeCases of its own committed seed, are appended after the machine's last case.
 */
export async function appendAllocation(
  tx: Tx,
  machine: MachineRow,
  allocation: typeof boxAllocations.$inferSelect,
): Promise<number> {
  await tx.update(boxAllocations).set({ usedAt: sql`now()` }).where(eq(boxAllocations.id, allocation.id));
  const styles = (await stylesOf(tx as never, [machine.templateId])).get(machine.templateId) ?? [];
  const counts = Object.fromEntries(Object.entries(allocation.counts).map(([k, v]) => [Number(k), v])) as Counts;
  const cases = arrangeCases(allocation.seed, allocStyles(styles), counts, allocation.boxNum, allocation.limitStock);
  const [{ max }] = (await tx
    .select({ max: sql<number>`coalesce(max(${drawMachineCases.caseNo}), 0)::int` })
    .from(drawMachineCases)
    .where(eq(drawMachineCases.batchId, machine.id))) as [{ max: number }];
  for (let i = 0; i < cases.length; i += 500) {
    await tx.insert(drawMachineCases).values(
      cases.slice(i, i + 500).map((styleIds, j) => ({
        batchId: machine.id,
        caseNo: max + i + j + 1,
        allocationId: allocation.id,
        styles: styleIds,
      })),
    );
  }
  for (const s of styles) {
    if (!counts[s.id]) continue;
    await tx
      .update(drawMachineGoods)
      .set({ stockSum: sql`${drawMachineGoods.stockSum} + ${counts[s.id]!}` })
      .where(and(eq(drawMachineGoods.batchId, machine.id), eq(drawMachineGoods.styleId, s.id)));
  }
  const stock = machine.stock + allocation.boxNum;
  await tx
    .update(drawMachines)
    .set({
      stock,
      boxNum: machine.boxNum + allocation.boxNum,
      // A sold-out machine given new boxes goes back on sale.
      off: machine.off === 2 ? 0 : machine.off,
      updatedAt: sql`now()`,
    })
    .where(eq(drawMachines.id, machine.id));
  return stock;
}

/** Settlement rule: a draw order's merchant share settles SETTLE_DAYS after payment. */
export const SETTLE_DAYS = 7;
export async function settleDue(tx: Tx, before: Date, ipIds?: number[]): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({ settleState: 1, settledAt: sql`now()` })
    .where(
      and(
        eq(orders.settleState, 0),
        sql`${orders.payTime} < ${before.toISOString()}`,
        ipIds ? inArray(orders.ipId, ipIds) : undefined,
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}
