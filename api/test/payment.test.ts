import { api, messages, PAYMENT_STATE, paymentNotifyRequest, TRAN_STATE } from '@toy/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawLog, kujiBoxes, orders, payments, players } from '../src/db/schema.js';
import { demo, demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { call, makeApp } from './helpers.js';
import { approvedKuji, kujiDraw } from './kuji-draw-helpers.js';
import { asPlayer, buy, goodsOf, pay } from './order-helpers.js';

const pm = messages.payment;
const GATEWAY_SECRET = 'gateway-notify-secret-0123';

const { app, brand, molly, sweet } = await demoApp();

const coinsOf = async (a: FastifyInstance, phone: string) =>
  (await a.db.select({ coins: players.coins }).from(players).where(eq(players.phone, phone)))[0]!.coins;
const paymentsOf = async (a: FastifyInstance, token: string, orderSn: string) =>
  (await call(a, api.player.payments, { order_sn: orderSn }, asPlayer(token))).body.data.list;

describe('coins and payment records of draws (sandbox channel)', () => {
  it('a draw with coins debits them and records its payment', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1, { bean: 8 });
    const p = await player(app, '13600000001'); // 20 coins
    const res = await draw(app, p, id);
    expect(res.statusCode).toBe(200);
    const { bean, price, paid, order_sn } = res.body.data;
    expect(bean).toBe(8);
    expect(await coinsOf(app, '13600000001')).toBe(1200);
    expect(await paymentsOf(app, p, order_sn)).toEqual([
      expect.objectContaining({ kind: 'draw', coins: 8, amount: paid, state: PAYMENT_STATE.paid, pay_url: '' }),
    ]);
    expect(paid).toBe(price - 8);
  });

  it('not enough coins refuses the draw and draws nothing', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1, { bean: 8 });
    const p = await player(app, '13600000002');
    await app.db.update(players).set({ coins: 300 }).where(eq(players.phone, '13600000002'));
    const logged = async () => (await app.db.select({ n: count() }).from(drawLog).where(eq(drawLog.batchId, id)))[0]!.n;
    const before = await logged();
    const res = await draw(app, p, id);
    expect(res.body).toEqual({ status: 400, msg: pm.notEnoughCoins('8', '3'), data: null });
    expect(await logged()).toBe(before);
    expect(await coinsOf(app, '13600000002')).toBe(300);
    const [{ id: playerId }] = (await app.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.phone, '13600000002'))) as [{ id: number }];
    expect((await app.db.select().from(orders).where(eq(orders.playerId, playerId))).length).toBe(0);
    expect((await app.db.select().from(payments).where(eq(payments.playerId, playerId))).length).toBe(0);
    // Without coins it draws, paying the whole price.
    expect((await draw(app, p, id, 0)).body.data.bean).toBe(0);
  });

  it('kuji tickets: coins debited with a payment record; not enough coins draws no ticket', async () => {
    const { id } = await approvedKuji(app, molly, { price: 1000, bean: 400 });
    const p = await player(app, '13600000003'); // 20 coins
    const ok = await kujiDraw(app, p, { active_id: id, box_no: 1, num: 3, use_bean: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data).toMatchObject({ price: 30, bean: 12, paid: 18 });
    expect(await coinsOf(app, '13600000003')).toBe(800);
    expect(await paymentsOf(app, p, ok.body.data.order_sn)).toEqual([
      expect.objectContaining({ kind: 'kuji', coins: 12, amount: 18, state: PAYMENT_STATE.paid }),
    ]);
    const refused = await kujiDraw(app, p, { active_id: id, box_no: 1, num: 3, use_bean: 1 });
    expect(refused.body).toEqual({ status: 400, msg: pm.notEnoughCoins('12', '8'), data: null });
    const [box] = await app.db
      .select()
      .from(kujiBoxes)
      .where(and(eq(kujiBoxes.kujiId, id), eq(kujiBoxes.boxNo, 1)));
    expect(box!.drawn).toBe(3);
    expect(await coinsOf(app, '13600000003')).toBe(800);
  });

  it('a release-sale order is paid at once through the sandbox, with its payment record', async () => {
    const p = await player(app, '13600000004');
    const goods = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 0)!;
    const o = await buy(app, p, [{ goods_id: goods.id, buy_num: 1 }]);
    const paid = await pay(app, p, o.order_sn);
    expect(paid.body.data.tran_state).toBe(TRAN_STATE.paid);
    expect(await paymentsOf(app, p, o.order_sn)).toEqual([
      expect.objectContaining({ kind: 'order', amount: o.receivable_price, state: PAYMENT_STATE.paid }),
    ]);
  });
});

describe('a payment gateway: paid only on a verified notification', () => {
  let gw: FastifyInstance;
  let ctx: Awaited<ReturnType<typeof demo>>;
  beforeAll(async () => {
    gw = await makeApp({
      payment: { provider: 'gateway', secret: GATEWAY_SECRET, payUrl: 'https://pay.example.com/cashier' },
    });
    ctx = await demo(gw);
  });
  afterAll(() => gw.close());

  const notify = (
    body: { pay_sn: string; amount: number; trade_no: string },
    secret = GATEWAY_SECRET,
    now?: number,
  ) => {
    const { url, init } = paymentNotifyRequest(secret, body, { now });
    return gw.inject({ method: 'POST', url, headers: init.headers, payload: init.body });
  };
  const tranState = async (sn: string) =>
    (await gw.db.select({ s: orders.tranState }).from(orders).where(eq(orders.orderSn, sn)))[0]!.s;

  it('an unpaid order stays unpaid until the signed notification; forged ones change nothing', async () => {
    const p = await player(gw, '13600000011');
    const goods = (await goodsOf(gw, ctx.brand, ctx.molly)).find((g) => g.stock_limit === 0)!;
    const o = await buy(gw, p, [{ goods_id: goods.id, buy_num: 2 }]);
    const asked = await pay(gw, p, o.order_sn);
    expect(asked.statusCode).toBe(200);
    expect(asked.body.data.tran_state).toBe(TRAN_STATE.pending);
    const [payment] = await paymentsOf(gw, p, o.order_sn);
    expect(payment).toMatchObject({ state: PAYMENT_STATE.pending, amount: o.receivable_price });
    expect(payment!.pay_url).toBe(
      `https://pay.example.com/cashier?pay_sn=${payment!.pay_sn}&amount=${o.receivable_price.toFixed(2)}`,
    );
    // Asking again answers the same payment, not a second one.
    await pay(gw, p, o.order_sn);
    expect((await paymentsOf(gw, p, o.order_sn)).length).toBe(1);

    const body = { pay_sn: payment!.pay_sn, amount: payment!.amount, trade_no: 'T-0001' };
    const unsigned = await gw.inject({ method: 'POST', url: '/open/payment/notify', payload: body });
    expect(unsigned.statusCode).toBe(401);
    const forged = await notify(body, 'another-secret-0123456');
    expect(forged.json()).toEqual({ status: 401, msg: messages.common.signInvalid, data: null });
    const stale = await notify(body, GATEWAY_SECRET, Date.now() - 600_000);
    expect(stale.json()).toEqual({ status: 401, msg: messages.common.signExpired, data: null });
    const short = await notify({ ...body, amount: payment!.amount - 1 });
    expect(short.json()).toEqual({ status: 400, msg: pm.amountMismatch, data: null });
    expect(await tranState(o.order_sn)).toBe(TRAN_STATE.pending);
    expect((await paymentsOf(gw, p, o.order_sn))[0]!.state).toBe(PAYMENT_STATE.pending);

    const ok = await notify(body);
    expect(ok.json()).toEqual({ status: 0, msg: 'ok', data: { pay_sn: payment!.pay_sn, state: PAYMENT_STATE.paid } });
    expect(await tranState(o.order_sn)).toBe(TRAN_STATE.paid);
    expect((await paymentsOf(gw, p, o.order_sn))[0]).toMatchObject({ state: PAYMENT_STATE.paid, pay_url: '' });
    // The channel repeats itself: the same answer, nothing changes.
    expect((await notify(body)).json().data.state).toBe(PAYMENT_STATE.paid);
    expect(await tranState(o.order_sn)).toBe(TRAN_STATE.paid);
  });

  it('a cancelled order closes its payment: a later notification is refused', async () => {
    const p = await player(gw, '13600000012');
    const goods = (await goodsOf(gw, ctx.brand, ctx.molly)).find((g) => g.stock_limit === 0)!;
    const o = await buy(gw, p, [{ goods_id: goods.id, buy_num: 1 }]);
    await pay(gw, p, o.order_sn);
    const [payment] = await paymentsOf(gw, p, o.order_sn);
    await call(gw, api.player.orderCancel, { order_sn: o.order_sn }, asPlayer(p));
    const late = await notify({ pay_sn: payment!.pay_sn, amount: payment!.amount, trade_no: 'T-0002' });
    expect(late.json()).toEqual({ status: 409, msg: pm.paymentClosed, data: null });
    expect(await tranState(o.order_sn)).toBe(TRAN_STATE.cancelled);
  });

  it('a draw needs its money part confirmed at once: refused through the gateway unless coins cover it', async () => {
    const { id } = await publishMachine(gw, ctx.brand, ctx.molly, ctx.sweet, 1, { bean: 8 });
    const p = await player(gw, '13600000013');
    const res = await draw(gw, p, id);
    expect(res.body).toEqual({ status: 409, msg: pm.instantUnsupported, data: null });
    expect(await coinsOf(gw, '13600000013')).toBe(2000);
  });
});
