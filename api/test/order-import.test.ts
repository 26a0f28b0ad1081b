// 导入发货 of the order list (api.order.import / importConfirm): the order export with 物流公司 and
// 物流单号 filled ships every order on it in one transaction; a bad row says why in the order's
// own words (未支付, 已发货, 不存在, 重复, 物流公司不可为空, …), in the order of the shared row rules,
// and the confirm then ships nothing; another merchant's orders are unknown to it.
import { api, messages } from '@toy/shared';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { demoApp, player } from './draw-helpers.js';
import { download, sheetRows, uploadSheet } from './goods-helpers.js';
import { call, createMerchant, login } from './helpers.js';
import { buy, detail, goodsOf, paidOrder } from './order-helpers.js';

const m = messages.pickup;
const { app, brand, molly } = await demoApp();
const header = ['订单号', '物流公司', '物流单号'];
let buyer: string;
let goodsId: number;

beforeAll(async () => {
  buyer = await player(app, '13700000077');
  goodsId = (await goodsOf(app, brand, molly)).find((g) => g.stock_limit === 0)!.id;
});

const paid = () => paidOrder(app, buyer, [{ goods_id: goodsId, buy_num: 1 }]);
const stateOf = async (sn: string) => (await detail(app, brand, sn)).body.data;
const importShips = async () =>
  (
    await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import_ship'), eq(auditLog.entity, 'order')))
  )[0]!.n;

describe('order.import', () => {
  it('reports every bad row in order with an error sheet; the confirm refuses and ships nothing', async () => {
    const good = await paid();
    const unpaid = await buy(app, buyer, [{ goods_id: goodsId, buy_num: 1 }]);
    const shipped = await paid();
    await call(app, api.order.ship, { order_sn: shipped.order_sn, express_company: '顺丰', express: 'SF0' } as never, {
      token: brand,
    });
    const url = await uploadSheet(app, brand, [
      header,
      [good.order_sn, '顺丰', 'SF1'],
      ['NO-SUCH-ORDER', '顺丰', 'SF2'],
      [unpaid.order_sn, '顺丰', 'SF3'],
      [shipped.order_sn, '顺丰', 'SF4'],
      [good.order_sn, '顺丰', 'SF5'],
      [(await paid()).order_sn, '', 'SF6'],
      [(await paid()).order_sn, '韵达', ''],
    ]);
    const dry = await call(app, api.order.import, { url }, { token: brand });
    expect(dry.body.data).toMatchObject({ total_num: 7, ship_num: 1, error_num: 6 });
    expect(dry.body.data.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [3, '订单号', m.orderMissing],
      [4, '订单号', messages.order.notPaid],
      [5, '订单号', messages.order.alreadyShipped],
      [6, '订单号', m.importDuplicate],
      [7, '物流公司', messages.shipment.companyRequired],
      [8, '物流单号', messages.shipment.expressRequired],
    ]);
    const report = sheetRows(await download(app, dry.body.data.error_url!));
    expect(report[0]).toEqual([...header, '错误原因']);
    expect(report[1]![3]).toBe(m.importRow(3, `订单号：${m.orderMissing}`));
    const before = await importShips();
    const confirm = await call(app, api.order.importConfirm, { url }, { token: brand });
    expect([confirm.statusCode, confirm.body.msg]).toEqual([409, m.importRow(3, `订单号：${m.orderMissing}`)]);
    expect((await stateOf(good.order_sn)).expre).toBeNull();
    expect(await importShips()).toBe(before);
  });

  it('ships the exported list filled with couriers: every order, one audit line each', async () => {
    const orders = [
      await paidOrder(app, buyer, [{ goods_id: goodsId, buy_num: 2 }]),
      await paidOrder(app, buyer, [{ goods_id: goodsId, buy_num: 1 }]),
    ];
    const exported = await call(app, api.order.export, { ip_id: molly, keyword: orders[0]!.order_sn } as never, {
      token: brand,
    });
    const rows = sheetRows(await download(app, exported.body.data.url!)) as unknown[][];
    const sn = rows[0]!.indexOf('订单号');
    const company = rows[0]!.indexOf('物流公司');
    const number = rows[0]!.indexOf('物流单号');
    const sheet = [
      rows[0]!,
      ...orders.map((o, i) => {
        const row = [...rows[1]!];
        row[sn] = o.order_sn;
        row[company] = '中通快递';
        row[number] = `ZT${i}`;
        return row;
      }),
    ];
    const url = await uploadSheet(app, brand, sheet as never);
    const before = await importShips();
    const dry = await call(app, api.order.import, { url }, { token: brand });
    expect(dry.body.data).toMatchObject({ total_num: 2, ship_num: 2, error_num: 0, error_url: null });
    const confirm = await call(app, api.order.importConfirm, { url }, { token: brand });
    expect(confirm.body.data).toEqual({ ship_num: 2 });
    for (const [i, o] of orders.entries()) {
      const after = await stateOf(o.order_sn);
      expect(after.expre).toMatchObject({ express_company: '中通快递', express: `ZT${i}` });
      expect(after.dont_send).toEqual([]);
    }
    expect(await importShips()).toBe(before + 2);
    // The same file again: every row is now 已发货.
    const again = await call(app, api.order.importConfirm, { url }, { token: brand });
    expect(again.body.msg).toBe(m.importRow(2, `订单号：${messages.order.alreadyShipped}`));
  });

  it('knows only the caller’s orders, and refuses a sheet without the columns, an empty one, a missing file', async () => {
    const o = await paid();
    const other = await createMerchant(app, [14]);
    const token = (await login(app, other.email)).web_token;
    const theirs = await uploadSheet(app, token, [header, [o.order_sn, '顺丰', 'SF9']]);
    const dry = await call(app, api.order.import, { url: theirs }, { token });
    expect(dry.body.data.errors.map((e) => e.message)).toEqual([m.orderMissing]);
    expect((await call(app, api.order.importConfirm, { url: theirs }, { token })).statusCode).toBe(409);
    expect((await stateOf(o.order_sn)).expre).toBeNull();
    const noCols = await uploadSheet(app, brand, [['a', 'b']]);
    expect((await call(app, api.order.import, { url: noCols }, { token: brand })).body.msg).toBe(m.importHeader);
    const empty = await uploadSheet(app, brand, [header]);
    expect((await call(app, api.order.import, { url: empty }, { token: brand })).body.msg).toBe(m.importEmpty);
    // Someone else's upload is not the caller's file.
    expect((await call(app, api.order.import, { url: theirs }, { token: brand })).statusCode).toBe(404);
  });
});
