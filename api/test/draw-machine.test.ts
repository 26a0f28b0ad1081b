import { api, type DrawMachine, messages } from '@toy/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { call } from './helpers.js';
import { BAD_SORTS, expectSortedBy, idsAmong, SORT_REFUSED } from './sort-helpers.js';

const m = messages.drawMachine;
const notFound = { status: 404, msg: messages.common.notFound, data: null };

const { app, brand, shop, molly, sweet } = await demoApp();

const info = async (id: number, token = brand) =>
  (await call(app, api.drawMachine.info, { batch_id: id }, { token })).body.data?.info as DrawMachine;
const update = (body: Record<string, unknown>, token = brand) =>
  call(app, api.drawMachine.update, body as never, { token });
const stock = (body: Record<string, unknown>, token = brand) =>
  call(app, api.drawMachine.stock, body as never, { token });
const confirm = (body: Record<string, unknown>, token = brand) =>
  call(app, api.drawMachine.stockConfirm, body as never, { token });

describe('drawMachine.list / info / goods', () => {
  it('lists by brand and keyword, page size 10, with the on-sale count', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 3);
    const res = await call(app, api.drawMachine.list, { ip_id: molly, keyword: '甜品' }, { token: brand });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.pagination.limit).toBe(10);
    const row = res.body.data.list.find((r) => r.id === id)!;
    expect(row).toMatchObject({ title: sweet.title, off: 0, stock: 3, can_num: 3, price: sweet.price });
    expect(row.box_goods_nums.nums).toBe(3 * sweet.limit_stock);
    expect(res.body.data.on_sale).toBeGreaterThanOrEqual(1);
    const none = await call(app, api.drawMachine.list, { ip_id: molly, keyword: '不存在的名字' }, { token: brand });
    expect(none.body.data.list).toEqual([]);
    expect((await call(app, api.drawMachine.list, { ip_id: molly }, { token: shop })).body).toEqual(notFound);
  });

  it('shows the official price beside the selling price; 在售 counts only machines whose sale time has come', async () => {
    const onSale = async () =>
      (await call(app, api.drawMachine.list, { ip_id: molly }, { token: brand })).body.data.on_sale as number;
    const before = await onSale();
    const { id } = await publishMachine(app, brand, molly, sweet, 1, {
      price: sweet.price + 10,
      shelves_time: '2099-01-01 10:00:00',
    });
    const row = (await call(app, api.drawMachine.list, { ip_id: molly }, { token: brand })).body.data.list.find(
      (r) => r.id === id,
    )!;
    expect(row).toMatchObject({ price: sweet.price + 10, official_price: sweet.price, off: 0 });
    expect(await onSale()).toBe(before);
    await update({ id, off: 1 });
    await update({ id, off: 1, shelves_time: '2026-01-02 10:00:00' });
    await update({ id, off: 0 });
    expect(await onSale()).toBe(before + 1);
  });

  it('保存 (off 1) creates the machine delisted; 发布 lists it', async () => {
    const saved = await publishMachine(app, brand, molly, sweet, 1, { off: 1 });
    expect((await info(saved.id)).off).toBe(1);
    const published = await publishMachine(app, brand, molly, sweet, 1);
    expect((await info(published.id)).off).toBe(0);
    const bad = await publishMachine(app, brand, molly, sweet, 1, { off: 2 }).catch((e: Error) => e);
    expect(bad).toBeInstanceOf(Error);
  });

  it("answers 404 for another merchant's machine on every call", async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 2);
    expect((await call(app, api.drawMachine.info, { batch_id: id }, { token: shop })).body).toEqual(notFound);
    expect((await call(app, api.drawMachine.goods, { batch_id: id }, { token: shop })).body).toEqual(notFound);
    expect((await update({ id, desc: '改' }, shop)).body).toEqual(notFound);
    expect((await update({ id, off: 1 }, shop)).body).toEqual(notFound);
    expect((await call(app, api.drawMachine.bean, { template_log_id: id, bean: 0 }, { token: shop })).body).toEqual(
      notFound,
    );
    expect((await stock({ template_log_id: id, type: 1, stock: 1 }, shop)).body).toEqual(notFound);
    expect((await stock({ template_log_id: id, type: 2, stock: 1 }, shop)).body).toEqual(notFound);
    expect((await confirm({ template_log_id: id, type: 1, stock: 1, box_sign: 'x' }, shop)).body).toEqual(notFound);
    expect((await call(app, api.drawMachine.info, { batch_id: 999999 }, { token: brand })).body).toEqual(notFound);
    expect(await info(id)).toMatchObject({ desc: '测试抽盒机', off: 0 });
  });

  it('derives every number from the draws, deposits and pickups', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 2);
    const p = await player(app, '13800000001');
    for (let i = 0; i < 3; i++) expect((await draw(app, p, id)).statusCode).toBe(200);
    const cabinet = await call(app, api.player.deposit, { state: 3 }, { headers: { player_token: p } });
    const mine = cabinet.body.data.list.filter((d) => d.batch_id === id);
    const picked = await call(
      app,
      api.player.pickup,
      { deposit_ids: [mine[0]!.id], username: '张三', phone: '13800000001', address: '上海市' },
      { headers: { player_token: p } },
    );
    expect(picked.statusCode).toBe(200);
    const i = await info(id);
    const price = sweet.price;
    expect(i.sale_amount.cn).toBeCloseTo(price * 3, 2);
    expect(i.cupboard).toEqual({ sold_num: 3, consign_num: 2, d_goods_num: 1, y_goods_num: 0 });
    expect(i.stay_send_goods).toBe(1);
    expect(i.stay_retrieval).toBe(2);
    expect(i.stock).toBe(1);
    expect(i.surplus_num).toBe(2 * sweet.limit_stock - 3);
    const fee = Math.round(price * 100 * 0.05);
    const coins = Math.min(500, price * 100);
    // The first 20 coins of the new player cover four draws of ¥5.
    expect(i.wait_settlement_price.cn).toBeCloseTo((3 * (price * 100 - coins - fee)) / 100, 2);
    const goods = (await call(app, api.drawMachine.goods, { batch_id: id }, { token: brand })).body.data.info;
    expect(goods.reduce((n, g) => n + g.sold_num, 0)).toBe(3);
    expect(goods.reduce((n, g) => n + g.stock_sum, 0)).toBe(2 * sweet.limit_stock);
    expect(goods.reduce((n, g) => n + g.j_goods_num, 0)).toBe(2);
    expect(goods.reduce((n, g) => n + g.d_goods_num, 0)).toBe(1);
    expect(goods.reduce((n, g) => n + g.rate, 0)).toBeCloseTo(100, 0);
  });
});

describe('drawMachine.list sort', () => {
  const shown: Record<string, (r: DrawMachine) => number | string> = {
    shelves_time: (r) => r.shelves_time,
    official_price: (r) => r.official_price,
    sale_amount: (r) => r.sale_amount.cn,
    stock: (r) => r.stock,
  };
  const list = async (sort?: string) =>
    (await call(app, api.drawMachine.list, { ip_id: molly, limit: 100, sort } as never, { token: brand })).body.data
      .list as DrawMachine[];

  it('orders by sale time, official price, sales and stock, either way, by the figure each row shows', async () => {
    const a = (await publishMachine(app, brand, molly, sweet, 3, { shelves_time: '2025-03-01 10:00:00' })).id;
    const b = (await publishMachine(app, brand, molly, sweet, 1, { shelves_time: '2025-09-01 10:00:00' })).id;
    const c = (await publishMachine(app, brand, molly, sweet, 4, { shelves_time: '2025-06-01 10:00:00' })).id;
    const p = await player(app, '13800000041');
    // a: 2 draws (case 1 opened, 2 whole cases left); c: 1 draw (3 left); b: none.
    for (const id of [a, a, c]) expect((await draw(app, p, id)).statusCode).toBe(200);
    // Low to high among the three; equal figures (the same record's price) by id.
    const expected: Record<string, number[]> = {
      shelves_time: [a, c, b],
      official_price: [a, b, c],
      sale_amount: [b, c, a],
      stock: [b, a, c],
    };
    for (const [key, ids] of Object.entries(expected)) {
      const up = await list(key);
      expectSortedBy(up, false, shown[key]!);
      expect(idsAmong(up, [a, b, c]), key).toEqual(ids);
      // The brand's other machines (the demo one: another record, real draws) make each order matter.
      expect(new Set(up.map(shown[key]!)).size, key).toBeGreaterThan(1);
      const down = await list(`-${key}`);
      expectSortedBy(down, true, shown[key]!);
      expect(idsAmong(down, [a, b, c]), key).toEqual([...ids].reverse());
    }
    // Without a sort: newest first, as before.
    const plain = (await list()).map((r) => r.id);
    expect(plain).toEqual([...plain].sort((x, y) => y - x));
  });

  it('refuses a sort it does not declare with 排序字段不正确, never a 500', async () => {
    for (const sort of [...BAD_SORTS, 'price', 'surplus_num']) {
      const res = await call(app, api.drawMachine.list, { ip_id: molly, sort } as never, { token: brand });
      expect(res.statusCode, sort).toBe(400);
      expect(res.body, sort).toEqual(SORT_REFUSED);
    }
  });
});

describe('settlement', () => {
  it('moves a draw order to settled seven days after payment, when the list is read', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const p = await player(app, '13800000009');
    await draw(app, p, id);
    await draw(app, p, id);
    const before = await info(id);
    expect(before.settlement_price.cn).toBe(0);
    const [first] = await app.db.select().from(orders).where(eq(orders.activeId, id)).orderBy(asc(orders.id)).limit(1);
    await app.db
      .update(orders)
      .set({ payTime: new Date(Date.now() - 8 * 86400_000) })
      .where(eq(orders.id, first!.id));
    await call(app, api.drawMachine.list, { ip_id: molly }, { token: brand });
    const after = await info(id);
    expect(after.settlement_price.cn).toBeCloseTo(first!.merchantIncome / 100, 2);
    expect(after.wait_settlement_price.cn + after.settlement_price.cn).toBeCloseTo(before.wait_settlement_price.cn, 2);
  });
});

describe('drawMachine.update', () => {
  it('lists and delists; sale time only when delisted; description rules', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const late = await update({ id, off: 0, shelves_time: '2026-12-01 10:00:00' });
    expect(late.body).toEqual({ status: 409, msg: m.delistFirst, data: null });
    expect((await update({ id, off: 1 })).body.data.off).toBe(1);
    const moved = await update({ id, off: 1, shelves_time: '2026-12-01 10:00:00' });
    expect(moved.body.data).toMatchObject({ off: 1, shelves_time: '2026-12-01 10:00:00' });
    expect((await update({ id, off: 1, shelves_time: '' })).body.msg).toBe(m.shelvesTimeRequired);
    expect((await update({ id, off: 0 })).body.data.off).toBe(0);
    expect((await update({ id, desc: '' })).body.msg).toBe(m.descRequired);
    expect((await update({ id, desc: 'x'.repeat(51) })).body.msg).toBe(m.descTooLong);
    expect((await update({ id, desc: '新的描述' })).body.data.desc).toBe('新的描述');
    expect((await update({ id })).body.msg).toBe(m.offRequired);
  });

  it('moves the sale time of a sold-out machine, which stays sold out; a toggle never sends 2', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const p = await player(app, '13800000031');
    for (let i = 0; i < sweet.limit_stock; i++) expect((await draw(app, p, id, 0)).statusCode).toBe(200);
    expect((await info(id)).off).toBe(2);
    const moved = await update({ id, off: 2, shelves_time: '2026-12-24 20:00:00' });
    expect(moved.body.data).toMatchObject({ off: 2, shelves_time: '2026-12-24 20:00:00' });
    expect((await update({ id, off: 2 })).body.msg).toBe(m.offRequired);
    expect((await update({ id, off: 3, shelves_time: '2026-12-24 20:00:00' })).statusCode).toBe(400);
  });

  it('edits coin usage: 0 means not used, never above the price', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const bean = (v: number) => call(app, api.drawMachine.bean, { template_log_id: id, bean: v }, { token: brand });
    expect((await bean(0)).body.data.bean).toBe(0);
    expect((await info(id)).bean).toBe(0);
    expect((await bean(8)).body.data.bean).toBe(8);
    expect((await bean(sweet.price + 1)).body.msg).toBe(m.beanTooMuch);
  });
});

describe('drawMachine.stock / stockConfirm', () => {
  it('needs a number; a decrease never above the remaining whole cases', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 3);
    expect((await stock({ template_log_id: id, type: 1 })).body.msg).toBe(m.increaseRequired);
    expect((await stock({ template_log_id: id, type: 2, stock: 0 })).body.msg).toBe(m.decreaseRequired);
    // A fraction or a negative number says what is wrong with it.
    expect((await stock({ template_log_id: id, type: 2, stock: 1.5 })).body.msg).toBe(m.decreaseInteger);
    expect((await stock({ template_log_id: id, type: 1, stock: -2 })).body.msg).toBe(m.increaseInteger);
    expect((await stock({ template_log_id: id, type: 2, stock: 4 })).body).toEqual({
      status: 400,
      msg: m.decreaseTooMany,
      data: null,
    });
    const p = await player(app, '13800000002');
    await draw(app, p, id); // opens case 1: 2 whole cases remain
    expect((await stock({ template_log_id: id, type: 2, stock: 3 })).body.msg).toBe(m.decreaseTooMany);
    expect((await stock({ template_log_id: id, type: 2, stock: 2 })).body.data.stock).toBe(0);
    expect((await info(id)).box_goods_nums.nums).toBe(sweet.limit_stock);
  });

  it('an increase is capped as publishing is (10000 cases)', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const over = await stock({ template_log_id: id, type: 1, stock: 10001 });
    expect(over.body).toEqual({ status: 400, msg: m.increaseTooMany, data: null });
    expect((await confirm({ template_log_id: id, type: 1, stock: 10001, box_sign: 'x' })).body.msg).toBe(
      m.increaseTooMany,
    );
    expect((await info(id)).stock).toBe(1);
  });

  it('an increase is allocated, then confirmed; never confirmed without an allocation', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    expect((await confirm({ template_log_id: id, type: 1, stock: 2 })).body.msg).toBe(m.allocateFirst);
    expect((await confirm({ template_log_id: id, type: 1, stock: 2, box_sign: '' })).body.msg).toBe(m.allocateFirst);
    const a = await stock({ template_log_id: id, type: 1, stock: 2 });
    expect(a.statusCode).toBe(200);
    expect(a.body.data.box_sign).toBeTruthy();
    expect(a.body.data.goods.reduce((n, g) => n + g.stock, 0)).toBe(2 * sweet.limit_stock);
    expect((await info(id)).stock).toBe(1);
    const wrong = await confirm({ template_log_id: id, type: 1, stock: 3, box_sign: a.body.data.box_sign });
    expect(wrong.body.msg).toBe(messages.blindBox.boxSignInvalid);
    const ok = await confirm({ template_log_id: id, type: 1, stock: 2, box_sign: a.body.data.box_sign });
    expect(ok.body.data.stock).toBe(3);
    const again = await confirm({ template_log_id: id, type: 1, stock: 2, box_sign: a.body.data.box_sign });
    expect(again.body.msg).toBe(messages.blindBox.boxSignInvalid);
    const i = await info(id);
    expect(i.box_goods_nums.nums).toBe(3 * sweet.limit_stock);
    const other = await publishMachine(app, brand, molly, sweet, 1);
    const b = await stock({ template_log_id: id, type: 1, stock: 1 });
    const elsewhere = await confirm({ template_log_id: other.id, type: 1, stock: 1, box_sign: b.body.data.box_sign });
    expect(elsewhere.body.msg).toBe(messages.blindBox.boxSignInvalid);
  });
});
