import { api, couponExpiry, couponFace, messages, RECEIVE } from '@toy/shared';
import { and, asc, count, desc, eq, gt, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Tx } from '../../db/client.js';
import { couponClaims, coupons, orders, players, subscriptions } from '../../db/schema.js';
import { playerOf } from '../../http/player-session.js';
import { routeOf } from '../../http/route.js';
import { httpError, notFound } from '../../lib/errors.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';

const m = messages.coupon;
type CouponRow = typeof coupons.$inferSelect;
type ClaimRow = typeof couponClaims.$inferSelect;

/** Points are coins: 1 point = 1 coin = ¥1 = 100 fen of the player's balance. */
const POINT_FEN = 100;

async function coinsOf(tx: Tx, playerId: number): Promise<number> {
  const [p] = await tx.select({ coins: players.coins }).from(players).where(eq(players.id, playerId));
  return p?.coins ?? 0;
}

const enoughPoints = async (tx: Tx, playerId: number, c: CouponRow) =>
  (await coinsOf(tx, playerId)) >= c.needPoints * POINT_FEN ? null : m.pointsShort;

/**
 * The claim condition of spec 02 §3, as data: what each receive_condition asks of the player
 * before a claim (null = allowed). Points conditions spend need_points in claimFor.
 */
const CONDITIONS: Record<number, (tx: Tx, playerId: number, c: CouponRow) => Promise<string | null>> = {
  [RECEIVE.points]: enoughPoints,
  [RECEIVE.spendPoints]: enoughPoints,
  [RECEIVE.guess]: async () => m.notClaimable,
  [RECEIVE.newUser]: async (tx, playerId) => {
    const [paid] = await tx.select({ n: count() }).from(orders).where(eq(orders.playerId, playerId));
    return (paid?.n ?? 0) === 0 ? null : m.notNewUser;
  },
  [RECEIVE.subscription]: async (tx, playerId, c) => {
    const [approved] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.playerId, playerId), eq(subscriptions.ipId, c.ipId), eq(subscriptions.status, 1)))
      .limit(1);
    return approved ? null : m.notSubscribed;
  },
  [RECEIVE.none]: async () => null,
  [RECEIVE.limited]: async () => null,
};

const claimToWire = (claim: ClaimRow, c: CouponRow) => ({
  id: claim.id,
  coupon_id: c.id,
  ip_id: c.ipId,
  title: c.title,
  coupon_type: c.couponType,
  business_type: c.businessType,
  first_only: c.firstOnly,
  full_amount: fenToYuan(c.fullAmount),
  face_value: c.couponType === 3 ? c.faceValue : fenToYuan(c.faceValue),
  max_face_value: fenToYuan(c.maxFaceValue),
  face: couponFace({
    coupon_type: c.couponType,
    full_amount: fenToYuan(c.fullAmount),
    face_value: c.couponType === 3 ? c.faceValue : fenToYuan(c.faceValue),
  }),
  expires_at: formatTime(claim.expiresAt),
  used_at: claim.usedAt ? formatTime(claim.usedAt) : null,
  order_sn: claim.orderSn,
});

/**
 * A claim, in one transaction with the coupon row locked: the period, the condition, total_num
 * and limit_num are checked against the claims themselves, so 100 players claiming the last 10
 * coupons at once get exactly 10. issue_num moves with the claim.
 */
async function claimFor(tx: Tx, playerId: number, couponId: number) {
  const [c] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
  if (!c) throw notFound();
  const now = Date.now();
  if (c.startTime.getTime() > now) throw httpError(400, m.notStarted);
  if (c.endTime.getTime() < now) throw httpError(400, m.ended);
  const refused = await CONDITIONS[c.receiveCondition]?.(tx, playerId, c);
  if (refused) throw httpError(400, refused);
  if (c.issueNum >= c.totalNum) throw httpError(400, m.soldOut);
  const [mine] = await tx
    .select({ n: count() })
    .from(couponClaims)
    .where(and(eq(couponClaims.couponId, c.id), eq(couponClaims.playerId, playerId)));
  if ((mine?.n ?? 0) >= c.limitNum) throw httpError(400, m.limitReached);
  const spent =
    c.receiveCondition === RECEIVE.points || c.receiveCondition === RECEIVE.spendPoints ? c.needPoints * POINT_FEN : 0;
  if (spent > 0) {
    const [paid] = await tx
      .update(players)
      .set({ coins: sql`${players.coins} - ${spent}` })
      .where(and(eq(players.id, playerId), gte(players.coins, spent)))
      .returning({ id: players.id });
    if (!paid) throw httpError(400, m.pointsShort);
  }
  const claimedAt = new Date();
  const [claim] = await tx
    .insert(couponClaims)
    .values({
      couponId: c.id,
      playerId,
      pointsSpent: spent,
      expiresAt: couponExpiry(
        { invalid_type: c.invalidType, invalid_time: c.invalidTime, end_time: c.endTime },
        claimedAt,
      ),
      createdAt: claimedAt,
    })
    .returning();
  await tx
    .update(coupons)
    .set({ issueNum: sql`${coupons.issueNum} + 1` })
    .where(eq(coupons.id, c.id));
  return claimToWire(claim!, { ...c, issueNum: c.issueNum + 1 });
}

/** The player's coupons (declarations: shared/src/features/coupon.ts). */
const playerCouponRoutes: FastifyPluginAsync = async (app) => {
  const { db, cache } = app;

  app.route(
    routeOf(api.player.coupons, async (query, request) => {
      const playerId = await playerOf(db, cache, request);
      const brand = query.ip_id !== undefined ? eq(coupons.ipId, query.ip_id) : undefined;
      const open = await db
        .select()
        .from(coupons)
        .where(
          and(
            brand,
            ne(coupons.receiveCondition, RECEIVE.guess),
            lte(coupons.startTime, sql`now()`),
            gt(coupons.endTime, sql`now()`),
            sql`${coupons.issueNum} < ${coupons.totalNum}`,
          ),
        )
        .orderBy(desc(coupons.id))
        .limit(100);
      const claims = await db
        .select({ claim: couponClaims, coupon: coupons })
        .from(couponClaims)
        .innerJoin(coupons, eq(coupons.id, couponClaims.couponId))
        .where(and(eq(couponClaims.playerId, playerId), brand))
        .orderBy(asc(couponClaims.id));
      return {
        claimable: open.map((c) => ({
          id: c.id,
          ip_id: c.ipId,
          title: c.title,
          coupon_type: c.couponType,
          business_type: c.businessType,
          receive_condition: c.receiveCondition,
          need_points: c.needPoints,
          total_num: c.totalNum,
          issue_num: c.issueNum,
          limit_num: c.limitNum,
          start_time: formatTime(c.startTime),
          end_time: formatTime(c.endTime),
          face: claimToWire({ expiresAt: c.endTime } as ClaimRow, c).face,
        })),
        mine: claims.map((r) => claimToWire(r.claim, r.coupon)),
      };
    }),
  );

  app.route(
    routeOf(api.player.claimCoupon, async (body, request) => {
      const playerId = await playerOf(db, cache, request);
      return db.transaction((tx) => claimFor(tx, playerId, body.coupon_id));
    }),
  );
};

export default playerCouponRoutes;
