import type { Goods, Order } from '@toy/shared';
import { type apiClient, simulatedPlayerCode } from './client.js';
import { claimCoupon, shopperCoupon } from './simulate-coupon.js';

/**
 * Normal orders (activity type 5) in every state of spec 02 §4, made as players and the merchant
 * make them, through the API: `start` before the crowd runs, `finish` after it.
 *
 * At the start, per brand of the demo merchant: pending payment, cancelled, pre-sale with the deposit
 * paid, pre-sale fully paid, paid (awaiting shipment), shipped whole, partly shipped, received,
 * partly received, refunding (refunded once the order timers pass), closed, with a remark. Timed
 * states follow the API's order times: pending orders time out after ORDER_PAY_MINUTES, shipped
 * ones are confirmed after ORDER_CONFIRM_DAYS; at the finish the orders paid at the start are
 * refunded, which the payment channel refuses once ORDER_REFUND_WINDOW_DAYS have passed (refund
 * failed). With the defaults (30 min, 10 days, 90 days) those three need a long run; the README
 * gives short times for a quick demo.
 */

type Client = ReturnType<typeof apiClient>;
export interface OrderSimulation {
  orders: number;
  errors: number;
  finish(): Promise<void>;
}

const RECEIVERS = [
  { username: '林小雨', province: '上海市', city: '上海市', area: '静安区', address: '南京西路 1266 号' },
  { username: '陈一鸣', province: '广东省', city: '深圳市', area: '南山区', address: '科技园南区 18 栋' },
  { username: '赵可可', province: '浙江省', city: '杭州市', area: '西湖区', address: '文三路 90 号' },
];
const COURIERS = ['顺丰速运', '中通快递', '圆通速递', '京东物流'];

export async function startOrders(
  client: Client,
  ctx: { web_token: string; ipIds: number[]; log: (line: string) => void },
): Promise<OrderSimulation> {
  const { call, api } = client;
  const merchant = { web_token: ctx.web_token };
  const sim = { orders: 0, errors: 0 };
  const later: { sn: string; id: number; received: number }[] = [];
  /** Shoppers at the end of the run, whose orders are still pending when it stops. */
  const lateShoppers: (() => Promise<unknown>)[] = [];
  const ok = <T>(res: { status: number; msg: string; data: T }, what: string): T | null => {
    if (res.status === 0) return res.data;
    sim.errors += 1;
    ctx.log(`orders: ${what}: ${res.msg}`);
    return null;
  };
  let n = 0;
  const courier = () => ({ express_company: COURIERS[n % COURIERS.length]!, express: `SIM${Date.now()}${n++}` });

  for (const ipId of ctx.ipIds) {
    const listed = ok(await call(api.goods.list, { ip_id: ipId, page: 1, limit: 50 }, merchant), 'goods');
    const goods = ((listed as { lists: Goods[] } | null)?.lists ?? []).filter(
      (g) => g.stock_limit === 0 || g.stock > 20,
    );
    if (goods.length < 2) continue;
    const lines = (k: number) =>
      [goods[k % goods.length]!, goods[(k + 1) % goods.length]!].map((g) => ({ goods_id: g.id, buy_num: 1 }));
    const playerOf = async (i: number) => {
      const phone = `177${String(ipId % 10000).padStart(4, '0')}${String(i).padStart(4, '0')}`;
      const login = ok(
        await call(api.player.login, { phone, code: simulatedPlayerCode(), nickname: `订单玩家${i}` }),
        'player',
      );
      return { token: (login as { player_token: string } | null)?.player_token ?? '', phone };
    };

    const steps: ((k: number) => Promise<void>)[] = [];
    const couponId = await shopperCoupon(client, ctx.web_token, ipId);
    const buy = async (k: number, extra: Record<string, unknown> = {}) => {
      const p = await playerOf(k);
      const headers = { player_token: p.token };
      const receiver = RECEIVERS[k % RECEIVERS.length]!;
      const o = ok(
        await call(api.player.orderBuy, { items: lines(k), ...receiver, phone: p.phone, ...extra } as never, headers),
        'buy',
      ) as Order | null;
      if (o) sim.orders += 1;
      const pay = async () => ok(await call(api.player.orderPay, { order_sn: o!.order_sn }, headers), 'pay') as Order;
      const confirm = async () =>
        ok(await call(api.player.orderConfirm, { order_sn: o!.order_sn }, headers), 'confirm');
      const cancel = async () => ok(await call(api.player.orderCancel, { order_sn: o!.order_sn }, headers), 'cancel');
      return { o, pay, confirm, cancel };
    };
    const ship = async (o: Order, itemIds?: number[]) =>
      ok(
        await call(
          api.order.ship,
          { platform: 1, ip_id: ipId, order_sn: o.order_sn, ...courier(), item_ids: itemIds },
          merchant,
        ),
        'ship',
      );

    steps.push(async (k) => void (await buy(k))); // pending payment → payment timeout later
    steps.push(async (k) => void (await (await buy(k)).cancel()));
    steps.push(async (k) => void (await (await buy(k, { pre_sale: 1 })).pay())); // deposit paid → final-payment timeout later
    steps.push(async (k) => {
      const b = await buy(k, { pre_sale: 1 });
      if (b.o) await b.pay().then(() => b.pay());
    });
    steps.push(async (k) => {
      const b = await buy(k);
      if (b.o) await b.pay(); // paid, awaiting shipment
    });
    steps.push(async (k) => {
      const b = await buy(k, { remark: '请尽快发货' });
      const paid = b.o && (await b.pay());
      if (paid) {
        await call(
          api.order.remark,
          { order_id: paid.id, public_remark: '已安排发货', private_remark: '老客户' },
          merchant,
        );
        later.push({ sn: paid.order_sn, id: paid.id, received: paid.received_price });
      }
    });
    steps.push(async (k) => {
      const b = await buy(k);
      const paid = b.o && (await b.pay());
      if (paid) await ship(paid); // shipped → auto-confirmed later
    });
    steps.push(async (k) => {
      const b = await buy(k);
      const paid = b.o && (await b.pay());
      if (paid) await ship(paid, [paid.goods[0]!.id]);
    });
    steps.push(async (k) => {
      const b = await buy(k);
      const paid = b.o && (await b.pay());
      if (paid && (await ship(paid))) await b.confirm();
    });
    steps.push(async (k) => {
      const b = await buy(k);
      const paid = b.o && (await b.pay());
      if (paid && (await ship(paid, [paid.goods[0]!.id]))) await b.confirm();
    });
    steps.push(async (k) => {
      const b = await buy(k);
      const paid = b.o && (await b.pay());
      if (paid)
        ok(await call(api.order.refund, { order_id: paid.id, refund_amount: paid.received_price }, merchant), 'refund');
    });
    steps.push(async (k) => {
      const b = await buy(k);
      if (b.o) ok(await call(api.order.close, { order_id: b.o.id }, merchant), 'close');
    });
    // Coupons in players' hands: one claimed and kept, one claimed and paid with.
    steps.push(async (k) => {
      if (couponId === null) return;
      await claimCoupon(client, (await playerOf(k)).token, couponId);
      const spender = await playerOf(k + 100);
      const claim = await claimCoupon(client, spender.token, couponId);
      if (claim === null) return;
      const b = await buy(k + 100, { coupon_id: claim });
      if (b.o) await b.pay();
    });
    const k0 = steps.length;
    lateShoppers.push(
      () => buy(k0), // pending payment
      async () => (await buy(k0 + 1, { pre_sale: 1 })).pay(), // deposit paid, final payment due
    );
    for (let k = 0; k < steps.length; k++) {
      try {
        await steps[k]!(k);
      } catch (error) {
        sim.errors += 1;
        ctx.log(`orders: ${(error as Error).message}`);
      }
    }
  }
  ctx.log(`${sim.orders} normal orders made`);

  return {
    get orders() {
      return sim.orders;
    },
    get errors() {
      return sim.errors;
    },
    /**
     * Late shoppers leave pending orders; the orders paid at the start are refunded: refunded within
     * the channel's window, else refund failed.
     */
    async finish() {
      for (const shop of lateShoppers) await shop().catch(() => (sim.errors += 1));
      for (const o of later)
        ok(await call(api.order.refund, { order_id: o.id, refund_amount: o.received }, merchant), 'late refund');
    },
  };
}
