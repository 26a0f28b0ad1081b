import { ACTIVITY_DRAW_BOX, arrangeCases, type Counts, messages, recordHash } from '@toy/shared';
import { and, desc, eq, gt, inArray, isNotNull, isNull, notExists, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.js';
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
import { httpError } from '../../lib/errors.js';
import { allocStyles, stylesOf } from '../blind-box/index.js';
import { checkCoupon, lockClaims, spendClaims } from '../coupon/index.js';
import { grantDrops, orderSn, type PaidDraw } from '../holdings/index.js';
import {
  coinsToDeduct,
  lockBalances,
  lockMoreBalances,
  type PaymentChannel,
  paidInsert,
  refuseDeferred,
  SANDBOX_CHANNEL,
} from '../payment/index.js';
import { joinLate, type Late } from './draw-queue.js';
import type { MachineRow } from './queries.js';

const m = messages.drawMachine;

/** The last draw of a machine (its position in the draw order), or null before the first. */
async function lastDraw(tx: Tx, batchId: number) {
  const [row] = await tx.select().from(drawLog).where(eq(drawLog.batchId, batchId)).orderBy(desc(drawLog.seq)).limit(1);
  return row ?? null;
}

const notRemoved = (batchId: number) =>
  notExists(
    sql`(select 1 from ${drawRemovedCases} where ${drawRemovedCases.batchId} = ${batchId} and ${drawRemovedCases.caseNo} = ${drawMachineCases.caseNo})`,
  );

/** Whether a box remains after the last draw (the rest of its case, or a later case). */
async function boxesRemain(tx: Tx, machine: MachineRow): Promise<boolean> {
  return (await lastAndNext(tx, machine, 1)).boxes.length > 0;
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
  /** Fen taken off by the player's coupon (0 without one). */
  discount: number;
  depositId: number;
  goods: { title: string; pic: string; type: number };
}

export interface DrawWant {
  playerId: number;
  useBean: boolean;
  /** A claimed coupon to pay with (business types 0 universal and 1 blind-box machine). */
  claimId?: number;
  /** The payment channel of the money part (the sandbox's when absent). */
  channel?: PaymentChannel;
}

/** A draw takes coupons of these business types: 0 universal, 1 blind-box machine. */
const DRAW_COUPONS = [0, 1] as const;
/** Each want's box, or why it has none (sold out, an unknown player). */
export type DrawResult = { ok: true; outcome: DrawOutcome } | { ok: false; error: Error };

type CaseRow = typeof drawMachineCases.$inferSelect;
type Drawn = DrawOutcome & {
  playerId: number;
  claimId?: number;
  allocationId: number;
  seq: number;
  prevHash: string;
  hash: string;
};

type Last = { seq: number; caseNo: number; position: number; hash: string } | null;

/**
 * The machine, locked (FOR UPDATE). Its last draw and next boxes are read by the next statement
 * (lastAndNext), never by this one: a copy that waited for the lock gets the locked row as it is
 * now, but a subquery of the same statement keeps the snapshot taken before the wait, so it would
 * see the last draw as it was then and pick boxes another copy has just sold. A statement begun
 * after the lock is held sees every draw committed before it.
 */
async function lockMachine(tx: Tx, batchId: number): Promise<MachineRow | null> {
  const [machine] = await tx.select().from(drawMachines).where(eq(drawMachines.id, batchId)).for('update');
  return machine ?? null;
}

/**
 * The machine's last draw and the boxes the next `n` draws open, in the committed order (the rest
 * of the open case first, then the cases not removed), in one statement: each round trip is time
 * the machine stays locked. It reads at most one case more than it needs.
 */
async function lastAndNext(tx: Tx, machine: MachineRow, n: number): Promise<{ last: Last; boxes: Box[] }> {
  const size = machine.limitStock;
  const result = await tx.execute(sql`
    with last as (
      select seq, case_no, position, hash from ${drawLog} where batch_id = ${machine.id} order by seq desc limit 1
    )
    select l.seq, l.case_no as last_case, l.position, l.hash, c.case_no, c.allocation_id, c.styles
    from (select 1) one
    left join last l on true
    left join lateral (
      select * from ${drawMachineCases} c
      where c.batch_id = ${machine.id}
        and ((l.position + 1 < ${size} and c.case_no = l.case_no)
          or (c.case_no > coalesce(l.case_no, 0) and not exists (
            select 1 from ${drawRemovedCases} r where r.batch_id = ${machine.id} and r.case_no = c.case_no)))
      order by c.case_no
      limit ${1 + Math.ceil(Math.max(0, n) / size)}
    ) c on true
    order by c.case_no`);
  const rows = rowsOf<{
    seq: number | null;
    last_case: number | null;
    position: number | null;
    hash: string | null;
    case_no: number | null;
    allocation_id: number | null;
    styles: number[] | null;
  }>(result);
  const head = rows[0];
  const last: Last =
    head?.seq == null ? null : { seq: head.seq, caseNo: head.last_case!, position: head.position!, hash: head.hash! };
  const open = last !== null && last.position + 1 < size;
  const boxes: Box[] = [];
  for (const row of rows) {
    if (row.case_no == null) continue;
    const box: CaseRow = {
      batchId: machine.id,
      caseNo: row.case_no,
      allocationId: row.allocation_id!,
      styles: row.styles!,
    };
    const first = open && row.case_no === last.caseNo ? last.position + 1 : 0;
    for (let position = first; position < size && boxes.length < n; position++) boxes.push({ box, position });
  }
  return { last, boxes };
}

type Box = { box: CaseRow; position: number };

/**
 * Draws on one machine, in the caller's transaction, with the machine row locked (FOR UPDATE) so
 * draws and stock changes on it are serialised. Each want takes the next box in the committed
 * order (case by case, position by position) and becomes a paid order of activity type 13 with
 * coins deducted as asked (a balance short of the machine's deduction refuses that draw) and its
 * payment record (features/payment), the item in the player's cabinet and a draw log
 * record chained to the last. Many wants share one transaction and a handful of statements (the
 * API groups the draws waiting on a machine); wants beyond the last box are told it sold out.
 */
export async function drawMany(
  tx: Tx,
  batchId: number,
  group: DrawWant[],
  late?: Late<DrawWant>,
): Promise<DrawResult[]> {
  // Every want's balance and coupon, locked before the machine (rows of their own, in id order):
  // the machine's lock, which every copy's draws queue on, is held only for what needs it.
  const claimIds = (ws: DrawWant[]) => ws.flatMap((w) => (w.claimId === undefined ? [] : [w.claimId]));
  const coins = await lockBalances(
    tx,
    group.map((w) => w.playerId),
  );
  const claims = await lockClaims(tx, claimIds(group));
  const machine = await lockMachine(tx, batchId);
  if (!machine) throw httpError(404, messages.common.notFound);
  if (machine.off === 2) throw httpError(409, m.soldOut);
  if (machine.off !== 0 || machine.shelvesTime.getTime() > Date.now()) throw httpError(409, m.notOnSale);
  // The draws that arrived while the group waited for the machine join it, with their own rows.
  const joined = await joinLate(late, async (extra) => {
    await lockMoreBalances(
      tx,
      coins,
      extra.map((w) => w.playerId),
    );
    const moreClaims = await lockClaims(
      tx,
      claimIds(extra).filter((id) => !claims.has(id)),
      { skipLocked: true },
    );
    for (const [id, c] of moreClaims) claims.set(id, c);
    return new Set(extra.filter((w) => coins.has(w.playerId) && (w.claimId === undefined || claims.has(w.claimId))));
  });
  const wants = [...group, ...joined];

  const { last, boxes } = await lastAndNext(tx, machine, wants.length);
  const styles = await stylesOfMachine(tx, machine);
  const spent = new Set<number>();
  const fee = Math.round((machine.price * Number(machine.serviceCharge)) / 100);
  const now = new Date();
  let prevHash = last?.hash ?? machine.seedHash;
  let seq = last?.seq ?? 0;
  const results: DrawResult[] = [];
  const drawn: Drawn[] = [];
  let next = 0;
  for (const want of wants) {
    const slot = boxes[next];
    if (!slot) {
      results.push({ ok: false, error: httpError(409, m.soldOut) });
      continue;
    }
    const balance = coins.get(want.playerId);
    if (balance === undefined) {
      results.push({ ok: false, error: httpError(401, m.playerSession) });
      continue;
    }
    let bean: number;
    try {
      bean = coinsToDeduct(want.useBean, machine.bean, machine.price, balance);
    } catch (error) {
      results.push({ ok: false, error: error as Error });
      continue;
    }
    let discount = 0;
    if (want.claimId !== undefined) {
      // A coupon takes off what is left to pay after the coins; a refused one fails only this draw.
      const checked = spent.has(want.claimId)
        ? ({ ok: false, message: messages.coupon.used } as const)
        : checkCoupon(claims.get(want.claimId), {
            playerId: want.playerId,
            ipId: machine.ipId,
            businessTypes: DRAW_COUPONS,
            amount: machine.price - bean,
          });
      if (!checked.ok) {
        results.push({ ok: false, error: httpError(400, checked.message) });
        continue;
      }
      discount = checked.discount;
    }
    const deferred = refuseDeferred(want.channel ?? SANDBOX_CHANNEL, machine.price - bean - discount);
    if (deferred) {
      results.push({ ok: false, error: deferred });
      continue;
    }
    if (want.claimId !== undefined) spent.add(want.claimId);
    next += 1;
    coins.set(want.playerId, balance - bean);
    const styleId = slot.box.styles[slot.position]!;
    const style = styles.get(styleId)!;
    const sn = orderSn('BX');
    seq += 1;
    const record = {
      seq,
      allocation_id: slot.box.allocationId,
      case_no: slot.box.caseNo,
      position: slot.position,
      style_id: styleId,
      order_sn: sn,
      drawn_at: now.toISOString(),
    };
    const hash = recordHash(prevHash, record);
    const outcome: DrawOutcome = {
      orderSn: sn,
      caseNo: slot.box.caseNo,
      position: slot.position,
      styleId,
      price: machine.price,
      bean,
      discount,
      depositId: 0,
      goods: { title: style.goodsTitle, pic: style.goodsPic, type: style.type },
    };
    const row = {
      ...outcome,
      playerId: want.playerId,
      claimId: want.claimId,
      allocationId: slot.box.allocationId,
      seq,
      prevHash,
      hash,
    };
    drawn.push(row);
    results.push({ ok: true, outcome: row });
    prevHash = hash;
  }
  if (drawn.length > 0) {
    // Each draw's payment record (the coins it deducted and the money part, paid) is written by the
    // draws' own statement; each paid draw also drops a virtual item of the brand the player does
    // not hold yet.
    const paid = paidInsert(
      wants[0]?.channel ?? SANDBOX_CHANNEL,
      drawn.map((d) => ({
        playerId: d.playerId,
        orderSn: d.orderSn,
        kind: 'draw',
        coins: d.bean,
        amount: d.price - d.bean - d.discount,
      })),
      now,
    );
    await grantDrops(tx, machine.ipId, await writeDraws(tx, machine, drawn, fee, now, paid));
  }
  await spendClaims(
    tx,
    drawn.flatMap((d) => (d.claimId === undefined ? [] : [{ claimId: d.claimId, orderSn: d.orderSn }])),
    now,
  );
  if (drawn.length < wants.length || drawn.at(-1)!.position + 1 === machine.limitStock) await endIfEmpty(tx, machine);
  return results;
}

/**
 * The rows of a group of draws in one statement, each column passed as one array (unnest), so a
 * group of a hundred costs what one draw does in parsing and round trips: the orders, their
 * items, the cabinet entries, the draw log, the coins spent, the machine's whole cases left and
 * the payment records (`paid`, payment/'s paidInsert).
 */
async function writeDraws(
  tx: Tx,
  machine: MachineRow,
  drawn: Drawn[],
  fee: number,
  now: Date,
  paid: SQL,
): Promise<PaidDraw[]> {
  const col = <T>(pick: (d: Drawn) => T) => sql.param(drawn.map(pick));
  const at = now.toISOString();
  const opened = drawn.filter((d) => d.position === 0).length;
  const result = await tx.execute(sql`
    with u as (
      select * from unnest(${col((d) => d.orderSn)}::text[], ${col((d) => d.playerId)}::int[], ${col((d) => d.bean)}::int[],
        ${col((d) => d.discount)}::int[], ${col((d) => d.styleId)}::int[], ${col((d) => d.goods.title)}::text[], ${col((d) => d.goods.pic)}::text[],
        ${col((d) => d.goods.type)}::int[], ${col((d) => d.caseNo)}::int[], ${col((d) => d.position)}::int[],
        ${col((d) => d.allocationId)}::int[], ${col((d) => d.seq)}::int[], ${col((d) => d.prevHash)}::text[],
        ${col((d) => d.hash)}::text[])
        as u(sn, player_id, bean, discount, style_id, title, pic, type, case_no, position, allocation_id, seq, prev_hash, hash)
    ), o as (
      insert into ${orders} (order_sn, ip_id, player_id, type, active_id, active_title, active_pic, price, points,
        real_shop_discount_price, received_price, receivable_price, total_pay_price, service_fee, merchant_income,
        pay_time, nickname)
      select sn, ${machine.ipId}, u.player_id, ${ACTIVITY_DRAW_BOX}, ${machine.id}, ${machine.title}, ${machine.pic},
        ${machine.price}, bean, discount, ${machine.price} - bean - discount, ${machine.price} - bean - discount,
        ${machine.price} - bean - discount, ${fee}, ${machine.price - fee} - bean - discount, ${at}::timestamptz,
        p.nickname from u join ${players} p on p.id = u.player_id
      returning id, order_sn
    ), i as (
      insert into ${orderItems} (order_id, batch_id, style_id, goods_title, goods_pic, type, case_no, position)
      select o.id, ${machine.id}, u.style_id, u.title, u.pic, u.type, u.case_no, u.position from u join o on o.order_sn = u.sn
      returning id, case_no, position, order_id
    ), d as (
      insert into ${deposits} (order_item_id, player_id, ip_id, batch_id, style_id, state)
      select i.id, u.player_id, ${machine.ipId}, ${machine.id}, u.style_id, 3
      from u join i on i.case_no = u.case_no and i.position = u.position
      returning id, order_item_id
    ), l as (
      insert into ${drawLog} (batch_id, seq, allocation_id, case_no, position, style_id, order_sn, drawn_at, prev_hash, hash)
      select ${machine.id}, seq, allocation_id, case_no, position, style_id, sn, ${at}::timestamptz, prev_hash, hash from u
      returning seq
    ), c as (
      update ${players} set coins = ${players.coins} - v.spent
      from (select player_id, sum(bean)::int as spent from u group by player_id having sum(bean) > 0) v
      where ${players.id} = v.player_id returning ${players.id}
    ), s as (
      update ${drawMachines} set stock = ${drawMachines.stock} - ${opened}
      where ${drawMachines.id} = ${machine.id} and ${opened} > 0 returning ${drawMachines.id}
    ), pay as (${paid})
    select d.id, i.case_no, i.position, i.order_id, (select count(*) from l)::int as logged, (select count(*) from c)::int as paid,
      (select count(*) from s)::int as opened
    from d join i on i.id = d.order_item_id`);
  const rows = rowsOf<{ id: number; case_no: number; position: number; order_id: number }>(result);
  const depositOf = new Map(rows.map((r) => [`${r.case_no}:${r.position}`, r]));
  for (const d of drawn) d.depositId = depositOf.get(`${d.caseNo}:${d.position}`)!.id;
  return drawn.map((d) => ({ playerId: d.playerId, orderId: depositOf.get(`${d.caseNo}:${d.position}`)!.order_id }));
}

/** One draw (the demo seed's): drawMany with one want, its failure thrown. */
export async function drawOne(tx: Tx, batchId: number, playerId: number, useBean: boolean): Promise<DrawOutcome> {
  const [result] = await drawMany(tx, batchId, [{ playerId, useBean }]);
  if (!result!.ok) throw result!.error;
  return result!.outcome;
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
