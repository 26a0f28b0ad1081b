import { api, messages, type Order } from '@toy/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runOrderTimers } from '../src/features/order/timers.js';
import { demoApp, player } from './draw-helpers.js';
import { call } from './helpers.js';
import { asPlayer, buy, detail, goodsOf, paidOrder, pay, RECEIVER } from './order-helpers.js';

const m = messages.order;
const { app, brand, molly } = await demoApp();
const times = app.appConfig.orderTimes;
const MIN = 60_000;
const DAY = 86_400_000;

let buyer: string;
let limited: { id: number; stock: number; price: number };
let unlimited: { id: number };
const stockOf = async (id: number) => (await goodsOf(app, brand, molly)).find((g) => g.id === id)!.stock;

beforeAll(async () => {
  buyer = await player(app, '13900000001');
  const list = await goodsOf(app, brand, molly);
  const l = list.find((g) => g.stock_limit === 1 && g.stock > 50)!;
  limited = { id: l.id, stock: l.stock, price: l.price };
  unlimited = list.find((g) => g.stock_limit === 0)!;
});

describe('player.orderBuy', () => {
  it('makes a pending order of activity type 5 with the time left to pay, and takes limited stock', async () => {
    const before = await stockOf(limited.id);
    const o = await buy(app, buyer, [{ goods_id: limited.id, buy_num: 2 }]);
    expect(o).toMatchObject({
      type: 5,
      type_text: '发售',
      tran_state: 1,
      logistics_state: 0,
      is_close: 0,
      buy_num: 2,
      price: limited.price * 2,
      username: RECEIVER.username,
      phone: RECEIVER.phone,
      received_price: 0,
    });
    expect(o.surplus_time).toBeGreaterThan(times.payMinutes * 60 - 5);
    expect(o.state_text).toMatch(/^待付款，剩余(29|30)分/);
    expect(o).not.toHaveProperty('private_remark');
    expect(await stockOf(limited.id)).toBe(before - 2);
    await call(app, api.player.orderCancel, { order_sn: o.order_sn }, asPlayer(buyer));
    expect(await stockOf(limited.id)).toBe(before);
  });

  it('refuses goods out of stock, a missing receiver or quantity, missing goods; nothing is taken', async () => {
    const before = await stockOf(limited.id);
    const soldOut = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 1 && g.stock === 0)!;
    const short = await call(
      app,
      api.player.orderBuy,
      {
        items: [
          { goods_id: limited.id, buy_num: 1 },
          { goods_id: soldOut.id, buy_num: 1 },
        ],
        ...RECEIVER,
      } as never,
      asPlayer(buyer),
    );
    expect(short.body).toMatchObject({ status: 409, msg: m.stockShort });
    const noReceiver = await call(
      app,
      api.player.orderBuy,
      { items: [{ goods_id: limited.id, buy_num: 1 }], ...RECEIVER, address: ' ' } as never,
      asPlayer(buyer),
    );
    expect(noReceiver.body).toMatchObject({ status: 400, msg: m.receiverRequired });
    const noNum = await call(
      app,
      api.player.orderBuy,
      { items: [{ goods_id: limited.id, buy_num: 0 }], ...RECEIVER } as never,
      asPlayer(buyer),
    );
    expect(noNum.body).toMatchObject({ status: 400, msg: m.buyNumRequired });
    const missing = await call(
      app,
      api.player.orderBuy,
      { items: [{ goods_id: 999999, buy_num: 1 }], ...RECEIVER } as never,
      asPlayer(buyer),
    );
    expect(missing.body).toMatchObject({ status: 404, msg: m.goodsUnavailable });
    expect(await stockOf(limited.id)).toBe(before);
    const anonymous = await call(app, api.player.orderBuy, {
      items: [{ goods_id: limited.id, buy_num: 1 }],
      ...RECEIVER,
    } as never);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('pay, cancel and the payment timeout', () => {
  it('pays the whole amount: paid, awaiting shipment, received = receivable', async () => {
    const o = await paidOrder(app, buyer, [{ goods_id: unlimited.id, buy_num: 1 }]);
    expect(o).toMatchObject({ tran_state: 2, logistics_state: 0, state_text: '待发货', surplus_time: 0 });
    expect(o.received_price).toBe(o.receivable_price);
    expect(o.pay_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await pay(app, buyer, o.order_sn);
    expect(again.body).toMatchObject({ status: 409, msg: m.payNotPending });
  });

  it('cancels a pending order (stock back) and refuses to cancel twice or pay it', async () => {
    const before = await stockOf(limited.id);
    const o = await buy(app, buyer, [{ goods_id: limited.id, buy_num: 3 }]);
    const cancelled = await call(app, api.player.orderCancel, { order_sn: o.order_sn }, asPlayer(buyer));
    expect(cancelled.body.data).toMatchObject({ tran_state: 5, state_text: '已取消' });
    expect(await stockOf(limited.id)).toBe(before);
    const twice = await call(app, api.player.orderCancel, { order_sn: o.order_sn }, asPlayer(buyer));
    expect(twice.body).toMatchObject({ status: 409, msg: m.payNotPending });
    expect((await pay(app, buyer, o.order_sn)).body).toMatchObject({ status: 409, msg: m.payNotPending });
  });

  it("another player's order is not found", async () => {
    const o = await buy(app, buyer, [{ goods_id: unlimited.id, buy_num: 1 }]);
    const other = await player(app, '13900000002');
    expect((await pay(app, other, o.order_sn)).statusCode).toBe(404);
  });

  it('times out after the payment window (stock back); paying then answers 订单已超时 or not pending', async () => {
    const before = await stockOf(limited.id);
    const o = await buy(app, buyer, [{ goods_id: limited.id, buy_num: 1 }]);
    expect(await stockOf(limited.id)).toBe(before - 1);
    await runOrderTimers(app.db, times, new Date(Date.now() + (times.payMinutes - 1) * MIN));
    expect((await detail(app, brand, o.order_sn)).body.data).toMatchObject({ tran_state: 1 });
    const passAt = new Date(Date.now() + (times.payMinutes + 1) * MIN);
    // Other pending orders of these goods that the same pass times out (a shared database) give theirs back too.
    const others = await app.db.execute(sql`
      select coalesce(sum(i.nums), 0)::int as n from order_items i join orders o on o.id = i.order_id
      where i.goods_id = ${limited.id} and o.tran_state = 1 and o.is_close = 0 and o.pay_end_at <= ${passAt.toISOString()}::timestamptz
        and o.order_sn <> ${o.order_sn} and i.shipment_id is null`);
    const alsoBack = (others as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const pass = await runOrderTimers(app.db, times, passAt);
    expect(pass.expired).toBeGreaterThanOrEqual(1);
    const d = (await detail(app, brand, o.order_sn)).body.data as Order;
    expect(d).toMatchObject({ tran_state: 3, state_text: '支付超时', surplus_time: 0 });
    expect(await stockOf(limited.id)).toBe(before + alsoBack);
    expect((await pay(app, buyer, o.order_sn)).body).toMatchObject({ status: 409, msg: m.payNotPending });
  });
});

describe('pre-sale', () => {
  it('takes a deposit, then the final payment before its deadline', async () => {
    const o = await buy(app, buyer, [{ goods_id: unlimited.id, buy_num: 2 }], { pre_sale: 1 });
    expect(o.is_pre_sale).toBe(1);
    const deposit = (await pay(app, buyer, o.order_sn)).body.data as Order;
    expect(deposit.tran_state).toBe(1);
    expect(deposit.deposit_pay_price).toBeCloseTo(Math.round(o.receivable_price * 20) / 100, 2);
    expect(deposit.received_price).toBe(deposit.deposit_pay_price);
    expect(deposit.final_pay_end).not.toBe('');
    expect(deposit.state_text).toMatch(/^待付尾款，剩余(2|3)天/);
    const final = (await pay(app, buyer, o.order_sn)).body.data as Order;
    expect(final).toMatchObject({ tran_state: 2, state_text: '待发货', received_price: o.receivable_price });
    expect(final.total_pay_price).toBe(o.receivable_price);
  });

  it('a final payment not made in time reads 尾款支付超时 and keeps the deposit', async () => {
    const o = await buy(app, buyer, [{ goods_id: unlimited.id, buy_num: 1 }], { pre_sale: 1 });
    const deposit = (await pay(app, buyer, o.order_sn)).body.data as Order;
    await runOrderTimers(app.db, times, new Date(Date.now() + (times.finalPayHours + 1) * 3600_000));
    const d = (await detail(app, brand, o.order_sn)).body.data as Order;
    expect(d).toMatchObject({ tran_state: 3, state_text: '尾款支付超时' });
    expect(d.received_price).toBe(deposit.deposit_pay_price);
  });
});

describe('receipt', () => {
  it('the player confirms a shipped order; a second confirm is refused', async () => {
    const o = await paidOrder(app, buyer, [{ goods_id: unlimited.id, buy_num: 1 }]);
    const early = await call(app, api.player.orderConfirm, { order_sn: o.order_sn }, asPlayer(buyer));
    expect(early.body).toMatchObject({ status: 409, msg: m.confirmNotShipped });
    await call(app, api.order.express, { order_id: o.id, express_company: '顺丰', express: 'SF100' }, { token: brand });
    const shipped = (await detail(app, brand, o.order_sn)).body.data as Order;
    expect(shipped).toMatchObject({ logistics_state: 1, state_text: '已发货，待收货' });
    expect(shipped.confirm_surplus_time).toBeGreaterThan(times.autoConfirmDays * 86400 - 10);
    const done = await call(app, api.player.orderConfirm, { order_sn: o.order_sn }, asPlayer(buyer));
    expect(done.body.data).toMatchObject({ logistics_state: 2, state_text: '已完成', confirm_time: '' });
    const again = await call(app, api.player.orderConfirm, { order_sn: o.order_sn }, asPlayer(buyer));
    expect(again.body).toMatchObject({ status: 409, msg: m.confirmNotShipped });
  });

  it('receipt is confirmed automatically after the documented number of days', async () => {
    const o = await paidOrder(app, buyer, [{ goods_id: unlimited.id, buy_num: 1 }]);
    await call(app, api.order.express, { order_id: o.id, express_company: '顺丰', express: 'SF200' }, { token: brand });
    await runOrderTimers(app.db, times, new Date(Date.now() + (times.autoConfirmDays - 1) * DAY));
    expect((await detail(app, brand, o.order_sn)).body.data).toMatchObject({ logistics_state: 1 });
    await runOrderTimers(app.db, times, new Date(Date.now() + (times.autoConfirmDays + 1) * DAY));
    expect((await detail(app, brand, o.order_sn)).body.data).toMatchObject({
      logistics_state: 2,
      state_text: '已完成',
    });
  });

  it('a confirm while partly shipped reads 部分收货', async () => {
    const o = await paidOrder(app, buyer, [
      { goods_id: unlimited.id, buy_num: 1 },
      { goods_id: limited.id, buy_num: 1 },
    ]);
    const first = o.goods[0]!.id;
    await call(
      app,
      api.order.ship,
      { order_sn: o.order_sn, express_company: '圆通', express: 'YT1', item_ids: [first] },
      { token: brand },
    );
    const r = await call(app, api.player.orderConfirm, { order_sn: o.order_sn }, asPlayer(buyer));
    expect(r.body.data).toMatchObject({ logistics_state: 5, state_text: '部分收货' });
  });
});

describe('player.orderList', () => {
  it("lists only the player's own orders, newest first", async () => {
    // A phone no other test file uses (on PostgreSQL the suite shares one database).
    const other = await player(app, `133${String(Date.now()).slice(-8)}`);
    const o = await buy(app, other, [{ goods_id: unlimited.id, buy_num: 1 }]);
    const res = await call(app, api.player.orderList, { page: 1, limit: 10 }, asPlayer(other));
    expect(res.body.data.total_rows).toBe(1);
    expect(res.body.data.list.map((x) => x.order_sn)).toEqual([o.order_sn]);
  });
});
