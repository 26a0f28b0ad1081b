import { api, DEPOSIT_SHEET_COLUMNS, messages } from '@toy/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { download, sheetRows } from './goods-helpers.js';
import { call, createMerchant, login } from './helpers.js';
import { ADDRESS, makePickup } from './pickup-helpers.js';

const m = messages.pickup;
const { app, brand, molly, sweet } = await demoApp();
let machine: { id: number };
let other: string;
const EXPRESS = { express_company: '顺丰速运', express: 'SF2000001' };

beforeAll(async () => {
  machine = await publishMachine(app, brand, molly, sweet, 3);
  other = (await login(app, (await createMerchant(app, [14])).email)).web_token;
});

const listOf = async (query: Record<string, unknown>, token = brand) =>
  call(app, api.deposit.list, { ip_id: molly, ...query } as never, { token });

describe('deposit.list', () => {
  it('lists cabinet items with series, goods, state, price, user and recipient or null', async () => {
    const phone = '15912340001';
    const p = await player(app, phone);
    const kept = await draw(app, p, machine.id);
    const picked = await makePickup(app, machine.id, 1, { username: '赵六' });
    const mine = (await listOf({ user_keyword: phone })).body.data;
    expect(mine.pagination.total_rows).toBe(1);
    expect(mine.list[0]).toMatchObject({
      order_sn: kept.body.data.order_sn,
      title: sweet.title,
      goods_title: kept.body.data.goods.goods_title,
      state: 3,
      state_text: '寄存中',
      price: kept.body.data.paid,
      details: null,
    });
    const theirs = (await listOf({ user_keyword: '赵六' })).body.data;
    expect(theirs.list[0]).toMatchObject({
      order_sn: picked.drawSns[0],
      state: 0,
      state_text: '未发货',
      details: { username: '赵六', phone: ADDRESS.phone, province: ADDRESS.province, address: ADDRESS.address },
    });
    expect((await listOf({ user_keyword: phone, series_title: sweet.title })).body.data.pagination.total_rows).toBe(1);
    expect((await listOf({ user_keyword: phone, series_title: 'none' })).body.data.pagination.total_rows).toBe(0);
    expect(
      (await listOf({ user_keyword: phone, goods_title: kept.body.data.goods.goods_title })).body.data.pagination
        .total_rows,
    ).toBe(1);
    expect((await listOf({ user_keyword: phone, type: 1 })).body.data.pagination.total_rows).toBe(1);
    expect((await listOf({ user_keyword: phone, type: 2 })).body.data.pagination.total_rows).toBe(0);
    expect((await listOf({ user_keyword: phone, begin_at: '2999-01-01' })).body.data.pagination.total_rows).toBe(0);
    expect((await listOf({ limit: 10 })).body.data.list.length).toBeLessThanOrEqual(10);
  });

  it('401 without a session, 404 for another merchant’s brand, 400 on a bad time', async () => {
    expect((await call(app, api.deposit.list, { ip_id: molly } as never)).statusCode).toBe(401);
    expect((await listOf({}, other)).statusCode).toBe(404);
    expect((await listOf({ end_at: 'yesterday' })).statusCode).toBe(400);
  });
});

describe('deposit.export', () => {
  it('answers the url of a real xlsx of the filtered rows', async () => {
    const picked = await makePickup(app, machine.id, 1, { username: '钱七' });
    const res = await call(app, api.deposit.export, { ip_id: molly, user_keyword: '钱七' } as never, { token: brand });
    expect(res.body.data.total_num).toBe(1);
    const rows = sheetRows(await download(app, res.body.data.url));
    expect(rows[0]).toEqual([...DEPOSIT_SHEET_COLUMNS]);
    expect(rows[1]!.slice(0, 4)).toEqual([picked.drawSns[0], sweet.title, expect.any(String), '未发货']);
    expect(rows[1]![6]).toBe('钱七');
  });
});

describe('deposit.ship', () => {
  it('ships one picked-up item; refuses a depositing item, a second ship and another merchant', async () => {
    const a = await makePickup(app, machine.id, 2);
    const ship = (order_sn: string, token = brand, extra = EXPRESS) =>
      call(app, api.deposit.ship, { order_sn, ...extra }, { token });
    expect((await ship(a.drawSns[0]!, brand, { express_company: '', express: '' })).body.msg).toBe(
      messages.shipment.companyRequired,
    );
    expect((await ship(a.drawSns[0]!, other)).statusCode).toBe(404);
    expect((await ship(a.drawSns[0]!)).body.data).toEqual({ delivery_status: 4 });
    expect((await ship(a.drawSns[0]!)).body.msg).toBe(m.notShippable);
    expect((await ship(a.drawSns[1]!)).body.data).toEqual({ delivery_status: 1 });
    const kept = await draw(app, await player(app, '15912340002'), machine.id);
    expect((await ship(kept.body.data.order_sn)).body.msg).toBe(m.notPickedUp);
    const states = (await listOf({ user_keyword: ADDRESS.username })).body.data.list
      .filter((r) => a.drawSns.includes(r.order_sn))
      .map((r) => r.state);
    expect(states).toEqual([1, 1]);
  });
});
