import { api, messages, PICKUP_SHEET_COLUMNS } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deposits, pickups } from '../src/db/schema.js';
import { demoApp, publishMachine } from './draw-helpers.js';
import { download, sheetRows, uploadSheet, waitForJob } from './goods-helpers.js';
import { call, createMerchant, login, unique } from './helpers.js';
import { ADDRESS, makePickup } from './pickup-helpers.js';

const m = messages.pickup;
const { app, brand, molly, sweet } = await demoApp();
let machine: { id: number };
let machineTitle: string;
let other: string;
const EXPRESS = { express_company: '顺丰速运', express: 'SF1000001' };

beforeAll(async () => {
  machine = await publishMachine(app, brand, molly, sweet, 5);
  machineTitle = sweet.title;
  other = (await login(app, (await createMerchant(app, [14])).email)).web_token;
});

const info = async (id: string, token = brand) => call(app, api.retrieval.backInfo, { id }, { token });
const listOf = async (query: Record<string, unknown>) =>
  (await call(app, api.pickup.list, { ip_id: molly, ...query } as never, { token: brand })).body.data;
const confirm = (orderSn: string, playerToken: string) =>
  call(app, api.playerPickup.confirm, { order_sn: orderSn }, { headers: { player_token: playerToken } });

describe('pickup.list', () => {
  it('lists the pickups of the brand with goods, receiver and delivery status; filters narrow it', async () => {
    const phone = `139${Date.now() % 100000000}`.slice(0, 11);
    const a = await makePickup(app, machine.id, 2, { phone, username: unique('收件') });
    const data = await listOf({ user_keyword: phone });
    expect(data.pagination.total_rows).toBe(1);
    const row = data.list[0]!;
    expect(row).toMatchObject({
      order_sn: a.orderSn,
      delivery_status: 0,
      delivery_status_text: '未发货',
      goods_nums: 2,
      phone,
      province: ADDRESS.province,
      bussiness_type: 1,
    });
    expect(row.goods).toHaveLength(2);
    expect(row.goods[0]!.template_title).toBe(machineTitle);
    expect((await listOf({ user_keyword: phone, temp_title: machineTitle })).pagination.total_rows).toBe(1);
    expect((await listOf({ user_keyword: phone, temp_title: 'no-such-series' })).pagination.total_rows).toBe(0);
    expect((await listOf({ user_keyword: phone, goods_title: row.goods[0]!.goods_title })).pagination.total_rows).toBe(
      1,
    );
    expect((await listOf({ user_keyword: phone, delivery_status: 1 })).pagination.total_rows).toBe(0);
    expect((await listOf({ user_keyword: phone, type: 2 })).pagination.total_rows).toBe(0);
    expect((await listOf({ user_keyword: phone, type: 1, state: 0 })).pagination.total_rows).toBe(1);
    expect((await listOf({ user_keyword: phone, begin_at: '2999-01-01 00:00:00' })).pagination.total_rows).toBe(0);
    expect((await listOf({ user_keyword: phone, end_at: '2999-01-01 00:00:00' })).pagination.total_rows).toBe(1);
    expect((await listOf({ limit: 1 })).list).toHaveLength(1);
  });

  it('answers 400 on a malformed time, 401 without a session, 403 without box_admin, 404 for another merchant’s brand', async () => {
    const bad = await call(app, api.pickup.list, { ip_id: molly, begin_at: '2026-13-45' } as never, { token: brand });
    expect(bad.statusCode).toBe(400);
    expect((await call(app, api.pickup.list, { ip_id: molly } as never)).statusCode).toBe(401);
    const coupons = (await login(app, (await createMerchant(app, [15])).email)).web_token;
    expect((await call(app, api.pickup.list, { ip_id: molly } as never, { token: coupons })).statusCode).toBe(403);
    expect(
      (await call(app, api.retrieval.shipGood, { order_sn: 'x', ...EXPRESS }, { token: coupons })).statusCode,
    ).toBe(403);
    expect((await call(app, api.pickup.list, { ip_id: molly } as never, { token: other })).statusCode).toBe(404);
    const theirs = await call(app, api.pickup.list, {} as never, { token: other });
    expect(theirs.body.data.pagination.total_rows).toBe(0);
  });
});

describe('shipping a pickup', () => {
  it('checks company then number, ships all, refuses a second ship; audited with before and after', async () => {
    const a = await makePickup(app, machine.id, 2);
    const noCompany = await call(
      app,
      api.pickup.ship,
      { order_sn: a.orderSn, express_company: '', express: '' },
      { token: brand },
    );
    expect(noCompany.body.msg).toBe(messages.shipment.companyRequired);
    const noNumber = await call(
      app,
      api.pickup.ship,
      { order_sn: a.orderSn, express_company: '顺丰', express: ' ' },
      { token: brand },
    );
    expect(noNumber.body.msg).toBe(messages.shipment.expressRequired);
    const theirs = await call(app, api.pickup.ship, { order_sn: a.orderSn, ...EXPRESS }, { token: other });
    expect(theirs.statusCode).toBe(404);
    const ok = await call(app, api.pickup.ship, { order_sn: a.orderSn, ...EXPRESS }, { token: brand });
    expect(ok.body.data).toEqual({ delivery_status: 1 });
    const twice = await call(app, api.pickup.ship, { order_sn: a.orderSn, ...EXPRESS }, { token: brand });
    expect([twice.statusCode, twice.body.msg]).toEqual([409, m.notShippable]);
    const detail = (await info(a.orderSn)).body.data.info;
    expect(detail).toMatchObject({ delivery_status: 1, ...EXPRESS });
    expect(detail.shipments).toHaveLength(1);
    expect(detail.shipments[0]!.goods_ids.sort()).toEqual([...a.depositIds].sort());
    expect(detail.goods.map((g) => g.state)).toEqual([1, 1]);
    const [p] = await app.db.select().from(pickups).where(eq(pickups.orderSn, a.orderSn));
    const logs = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pickup'), eq(auditLog.entityId, p!.id)));
    expect(logs).toHaveLength(1);
    expect(logs[0]!.before).toMatchObject({ delivery_status: 0, shipped_ids: [] });
    expect(logs[0]!.after).toMatchObject({ delivery_status: 1, ...EXPRESS });
  });

  it('two staff shipping the same pickup at once: one wins, the other is told', async () => {
    const a = await makePickup(app, machine.id, 1);
    const [x, y] = await Promise.all([
      call(app, api.pickup.ship, { order_sn: a.orderSn, ...EXPRESS }, { token: brand }),
      call(
        app,
        api.retrieval.shipGood,
        { order_sn: a.orderSn, express_company: '圆通', express: 'YT1' },
        { token: brand },
      ),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    expect([x, y].find((r) => r.statusCode === 409)!.body.msg).toBe(m.notShippable);
    expect((await info(a.orderSn)).body.data.info.shipments).toHaveLength(1);
  });

  it('ships selected items (4 partly shipped), then the rest (1); the player confirms (2)', async () => {
    const a = await makePickup(app, machine.id, 3);
    const more = (child_ids: number[], extra = EXPRESS) =>
      call(app, api.retrieval.shipMore, { order_sn: a.orderSn, child_ids, ...extra }, { token: brand });
    expect((await more([])).body.msg).toBe(m.childrenRequired);
    expect((await more([999999])).body.msg).toBe(m.childrenInvalid);
    expect((await more([a.depositIds[0]!], { express_company: '', express: 'x' })).body.msg).toBe(
      messages.shipment.companyRequired,
    );
    expect((await more([a.depositIds[0]!])).body.data).toEqual({ delivery_status: 4 });
    expect((await more([a.depositIds[0]!])).body.msg).toBe(m.childrenInvalid);
    const partial = (await info(a.orderSn)).body.data.info;
    expect(partial.goods.map((g) => g.state)).toEqual([1, 0, 0]);
    const rest = await call(
      app,
      api.retrieval.shipGood,
      { order_sn: a.orderSn, express_company: '中通', express: 'ZT2' },
      { token: brand },
    );
    expect(rest.body.data).toEqual({ delivery_status: 1 });
    const done = (await info(a.orderSn)).body.data.info;
    expect(done.shipments.map((s) => s.goods_ids.length)).toEqual([1, 2]);
    expect((await confirm(a.orderSn, a.playerToken)).body.data).toEqual({ delivery_status: 2 });
    expect((await confirm(a.orderSn, a.playerToken)).body.msg).toBe(m.notConfirmable);
    const items = await app.db.select().from(deposits).where(eq(deposits.pickupId, done.id));
    expect(items.map((i) => i.state)).toEqual([2, 2, 2]);
    expect((await call(app, api.pickup.ship, { order_sn: a.orderSn, ...EXPRESS }, { token: brand })).body.msg).toBe(
      m.notShippable,
    );
  });

  it('a partly shipped pickup confirmed by the player is partly received (5), and no longer shippable', async () => {
    const a = await makePickup(app, machine.id, 2);
    await call(
      app,
      api.retrieval.shipMore,
      { order_sn: a.orderSn, child_ids: [a.depositIds[1]!], ...EXPRESS },
      { token: brand },
    );
    expect((await confirm(a.orderSn, a.playerToken)).body.data).toEqual({ delivery_status: 5 });
    const detail = (await info(a.orderSn)).body.data.info;
    expect(detail.goods.map((g) => g.state)).toEqual([0, 2]);
    expect(
      (await call(app, api.retrieval.shipGood, { order_sn: a.orderSn, ...EXPRESS }, { token: brand })).body.msg,
    ).toBe(m.notShippable);
    const mine = (await call(app, api.playerPickup.pickups, {}, { headers: { player_token: a.playerToken } })).body
      .data;
    expect(mine.list.map((p) => [p.order_sn, p.delivery_status])).toEqual([[a.orderSn, 5]]);
    expect(mine.list[0]!.shipments).toHaveLength(1);
  });

  it('order.backInfo takes the row id or the order number; another merchant gets 404', async () => {
    const a = await makePickup(app, machine.id, 1);
    const byId = (await info(a.orderSn)).body.data.info;
    expect((await info(String(byId.id))).body.data.info.order_sn).toBe(a.orderSn);
    expect((await info(a.orderSn, other)).statusCode).toBe(404);
    expect((await info('TH-none')).statusCode).toBe(404);
    expect((await confirm(a.orderSn, (await makePickup(app, machine.id, 1)).playerToken)).statusCode).toBe(404);
  });
});

describe('pickup.export', () => {
  it('writes the shipping sheet of the filtered pickups', async () => {
    const phone = `137${Date.now() % 100000000}`.slice(0, 11);
    const a = await makePickup(app, machine.id, 2, { phone });
    const res = await call(app, api.pickup.export, { ip_id: molly, user_keyword: phone } as never, { token: brand });
    expect(res.body.data).toMatchObject({ total_num: 1, job_id: null });
    const rows = sheetRows(await download(app, res.body.data.url!));
    expect(rows[0]).toEqual([...PICKUP_SHEET_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(a.orderSn);
    expect(rows[1]![3]).toBe(2);
    expect(rows[1]![10]).toBe('未发货');
  });

  it('a large selection becomes a job with progress', async () => {
    const { PICKUP_EXPORT_LIMITS } = await import('../src/features/pickup/export.js');
    const saved = PICKUP_EXPORT_LIMITS.syncMaxRows;
    PICKUP_EXPORT_LIMITS.syncMaxRows = 1;
    try {
      const res = await call(app, api.pickup.export, { ip_id: molly } as never, { token: brand });
      expect(res.body.data.job_id).toBeTypeOf('number');
      const job = await waitForJob(app, res.body.data.job_id!, brand);
      expect(job.status).toBe('done');
      const rows = sheetRows(await download(app, job.url!));
      expect(rows.length - 1).toBe(res.body.data.total_num);
    } finally {
      PICKUP_EXPORT_LIMITS.syncMaxRows = saved;
    }
  });
});

describe('pickup.import', () => {
  const header = ['订单号', '物流公司', '物流单号'];

  it('a dry run reports each bad row in order and an error sheet; the confirm refuses, nothing changes', async () => {
    const good = await makePickup(app, machine.id, 1);
    const shipped = await makePickup(app, machine.id, 1);
    await call(app, api.pickup.ship, { order_sn: shipped.orderSn, ...EXPRESS }, { token: brand });
    const theirs = await createMerchant(app, [14]);
    const url = await uploadSheet(app, brand, [
      header,
      [good.orderSn, '顺丰', 'SF1'],
      ['TH-unknown', '顺丰', 'SF2'],
      [shipped.orderSn, '顺丰', 'SF3'],
      [good.orderSn, '顺丰', 'SF4'],
      [good.orderSn.replace(/.$/, 'x'), '', ''],
      [(await makePickup(app, machine.id, 1)).orderSn, '', 'SF5'],
    ]);
    expect(theirs.brand.id).not.toBe(molly);
    const dry = await call(app, api.pickup.import, { url }, { token: brand });
    expect(dry.body.data).toMatchObject({ total_num: 6, ship_num: 1, error_num: 5 });
    expect(dry.body.data.errors.map((e) => [e.row, e.message])).toEqual([
      [3, m.orderMissing],
      [4, m.notShippable],
      [5, m.importDuplicate],
      [6, m.orderMissing],
      [7, messages.shipment.companyRequired],
    ]);
    const report = sheetRows(await download(app, dry.body.data.error_url!));
    expect(report[0]).toEqual([...header, '错误原因']);
    expect(report[1]![3]).toContain('第3行');
    const applied = await call(app, api.pickup.importConfirm, { url }, { token: brand });
    expect(applied.statusCode).toBe(409);
    expect(applied.body.msg).toBe(m.importRow(3, `订单号：${m.orderMissing}`));
    expect((await info(good.orderSn)).body.data.info.delivery_status).toBe(0);
  });

  it('another merchant’s orders are unknown to the importer', async () => {
    const a = await makePickup(app, machine.id, 1);
    const url = await uploadSheet(app, other, [header, [a.orderSn, '顺丰', 'SF9']]);
    const dry = await call(app, api.pickup.import, { url }, { token: other });
    expect(dry.body.data.errors.map((e) => e.message)).toEqual([m.orderMissing]);
    expect((await call(app, api.pickup.importConfirm, { url }, { token: other })).statusCode).toBe(409);
    expect((await info(a.orderSn)).body.data.info.delivery_status).toBe(0);
  });

  it('a clean sheet (the export with the two columns filled) ships every row in one transaction', async () => {
    const phone = `136${Date.now() % 100000000}`.slice(0, 11);
    const a = await makePickup(app, machine.id, 2, { phone });
    const b = await makePickup(app, machine.id, 1, { phone });
    await call(
      app,
      api.retrieval.shipMore,
      { order_sn: a.orderSn, child_ids: [a.depositIds[0]!], ...EXPRESS },
      { token: brand },
    );
    const exported = await call(app, api.pickup.export, { ip_id: molly, user_keyword: phone } as never, {
      token: brand,
    });
    const rows = sheetRows(await download(app, exported.body.data.url!)) as unknown[][];
    const company = rows[0]!.indexOf('物流公司');
    const filled = rows.map((r, i) => (i === 0 ? r : [...r.slice(0, company), '韵达', `YD${i}`]));
    const url = await uploadSheet(app, brand, filled as never);
    const dry = await call(app, api.pickup.import, { url }, { token: brand });
    expect(dry.body.data).toMatchObject({ total_num: 2, ship_num: 2, error_num: 0, error_url: null });
    const applied = await call(app, api.pickup.importConfirm, { url }, { token: brand });
    expect(applied.body.data).toEqual({ ship_num: 2 });
    for (const sn of [a.orderSn, b.orderSn]) {
      const d = (await info(sn)).body.data.info;
      expect(d.delivery_status).toBe(1);
      expect(d.goods.every((g) => g.state === 1)).toBe(true);
      expect(d.express_company).toBe('韵达');
    }
    const again = await call(app, api.pickup.importConfirm, { url }, { token: brand });
    expect(again.body.msg).toContain(m.notShippable);
  });

  it('refuses a sheet without the columns and an empty one', async () => {
    const noCols = await uploadSheet(app, brand, [['a', 'b']]);
    expect((await call(app, api.pickup.import, { url: noCols }, { token: brand })).body.msg).toBe(m.importHeader);
    const empty = await uploadSheet(app, brand, [header]);
    expect((await call(app, api.pickup.import, { url: empty }, { token: brand })).body.msg).toBe(m.importEmpty);
    expect((await call(app, api.pickup.import, { url: 'nope' }, { token: brand })).statusCode).toBe(404);
  });
});
