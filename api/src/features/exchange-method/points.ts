import { ACTIVITY_DRAW_BOX, ACTIVITY_KUJI, TRAN_STATE } from '@toy/shared';
import { and, eq, inArray, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { exchangeClaims, orders } from '../../db/schema.js';

/** Order types whose payments earn points: draw machines and kujis. */
export const POINT_EARNING_TYPES = [ACTIVITY_DRAW_BOX, ACTIVITY_KUJI];
/** Fen paid per point: 1 point a yuan. */
export const FEN_PER_POINT = 100;

/**
 * A player's points, never stored: 1 point for each whole yuan paid for draws (paid orders of draw
 * machines and kujis, what the player paid after coins), less the points spent on exchange claims.
 */
export async function pointsOf(db: Db | Tx, playerId: number) {
  const [paid] = await db
    .select({ fen: sum(orders.receivedPrice) })
    .from(orders)
    .where(
      and(
        eq(orders.playerId, playerId),
        inArray(orders.type, POINT_EARNING_TYPES),
        eq(orders.tranState, TRAN_STATE.paid),
      ),
    );
  const [claims] = await db
    .select({ points: sum(exchangeClaims.points) })
    .from(exchangeClaims)
    .where(eq(exchangeClaims.playerId, playerId));
  const earned = Math.floor(Number(paid?.fen ?? 0) / FEN_PER_POINT);
  const spent = Number(claims?.points ?? 0);
  return { earned, spent, points: earned - spent };
}
