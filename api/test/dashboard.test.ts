import { api, type MerchantDashboard, messages, type Order } from '@toy/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.js';
import { recordForm, recordImages } from './blind-box-helpers.js';
import { couponBody, DAY, shanghaiText } from './coupon-helpers.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { brandIds, call, createMerchant, login, unique } from './helpers.js';
import { approvedKuji, kujiDraw } from './kuji-draw-helpers.js';
import { approveKuji, publishKuji } from './kuji-helpers.js';
import { asPlayer, detail, goodsOf, paidOrder, RECEIVER } from './order-helpers.js';
import { makePickup } from './pickup-helpers.js';

const { app, brand, shop, molly, sweet } = await demoApp();
const coupon = (await login(app, 'coupon@demo.local')).web_token;
const reviewer = (await login(app, 'reviewer@demo.local')).web_token;
const [couponBrand] = (await brandIds(app, coupon, 15)) as [number];

const merchant = async (query: { ip_id?: number } = {}, token = brand) => {
  const res = await call(app, api.dashboard.get, query, { token });
  expect(res.statusCode).toBe(200);
  return res.body.data as MerchantDashboard;
};
const couponView = async (query: { ip_id?: number } = {}, token = coupon) => {
  const res = await call(app, api.dashboard.coupon, query, { token });
  expect(res.statusCode).toBe(200);
  return res.body.data;
};
const reviewView = async () => (await call(app, api.dashboard.review, undefined, { token: reviewer })).body.data;
const cents = (n: number) => Math.round(n * 100);
let phones = 0;
const newPlayer = () => {
  phones += 1;
  return player(app, `1366${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`);
};
const day = DAY;
const fmt = shanghaiText;
const todayText = fmt(Date.now()).slice(0, 10);

describe('role and tenancy', () => {
  it('each view needs its role: 403 for the others', async () => {
    expect((await call(app, api.dashboard.get, {}, { token: coupon })).statusCode).toBe(403);
    expect((await call(app, api.dashboard.get, {}, { token: reviewer })).statusCode).toBe(403);
    expect((await call(app, api.dashboard.coupon, {}, { token: shop })).statusCode).toBe(403);
    expect((await call(app, api.dashboard.review, undefined, { token: brand })).statusCode).toBe(403);
    expect((await call(app, api.dashboard.review, undefined, { token: coupon })).statusCode).toBe(403);
    expect((await call(app, api.dashboard.get, {})).statusCode).toBe(401);
  });

  it("another merchant's brand is 数据不存在; a new merchant sees its own empty figures", async () => {
    const other = await createMerchant(app, [14, 15]);
    const token = (await login(app, other.email)).web_token;
    const res = await call(app, api.dashboard.get, { ip_id: molly }, { token });
    expect(res.body).toMatchObject({ status: 404, msg: messages.common.notFound });
    expect((await call(app, api.dashboard.coupon, { ip_id: couponBrand }, { token })).statusCode).toBe(404);
    const own = await merchant({}, token);
    expect(own.today.sales).toMatchObject({ today: 0, yesterday: 0 });
    expect(own.today.orders.today).toBe(0);
    expect(own.work).toMatchObject({
      orders_to_ship: { count: 0 },
      pickups_to_ship: { count: 0 },
      refunds: { count: 0 },
      stored: { count: 0 },
    });
    expect(own.settlement.pending.amount).toBe(0);
    expect(own.trend.days).toHaveLength(30);
    expect(own.trend.days.at(-1)!.date).toBe(todayText);
    expect(own.top_series).toEqual([]);
    expect(own.alerts.boxes.count).toBe(0);
    const c = await couponView({}, token);
    expect(c.in_progress.count).toBe(0);
    expect(c.trend).toHaveLength(30);
  });
});

describe('the merchant view', () => {
  it('draws count in today’s sales, orders, draws, the trend, settlement, storage and the week’s top series', async () => {
    const machine = await publishMachine(app, brand, molly, sweet, 2);
    const other = await createMerchant(app, [14]);
    const otherToken = (await login(app, other.email)).web_token;
    const before = await merchant({ ip_id: molly });
    const otherBefore = await merchant({}, otherToken);
    const p = await newPlayer();
    const sns: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await draw(app, p, machine.id);
      expect(res.statusCode).toBe(200);
      sns.push(res.body.data.order_sn);
    }
    const paid = await Promise.all(sns.map(async (sn) => (await detail(app, brand, sn)).body.data as Order));
    const paidFen = paid.reduce((s, o) => s + cents(o.total_pay_price), 0);
    const rows = await app.db.select().from(orders).where(sql`${orders.orderSn} in ${sns}`);
    const incomeFen = rows.reduce((s, o) => s + o.merchantIncome, 0);

    const after = await merchant({ ip_id: molly });
    expect(cents(after.today.sales.today) - cents(before.today.sales.today)).toBe(paidFen);
    expect(after.today.orders.today - before.today.orders.today).toBe(3);
    expect(after.today.draws.today - before.today.draws.today).toBe(3);
    expect(after.today.sales.link).toEqual({
      page: 'order/list',
      query: { ip_id: molly, begin_at: todayText, end_at: todayText },
    });
    expect(cents(after.trend.days.at(-1)!.amount) - cents(before.trend.days.at(-1)!.amount)).toBe(paidFen);
    const drawType = after.trend.types.findIndex((t) => t.type === 13);
    expect(after.trend.types[drawType]!.type_text).toBe('抽盒机');
    expect(cents(after.trend.days.at(-1)!.by_type[drawType]!)).toBeGreaterThanOrEqual(paidFen);
    expect(cents(after.settlement.pending.amount) - cents(before.settlement.pending.amount)).toBe(incomeFen);
    expect(after.settlement.settled.amount).toBe(before.settlement.settled.amount);
    expect(after.work.stored.count - before.work.stored.count).toBe(3);
    const top = after.top_series.find((t) => t.kind === 'draw_machine' && t.id === machine.id);
    expect(top).toMatchObject({ ip_id: molly, title: sweet.title, orders: 3, amount: paidFen / 100 });
    expect(top!.link).toEqual({ page: 'drawMachine/list', query: { ip_id: molly, keyword: sweet.title } });
    // Another merchant's figures do not move.
    expect(await merchant({}, otherToken)).toMatchObject({
      today: otherBefore.today,
      work: otherBefore.work,
      settlement: otherBefore.settlement,
    });
  });

  it('today is compared with yesterday: an order paid yesterday counts there, not today', async () => {
    const p = await newPlayer();
    const goods = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 0)!;
    const before = await merchant({ ip_id: molly });
    const o = await paidOrder(app, p, [{ goods_id: goods.id, buy_num: 1 }]);
    const mid = await merchant({ ip_id: molly });
    expect(mid.today.orders.today - before.today.orders.today).toBe(1);
    expect(cents(mid.today.sales.today) - cents(before.today.sales.today)).toBe(cents(o.total_pay_price));
    expect(mid.today.draws.today).toBe(before.today.draws.today);
    await app.db
      .update(orders)
      .set({ payTime: new Date(Date.now() - day) })
      .where(eq(orders.orderSn, o.order_sn));
    const after = await merchant({ ip_id: molly });
    expect(after.today.orders.today).toBe(before.today.orders.today);
    expect(after.today.orders.yesterday - before.today.orders.yesterday).toBe(1);
    expect(cents(after.today.sales.yesterday) - cents(before.today.sales.yesterday)).toBe(cents(o.total_pay_price));
    expect(after.trend.days.at(-2)!.date).toBe(fmt(Date.now() - day).slice(0, 10));
  });

  it('orders to ship, refunds to handle, pickups to ship with their list links', async () => {
    const p = await newPlayer();
    const goods = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 0)!;
    const before = await merchant({ ip_id: molly });
    const o = await paidOrder(app, p, [{ goods_id: goods.id, buy_num: 1 }]);
    const mid = await merchant({ ip_id: molly });
    expect(mid.work.orders_to_ship.count - before.work.orders_to_ship.count).toBe(1);
    expect(mid.work.orders_to_ship.link).toEqual({ page: 'order/list', query: { ip_id: molly, state: 2 } });
    // The count is the order list's own total for that filter.
    const listed = await call(app, api.order.list, { ip_id: molly, state: 2, page: 1, limit: 10 } as never, {
      token: brand,
    });
    expect(listed.body.data.pagination.total_rows).toBe(mid.work.orders_to_ship.count);
    const refund = await call(
      app,
      api.order.refund,
      { order_id: o.id, refund_amount: o.received_price },
      { token: brand },
    );
    expect(refund.statusCode).toBe(200);
    const after = await merchant({ ip_id: molly });
    expect(after.work.refunds.count - before.work.refunds.count).toBe(1);
    expect(after.work.orders_to_ship.count).toBe(before.work.orders_to_ship.count);
    expect(after.today.orders.today).toBe(before.today.orders.today);

    const machine = await publishMachine(app, brand, molly, sweet, 1);
    const pickupBefore = await merchant({ ip_id: molly });
    await makePickup(app, machine.id, 2);
    const pickupAfter = await merchant({ ip_id: molly });
    expect(pickupAfter.work.pickups_to_ship.count - pickupBefore.work.pickups_to_ship.count).toBe(1);
    // The link opens exactly the rows counted: not shipped and partly shipped (the ship action's states).
    expect(pickupAfter.work.pickups_to_ship.link).toEqual({ page: 'pickup/list', query: { ip_id: molly, to_ship: 1 } });
    // Drawn into storage, then asked for: storage is back where it was.
    expect(pickupAfter.work.stored.count).toBe(pickupBefore.work.stored.count);
    const linked = (query: Record<string, unknown>) =>
      call(app, api.pickup.list, { ...query, page: 1, limit: 10 } as never, { token: brand });
    const pickups = await linked(pickupAfter.work.pickups_to_ship.link.query);
    expect(pickups.body.data.pagination.total_rows).toBe(pickupAfter.work.pickups_to_ship.count);
    expect(pickups.body.data.list.every((row) => [0, 4].includes(row.delivery_status))).toBe(true);
    // Shipped, it leaves both the figure and its list.
    const shipped = await call(
      app,
      api.pickup.ship,
      { order_sn: pickups.body.data.list[0]!.order_sn, express_company: '顺丰', express: 'SF-DASH' } as never,
      { token: brand },
    );
    expect(shipped.statusCode, shipped.body.msg).toBe(200);
    const afterShip = await merchant({ ip_id: molly });
    expect(afterShip.work.pickups_to_ship.count).toBe(pickupAfter.work.pickups_to_ship.count - 1);
    expect((await linked(afterShip.work.pickups_to_ship.link.query)).body.data.pagination.total_rows).toBe(
      afterShip.work.pickups_to_ship.count,
    );
  });

  it('alerts: a sold-out draw machine, a kuji under 10 % left, low stock, a kuji awaiting review', async () => {
    const machine = await publishMachine(app, brand, molly, sweet, 1);
    const kuji = await approvedKuji(app, molly, { boxNum: 2, patch: { title: unique('一番赏') } });
    const before = await merchant({ ip_id: molly });
    expect(before.alerts.boxes.list.some((a) => a.id === machine.id)).toBe(false);
    const p = await newPlayer();
    for (let i = 0; i < sweet.limit_stock; i++) expect((await draw(app, p, machine.id, 0)).statusCode).toBe(200);
    // 14 tickets in all: drawing 13 leaves 1 (7 %).
    expect((await kujiDraw(app, p, { active_id: kuji.id, box_no: 1, num: 7, use_bean: 0 })).statusCode).toBe(200);
    expect((await kujiDraw(app, p, { active_id: kuji.id, box_no: 2, num: 6, use_bean: 0 })).statusCode).toBe(200);
    const after = await merchant({ ip_id: molly });
    const soldOut = after.alerts.boxes.list.find((a) => a.kind === 'draw_machine' && a.id === machine.id);
    expect(soldOut).toMatchObject({ sold_out: true, left: 0, total: sweet.limit_stock });
    const low = after.alerts.boxes.list.find((a) => a.kind === 'kuji' && a.id === kuji.id);
    expect(low).toMatchObject({ sold_out: false, left: 1, total: 14 });
    expect(low!.link).toEqual({ page: 'kuji/list', query: { ip_id: molly, title: low!.title } });
    expect(after.alerts.boxes.count).toBeGreaterThanOrEqual(2);
    // Kuji draws count as draws (tickets) today.
    expect(after.today.draws.today - before.today.draws.today).toBe(sweet.limit_stock + 13);

    const goods = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 1 && g.stock > 20)!;
    const stockBefore = after.alerts.stock.count;
    const cut = await call(
      app,
      api.goods.stock,
      { id: goods.id, current_stock_limit: 1, stock_limit: 1, action: 2, num: goods.stock - 3 } as never,
      { token: brand },
    );
    expect(cut.statusCode).toBe(200);
    const stocked = await merchant({ ip_id: molly });
    expect(stocked.alerts.stock.count - stockBefore).toBe(1);
    expect(stocked.alerts.stock.list.find((s) => s.kind === 'goods' && s.id === goods.id)).toMatchObject({
      stock: 3,
      link: { page: 'goods/list', query: { ip_id: molly, title: goods.title } },
    });

    const pendingBefore = stocked.alerts.releases_pending.count;
    const queueBefore = (await reviewView()).queue.find((q) => q.kind === 'kuji')!.count;
    await publishKuji(app, brand, molly);
    expect((await merchant({ ip_id: molly })).alerts.releases_pending.count - pendingBefore).toBe(1);
    expect((await reviewView()).queue.find((q) => q.kind === 'kuji')!.count - queueBefore).toBe(1);
  });

  it('records rejected count the brand’s rejected blind-box records', async () => {
    const view = await merchant({ ip_id: molly });
    const list = await call(app, api.blindBoxRecord.list, { ip_id: molly, status: 2 } as never, { token: brand });
    expect(view.alerts.records_rejected.count).toBe(list.body.data.pagination.total_rows);
    expect(view.alerts.records_rejected.link).toEqual({
      page: 'blindBoxRecord/list',
      query: { ip_id: molly, status: 2 },
    });
    const pending = (await call(app, api.review.list, { status: 0 } as never, { token: reviewer })).body.data.list;
    const mine = pending.find((r) => r.ip_id === molly)!;
    const queued = (await reviewView()).queue[0]!.count;
    const res = await call(
      app,
      api.review.decide,
      { id: mine.id, status: 2, reason: '图片不清晰' },
      { token: reviewer },
    );
    expect(res.statusCode).toBe(200);
    expect((await merchant({ ip_id: molly })).alerts.records_rejected.count).toBe(
      view.alerts.records_rejected.count + 1,
    );
    expect((await reviewView()).queue[0]!.count).toBe(queued - 1);
  });

  it("tells the merchant the review's decisions, newest first, with the reason and the row's list", async () => {
    const title = unique('备案');
    const submitted = await call(
      app,
      api.blindBoxRecord.submit,
      recordForm(molly, await recordImages(app, brand), { title }) as never,
      {
        token: brand,
      },
    );
    expect(submitted.statusCode).toBe(200);
    const pending = (await call(app, api.review.list, { status: 0, title } as never, { token: reviewer })).body.data
      .list;
    const record = pending.find((r) => r.title === title)!;
    await call(app, api.review.decide, { id: record.id, status: 2, reason: '备案图片不清晰' }, { token: reviewer });
    const kujiId = await publishKuji(app, brand, molly, { title: unique('审核通过的一番赏') });
    await approveKuji(app, reviewer, kujiId);
    const { reviews } = await merchant({ ip_id: molly });
    const [kuji, rejected] = reviews;
    expect(kuji).toMatchObject({
      kind: 'kuji',
      label: '一番赏',
      result: 'approved',
      result_text: '已通过',
      reason: '',
    });
    expect(kuji!.link).toEqual({ page: 'kuji/list', query: { ip_id: molly, title: kuji!.title } });
    expect(rejected).toMatchObject({
      kind: 'record',
      label: '盲盒备案',
      title: record.title,
      result: 'rejected',
      result_text: '已驳回',
      reason: '备案图片不清晰',
      link: { page: 'blindBoxRecord/list', query: { ip_id: molly, status: 2, title: record.title } },
    });
    expect(rejected!.decided_at <= kuji!.decided_at).toBe(true);
    // Another merchant's dashboard says nothing of them.
    const other = (await login(app, (await createMerchant(app, [14])).email)).web_token;
    expect((await merchant({}, other)).reviews).toEqual([]);

    // The menu badge: the decisions after the merchant's last look, none after the newest of them.
    const news = async (since: number, token = brand) => {
      const res = await call(app, api.dashboard.reviewNews, { since }, { token });
      expect(res.statusCode).toBe(200);
      return res.body.data;
    };
    const all = await news(0);
    expect(all.count).toBeGreaterThanOrEqual(2);
    expect(all.latest).toBe(Math.floor(new Date(`${kuji!.decided_at.replace(' ', 'T')}+08:00`).getTime() / 1000));
    expect(await news(all.latest)).toEqual({ count: 0, latest: 0 });
    expect((await news(all.latest - 1)).count).toBeGreaterThanOrEqual(1);
    expect(await news(0, other)).toEqual({ count: 0, latest: 0 });
    // Only a merchant's call; a bad time is a 400.
    expect((await call(app, api.dashboard.reviewNews, { since: 0 }, { token: reviewer })).statusCode).toBe(403);
    expect((await call(app, api.dashboard.reviewNews, { since: -1 } as never, { token: brand })).statusCode).toBe(400);
  });
});

describe('the coupon view', () => {
  const create = async (over: Record<string, unknown>) => {
    const res = await call(app, api.coupon.create, couponBody(couponBrand, over) as never, { token: coupon });
    expect(res.statusCode).toBe(200);
    return res.body.data.id as number;
  };

  it('in progress, claimed today, nearing its end or its total, the 30-day trend', async () => {
    const before = await couponView({ ip_id: couponBrand });
    const plain = await create({});
    const ending = await create({ end_time: fmt(Date.now() + 2 * day) });
    const few = await create({ total_num: 2 });
    await create({ start_time: fmt(Date.now() + 2 * day), end_time: fmt(Date.now() + 5 * day) });
    const p1 = await newPlayer();
    const p2 = await newPlayer();
    for (const [p, id] of [
      [p1, plain],
      [p1, few],
      [p2, few],
    ] as const) {
      const res = await call(app, api.player.claimCoupon, { coupon_id: id }, asPlayer(p));
      expect(res.statusCode).toBe(200);
    }
    const after = await couponView({ ip_id: couponBrand });
    expect(after.in_progress.count - before.in_progress.count).toBe(3);
    expect(after.in_progress.link).toEqual({ page: 'coupon/list', query: { ip_id: couponBrand, state: 1 } });
    expect(after.claimed_today.today - before.claimed_today.today).toBe(3);
    expect(after.trend.at(-1)!.claimed - before.trend.at(-1)!.claimed).toBe(3);
    expect(after.trend.at(-1)!.date).toBe(todayText);
    expect(after.nearing.list.find((c) => c.id === ending)).toMatchObject({ reason: 'ending', claimed: 0 });
    expect(after.nearing.list.find((c) => c.id === few)).toMatchObject({ reason: 'issued', claimed: 2, total: 2 });
    expect(after.nearing.list.some((c) => c.id === plain)).toBe(false);
    expect(after.used_today.today).toBe(before.used_today.today);
  });
});

describe('the coupon view of a brand with release sales', () => {
  it('a coupon used on an order counts as used today, for its brand only', async () => {
    const res = await call(
      app,
      api.coupon.create,
      couponBody(molly, { title: unique('发售券'), business_type: 2, coupon_type: 0, full_amount: 10 }) as never,
      { token: brand },
    );
    expect(res.statusCode).toBe(200);
    const before = await couponView({ ip_id: molly }, brand);
    const elsewhere = await couponView({ ip_id: couponBrand });
    const p = await newPlayer();
    const mine = (await call(app, api.player.claimCoupon, { coupon_id: res.body.data.id }, asPlayer(p))).body.data;
    const goods = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 0 && g.price >= 10)!;
    const bought = await call(
      app,
      api.player.orderBuy,
      { items: [{ goods_id: goods.id, buy_num: 1 }], ...RECEIVER, coupon_id: mine.id } as never,
      asPlayer(p),
    );
    expect(bought.statusCode).toBe(200);
    const after = await couponView({ ip_id: molly }, brand);
    expect(after.claimed_today.today - before.claimed_today.today).toBe(1);
    expect(after.used_today.today - before.used_today.today).toBe(1);
    expect(after.trend.at(-1)!.used - before.trend.at(-1)!.used).toBe(1);
    const still = await couponView({ ip_id: couponBrand });
    expect(still.claimed_today).toEqual(elsewhere.claimed_today);
    expect(still.used_today).toEqual(elsewhere.used_today);
  });
});

describe('the reviewer view', () => {
  it('one row per kind with the review lists’ pending totals and the oldest waiting time', async () => {
    const view = await reviewView();
    expect(view.queue.map((q) => q.kind)).toEqual(['record', 'kuji', 'toy', 'moment', 'skin']);
    const records = await call(app, api.review.list, { status: 0 } as never, { token: reviewer });
    expect(view.queue[0]!.count).toBe(records.body.data.pagination.total_rows);
    const kujis = await call(app, api.review.kujiList, { status: 0 } as never, { token: reviewer });
    expect(view.queue[1]!.count).toBe(kujis.body.data.pagination.total_rows);
    for (const q of view.queue) {
      if (q.count === 0) expect(q).toMatchObject({ oldest_at: '', oldest_wait_seconds: 0 });
      else expect(q.oldest_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    }
    expect(view.queue[3]!.link).toEqual({ page: 'review/blindBox', query: { tab: 'toy', kind: 'moment' } });
  });
});
