import {
  ACTIVITY_KUJI,
  drawRecordHash,
  KUJI_OFF,
  type KujiAward,
  type KujiDrawRecord,
  kujiAwardsReleasedBy,
  messages,
} from '@toy/shared';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { deposits, kujiBoxes, kujiDrawLog, kujiGoods, kujis, orderItems, orders, players } from '../../db/schema.js';
import { httpError } from '../../http/errors.js';
import { orderSn } from '../draw-machine/engine.js';
import { coinsToDeduct, type PaymentChannel, refuseDeferred, SANDBOX_CHANNEL } from '../payment/channel.js';
import { recordPaid } from '../payment/record.js';
import { grantDrops } from '../toy/drops.js';

/**
 * The 一番赏 draw (declaration player.kujiDraw, shared/src/features/kuji.ts; ticket order and awards
 * shared/src/kuji-draw.ts). In one transaction: the kuji row is locked FOR UPDATE (so the log's seq
 * and hash chain are serialised across its boxes and across API processes), then the box row; the
 * next `num` positions become one paid order of activity type 14 (its coins off the balance, a
 * balance short of the deduction refusing the draw, and its payment record) with an order line and
 * a cabinet entry per ticket; each Last / global prize the draw releases becomes an order line and cabinet
 * entry of the WINNING ticket's order and player; every ticket and award is appended to the public
 * log. When the last box is exhausted the kuji is sold out (off 2) and its seed revealed.
 */

const m = messages.kuji;

export interface KujiDrawWant {
  playerId: number;
  kujiId: number;
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

/**
 * Draws on one kuji wait their turn in this process before taking a connection: they are serialised
 * on the kuji row anyway, and a crowd on one box would otherwise hold the whole pool waiting on that
 * lock and starve every other route. The row lock still orders them across API processes.
 */
const turns = new Map<number, Promise<unknown>>();

export async function drawKuji(db: Db, want: KujiDrawWant): Promise<KujiDrawOutcome> {
  const before = turns.get(want.kujiId) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(() => db.transaction((tx) => drawIn(tx, want)));
  const settled = mine.catch(() => undefined);
  turns.set(want.kujiId, settled);
  void settled.then(() => {
    if (turns.get(want.kujiId) === settled) turns.delete(want.kujiId);
  });
  return mine;
}

async function drawIn(tx: Tx, want: KujiDrawWant): Promise<KujiDrawOutcome> {
  const [kuji] = await tx.select().from(kujis).where(eq(kujis.id, want.kujiId)).for('update');
  if (!kuji) throw httpError(404, messages.common.notFound);
  if (!onSale(kuji)) throw httpError(409, m.notOnSale);
  const [box] = await tx
    .select()
    .from(kujiBoxes)
    .where(and(eq(kujiBoxes.kujiId, kuji.id), eq(kujiBoxes.boxNo, want.boxNo)))
    .for('update');
  if (!box || box.removedAt !== null) throw httpError(404, m.boxNotFound);
  const n = box.tickets.length;
  const remaining = n - box.drawn;
  if (remaining <= 0) throw httpError(409, m.boxSoldOut);
  if (want.num > remaining) throw httpError(400, m.notEnoughTickets(remaining));

  const rows = await tx.select().from(kujiGoods).where(eq(kujiGoods.kujiId, kuji.id)).orderBy(asc(kujiGoods.sort));
  const byLevel = new Map<number, GoodsRow>(rows.map((r) => [r.level, r]));
  const drawRows = rows.map((r) => ({
    level: r.level,
    stock: r.stock,
    start_section: r.startSection,
    end_section: r.endSection,
  }));

  const [player] = await tx.select().from(players).where(eq(players.id, want.playerId)).for('update');
  if (!player) throw httpError(401, messages.drawMachine.playerSession);
  const price = kuji.price * want.num;
  const bean = coinsToDeduct(want.useBean, kuji.bean * want.num, price, player.coins);
  const channel = want.channel ?? SANDBOX_CHANNEL;
  const deferred = refuseDeferred(channel, price - bean);
  if (deferred) throw deferred;
  const fee = Math.round((price * Number(kuji.serviceCharge)) / 100);
  const now = new Date();
  const at = now.toISOString();
  const sn = orderSn('YF');
  const [order] = await tx
    .insert(orders)
    .values({
      orderSn: sn,
      ipId: kuji.ipId,
      playerId: player.id,
      type: ACTIVITY_KUJI,
      activeId: kuji.id,
      activeTitle: kuji.title,
      activePic: kuji.pic,
      buyNum: want.num,
      price,
      points: bean,
      receivedPrice: price - bean,
      receivablePrice: price - bean,
      totalPayPrice: price - bean,
      serviceFee: fee,
      merchantIncome: price - fee - bean,
      payTime: now,
      nickname: player.nickname,
    })
    .returning({ id: orders.id });
  await recordPaid(
    tx,
    channel,
    [{ playerId: player.id, orderSn: sn, kind: 'kuji', coins: bean, amount: price - bean }],
    now,
  );
  // The paid draw also drops a virtual item of the brand the player does not hold yet.
  await grantDrops(tx, kuji.ipId, [{ playerId: player.id, orderId: order!.id }]);
  if (bean > 0)
    await tx
      .update(players)
      .set({ coins: sql`${players.coins} - ${bean}` })
      .where(eq(players.id, player.id));

  const [last] = await tx
    .select({ seq: kujiDrawLog.seq, hash: kujiDrawLog.hash })
    .from(kujiDrawLog)
    .where(eq(kujiDrawLog.kujiId, kuji.id))
    .orderBy(desc(kujiDrawLog.seq))
    .limit(1);
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? kuji.seedHash;
  const log: (typeof kujiDrawLog.$inferInsert)[] = [];
  const append = (r: { position: number; level: number; orderSn: string; award: KujiAward | null }) => {
    seq += 1;
    const rec: Omit<KujiDrawRecord, 'prev_hash' | 'hash'> = {
      seq,
      box_no: box.boxNo,
      position: r.position,
      level: r.level,
      order_sn: r.orderSn,
      drawn_at: at,
      award: r.award,
    };
    const hash = drawRecordHash(prevHash, rec);
    log.push({
      kujiId: kuji.id,
      seq,
      boxNo: box.boxNo,
      position: r.position,
      level: r.level,
      orderSn: r.orderSn,
      award: r.award,
      drawnAt: now,
      prevHash,
      hash,
    });
    prevHash = hash;
  };

  /** Put one line + cabinet entry on an order for a player. */
  const give = async (orderId: number, playerId: number, goods: GoodsRow, position: number, award: number) => {
    const [item] = await tx
      .insert(orderItems)
      .values({
        orderId,
        kujiId: kuji.id,
        kujiGoodsId: goods.id,
        award,
        goodsTitle: goods.goodsTitle,
        goodsPic: goods.goodsPic,
        caseNo: box.boxNo,
        position,
      })
      .returning({ id: orderItems.id });
    const [dep] = await tx
      .insert(deposits)
      .values({
        orderItemId: item!.id,
        playerId,
        ipId: kuji.ipId,
        kujiId: kuji.id,
        kujiGoodsId: goods.id,
        state: 3,
      })
      .returning({ id: deposits.id });
    return dep!.id;
  };

  const tickets: KujiTicketOut[] = [];
  const awards: KujiAwardOut[] = [];
  for (let position = box.drawn + 1; position <= box.drawn + want.num; position++) {
    const level = box.tickets[position - 1]!;
    const goods = byLevel.get(level);
    if (!goods) throw new Error(`kuji ${kuji.id}: no prize row of level ${level}`);
    const depositId = await give(order!.id, player.id, goods, position, 0);
    tickets.push({ boxNo: box.boxNo, position, level, title: goods.goodsTitle, pic: goods.goodsPic, depositId });
    append({ position, level, orderSn: sn, award: null });
    for (const due of kujiAwardsReleasedBy(kuji.seed, box.boxNo, drawRows, position)) {
      const prize = byLevel.get(due.level)!;
      const mine = tickets.find((t) => t.position === due.winner);
      const winner = mine
        ? { orderId: order!.id, playerId: player.id, orderSn: sn }
        : await ticketOwner(tx, kuji.id, box.boxNo, due.winner);
      const awardDeposit = await give(winner.orderId, winner.playerId, prize, due.winner, due.kind === 'last' ? 1 : 2);
      awards.push({
        kind: due.kind,
        level: due.level,
        boxNo: box.boxNo,
        position: due.winner,
        playerId: winner.playerId,
        title: prize.goodsTitle,
        depositId: awardDeposit,
      });
      append({
        position: due.winner,
        level: box.tickets[due.winner - 1]!,
        orderSn: winner.orderSn,
        award: { kind: due.kind, level: due.level, position },
      });
    }
  }
  await tx.insert(kujiDrawLog).values(log);
  await tx
    .update(kujiBoxes)
    .set({ drawn: box.drawn + want.num })
    .where(and(eq(kujiBoxes.kujiId, kuji.id), eq(kujiBoxes.boxNo, box.boxNo)));

  let soldOut = false;
  if (box.drawn + want.num === n) {
    const [open] = await tx
      .select({ boxNo: kujiBoxes.boxNo })
      .from(kujiBoxes)
      .where(
        and(
          eq(kujiBoxes.kujiId, kuji.id),
          isNull(kujiBoxes.removedAt),
          sql`${kujiBoxes.drawn} < cardinality(${kujiBoxes.tickets})`,
        ),
      )
      .limit(1);
    if (!open) {
      soldOut = true;
      await tx
        .update(kujis)
        .set({ off: KUJI_OFF.soldOut, revealedAt: now, updatedAt: now })
        .where(eq(kujis.id, kuji.id));
    }
  }
  return { orderSn: sn, price, bean, tickets, awards, soldOut };
}

/** The order and player that drew a position of a box (its ticket line, award 0). */
async function ticketOwner(tx: Tx, kujiId: number, boxNo: number, position: number) {
  const [row] = await tx
    .select({ orderId: orders.id, playerId: orders.playerId, orderSn: orders.orderSn })
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
  return { orderId: row.orderId, playerId: row.playerId!, orderSn: row.orderSn };
}
