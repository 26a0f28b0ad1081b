import { randomBytes } from 'node:crypto';
import { messages, PAYMENT_STATE, type PaymentKind, type PaymentWire } from '@toy/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { payments, players } from '../../db/schema.js';
import { httpError } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import type { PaymentChannel } from './channel.js';

/**
 * The coin balances of the players of a group of draws, their rows locked (FOR NO KEY UPDATE) in id
 * order, so groups of draws never deadlock on them: player id → coins. A draw locks them before its
 * machine or kuji, so the time that row stays locked is not spent on them. `skipLocked`: rows another
 * transaction holds are left out instead of waited for (draws that join a group late, draw-queue.ts).
 */
export async function lockBalances(
  tx: Tx,
  playerIds: number[],
  { skipLocked = false } = {},
): Promise<Map<number, number>> {
  const ids = [...new Set(playerIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: players.id, coins: players.coins })
    .from(players)
    .where(inArray(players.id, ids))
    .orderBy(asc(players.id))
    // Not FOR UPDATE: a draw writes a prize's order line and cabinet entry for the player of an
    // earlier ticket, whose row another group may hold locked while it waits for the kuji; those
    // inserts take the row's key-share lock (foreign keys), which FOR UPDATE would refuse: deadlock.
    .for('no key update', skipLocked ? { skipLocked } : {});
  return new Map(rows.map((p) => [p.id, p.coins]));
}

/**
 * More players' balances into `coins`, for draws that join a group after its machine or kuji is
 * locked (draw-queue.ts): those not in it yet, skipping rows another transaction holds (it may be
 * waiting for that machine), so this never waits. A player left out is not in `coins` afterwards.
 */
export async function lockMoreBalances(tx: Tx, coins: Map<number, number>, playerIds: number[]): Promise<void> {
  const more = await lockBalances(
    tx,
    playerIds.filter((id) => !coins.has(id)),
    { skipLocked: true },
  );
  for (const [id, c] of more) coins.set(id, c);
}

/**
 * The payment records (table payments; wire shared/src/features/payment.ts). Draws and kuji
 * tickets record theirs paid, in their own transaction and one insert (the channel confirmed at
 * once); a release-sale order's payment waits for the channel's notification unless the channel
 * is instant (notify.ts applies it).
 */

export type PaymentRow = typeof payments.$inferSelect;

/** A payment number: PY, the time in ms and 10 random hex digits. */
export const paySn = () => `PY${Date.now()}${randomBytes(5).toString('hex')}`;

export interface PaidAction {
  playerId: number;
  orderSn: string;
  kind: PaymentKind;
  /** Fen: coins deducted (already off the balance), and the money part. */
  coins: number;
  amount: number;
}

/**
 * Paid actions (draws, kuji tickets) confirmed by an instant channel: the insert of them all, each
 * column one array (unnest), so a group of a hundred costs what one costs to send and parse. A draw
 * runs it as a part of its own write statement (a data-modifying WITH), in the same round trip,
 * while its machine or kuji is locked; `paid` is not empty.
 */
export function paidInsert(channel: PaymentChannel, paid: PaidAction[], now: Date): SQL {
  const sns = paid.map(() => paySn());
  const col = <T>(pick: (p: PaidAction, i: number) => T) => sql.param(paid.map(pick));
  return sql`
    insert into ${payments} (pay_sn, player_id, order_sn, kind, coins, amount, provider, state, trade_no, created_at, paid_at)
    select u.sn, u.player_id, u.order_sn, u.kind, u.coins, u.amount, ${channel.provider}, ${PAYMENT_STATE.paid},
      -- An instant channel's own number; a 0 money part had nothing to pay through it.
      case when u.amount > 0 then ${`${channel.provider}-`} || u.sn end, ${now.toISOString()}::timestamptz,
      ${now.toISOString()}::timestamptz
    from unnest(${col((_, i) => sns[i]!)}::text[], ${col((p) => p.playerId)}::int[], ${col((p) => p.orderSn)}::text[],
      ${col((p) => p.kind)}::text[], ${col((p) => p.coins)}::int[], ${col((p) => p.amount)}::int[])
      as u(sn, player_id, order_sn, kind, coins, amount)`;
}

/**
 * The payment of an order's next amount (`amount` fen): the pending one already asked for this
 * amount, else a new one. Through an instant channel it is paid at once (and `paid` says so).
 */
export async function orderPayment(
  tx: Tx,
  channel: PaymentChannel,
  want: { playerId: number; orderSn: string; amount: number },
  now: Date,
): Promise<{ payment: PaymentRow; paid: boolean }> {
  const [pending] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderSn, want.orderSn), eq(payments.state, PAYMENT_STATE.pending)))
    .orderBy(asc(payments.id))
    .for('update');
  if (pending && pending.amount === want.amount) return { payment: pending, paid: false };
  if (pending) await tx.update(payments).set({ state: PAYMENT_STATE.closed }).where(eq(payments.id, pending.id));
  const sn = paySn();
  const instant = channel.instant || want.amount === 0;
  const [payment] = await tx
    .insert(payments)
    .values({
      paySn: sn,
      playerId: want.playerId,
      orderSn: want.orderSn,
      kind: 'order',
      amount: want.amount,
      provider: channel.provider,
      state: instant ? PAYMENT_STATE.paid : PAYMENT_STATE.pending,
      tradeNo: instant && want.amount > 0 ? `${channel.provider}-${sn}` : null,
      payUrl: instant ? '' : channel.payUrl(sn, want.amount),
      createdAt: now,
      paidAt: instant ? now : null,
    })
    .returning();
  return { payment: payment!, paid: instant };
}

/** The order was cancelled, timed out or closed: its waiting payments close (a late notification is refused). */
export async function closePayments(tx: Tx, orderSn: string): Promise<void> {
  await tx
    .update(payments)
    .set({ state: PAYMENT_STATE.closed })
    .where(and(eq(payments.orderSn, orderSn), eq(payments.state, PAYMENT_STATE.pending)));
}

/** A payment locked for its notification, or 404. */
export async function lockPayment(tx: Tx, sn: string): Promise<PaymentRow> {
  const [row] = await tx.select().from(payments).where(eq(payments.paySn, sn)).for('update');
  if (!row) throw httpError(404, messages.payment.paymentMissing);
  return row;
}

export const paymentToWire = (p: PaymentRow): PaymentWire => ({
  pay_sn: p.paySn,
  order_sn: p.orderSn,
  kind: p.kind as PaymentWire['kind'],
  coins: fenToYuan(p.coins),
  amount: fenToYuan(p.amount),
  state: p.state,
  pay_url: p.state === PAYMENT_STATE.pending ? p.payUrl : '',
  created_at: formatTime(p.createdAt),
  paid_at: p.paidAt ? formatTime(p.paidAt) : null,
});

/** The player's payments of one order, oldest first. */
export async function paymentsOf(db: Db, playerId: number, orderSn: string) {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.playerId, playerId), eq(payments.orderSn, orderSn)))
    .orderBy(asc(payments.id));
  return rows.map(paymentToWire);
}
