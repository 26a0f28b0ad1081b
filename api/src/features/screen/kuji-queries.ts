import type { ActivityStatus, SaleEntry } from '@toy/shared';
import { KUJI_AUDIT, KUJI_OFF, levelLabel, SCREEN_ACTIVITY } from '@toy/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { brands, kujiBoxes, kujiGoods, kujis, orderItems, orders, players } from '../../db/schema.js';
import { fenToYuan } from '../../lib/money.js';
import { formatTime } from '../../lib/time.js';
import { picUrl } from '../../lib/urls.js';

/**
 * The ichiban-kuji part of the screen data (spec 03 §3; declarations shared/src/display/screen-data.ts;
 * tables kujis, kuji_goods, kuji_boxes, order_items): approved kujis launched on a day, and a kuji's
 * activity status. Kuji ids are their own table's: every entry carries activity_type 14.
 */

/** An approved kuji that is on shelf or sold out (a delisted one is not shown). */
const shown = and(eq(kujis.auditStatus, KUJI_AUDIT.approved), ne(kujis.off, KUJI_OFF.delisted));

/** Kujis launched in [start, end): price per draw, tickets left in the boxes still on sale. */
export async function kujiLaunches(
  db: Db,
  config: Config,
  [start, end]: [Date, Date],
  ipIds?: number[],
): Promise<SaleEntry[]> {
  const left = db
    .select({
      kujiId: kujiBoxes.kujiId,
      n: sql<number>`sum(cardinality(${kujiBoxes.tickets}) - ${kujiBoxes.drawn})::int`.as('left_n'),
    })
    .from(kujiBoxes)
    .where(isNull(kujiBoxes.removedAt))
    .groupBy(kujiBoxes.kujiId)
    .as('kuji_left');
  const rows = await db
    .select({
      id: kujis.id,
      title: kujis.title,
      pic: kujis.pic,
      price: kujis.price,
      shelvesTime: kujis.shelvesTime,
      ipId: brands.id,
      ipTitle: brands.title,
      left: left.n,
    })
    .from(kujis)
    .innerJoin(brands, eq(brands.id, kujis.ipId))
    .leftJoin(left, eq(left.kujiId, kujis.id))
    .where(
      and(
        shown,
        gte(kujis.shelvesTime, start),
        lt(kujis.shelvesTime, end),
        ipIds?.length ? inArray(kujis.ipId, ipIds) : undefined,
      ),
    )
    .orderBy(asc(kujis.shelvesTime), asc(kujis.id))
    .limit(200);
  const now = Date.now();
  return rows.map((r) => ({
    id: r.id,
    activity_type: SCREEN_ACTIVITY.kuji,
    name: r.title,
    begin: formatTime(r.shelvesTime),
    state: r.shelvesTime.getTime() <= now ? 1 : 0,
    type: 2,
    price: fenToYuan(r.price),
    stock: Math.max(0, r.left ?? 0),
    pic: picUrl(config, r.pic),
    ips: [{ id: r.ipId, title: r.ipTitle }],
  }));
}

/** The latest kuji launched before now that is shown: its id and sale time. */
export async function latestKuji(db: Db): Promise<{ id: number; shelvesTime: Date } | undefined> {
  const [row] = await db
    .select({ id: kujis.id, shelvesTime: kujis.shelvesTime })
    .from(kujis)
    .where(and(shown, lt(kujis.shelvesTime, new Date())))
    .orderBy(desc(kujis.shelvesTime), desc(kujis.id))
    .limit(1);
  return row;
}

const NOTHING: ActivityStatus = {
  type: 0,
  activity_type: SCREEN_ACTIVITY.kuji,
  state: 0,
  goods: [],
  records: [],
  lucky_user: [],
};

/**
 * A kuji's activity status: before its first ticket its prize rows with how many of each its boxes
 * hold (type 2); while tickets are being drawn the latest drawers (type 3); once sold out, the
 * winners of its Last and global (W) prizes (type 4, state 3). Not approved or delisted: type 0.
 */
export async function kujiActivityStatus(db: Db, config: Config, id: number): Promise<ActivityStatus> {
  const [kuji] = await db
    .select()
    .from(kujis)
    .where(and(eq(kujis.id, id), shown))
    .limit(1);
  if (!kuji) return NOTHING;
  const base = {
    active_id: kuji.id,
    activity_type: SCREEN_ACTIVITY.kuji,
    info: { title: kuji.title, reward_pic: picUrl(config, kuji.pic) },
  };
  const people = (award: 'ticket' | 'prize', limit: number) =>
    db
      .select({ nickname: players.nickname, avatar: players.avatar })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(players, eq(players.id, orders.playerId))
      .where(
        and(
          eq(orderItems.kujiId, kuji.id),
          award === 'ticket' ? eq(orderItems.award, 0) : inArray(orderItems.award, [1, 2]),
        ),
      )
      .orderBy(award === 'ticket' ? desc(orderItems.id) : asc(orderItems.id))
      .limit(limit);
  const person = (d: { nickname: string; avatar: string }) => ({ name: d.nickname, avatar: picUrl(config, d.avatar) });

  if (kuji.off === KUJI_OFF.soldOut) {
    const lucky = (await people('prize', 500)).map(person);
    return { ...base, type: 4, state: 3, goods: [], records: [], lucky_user: lucky };
  }
  const records = await people('ticket', 50);
  if (records.length > 0)
    return { ...base, type: 3, state: 1, goods: [], records: records.map(person), lucky_user: [] };
  const [boxes] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(kujiBoxes)
    .where(and(eq(kujiBoxes.kujiId, kuji.id), isNull(kujiBoxes.removedAt)));
  const rows = await db.select().from(kujiGoods).where(eq(kujiGoods.kujiId, kuji.id)).orderBy(asc(kujiGoods.sort));
  const goods = rows.map((g) => ({
    title: g.goodsTitle,
    pic: picUrl(config, g.goodsPic),
    level: `${levelLabel(g.level)}赏`,
    num: g.stock * (boxes?.n ?? 0),
  }));
  return { ...base, type: 2, state: 1, goods, records: [], lucky_user: [] };
}
