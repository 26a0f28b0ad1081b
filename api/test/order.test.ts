import { api, messages, type Order } from '@toy/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.js';
import { EXPORT_LIMITS } from '../src/features/order/export.js';
import { runOrderTimers } from '../src/features/order/timers.js';
import { hotBrands, ranking } from '../src/features/screen/queries.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { download, sheetRows, waitForJob } from './goods-helpers.js';
import { call, createMerchant, login } from './helpers.js';
import { buy, detail, goodsOf, paidOrder } from './order-helpers.js';

const m = messages.order;
const { app, brand, molly, sweet } = await demoApp();
const times = app.appConfig.orderTimes;
const as = (token: string) => ({ token });

let buyer: string;
let a: number;
let b: number;
let stockOf: (id: number) => Promise<number>;

beforeAll(async () => {
  buyer = await player(app, '13700000001');
  const list = await goodsOf(app, brand, molly);
  a = list.find((g) => g.stock_limit === 0)!.id;
  b = list.find((g) => g.stock_limit === 1 && g.stock > 50)!.id;
  stockOf = async (id) => (await goodsOf(app, brand, molly)).find((g) => g.id === id)!.stock;
});

const twoLines = () =>
  paidOrder(app, buyer, [
    { goods_id: a, buy_num: 1 },
    { goods_id: b, buy_num: 2 },
  ]);
const list = (q: Record<string, unknown>, token = brand) =>
  call(app, api.order.list, { ip_id: molly, ...q } as never, as(token));

describe('order.list', () => {
  it('finds an order by keyword on number, nickname, receiver name and phone, 10 a page', async () => {
    const p = await player(app, '13711112222');
    const o = await buy(app, p, [{ goods_id: a, buy_num: 1 }], { username: '李四收货', phone: '13655556666' });
    for (const keyword of [o.order_sn, '玩家2222', '李四收货', '5555666']) {
      const res = await list({ keyword });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.list.map((x) => x.order_sn)).toContain(o.order_sn);
    }
    const none = await list({ keyword: 'no-such-order' });
    expect(none.body.data).toEqual({ list: [], pagination: { page: 1, limit: 10, total_rows: 0 } });
    const page = await list({});
    expect(page.body.data.list.length).toBeLessThanOrEqual(10);
    expect(page.body.data.pagination.limit).toBe(10);
  });

  it('filters by status 1–6 (the states of spec §4)', async () => {
    const pending = await buy(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    const paid = await paidOrder(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    const has = async (state: number, sn: string) =>
      (await list({ state, limit: 200 })).body.data.list.some((x) => x.order_sn === sn);
    expect(await has(1, pending.order_sn)).toBe(true);
    expect(await has(2, pending.order_sn)).toBe(false);
    expect(await has(2, paid.order_sn)).toBe(true);
    await call(app, api.order.express, { order_id: paid.id, express_company: '顺丰', express: 'SF1' }, as(brand));
    expect(await has(3, paid.order_sn)).toBe(true);
    expect(await has(2, paid.order_sn)).toBe(false);
    const bad = await list({ state: 9 });
    expect(bad.body).toMatchObject({ status: 400, msg: '订单状态不正确' });
  });

  it('date range: a date alone spans 00:00:00–23:59:59 (Shanghai)', async () => {
    const o = await buy(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    const today = o.created_at.slice(0, 10);
    const inRange = await list({ begin_at: today, end_at: today, limit: 200 });
    expect(inRange.body.data.list.map((x) => x.order_sn)).toContain(o.order_sn);
    const yesterday = new Date(Date.parse(`${today}T00:00:00+08:00`) - 86400_000 + 8 * 3600_000)
      .toISOString()
      .slice(0, 10);
    const before = await list({ begin_at: yesterday, end_at: yesterday });
    expect(before.body.data.list.map((x) => x.order_sn)).not.toContain(o.order_sn);
    expect((await list({ begin_at: '2026/01/01' })).statusCode).toBe(400);
  });

  it('draw orders (type 13) are in storage; goods_name filters only types 13 and 14', async () => {
    const machine = await publishMachine(app, brand, molly, sweet, 1);
    const drawer = await player(app, '13700000013');
    const drawn = (await draw(app, drawer, machine.id)).body.data as {
      order_sn: string;
      goods: { goods_title: string };
    };
    const d = (await detail(app, brand, drawn.order_sn)).body.data as Order;
    expect(d).toMatchObject({ type: 13, tran_state: 2, logistics_state: 3, state_text: '寄存中', splittable: 0 });
    const storage = await list({ state: 6, active_type: 13, goods_name: drawn.goods.goods_title, limit: 200 });
    expect(storage.body.data.list.map((x) => x.order_sn)).toContain(drawn.order_sn);
    const otherName = await list({ active_type: 13, goods_name: 'no-such-goods' });
    expect(otherName.body.data.pagination.total_rows).toBe(0);
    // Type 5 ignores goods_name: the filter applies only to types 13 and 14.
    const sale = await list({ active_type: 5, goods_name: 'no-such-goods' });
    expect(sale.body.data.pagination.total_rows).toBeGreaterThan(0);
    const ship = await call(
      app,
      api.order.express,
      { order_id: d.id, express_company: '顺丰', express: 'X' },
      as(brand),
    );
    expect(ship.body).toMatchObject({ status: 409, msg: m.drawOrder });
    const refund = await call(app, api.order.refund, { order_id: d.id, refund_amount: d.received_price }, as(brand));
    expect(refund.body).toMatchObject({ status: 409, msg: m.drawOrder });
  });
});

describe('access', () => {
  it('401 without a session, 403 without box_admin, 404 for another merchant, 400 on malformed input', async () => {
    const o = await paidOrder(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    expect((await call(app, api.order.list, { ip_id: molly } as never)).statusCode).toBe(401);
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.order.list, { ip_id: molly } as never, as(coupon))).statusCode).toBe(403);
    const other = await createMerchant(app);
    const token = (await login(app, other.email)).web_token;
    expect((await detail(app, token, o.order_sn)).statusCode).toBe(404);
    expect((await call(app, api.order.list, { ip_id: molly } as never, as(token))).statusCode).toBe(404);
    const foreign = await call(
      app,
      api.order.express,
      { order_id: o.id, express_company: '顺丰', express: 'SF' },
      as(token),
    );
    expect(foreign.statusCode).toBe(404);
    for (const call_ of [
      call(app, api.order.refund, { order_id: o.id, refund_amount: o.received_price }, as(token)),
      call(app, api.order.close, { order_id: o.id }, as(token)),
      call(app, api.order.remark, { order_id: o.id, public_remark: 'x', private_remark: 'y' }, as(token)),
      call(app, api.order.ship, { order_sn: o.order_sn, express_company: '顺丰', express: 'SF' }, as(token)),
    ])
      expect((await call_).statusCode).toBe(404);
    const own = (await call(app, api.order.list, {} as never, as(token))).body.data;
    expect(own.pagination.total_rows).toBe(0);
    expect((await detail(app, brand, o.order_sn)).body.data).toMatchObject({ logistics_state: 0, public_remark: '' });
    expect((await call(app, api.order.close, { order_id: 'abc' } as never, as(brand))).statusCode).toBe(400);
    expect((await call(app, api.order.detail, { order_sn: o.order_sn, type: 1 } as never, as(brand))).statusCode).toBe(
      400,
    );
  });
});

describe('ship', () => {
  it('checks the courier company, then the tracking number, in that order', async () => {
    const o = await paidOrder(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    const both = await call(app, api.order.express, { order_id: o.id, express_company: ' ', express: '' }, as(brand));
    expect(both.body).toMatchObject({ status: 400, msg: messages.shipment.companyRequired });
    const number = await call(
      app,
      api.order.express,
      { order_id: o.id, express_company: '顺丰', express: '' },
      as(brand),
    );
    expect(number.body).toMatchObject({ status: 400, msg: messages.shipment.expressRequired });
    const page = await call(
      app,
      api.order.ship,
      { order_sn: o.order_sn, express_company: '', express: 'x' },
      as(brand),
    );
    expect(page.body).toMatchObject({ status: 400, msg: messages.shipment.companyRequired });
    expect((await detail(app, brand, o.order_sn)).body.data).toMatchObject({ logistics_state: 0, expre: null });
  });

  it('ships in parts with child orders, then the rest; a second ship is refused; audited', async () => {
    const o = await twoLines();
    expect(o.splittable).toBe(1);
    const [first, second] = o.goods;
    const none = await call(
      app,
      api.order.ship,
      { order_sn: o.order_sn, express_company: '顺丰', express: 'SF1', item_ids: [] },
      as(brand),
    );
    expect(none.body).toMatchObject({ status: 400, msg: m.itemsRequired });
    const part = await call(
      app,
      api.order.ship,
      {
        platform: 1,
        ip_id: molly,
        order_sn: o.order_sn,
        express_company: '顺丰',
        express: 'SF-A',
        item_ids: [first!.id],
      },
      as(brand),
    );
    expect(part.statusCode).toBe(200);
    expect(part.body.data).toMatchObject({ logistics_state: 4, state_text: '部分发货', confirm_time: '' });
    expect(part.body.data.dont_send.map((d) => d.id)).toEqual([second!.id]);
    const same = await call(
      app,
      api.order.ship,
      { order_sn: o.order_sn, express_company: '顺丰', express: 'SF-B', item_ids: [first!.id] },
      as(brand),
    );
    expect(same.body).toMatchObject({ status: 409, msg: m.itemShipped });
    const rest = await call(
      app,
      api.order.ship,
      { order_sn: o.order_sn, express_company: '中通', express: 'ZT-B' },
      as(brand),
    );
    const done = rest.body.data as Order;
    expect(done).toMatchObject({ logistics_state: 1, state_text: '已发货，待收货', dont_send: [] });
    // Spec 02 §3's order fields: delivery_status, the platform's logistics record, every line's goods.
    expect(part.body.data).toMatchObject({
      delivery_status: 4,
      platform_express: 'SF-A',
      platform_express_company: '顺丰',
    });
    expect(done).toMatchObject({
      delivery_status: 1,
      platform_express: 'ZT-B',
      platform_express_company: '中通',
      platform_ip_id: molly,
      virtual_goods_id: 0,
    });
    expect(done.more_goods_object).toEqual(o.goods.map((g) => ({ goods_title: g.goods_title, goods_num: g.nums })));
    expect(done.details).toEqual(
      o.goods.map((g) => ({ nums: g.nums, goods: { goods_pic: g.goods_pic, goods_title: g.goods_title } })),
    );
    expect(o).toMatchObject({ delivery_status: 0, platform_express: '', platform_express_company: '' });
    expect(done.confirm_time).not.toBe('');
    expect(done.expre).toMatchObject({ express: 'ZT-B', express_company: '中通' });
    expect(done.expre!.child_order.map((c) => [c.express, c.goods.map((g) => g.id)])).toEqual([
      ['SF-A', [first!.id]],
      ['ZT-B', [second!.id]],
    ]);
    const twice = await call(
      app,
      api.order.express,
      { order_id: o.id, express_company: '顺丰', express: 'SF-C' },
      as(brand),
    );
    expect(twice.body).toMatchObject({ status: 409, msg: m.alreadyShipped });
    const log = await call(app, api.audit.list, { entity: 'order', id: o.id, page: 1, limit: 20 }, as(brand));
    expect(log.body.data.list.map((e) => e.action)).toEqual(['ship', 'ship']);
    expect(log.body.data.list[1]).toMatchObject({
      before: { logistics_state: 0 },
      after: { logistics_state: 4, express: 'SF-A' },
    });
  });

  it('one-line orders are never split', async () => {
    const o = await paidOrder(app, buyer, [{ goods_id: a, buy_num: 3 }]);
    expect(o.splittable).toBe(0);
    const res = await call(
      app,
      api.order.ship,
      { order_sn: o.order_sn, express_company: '顺丰', express: 'X', item_ids: [o.goods[0]!.id] },
      as(brand),
    );
    expect(res.body.data).toMatchObject({ logistics_state: 1 });
  });

  it('two staff shipping at once: one wins, the other is told', async () => {
    const o = await paidOrder(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    const staff = (await login(app, 'brand@demo.local')).web_token;
    const results = await Promise.all([
      call(app, api.order.express, { order_id: o.id, express_company: '顺丰', express: 'ONE' }, as(brand)),
      call(app, api.order.ship, { order_sn: o.order_sn, express_company: '中通', express: 'TWO' }, as(staff)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.body.msg).toBe(m.alreadyShipped);
    const d = (await detail(app, brand, o.order_sn)).body.data as Order;
    expect(d.expre!.child_order).toHaveLength(1);
  });

  it('refuses unpaid, closed and refunded orders', async () => {
    const pending = await buy(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    const r1 = await call(
      app,
      api.order.express,
      { order_id: pending.id, express_company: '顺丰', express: 'X' },
      as(brand),
    );
    expect(r1.body).toMatchObject({ status: 409, msg: m.notPaid });
    await call(app, api.order.close, { order_id: pending.id }, as(brand));
    const r2 = await call(
      app,
      api.order.express,
      { order_id: pending.id, express_company: '顺丰', express: 'X' },
      as(brand),
    );
    expect(r2.body).toMatchObject({ status: 409, msg: m.closed });
  });
});

describe('refund', () => {
  it('needs the received amount; refunding, then refunded with unshipped stock back; twice is refused', async () => {
    const before = await stockOf(b);
    const o = await twoLines();
    expect(await stockOf(b)).toBe(before - 2);
    const wrong = await call(app, api.order.refund, { order_id: o.id, refund_amount: o.received_price - 1 }, as(brand));
    expect(wrong.body).toMatchObject({ status: 400, msg: m.refundAmount });
    const empty = await call(app, api.order.refund, { order_id: o.id, refund_amount: '' } as never, as(brand));
    expect(empty.body).toMatchObject({ status: 400, msg: m.refundAmountRequired });
    const ok = await call(app, api.order.refund, { order_id: o.id, refund_amount: o.received_price }, as(brand));
    expect(ok.body.data).toMatchObject({ tran_state: 6, state_text: '退款中', refund_amount: o.received_price });
    const twice = await call(app, api.order.refund, { order_id: o.id, refund_amount: o.received_price }, as(brand));
    expect(twice.body).toMatchObject({ status: 409, msg: m.refunding });
    await runOrderTimers(app.db, times);
    const done = (await detail(app, brand, o.order_sn)).body.data as Order;
    expect(done).toMatchObject({ tran_state: 4, logistics_state: 0, state_text: '待发货，买家已退款' });
    expect(await stockOf(b)).toBe(before);
    const again = await call(app, api.order.refund, { order_id: o.id, refund_amount: o.received_price }, as(brand));
    expect(again.body).toMatchObject({ status: 409, msg: m.refundedState });
    const ship = await call(
      app,
      api.order.express,
      { order_id: o.id, express_company: '顺丰', express: 'X' },
      as(brand),
    );
    expect(ship.body).toMatchObject({ status: 409, msg: m.refundedState });
    const filtered = await list({ state: 4, limit: 200 });
    expect(filtered.body.data.list.map((x) => x.order_sn)).toContain(o.order_sn);
  });

  it("a refunded order leaves the venue's brand sales and player ranking", async () => {
    const spender = await player(app, '13700000077');
    const sales = async () => (await hotBrands(app.db, app.appConfig, 1000)).find((x) => x.id === molly)?.hot ?? 0;
    const spent = async () =>
      (await ranking(app.db, app.appConfig, 100_000)).find((r) => r.name.endsWith('0077'))?.amount ?? 0;
    const before = await sales();
    const o = await paidOrder(app, spender, [{ goods_id: b, buy_num: 1 }]);
    const paid = await sales();
    expect(paid).toBeGreaterThan(before);
    expect(await spent()).toBeGreaterThan(0);
    await call(app, api.order.refund, { order_id: o.id, refund_amount: o.received_price }, as(brand));
    expect(await sales()).toBe(before);
    await runOrderTimers(app.db, times);
    expect(await sales()).toBe(before);
    expect(await spent()).toBe(0);
  });

  it('after a partial shipment only the unshipped goods give stock back', async () => {
    const before = await stockOf(b);
    const o = await twoLines();
    const lineA = o.goods.find((g) => g.goods_id === a)!;
    await call(
      app,
      api.order.ship,
      { order_sn: o.order_sn, express_company: '顺丰', express: 'P', item_ids: [lineA.id] },
      as(brand),
    );
    await call(app, api.order.refund, { order_id: o.id, refund_amount: o.received_price }, as(brand));
    await runOrderTimers(app.db, times);
    expect((await detail(app, brand, o.order_sn)).body.data).toMatchObject({ tran_state: 4, state_text: '已退款' });
    expect(await stockOf(b)).toBe(before);
    const shipped = await paidOrder(app, buyer, [{ goods_id: b, buy_num: 1 }]);
    await call(app, api.order.express, { order_id: shipped.id, express_company: '顺丰', express: 'S' }, as(brand));
    const afterShip = await call(
      app,
      api.order.refund,
      { order_id: shipped.id, refund_amount: shipped.received_price },
      as(brand),
    );
    expect(afterShip.body).toMatchObject({ status: 409, msg: m.refundShipped });
  });

  it("fails past the payment channel's refund window: 退款失败 with the reason, stock kept", async () => {
    const before = await stockOf(b);
    const o = await paidOrder(app, buyer, [{ goods_id: b, buy_num: 1 }]);
    // The payment was made longer ago than the channel's window.
    const longAgo = new Date(Date.now() - (times.refundWindowDays + 1) * 86400_000);
    await app.db.update(orders).set({ payTime: longAgo }).where(eq(orders.id, o.id));
    await call(app, api.order.refund, { order_id: o.id, refund_amount: o.received_price }, as(brand));
    await runOrderTimers(app.db, times);
    const d = (await detail(app, brand, o.order_sn)).body.data as Order;
    expect(d).toMatchObject({
      tran_state: 7,
      state_text: '退款失败',
      refund_reason: m.refundFailedReason(times.refundWindowDays),
    });
    expect(await stockOf(b)).toBe(before - 1);
  });
});

describe('close and remark', () => {
  it('closes a pending order (stock back), refuses a paid one and a second close', async () => {
    const before = await stockOf(b);
    const o = await buy(app, buyer, [{ goods_id: b, buy_num: 2 }]);
    const closed = await call(app, api.order.close, { order_id: o.id }, as(brand));
    expect(closed.body.data).toMatchObject({ is_close: 1, state_text: '已关闭', surplus_time: 0 });
    expect(await stockOf(b)).toBe(before);
    const again = await call(app, api.order.close, { order_id: o.id }, as(brand));
    expect(again.body).toMatchObject({ status: 409, msg: m.closed });
    const paid = await paidOrder(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    const refused = await call(app, api.order.close, { order_id: paid.id }, as(brand));
    expect(refused.body).toMatchObject({ status: 409, msg: m.closePaid });
    const filtered = await list({ state: 1, limit: 200 });
    expect(filtered.body.data.list.map((x) => x.order_sn)).not.toContain(o.order_sn);
  });

  it('saves public and private remarks, audited; the player never sees the private one', async () => {
    const o = await paidOrder(app, buyer, [{ goods_id: a, buy_num: 1 }]);
    const res = await call(
      app,
      api.order.remark,
      { order_id: o.id, public_remark: '已加急', private_remark: '老客户' },
      as(brand),
    );
    expect(res.body.data).toMatchObject({ public_remark: '已加急', private_remark: '老客户' });
    const log = await call(app, api.audit.list, { entity: 'order', id: o.id, page: 1, limit: 20 }, as(brand));
    expect(log.body.data.list[0]).toMatchObject({
      action: 'remark',
      before: { public_remark: '', private_remark: '' },
      after: { public_remark: '已加急', private_remark: '老客户' },
    });
    const mine = await call(app, api.player.orderList, { page: 1, limit: 100 }, { headers: { player_token: buyer } });
    const seen = mine.body.data.list.find((x) => x.order_sn === o.order_sn)!;
    expect(seen.public_remark).toBe('已加急');
    expect(seen).not.toHaveProperty('private_remark');
  });
});

describe('order.export', () => {
  it('answers the xlsx of the filtered list at once when small', async () => {
    const o = await buy(app, buyer, [{ goods_id: a, buy_num: 1 }], { username: '导出测试人' });
    const res = await call(app, api.order.export, { ip_id: molly, keyword: '导出测试人' }, as(brand));
    expect(res.body.data).toMatchObject({ job_id: null, total_num: 1 });
    const rows = sheetRows(await download(app, res.body.data.url!));
    expect(rows[0]).toContain('订单号');
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(o.order_sn);
  });

  it('makes a job with progress when large', async () => {
    const saved = EXPORT_LIMITS.syncMaxRows;
    const batch = EXPORT_LIMITS.batchRows;
    EXPORT_LIMITS.syncMaxRows = 2;
    EXPORT_LIMITS.batchRows = 2;
    try {
      const res = await call(app, api.order.export, { ip_id: molly }, as(brand));
      expect(res.body.data.url).toBeNull();
      const job = await waitForJob(app, res.body.data.job_id!, brand);
      expect(job.status).toBe('done');
      expect(job.now_num).toBe(res.body.data.total_num);
      const rows = sheetRows(await download(app, job.url!));
      expect(rows).toHaveLength(res.body.data.total_num + 1);
    } finally {
      EXPORT_LIMITS.syncMaxRows = saved;
      EXPORT_LIMITS.batchRows = batch;
    }
  });
});
