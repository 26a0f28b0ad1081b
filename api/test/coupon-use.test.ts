import { api, messages, type Order } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { reconcile } from '../src/features/draw-machine/reconcile.js';
import { couponBody } from './coupon-helpers.js';
import { demoApp, player, publishMachine } from './draw-helpers.js';
import { call, unique } from './helpers.js';
import { asPlayer, buy, detail, goodsOf, pay, RECEIVER } from './order-helpers.js';

const m = messages.coupon;
const { app, brand, molly, sweet } = await demoApp();

async function couponOf(over: Record<string, unknown>) {
  const res = await call(
    app,
    api.coupon.create,
    couponBody(molly, {
      title: unique('发售券'),
      business_type: 2,
      coupon_type: 0,
      full_amount: 10,
      ...over,
    }) as never,
    { token: brand },
  );
  expect(res.statusCode).toBe(200);
  return res.body.data.id as number;
}
const claim = async (token: string, coupon_id: number) =>
  (await call(app, api.player.claimCoupon, { coupon_id }, asPlayer(token))).body.data as { id: number };
const usedNum = async (id: number) =>
  (await call(app, api.coupon.detail, { id }, { token: brand })).body.data.list.used_num;

describe('a claimed coupon on a release-sale purchase', () => {
  it('takes its discount off the goods; the merchant sees it on the order; it cannot be used twice', async () => {
    const goods = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 0 && g.price >= 10)!;
    const couponId = await couponOf({});
    const p = await player(app, '13700000101');
    const mine = await claim(p, couponId);
    const order = await buy(app, p, [{ goods_id: goods.id, buy_num: 1 }], { coupon_id: mine.id });
    expect(order.real_shop_discount_price).toBe(3);
    expect(order.receivable_price).toBeCloseTo(order.price + order.logistics_fee - 3, 2);
    expect(await usedNum(couponId)).toBe(1);
    expect((await pay(app, p, order.order_sn)).statusCode).toBe(200);
    const seen = (await detail(app, brand, order.order_sn)).body.data as Order;
    expect(seen).toMatchObject({ real_shop_discount_price: 3, received_price: order.receivable_price });

    const again = await call(
      app,
      api.player.orderBuy,
      { items: [{ goods_id: goods.id, buy_num: 1 }], ...RECEIVER, coupon_id: mine.id } as never,
      asPlayer(p),
    );
    expect(again.body).toMatchObject({ status: 400, msg: m.used });
  });

  it('refuses a coupon of another business type, below its threshold, or not the player’s; nothing changes', async () => {
    const goods = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 0 && g.price < 1000)!;
    const p = await player(app, '13700000102');
    const other = await player(app, '13700000103');
    const drawOnly = await claim(p, await couponOf({ business_type: 1 }));
    const high = await claim(p, await couponOf({ full_amount: 1000, face_value: 5 }));
    const theirs = await claim(other, await couponOf({}));
    const attempt = (coupon_id: number) =>
      call(
        app,
        api.player.orderBuy,
        { items: [{ goods_id: goods.id, buy_num: 1 }], ...RECEIVER, coupon_id } as never,
        asPlayer(p),
      );
    expect((await attempt(drawOnly.id)).body.msg).toBe(m.notForOrder);
    expect((await attempt(high.id)).body.msg).toBe(m.belowThreshold);
    expect((await attempt(theirs.id)).body.msg).toBe(m.unusable);
    const list = await call(app, api.player.orderList, {} as never, asPlayer(p));
    expect((list.body.data as { list: unknown[] }).list).toHaveLength(0);
  });

  it('a cancelled order gives its coupon back', async () => {
    const goods = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 0 && g.price >= 10)!;
    const couponId = await couponOf({ coupon_type: 5, face_value: 2, full_amount: 0 });
    const p = await player(app, '13700000104');
    const mine = await claim(p, couponId);
    const order = await buy(app, p, [{ goods_id: goods.id, buy_num: 1 }], { coupon_id: mine.id });
    expect(await usedNum(couponId)).toBe(1);
    expect((await call(app, api.player.orderCancel, { order_sn: order.order_sn }, asPlayer(p))).statusCode).toBe(200);
    expect(await usedNum(couponId)).toBe(0);
    const reused = await buy(app, p, [{ goods_id: goods.id, buy_num: 1 }], { coupon_id: mine.id });
    expect(reused.real_shop_discount_price).toBe(2);
  });
});

describe('a claimed coupon on a draw', () => {
  it('takes its discount off what is left after coins; the order shows it; a wrong one fails only that draw', async () => {
    const { id: batch_id } = await publishMachine(app, brand, molly, sweet, 1);
    const drawOnly = await couponOf({ business_type: 1, coupon_type: 5, face_value: 2, full_amount: 0 });
    const saleOnly = await couponOf({ business_type: 2, coupon_type: 5, face_value: 2, full_amount: 0 });
    const p = await player(app, '13700000201');
    const mine = await claim(p, drawOnly);
    const wrong = await claim(p, saleOnly);
    const draw = (coupon_id?: number) =>
      call(app, api.player.draw, { batch_id, use_bean: 0, coupon_id } as never, asPlayer(p));

    const surplus = async (id: number) =>
      (
        (await call(app, api.drawMachine.list, { ip_id: molly, page: 1, limit: 100 }, { token: brand })).body.data
          .list as { id: number; surplus_num: number }[]
      ).find((d) => d.id === id)!.surplus_num;
    const before = await surplus(batch_id);
    const refused = await draw(wrong.id);
    expect(refused.body).toMatchObject({ status: 400, msg: m.notForOrder });
    const res = await draw(mine.id);
    expect(res.statusCode).toBe(200);
    const drawn = res.body.data as { order_sn: string; price: number; paid: number; discount: number };
    expect(drawn.discount).toBe(2);
    expect(drawn.paid).toBeCloseTo(drawn.price - 2, 2);
    expect(await usedNum(drawOnly)).toBe(1);
    const list = await call(app, api.order.list, { ip_id: molly, keyword: drawn.order_sn }, { token: brand });
    expect(list.body.data.list[0]).toMatchObject({ real_shop_discount_price: 2 });
    expect((await draw(mine.id)).body.msg).toBe(m.used);
    // The refused draws took no box, and every amount and counter still adds up.
    expect(await surplus(batch_id)).toBe(before - 1);
    expect(await reconcile(app.db)).toEqual([]);
  });
  it('a first_only (single draw only) coupon pays for one box: player.draw takes one box per call, whatever else is sent', async () => {
    const { id: batch_id } = await publishMachine(app, brand, molly, sweet, 1);
    const single = await couponOf({ business_type: 1, first_only: 1, coupon_type: 5, face_value: 1, full_amount: 0 });
    expect((await call(app, api.coupon.detail, { id: single }, { token: brand })).body.data.list.first_only).toBe(1);
    const p = await player(app, '13700000202');
    const mine = await claim(p, single);
    const boxes = async () =>
      (await call(app, api.player.deposit, {}, asPlayer(p))).body.data.list.filter((d) => d.batch_id === batch_id)
        .length;
    // A multi-box field is not part of the call: one box is drawn, one order carries the discount.
    const res = await call(
      app,
      api.player.draw,
      { batch_id, use_bean: 0, coupon_id: mine.id, num: 3, count: 3 } as never,
      asPlayer(p),
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.data.discount).toBe(1);
    expect(await boxes()).toBe(1);
    const list = await call(app, api.order.list, { ip_id: molly, keyword: res.body.data.order_sn }, { token: brand });
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({ real_shop_discount_price: 1 });
    expect(await usedNum(single)).toBe(1);
  });
});
