import {
  ACTIVITY_KUJI,
  drawRecordHash,
  KUJI_OFF,
  type KujiAward,
  type KujiDrawRecord,
  kujiAwardsReleasedBy,
  messages,
} from '@toy/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import {
  deposits,
  kujiBoxes,
  kujiDrawLog,
  kujiGoods,
  kujiSeeds,
  kujis,
  orderItems,
  orders,
  players,
} from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { joinLate, type Late } from '../draw-machine/index.js';
import { grantDrops, orderSn } from '../holdings/index.js';
import {
  coinsToDeduct,
  lockBalances,
  lockMoreBalances,
  type PaymentChannel,
  paidInsert,
  refuseDeferred,
  SANDBOX_CHANNEL,
} from '../payment/index.js';

/**
 * The 一番赏 draw (declaration player.kujiDraw, shared/src/features/kuji.ts; ticket order and awards
 * shared/src/kuji-draw.ts). The draws waiting on a kuji go together into one transaction
 * (draw-machine/draw-queue.ts DrawGroups, drawKujiMany below): the kuji row is locked FOR UPDATE (so
 * the log's seq and hash chain are serialised across its boxes and across API processes), then the
 * boxes and players; each draw's next `num` positions become one paid order of activity type 14
 * (its coins off the balance, a balance short of the deduction refusing that draw, and its payment
 * record) with an order line and a cabinet entry per ticket; each Last / global prize a draw releases
 * becomes an order line and cabinet entry of the WINNING ticket's order and player; every ticket and
 * award is appended to the public log. When the last box is exhausted the kuji is sold out (off 2)
 * and its seed revealed.
 */

const m = messages.kuji;

export interface KujiDrawWant {
  playerId: number;
  boxNo: number;
  num: number;
  useBean: boolean;
  /** The payment channel of the money part (the sandbox's when absent). */
  channel?: PaymentChannel;
}

export interface KujiTicketOut {
  boxNo: number;
  position: number;
  level: number;
  title: string;
  pic: string;
  depositId: number;
}

export interface KujiAwardOut {
  kind: 'last' | 'global';
  level: number;
  boxNo: number;
  position: number;
  playerId: number;
  title: string;
  depositId: number;
}

export interface KujiDrawOutcome {
  orderSn: string;
  price: number;
  bean: number;
  tickets: KujiTicketOut[];
  awards: KujiAwardOut[];
  soldOut: boolean;
}

type GoodsRow = typeof kujiGoods.$inferSelect;

/** Is the kuji on sale to players: approved, on shelf, sale time reached. */
export const onSale = (k: { auditStatus: number; off: number; shelvesTime: Date }, now = Date.now()) =>
  k.auditStatus === 1 && k.off === KUJI_OFF.listed && k.shelvesTime.getTime() <= now;

/** Each want's outcome, or why it has none (a box sold out or short of tickets, an unknown player). */
export type KujiDrawResult = { ok: true; outcome: KujiDrawOutcome } | { ok: false; error: Error };

/** A ticket or prize line of the group: its order (by number, or by id when drawn by an earlier group). */
interface Line {
  orderSn: string;
  orderId: number;
  playerId: number;
  goods: GoodsRow;
  award: number;
  boxNo: number;
  position: number;
}

/** A paid order of the group. */
interface Paid {
  orderSn: string;
  playerId: number;
  num: number;
  price: number;
  bean: number;
  fee: number;
}

/** Who drew a ticket; `level`: its level, when read from an earlier group's line. */
type Owner = { orderSn: string; orderId: number; playerId: number; level?: number };

/**
 * Draws on one kuji, in the caller's transaction: the kuji row is locked (FOR UPDATE) so draws on
 * all its boxes are serialised, across API copies too; its boxes and players are locked after it,
 * and the last log record read with the boxes in a statement after the lock's (so a copy that
 * waited for the lock sees every draw committed before). Each want, in turn, takes the next `num` tickets of its box and
 * becomes a paid order of activity type 14 with an order line and cabinet entry per ticket; each
 * Last / global prize a ticket releases becomes a line and cabinet entry of the WINNING ticket's
 * order and player; every ticket and award is appended to the public log. Many wants share one
 * transaction and one write statement (the API groups the draws waiting on a kuji, as for draw
 * machines); a want its box cannot serve fails alone. When the last box is exhausted the kuji is
 * sold out (off 2) and its seed revealed.
 */
export async function drawKujiMany(
  tx: Tx,
  kujiId: number,
  group: KujiDrawWant[],
  late?: Late<KujiDrawWant>,
): Promise<KujiDrawResult[]> {
  // Every want's balance, locked before the kuji (rows of their own, in id order): the kuji's lock,
  // which every copy's draws queue on, is held only for what needs it.
  const coins = await lockBalances(
    tx,
    group.map((w) => w.playerId),
  );
  const [kuji] = await tx.select().from(kujis).where(eq(kujis.id, kujiId)).for('update');
  if (!kuji) throw httpError(404, messages.common.notFound);
  if (kuji.auditStatus === 1 && kuji.off === KUJI_OFF.soldOut) throw httpError(409, m.soldOut);
  if (!onSale(kuji)) throw httpError(409, m.notOnSale);
  // The draws that arrived while the group waited for the kuji join it, with their balances.
  const joined = await joinLate(late, async (extra) => {
    await lockMoreBalances(
      tx,
      coins,
      extra.map((w) => w.playerId),
    );
    return new Set(extra.filter((w) => coins.has(w.playerId)));
  });
  const wants = [...group, ...joined];
  const boxNos = [...new Set(wants.map((w) => w.boxNo))].sort((a, b) => a - b);
  // The boxes locked, each with its round's committed seed (seeds.ts seedOfBox), and the log's last
  // record, in one statement: each round trip is time the kuji stays locked. The log is read after
  // the kuji's lock is held, and only draws holding that lock write it.
  // A box's tickets are read only as far as this group can take them (its own array can hold tens
  // of thousands): the count, and the next `need` levels from the first undrawn one.
  const need = wants.reduce((sum, w) => sum + Math.max(0, w.num), 0);
  const boxRows = await tx
    .select({
      box: { boxNo: kujiBoxes.boxNo, drawn: kujiBoxes.drawn, removedAt: kujiBoxes.removedAt },
      // (Column names spelt out: a column interpolated in a select field is not qualified.)
      size: sql<number>`cardinality(kuji_boxes.tickets)`.mapWith(Number),
      // Decoded as the column is (drizzle's int[] mapping), whatever form the driver answers in.
      next: sql<number[]>`kuji_boxes.tickets[kuji_boxes.drawn + 1 : kuji_boxes.drawn + ${need}::int]`.mapWith(
        kujiBoxes.tickets,
      ),
      seed: sql<string | null>`(select s.seed from ${kujiSeeds} s where s.kuji_id = ${kuji.id}
        and s.from_box <= kuji_boxes.box_no order by s.from_box desc limit 1)`,
      last: sql<{ seq: number; hash: string } | null>`(select json_build_object('seq', l.seq, 'hash', l.hash)
        from ${kujiDrawLog} l where l.kuji_id = ${kuji.id} order by l.seq desc limit 1)`,
    })
    .from(kujiBoxes)
    .where(and(eq(kujiBoxes.kujiId, kuji.id), inArray(kujiBoxes.boxNo, boxNos)))
    .orderBy(asc(kujiBoxes.boxNo))
    .for('update', { of: kujiBoxes });
  const boxes = new Map(boxRows.map((r) => [r.box.boxNo, { ...r.box, size: r.size, next: r.next ?? [] }]));
  /** The level of a box's ticket at `position`, if this group read it. */
  const levelAt = (box: { drawn: number; next: number[] }, position: number) => box.next[position - box.drawn - 1];
  const rows = await tx.select().from(kujiGoods).where(eq(kujiGoods.kujiId, kuji.id)).orderBy(asc(kujiGoods.sort));
  const byLevel = new Map<number, GoodsRow>(rows.map((r) => [r.level, r]));
  const drawRows = rows.map((r) => ({
    level: r.level,
    stock: r.stock,
    start_section: r.startSection,
    end_section: r.endSection,
  }));
  const last = boxRows[0]?.last ?? null;

  const now = new Date();
  const at = now.toISOString();
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? kuji.seedHash;
  const log: (typeof kujiDrawLog.$inferInsert)[] = [];
  const append = (boxNo: number, r: { position: number; level: number; orderSn: string; award: KujiAward | null }) => {
    seq += 1;
    const rec: Omit<KujiDrawRecord, 'prev_hash' | 'hash'> = {
      seq,
      box_no: boxNo,
      position: r.position,
      level: r.level,
      order_sn: r.orderSn,
      drawn_at: at,
      award: r.award,
    };
    const hash = drawRecordHash(prevHash, rec);
    log.push({ kujiId: kuji.id, seq, boxNo, ...r, drawnAt: now, prevHash, hash });
    prevHash = hash;
  };

  const drawn = new Map<number, number>(); // tickets drawn per box, this group's included
  const seeds = new Map(boxRows.map((r) => [r.box.boxNo, r.seed ?? kuji.seed])); // each box's committed seed
  const owners = new Map<string, Owner>(); // `box:position` → this group's ticket owners
  const paid: Paid[] = [];
  const lines: Line[] = [];
  const outcomes: { outcome: KujiDrawOutcome; lines: Line[] }[] = [];
  const results: (KujiDrawResult | { ok: true; index: number })[] = [];
  for (const want of wants) {
    const box = boxes.get(want.boxNo);
    if (!box || box.removedAt !== null) {
      results.push({ ok: false, error: httpError(404, m.boxNotFound) });
      continue;
    }
    const before = drawn.get(box.boxNo) ?? box.drawn;
    const remaining = box.size - before;
    if (remaining <= 0) {
      results.push({ ok: false, error: httpError(409, m.boxSoldOut) });
      continue;
    }
    if (want.num > remaining) {
      results.push({ ok: false, error: httpError(400, m.notEnoughTickets(remaining)) });
      continue;
    }
    const balance = coins.get(want.playerId);
    if (balance === undefined) {
      results.push({ ok: false, error: httpError(401, messages.drawMachine.playerSession) });
      continue;
    }
    const price = kuji.price * want.num;
    let bean: number;
    try {
      bean = coinsToDeduct(want.useBean, kuji.bean * want.num, price, balance);
      const deferred = refuseDeferred(want.channel ?? SANDBOX_CHANNEL, price - bean);
      if (deferred) throw deferred;
    } catch (error) {
      results.push({ ok: false, error: error as Error });
      continue;
    }
    coins.set(want.playerId, balance - bean);
    const sn = orderSn('YF');
    paid.push({
      orderSn: sn,
      playerId: want.playerId,
      num: want.num,
      price,
      bean,
      fee: Math.round((price * Number(kuji.serviceCharge)) / 100),
    });
    const mine: Line[] = [];
    const awards: KujiAwardOut[] = [];
    const add = (line: Line) => {
      lines.push(line);
      mine.push(line);
    };
    // The box's own committed seed (a restocked box has its round's, seeds.ts).
    const seed = seeds.get(box.boxNo)!;
    for (let position = before + 1; position <= before + want.num; position++) {
      const level = levelAt(box, position)!;
      const goods = byLevel.get(level);
      if (!goods) throw new Error(`kuji ${kuji.id}: no prize row of level ${level}`);
      owners.set(`${box.boxNo}:${position}`, { orderSn: sn, orderId: 0, playerId: want.playerId });
      add({ orderSn: sn, orderId: 0, playerId: want.playerId, goods, award: 0, boxNo: box.boxNo, position });
      append(box.boxNo, { position, level, orderSn: sn, award: null });
      for (const due of kujiAwardsReleasedBy(seed, box.boxNo, drawRows, position)) {
        const prize = byLevel.get(due.level)!;
        const winner =
          owners.get(`${box.boxNo}:${due.winner}`) ?? (await ticketOwner(tx, kuji.id, box.boxNo, due.winner, rows));
        const award = due.kind === 'last' ? 1 : 2;
        const { orderSn: winnerSn, orderId, playerId } = winner;
        add({ orderSn: winnerSn, orderId, playerId, goods: prize, award, boxNo: box.boxNo, position: due.winner });
        awards.push({
          kind: due.kind,
          level: due.level,
          boxNo: box.boxNo,
          position: due.winner,
          playerId: winner.playerId,
          title: prize.goodsTitle,
          depositId: 0,
        });
        append(box.boxNo, {
          position: due.winner,
          level: levelAt(box, due.winner) ?? winner.level!,
          orderSn: winner.orderSn,
          award: { kind: due.kind, level: due.level, position },
        });
      }
    }
    drawn.set(box.boxNo, before + want.num);
    results.push({ ok: true, index: outcomes.length });
    outcomes.push({ outcome: { orderSn: sn, price, bean, tickets: [], awards, soldOut: false }, lines: mine });
  }
  if (paid.length === 0) return results as KujiDrawResult[];

  // The payment records (the coins and the money part, paid) are written by the draws' statement.
  const payments = paidInsert(
    wants[0]?.channel ?? SANDBOX_CHANNEL,
    paid.map((p) => ({
      playerId: p.playerId,
      orderSn: p.orderSn,
      kind: 'kuji' as const,
      coins: p.bean,
      amount: p.price - p.bean,
    })),
    now,
  );
  const written = await writeDraws(tx, kuji, paid, lines, log, drawn, at, payments);
  // The paid draws also drop a virtual item of the brand each player does not hold yet.
  await grantDrops(
    tx,
    kuji.ipId,
    paid.map((p) => ({ playerId: p.playerId, orderId: written.orderIds.get(p.orderSn)! })),
  );
  const soldOut = [...drawn].some(([boxNo, n]) => n === boxes.get(boxNo)!.size) && (await endIfEmpty(tx, kuji.id, now));
  for (const { outcome, lines: mine } of outcomes) {
    const depositOf = (l: Line) => written.depositIds.get(`${l.boxNo}:${l.position}:${l.goods.id}`)!;
    outcome.tickets = mine
      .filter((l) => l.award === 0)
      .map((l) => ({
        boxNo: l.boxNo,
        position: l.position,
        level: l.goods.level,
        title: l.goods.goodsTitle,
        pic: l.goods.goodsPic,
        depositId: depositOf(l),
      }));
    const prizes = mine.filter((l) => l.award !== 0);
    outcome.awards.forEach((a, i) => {
      a.depositId = depositOf(prizes[i]!);
    });
    outcome.soldOut = soldOut;
  }
  return results.map((r) => ('index' in r ? { ok: true, outcome: outcomes[r.index]!.outcome } : r));
}

/** Sold out when no box of the kuji has a ticket left: off 2, the seed revealed. */
async function endIfEmpty(tx: Tx, kujiId: number, now: Date): Promise<boolean> {
  const [open] = await tx
    .select({ boxNo: kujiBoxes.boxNo })
    .from(kujiBoxes)
    .where(
      and(
        eq(kujiBoxes.kujiId, kujiId),
        isNull(kujiBoxes.removedAt),
        sql`${kujiBoxes.drawn} < cardinality(${kujiBoxes.tickets})`,
      ),
    )
    .limit(1);
  if (open) return false;
  await tx.update(kujis).set({ off: KUJI_OFF.soldOut, revealedAt: now, updatedAt: now }).where(eq(kujis.id, kujiId));
  return true;
}

/**
 * The rows of a group of draws in one statement, each column passed as one array (unnest), as the
 * draw machines write theirs: the orders, their lines (a prize on the winning ticket's order, an
 * earlier group's by id), the cabinet entries, the log, the coins spent, the boxes' counts and the
 * payment records (`payments`, payment/'s paidInsert).
 * Answers each order's id by number and each line's cabinet entry by `box:position:goods`.
 */
async function writeDraws(
  tx: Tx,
  kuji: typeof kujis.$inferSelect,
  paid: Paid[],
  lines: Line[],
  log: (typeof kujiDrawLog.$inferInsert)[],
  drawn: Map<number, number>,
  at: string,
  payments: SQL,
) {
  const col = <T, R>(xs: T[], pick: (x: T) => R) => sql.param(xs.map(pick));
  const result = await tx.execute(sql`
    with p as (
      select * from unnest(${col(paid, (p) => p.orderSn)}::text[], ${col(paid, (p) => p.playerId)}::int[],
        ${col(paid, (p) => p.num)}::int[], ${col(paid, (p) => p.price)}::int[], ${col(paid, (p) => p.bean)}::int[],
        ${col(paid, (p) => p.fee)}::int[])
        as p(sn, player_id, num, price, bean, fee)
    ), o as (
      insert into ${orders} (order_sn, ip_id, player_id, type, active_id, active_title, active_pic, buy_num, price,
        points, received_price, receivable_price, total_pay_price, service_fee, merchant_income, pay_time, nickname)
      select p.sn, ${kuji.ipId}, p.player_id, ${ACTIVITY_KUJI}, ${kuji.id}, ${kuji.title}, ${kuji.pic}, p.num, p.price,
        p.bean, p.price - p.bean, p.price - p.bean, p.price - p.bean, p.fee, p.price - p.fee - p.bean,
        ${at}::timestamptz, u.nickname
      from p join ${players} u on u.id = p.player_id
      returning id, order_sn
    ), t as (
      select * from unnest(${col(lines, (l) => l.orderSn)}::text[], ${col(lines, (l) => l.orderId)}::int[],
        ${col(lines, (l) => l.playerId)}::int[], ${col(lines, (l) => l.goods.id)}::int[], ${col(lines, (l) => l.award)}::int[],
        ${col(lines, (l) => l.goods.goodsTitle)}::text[], ${col(lines, (l) => l.goods.goodsPic)}::text[],
        ${col(lines, (l) => l.boxNo)}::int[], ${col(lines, (l) => l.position)}::int[])
        as t(sn, order_id, player_id, goods_id, award, title, pic, box_no, position)
    ), i as (
      insert into ${orderItems} (order_id, kuji_id, kuji_goods_id, award, goods_title, goods_pic, case_no, position)
      select coalesce(o.id, nullif(t.order_id, 0)), ${kuji.id}, t.goods_id, t.award, t.title, t.pic, t.box_no, t.position
      from t left join o on o.order_sn = t.sn
      returning id, order_id, kuji_goods_id, case_no, position
    ), d as (
      insert into ${deposits} (order_item_id, player_id, ip_id, kuji_id, kuji_goods_id, state)
      select i.id, t.player_id, ${kuji.ipId}, ${kuji.id}, i.kuji_goods_id, 3
      from i join t on t.box_no = i.case_no and t.position = i.position and t.goods_id = i.kuji_goods_id
      returning id, order_item_id
    ), l as (
      insert into ${kujiDrawLog} (kuji_id, seq, box_no, position, level, order_sn, award, drawn_at, prev_hash, hash)
      select ${kuji.id}, seq, box_no, position, level, sn, nullif(award, '')::jsonb, ${at}::timestamptz, prev_hash, hash
      from unnest(${col(log, (r) => r.seq)}::int[], ${col(log, (r) => r.boxNo)}::int[], ${col(log, (r) => r.position)}::int[],
        ${col(log, (r) => r.level)}::int[], ${col(log, (r) => r.orderSn)}::text[],
        ${col(log, (r) => (r.award ? JSON.stringify(r.award) : ''))}::text[], ${col(log, (r) => r.prevHash)}::text[],
        ${col(log, (r) => r.hash)}::text[])
        as r(seq, box_no, position, level, sn, award, prev_hash, hash)
      returning seq
    ), c as (
      update ${players} set coins = ${players.coins} - v.spent
      from (select player_id, sum(bean)::int as spent from p group by player_id having sum(bean) > 0) v
      where ${players.id} = v.player_id returning ${players.id}
    ), b as (
      update ${kujiBoxes} set drawn = v.drawn
      from unnest(${sql.param([...drawn.keys()])}::int[], ${sql.param([...drawn.values()])}::int[]) as v(box_no, drawn)
      where ${kujiBoxes.kujiId} = ${kuji.id} and ${kujiBoxes.boxNo} = v.box_no returning ${kujiBoxes.boxNo}
    ), pay as (${payments})
    select d.id, i.case_no, i.position, i.kuji_goods_id, null as order_sn, i.order_id,
      (select count(*) from l)::int as logged, (select count(*) from c)::int as paid, (select count(*) from b)::int as boxes
    from d join i on i.id = d.order_item_id
    union all
    select null, null, null, null, o.order_sn, o.id, null, null, null from o`);
  const depositIds = new Map<string, number>();
  const orderIds = new Map<string, number>();
  for (const r of rowsOf<{
    id: number | null;
    case_no: number;
    position: number;
    kuji_goods_id: number;
    order_sn: string | null;
    order_id: number;
  }>(result)) {
    if (r.order_sn !== null) orderIds.set(r.order_sn, r.order_id);
    else depositIds.set(`${r.case_no}:${r.position}:${r.kuji_goods_id}`, r.id!);
  }
  return { depositIds, orderIds };
}

/** The order and player that drew a position of a box (its ticket line, award 0), and its level. */
async function ticketOwner(tx: Tx, kujiId: number, boxNo: number, position: number, goods: GoodsRow[]) {
  const [row] = await tx
    .select({
      orderId: orders.id,
      playerId: orders.playerId,
      orderSn: orders.orderSn,
      goodsId: orderItems.kujiGoodsId,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.kujiId, kujiId),
        eq(orderItems.caseNo, boxNo),
        eq(orderItems.position, position),
        eq(orderItems.award, 0),
      ),
    )
    .limit(1);
  if (!row) throw new Error(`kuji ${kujiId} box ${boxNo}: position ${position} was not drawn`);
  const level = goods.find((g) => g.id === row.goodsId)?.level;
  return { orderId: row.orderId, playerId: row.playerId!, orderSn: row.orderSn, level };
}
