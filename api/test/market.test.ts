import { api, MARKET_IMPORT_COLUMNS, messages } from '@toy/shared';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { auditLog, marketOrders } from '../src/db/schema.js';
import { download, uploadSheet } from './goods-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';
import { demoShop, marketOrderOf, marketSn, openCall, pushOrders } from './market-helpers.js';

const m = messages.market;

let app: FastifyInstance;
let brand: string;
let shop: string;
let molly: number;
let starPets: number;
let shopBrand: number;
beforeAll(async () => {
  // Exports of more than 3 rows become jobs followed with a query_sign.
  app = await makeApp({ marketExportSyncRows: 3 });
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
  [molly, starPets] = (await brandIds(app, brand, 14)) as [number, number];
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
});
afterAll(() => app.close());

const orderCount = async () => (await app.db.select({ n: count() }).from(marketOrders))[0]!.n;
const detail = (id: number, token = brand) => call(app, api.market.detail, { id }, { token });

describe('inbound: the marketplace pushes paid orders', () => {
  it('creates an order with its goods lines, and a second push of the same number changes nothing', async () => {
    const order = marketOrderOf(molly, { freight: 12.5 });
    const first = await openCall(app, 'shopee', 'orders', { orders: [order] });
    expect(first.statusCode).toBe(200);
    expect(first.body.data.orders).toEqual([{ order_sn: order.order_sn, id: expect.any(Number), created: true }]);
    const id = first.body.data.orders[0].id as number;
    const again = await openCall(app, 'shopee', 'orders', { orders: [{ ...order, freight: 99 }] });
    expect(again.body.data.orders).toEqual([{ order_sn: order.order_sn, id, created: false }]);
    const shown = (await detail(id)).body.data.order;
    expect(shown).toMatchObject({
      platform: 'shopee',
      platform_text: 'Shopee',
      order_sn: order.order_sn,
      ip_id: molly,
      goods_nums: 3,
      delivery_status: 0,
      deposit: 12.5,
      express_company: '',
      express: '',
      username: '林小满',
      address: '文三路 90 号',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(shown.goods.map((g) => [g.template_title, g.goods_title, g.nums, g.goods_pic, g.state])).toEqual([
      ['星河系列', '星河款式1', 1, 'https://img.example.com/market/1.png', 0],
      ['星河系列', '星河款式2', 2, 'https://img.example.com/market/2.png', 0],
    ]);
    // The same number on another platform is another order.
    const other = await openCall(app, 'lazada', 'orders', { orders: [order] });
    expect(other.body.data.orders[0]).toMatchObject({ created: true });
    expect(other.body.data.orders[0].id).not.toBe(id);
  });

  it('refuses a bad or missing signature, another platform’s secret, an unknown platform and a stale time, writing nothing', async () => {
    const before = await orderCount();
    const orders = [marketOrderOf(molly)];
    const refused = [403, m.shopRefused] as const;
    const cases: [Awaited<ReturnType<typeof openCall>>, number, string][] = [
      [await openCall(app, 'shopee', 'orders', { orders }, { secret: 'wrong' }), ...refused],
      // The same shop's secret on another platform.
      [await openCall(app, 'shopee', 'orders', { orders }, { secret: demoShop('lazada', molly).secret }), ...refused],
      [await openCall(app, 'ebay', 'orders', { orders }, { secret: 'x' }), 404, m.platformUnknown],
      [
        await openCall(app, 'shopee', 'orders', { orders }, { now: Date.now() - 301_000 }),
        401,
        messages.common.signExpired,
      ],
      [
        await openCall(app, 'shopee', 'orders', { orders }, { headers: { sign: '', mt: '' } }),
        401,
        messages.common.signMissing,
      ],
      // The body changed after signing (a tampered quantity).
      [
        await openCall(
          app,
          'shopee',
          'orders',
          { orders },
          {
            rawBody: JSON.stringify({
              shop_id: demoShop('shopee', molly).shop_id,
              orders: [{ ...orders[0], freight: 1 }],
            }),
          },
        ),
        ...refused,
      ],
    ];
    for (const [res, status, msg] of cases) {
      expect(res.statusCode).toBe(status);
      expect(res.body).toEqual({ status, msg, data: null });
    }
    expect(await orderCount()).toBe(before);
  });

  it('answers a malformed body with a clear 400 and writes none of the batch', async () => {
    const before = await orderCount();
    const good = marketOrderOf(molly);
    const { receiver: _r, ...noReceiver } = marketOrderOf(molly);
    const cases: [Record<string, unknown>, string][] = [
      [{ orders: [good, noReceiver] }, m.pushReceiver],
      [{ orders: [good, marketOrderOf(molly, { goods: [] })] }, m.pushGoods],
      [{ orders: [good, marketOrderOf(molly, { freight: -1 })] }, m.pushFreight],
      [{ orders: [good, marketOrderOf(molly, { order_sn: 'bad sn!' })] }, m.pushOrderSn],
      [{ orders: [] }, m.pushOrders],
      [{ orders: 'x' }, m.pushOrders],
      [{ orders: [good, { ...good }] }, m.pushDuplicate(good.order_sn)],
    ];
    for (const [body, msg] of cases) {
      const res = await openCall(app, 'shopee', 'orders', body, { ipId: molly });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 400, msg, data: null });
    }
    const notJson = await openCall(app, 'shopee', 'orders', {}, { ipId: molly, rawBody: '{"orders": [' });
    expect(notJson.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);
  });

  it('keeps each order with the brand it names: another merchant neither lists nor opens nor ships it', async () => {
    const [mine, theirs] = await pushOrders(app, 'shopee', [marketOrderOf(molly), marketOrderOf(shopBrand)]);
    expect((await detail(mine!)).statusCode).toBe(200);
    expect((await detail(theirs!)).body).toEqual({ status: 404, msg: messages.common.notFound, data: null });
    const ship = await call(
      app,
      api.market.ship,
      { id: theirs!, express_company: '顺丰', express: 'SF1' },
      { token: brand },
    );
    expect(ship.statusCode).toBe(404);
    const list = await call(app, api.market.list, { limit: 200 }, { token: brand });
    expect(list.body.data.list.some((o) => o.id === theirs)).toBe(false);
    expect((await call(app, api.market.list, { ip_id: shopBrand }, { token: brand })).statusCode).toBe(404);
    expect((await detail(theirs!, shop)).statusCode).toBe(200);
  });
});

describe('market.list', () => {
  it('filters by platform, brand, goods title, delivery status and date range, 10 a page, newest first', async () => {
    const title = `限定${marketSn('T')}`;
    const orders = Array.from({ length: 12 }, () =>
      marketOrderOf(starPets, {
        goods: [{ template_title: title, goods_title: '隐藏款', nums: 1, goods_pic: '' }],
      }),
    );
    await pushOrders(app, 'tiktok', orders);
    const first = await call(app, api.market.list, { ip_id: starPets, goods_title: title }, { token: brand });
    expect(first.body.data.pagination).toEqual({ page: 1, limit: 10, total_rows: 12 });
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.list[0]!.order_sn).toBe(orders[11]!.order_sn);
    const second = await call(app, api.market.list, { ip_id: starPets, goods_title: title, page: 2 }, { token: brand });
    expect(second.body.data.list).toHaveLength(2);
    const byPlatform = await call(
      app,
      api.market.list,
      { ip_id: starPets, goods_title: title, platform: 'shopee' },
      { token: brand },
    );
    expect(byPlatform.body.data.pagination.total_rows).toBe(0);
    await call(
      app,
      api.market.ship,
      { id: first.body.data.list[0]!.id, express_company: '中通', express: 'ZT1' },
      { token: brand },
    );
    const shipped = await call(
      app,
      api.market.list,
      { ip_id: starPets, goods_title: title, delivery_status: 1 },
      { token: brand },
    );
    expect(shipped.body.data.list.map((o) => o.express)).toEqual(['ZT1']);
    const notShipped = await call(
      app,
      api.market.list,
      { ip_id: starPets, goods_title: title, delivery_status: '0' },
      { token: brand },
    );
    expect(notShipped.body.data.pagination.total_rows).toBe(11);
    const future = await call(
      app,
      api.market.list,
      { ip_id: starPets, goods_title: title, begin_at: '2099-01-01 00:00:00' },
      { token: brand },
    );
    expect(future.body.data.pagination.total_rows).toBe(0);
    const past = await call(
      app,
      api.market.list,
      { ip_id: starPets, goods_title: title, begin_at: '2020-01-01 00:00:00', end_at: '2099-12-31 23:59:59' },
      { token: brand },
    );
    expect(past.body.data.pagination.total_rows).toBe(12);
  });

  it('answers 400 for a bad filter, 401 without a session and 403 without box_admin', async () => {
    const bad = await call(app, api.market.list, { delivery_status: 3 } as never, { token: brand });
    expect(bad.body).toEqual({ status: 400, msg: m.deliveryStatusInvalid, data: null });
    const date = await call(app, api.market.list, { begin_at: '2024/01/01' }, { token: brand });
    expect(date.body.msg).toBe(m.dateInvalid);
    expect((await call(app, api.market.list, {})).statusCode).toBe(401);
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.market.list, {}, { token: coupon })).statusCode).toBe(403);
  });
});

describe('market.ship and the marketplace’s receipt', () => {
  it('checks the fields in order, ships part then the rest, refuses a second shipment, and is audited', async () => {
    const [id] = await pushOrders(app, 'shopee', [marketOrderOf(molly, {}, 3)]);
    const lines = (await detail(id!)).body.data.order.goods;
    const empty = await call(app, api.market.ship, { id: id!, express_company: ' ', express: '' }, { token: brand });
    expect(empty.body).toEqual({ status: 400, msg: messages.shipment.companyRequired, data: null });
    const noNumber = await call(
      app,
      api.market.ship,
      { id: id!, express_company: '顺丰', express: '' },
      { token: brand },
    );
    expect(noNumber.body.msg).toBe(messages.shipment.expressRequired);
    const none = await call(
      app,
      api.market.ship,
      { id: id!, express_company: '顺丰', express: 'SF1', goods_ids: [] },
      { token: brand },
    );
    expect(none.body.msg).toBe(m.goodsRequired);
    expect((await detail(id!)).body.data.order.delivery_status).toBe(0);

    const part = await call(
      app,
      api.market.ship,
      { id: id!, express_company: '顺丰', express: 'SF100', goods_ids: [lines[0]!.id] },
      { token: brand },
    );
    expect(part.body.data).toEqual({ delivery_status: 4, shipment_id: expect.any(Number) });
    const again = await call(
      app,
      api.market.ship,
      { id: id!, express_company: '顺丰', express: 'SF101', goods_ids: [lines[0]!.id] },
      { token: brand },
    );
    expect(again.body).toEqual({ status: 409, msg: m.goodsInvalid, data: null });
    const rest = await call(
      app,
      api.market.ship,
      { id: id!, express_company: '圆通', express: 'YT200' },
      { token: brand },
    );
    expect(rest.body.data.delivery_status).toBe(1);
    const twice = await call(
      app,
      api.market.ship,
      { id: id!, express_company: '圆通', express: 'YT201' },
      { token: brand },
    );
    expect(twice.body).toEqual({ status: 409, msg: m.alreadyShipped, data: null });

    const shown = (await detail(id!)).body.data;
    expect(shown.order).toMatchObject({ delivery_status: 1, express_company: '圆通', express: 'YT200' });
    expect(shown.shipments.map((s) => [s.express, s.goods_ids])).toEqual([
      ['SF100', [lines[0]!.id]],
      ['YT200', [lines[1]!.id, lines[2]!.id]],
    ]);
    const logged = await call(app, api.audit.list, { entity: 'marketOrder', id: id! }, { token: brand });
    expect(logged.body.data.list.map((e) => [e.action, e.before?.delivery_status, e.after?.delivery_status])).toEqual([
      ['ship', 4, 1],
      ['ship', 0, 4],
    ]);
    expect(logged.body.data.list[1]!.after).toMatchObject({ express: 'SF100', shipped_goods: ['星河款式1×1'] });
  });

  it('lets the marketplace read the shipments and report receipt: 4 → 5, 1 → 2, then shipping is refused', async () => {
    const [partly, whole] = await pushOrders(app, 'lazada', [marketOrderOf(molly), marketOrderOf(molly)]);
    const line = (await detail(partly!)).body.data.order.goods[0]!;
    const sinceBefore = (await openCall(app, 'lazada', 'shipments', { since_id: 0, limit: 500 }, { ipId: molly })).body
      .data.list;
    const since = sinceBefore.length ? sinceBefore[sinceBefore.length - 1].id : 0;
    await call(
      app,
      api.market.ship,
      { id: partly!, express_company: '顺丰', express: 'SF900', goods_ids: [line.id] },
      { token: brand },
    );
    await call(app, api.market.ship, { id: whole!, express_company: '中通', express: 'ZT900' }, { token: brand });
    const read = await openCall(app, 'lazada', 'shipments', { since_id: since }, { ipId: molly });
    expect(read.statusCode).toBe(200);
    expect(read.body.data.list.map((s: { express: string }) => s.express)).toEqual(['SF900', 'ZT900']);
    // Another platform sees none of them, and a forged read is refused.
    const shopee = await openCall(app, 'shopee', 'shipments', { since_id: since }, { ipId: molly });
    expect(shopee.body.data.list.some((s: { express: string }) => s.express === 'SF900')).toBe(false);
    expect(
      (await openCall(app, 'lazada', 'shipments', { since_id: since }, { ipId: molly, secret: 'x' })).statusCode,
    ).toBe(403);

    const sn = (id: number) => detail(id).then((r) => r.body.data.order.order_sn);
    const r1 = await openCall(
      app,
      'lazada',
      'receipt',
      { order_sn: await sn(partly!), express: 'SF900' },
      { ipId: molly },
    );
    expect(r1.body.data).toEqual({ delivery_status: 5 });
    const r2 = await openCall(app, 'lazada', 'receipt', { order_sn: await sn(whole!) }, { ipId: molly });
    expect(r2.body.data).toEqual({ delivery_status: 2 });
    const unknown = await openCall(app, 'lazada', 'receipt', { order_sn: 'NOPE1' }, { ipId: molly });
    expect(unknown.body).toEqual({ status: 404, msg: m.orderMissing, data: null });
    const [fresh] = await pushOrders(app, 'lazada', [marketOrderOf(molly)]);
    const notYet = await openCall(app, 'lazada', 'receipt', { order_sn: await sn(fresh!) }, { ipId: molly });
    expect(notYet.body).toEqual({ status: 409, msg: m.notShipped, data: null });

    const received = await call(
      app,
      api.market.ship,
      { id: whole!, express_company: '中通', express: 'Z' },
      { token: brand },
    );
    expect(received.body).toEqual({ status: 409, msg: m.alreadyReceived, data: null });
    const partReceived = await call(
      app,
      api.market.ship,
      { id: partly!, express_company: '中通', express: 'Z' },
      { token: brand },
    );
    expect(partReceived.body).toEqual({ status: 409, msg: m.notShippable, data: null });
    expect((await detail(partly!)).body.data.order.delivery_status).toBe(5);
  });

  it('lets one of two staff shipping the same order at once win; the other is told', async () => {
    const [id] = await pushOrders(app, 'shopee', [marketOrderOf(molly)]);
    const results = await Promise.all([
      call(app, api.market.ship, { id: id!, express_company: '顺丰', express: 'A1' }, { token: brand }),
      call(app, api.market.ship, { id: id!, express_company: '中通', express: 'B1' }, { token: brand }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.body.msg).toBe(m.alreadyShipped);
    const shown = (await detail(id!)).body.data;
    expect(shown.shipments).toHaveLength(1);
    expect(shown.order.express).toBe(shown.shipments[0]!.express);
  });
});

const readSheet = (buffer: Buffer) => {
  const book = XLSX.read(buffer, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
};

describe('market.export and market.exportStatus', () => {
  it('answers the file at once for a small selection, and a query_sign to poll for a larger one', async () => {
    const title = `导出${marketSn('E')}`;
    const goods = [{ template_title: title, goods_title: '款', nums: 2, goods_pic: '' }];
    await pushOrders(app, 'shopee', [marketOrderOf(molly, { goods })]);
    const small = await call(app, api.market.export, { ip_id: molly, goods_title: title }, { token: brand });
    expect(small.body.data).toMatchObject({
      url: expect.stringContaining('/files/exports/'),
      query_sign: null,
      total_num: 1,
    });
    const rows = readSheet(await download(app, small.body.data.url!));
    expect(rows[0]).toEqual([
      '平台',
      '订单号',
      '商品',
      '商品数量',
      '发货状态',
      '运费',
      '收货人',
      '电话',
      '地址',
      '物流公司',
      '物流单号',
      '创建时间',
    ]);
    expect(rows[1]!.slice(0, 7)).toEqual([
      'Shopee',
      expect.any(String),
      `${title} / 款 ×2`,
      2,
      '未发货',
      '包邮',
      '林小满',
    ]);

    await pushOrders(
      app,
      'shopee',
      Array.from({ length: 5 }, () => marketOrderOf(molly, { goods })),
    );
    const large = await call(app, api.market.export, { ip_id: molly, goods_title: title }, { token: brand });
    expect(large.body.data).toMatchObject({ url: null, query_sign: expect.any(String), total_num: 6 });
    const sign = large.body.data.query_sign!;
    let status = (await call(app, api.market.exportStatus, { query_sign: sign }, { token: brand })).body.data;
    for (let i = 0; i < 100 && !status.url; i++) {
      expect(status.total_num).toBe(6);
      await new Promise((r) => setTimeout(r, 100));
      status = (await call(app, api.market.exportStatus, { query_sign: sign }, { token: brand })).body.data;
    }
    expect(status).toMatchObject({ now_num: 6, total_num: 6, url: expect.stringContaining('/files/exports/') });
    expect(readSheet(await download(app, status.url!))).toHaveLength(7);

    const theirs = await call(app, api.market.exportStatus, { query_sign: sign }, { token: shop });
    expect(theirs.body).toEqual({ status: 404, msg: m.exportMissing, data: null });
    const forged = await call(app, api.market.exportStatus, { query_sign: `${sign}x` }, { token: brand });
    expect(forged.statusCode).toBe(404);
  });
});

describe('market.import', () => {
  it('previews every bad row, refuses the whole sheet while one is bad, then ships all of a good sheet', async () => {
    const [a, b, shipped, otherBrand] = await pushOrders(app, 'tiktok', [
      marketOrderOf(molly),
      marketOrderOf(molly),
      marketOrderOf(molly),
      marketOrderOf(starPets),
    ]);
    const theirs = (await pushOrders(app, 'tiktok', [marketOrderOf(shopBrand)]))[0]!;
    const snOf = async (id: number, token = brand) => (await detail(id, token)).body.data.order.order_sn;
    await call(app, api.market.ship, { id: shipped!, express_company: '顺丰', express: 'S0' }, { token: brand });
    const header = ['平台', ...MARKET_IMPORT_COLUMNS];
    const good = [
      ['TikTok Shop', await snOf(a!), '顺丰', 'SF-A'],
      ['TikTok Shop', await snOf(b!), '中通', 'ZT-B'],
    ];
    const bad = [
      ...good,
      ['TikTok Shop', await snOf(shipped!), '顺丰', 'SF-C'],
      ['TikTok Shop', await snOf(otherBrand!), '顺丰', 'SF-D'],
      ['TikTok Shop', await snOf(theirs, shop), '顺丰', 'SF-E'],
      ['TikTok Shop', await snOf(a!), '顺丰', 'SF-F'],
      ['TikTok Shop', '', '顺丰', 'SF-G'],
      ['TikTok Shop', await snOf(b!), '', 'SF-H'],
      ['TikTok Shop', await snOf(b!), '顺丰', ''],
    ];
    const badUrl = await uploadSheet(app, brand, [header, ...bad]);
    const body = { platform: 'tiktok' as const, ip_id: molly, file_url: badUrl };
    const preview = await call(app, api.market.import, body, { token: brand });
    expect(preview.body.data).toMatchObject({ total_num: 9, ship_num: 2, error_num: 7, done: 0 });
    expect(preview.body.data.errors).toEqual([
      { row: 4, column: '订单号', message: m.alreadyShipped },
      { row: 5, column: '订单号', message: m.importOrderMissing },
      { row: 6, column: '订单号', message: m.importOrderMissing },
      { row: 7, column: '订单号', message: m.importDuplicate },
      { row: 8, column: '订单号', message: m.importOrderRequired },
      { row: 9, column: '物流公司', message: messages.shipment.companyRequired },
      { row: 10, column: '物流单号', message: messages.shipment.expressRequired },
    ]);
    const report = readSheet(await download(app, preview.body.data.error_url!));
    expect(report[0]).toEqual([...header, '错误原因']);
    expect(report[1]![4]).toBe(`第4行 订单号：${m.alreadyShipped}`);

    const refused = await call(app, api.market.import, { ...body, confirm: 1 }, { token: brand });
    expect(refused.body).toEqual({ status: 400, msg: m.importRow(4, `订单号：${m.alreadyShipped}`), data: null });
    expect((await detail(a!)).body.data.order.delivery_status).toBe(0);

    const goodUrl = await uploadSheet(app, brand, [header, ...good]);
    const done = await call(app, api.market.import, { ...body, file_url: goodUrl, confirm: 1 }, { token: brand });
    expect(done.body.data).toMatchObject({ total_num: 2, ship_num: 2, error_num: 0, done: 1 });
    expect((await detail(a!)).body.data.order).toMatchObject({
      delivery_status: 1,
      express_company: '顺丰',
      express: 'SF-A',
    });
    expect((await detail(b!)).body.data.order).toMatchObject({ delivery_status: 1, express: 'ZT-B' });
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entityId, a!));
    expect(logged.some((l) => l.entity === 'marketOrder' && l.action === 'import_ship')).toBe(true);
    // The same sheet again: both orders are shipped now.
    const twice = await call(app, api.market.import, { ...body, file_url: goodUrl }, { token: brand });
    expect(twice.body.data.errors.map((e) => e.message)).toEqual([m.alreadyShipped, m.alreadyShipped]);
  });

  it('refuses a sheet without the columns, another brand, and another user’s file', async () => {
    const wrong = await uploadSheet(app, brand, [
      ['订单号', '快递'],
      ['X', 'Y'],
    ]);
    const res = await call(
      app,
      api.market.import,
      { platform: 'shopee', ip_id: molly, file_url: wrong },
      { token: brand },
    );
    expect(res.body).toEqual({ status: 400, msg: m.importHeader, data: null });
    const empty = await uploadSheet(app, brand, [[...MARKET_IMPORT_COLUMNS]]);
    const none = await call(
      app,
      api.market.import,
      { platform: 'shopee', ip_id: molly, file_url: empty },
      { token: brand },
    );
    expect(none.body.msg).toBe(m.importEmpty);
    const foreign = await call(
      app,
      api.market.import,
      { platform: 'shopee', ip_id: shopBrand, file_url: empty },
      { token: brand },
    );
    expect(foreign.statusCode).toBe(404);
    const notMine = await call(
      app,
      api.market.import,
      { platform: 'shopee', ip_id: shopBrand, file_url: empty },
      { token: shop },
    );
    expect(notMine.body).toEqual({ status: 404, msg: m.importFileMissing, data: null });
    const noPlatform = await call(app, api.market.import, { ip_id: molly, file_url: empty } as never, { token: brand });
    expect(noPlatform.body.msg).toBe(m.platformRequired);
  });
});
