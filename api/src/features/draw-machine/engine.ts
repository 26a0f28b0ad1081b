import { randomBytes } from 'node:crypto';
import { ACTIVITY_DRAW_BOX, arrangeCases, type Counts, messages, recordHash } from '@toy/shared';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
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

type GoodsRow = typeof drawMachineGoods.$inferSelect;
/** A machine's goods never change after publish (a restock only adds to stock_sum): kept per process. */
const goodsCache = new Map<string, Map<number, GoodsRow>>();
async function stylesOfMachine(tx: Tx, machine: MachineRow): Promise<Map<number, GoodsRow>> {
  // Keyed with the machine's random seed hash too, so two databases in one process never mix.
  const key = `${machine.id}:${machine.seedHash}`;
  const batchId = machine.id;
  const hit = goodsCache.get(key);
  if (hit) return hit;
  const rows = await tx.select().from(drawMachineGoods).where(eq(drawMachineGoods.batchId, batchId));
  const map = new Map(rows.map((r) => [r.styleId, r]));
  if (goodsCache.size > 1000) goodsCache.clear();
  goodsCache.set(key, map);
  return map;
}

export interface DrawOutcome {
  orderSn: string;
  caseNo: number;
  position: number;
  styleId: number;
  price: number;
  bean: number;
  depositId: number;
  goods: { title: string; pic: string; type: number };
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
  const style = (await stylesOfMachine(tx, machine)).get(styleId);

  const [player] = await tx.select().from(players).where(eq(players.id, playerId)).for('update');
  const bean = useBean ? Math.max(0, Math.min(machine.bean, player!.coins, machine.price)) : 0;
  const fee = Math.round((machine.price * Number(machine.serviceCharge)) / 100);
  const sn = orderSn('BX');
  const now = new Date();
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
  const hash = recordHash(prevHash, record);
  // One statement for the writes of a draw (the machine row is locked): the order, its item, the
  // cabinet entry, the coins spent and the draw log record.
  const written = await tx.execute(sql`
    with o as (
      insert into ${orders} (order_sn, ip_id, player_id, type, active_id, active_title, active_pic, price, points,
        received_price, service_fee, merchant_income, pay_time)
      values (${sn}, ${machine.ipId}, ${playerId}, ${ACTIVITY_DRAW_BOX}, ${batchId}, ${machine.title}, ${machine.pic},
        ${machine.price}, ${bean}, ${machine.price - bean}, ${fee}, ${machine.price - bean - fee}, ${now.toISOString()})
      returning id
    ), i as (
      insert into ${orderItems} (order_id, batch_id, style_id, goods_title, goods_pic, type, case_no, position)
      select o.id, ${batchId}, ${styleId}, ${style!.goodsTitle}, ${style!.goodsPic}, ${style!.type}, ${caseNo}, ${position}
      from o returning id
    ), d as (
      insert into ${deposits} (order_item_id, player_id, ip_id, batch_id, style_id, state)
      select i.id, ${playerId}, ${machine.ipId}, ${batchId}, ${styleId}, 3 from i returning id
    ), c as (
      update ${players} set coins = coins - ${bean} where id = ${playerId} and ${bean} > 0 returning id
    ), l as (
      insert into ${drawLog} (batch_id, seq, allocation_id, case_no, position, style_id, order_sn, drawn_at, prev_hash, hash)
      values (${batchId}, ${record.seq}, ${record.allocation_id}, ${caseNo}, ${position}, ${styleId}, ${sn},
        ${now.toISOString()}, ${prevHash}, ${hash})
      returning seq
    )
    select d.id, (select count(*) from c)::int as coins, (select count(*) from l)::int as logged from d`);
  const depositId = (written as unknown as { rows: { id: number }[] }).rows[0]!.id;
  if (position === 0)
    await tx
      .update(drawMachines)
      .set({ stock: sql`${drawMachines.stock} - 1` })
      .where(eq(drawMachines.id, batchId));
  if (position + 1 === machine.limitStock) await endIfEmpty(tx, machine);
  return {
    orderSn: sn,
    caseNo,
    position,
    styleId,
    price: machine.price,
    bean,
    depositId,
    goods: { title: style!.goodsTitle, pic: style!.goodsPic, type: style!.type },
  };
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

/**
 * Settlement rule: a draw order's merchant share (price − coins − service fee) moves from pending
 * to settled SETTLE_DAYS after payment. It is applied when the brand's draw-machine list is read
 * (a read first, so nothing is written while nothing is due) and by the demo seed.
 */
export async function settleBrand(db: Db, ipId: number): Promise<void> {
  const cutoff = new Date(Date.now() - SETTLE_DAYS * 86400_000);
  const [due] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.ipId, ipId), eq(orders.settleState, 0), sql`${orders.payTime} < ${cutoff.toISOString()}`))
    .limit(1);
  if (due) await db.transaction((tx) => settleDue(tx, cutoff, [ipId]));
}

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
