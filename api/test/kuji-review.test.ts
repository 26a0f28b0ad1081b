import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, arrangeBox, messages, seedHash } from '@toy/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { kujiBoxes, kujiSeeds, kujis } from '../src/db/schema.js';
import { brandIds, call, login, makeApp } from './helpers.js';
import { approveKuji, kujiRecords, publishKuji, storedKuji } from './kuji-helpers.js';

const m = messages.kuji;
const app = await makeApp();
afterAll(() => app.close());
const brand = (await login(app, 'brand@demo.local')).web_token;
const reviewer = (await login(app, 'reviewer@demo.local')).web_token;
const [molly] = (await brandIds(app, brand, 14)) as [number];

const boxesOf = (id: number) =>
  app.db.select().from(kujiBoxes).where(eq(kujiBoxes.kujiId, id)).orderBy(asc(kujiBoxes.boxNo));
/** The plain rows in level order, as arrangeBox takes them. */
const plainRows = [
  { level: 1, stock: 2 },
  { level: 2, stock: 3 },
  { level: 3, stock: 5 },
];
const update = (body: Record<string, unknown>) => call(app, api.kuji.update, body as never, { token: brand });
const stock = (body: Record<string, unknown>) => call(app, api.kuji.stock, body as never, { token: brand });

describe('review.kujiList and review.kujiDecide', () => {
  it('lists pending kujis by default with their prize rows and submitter', async () => {
    const id = await publishKuji(app, brand, molly, { title: '待审一番赏' });
    const res = await call(app, api.review.kujiList, { title: '待审一番赏' } as never, { token: reviewer });
    expect(res.statusCode).toBe(200);
    const row = res.body.data.list.find((r) => r.id === id)!;
    expect(row).toMatchObject({ audit_status: 0, submitter: 'brand@demo.local', stock: 3 });
    expect(row.goods.map((g) => [g.level, g.goods_title, g.stock, g.goods_price])).toEqual([
      [0, '最终赏手办', 1, 300],
      [101, '全局赏挂画', 1, 200],
      [1, 'A赏手办', 2, 150],
      [2, '亚克力立牌', 3, 50],
      [3, '亚克力立牌', 5, 50],
    ]);
    const approved = await call(app, api.review.kujiList, { status: 1, title: '待审一番赏' } as never, {
      token: reviewer,
    });
    expect(approved.body.data.list.map((r) => r.id)).not.toContain(id);
    const merchant = await call(app, api.review.kujiList, {} as never, { token: brand });
    expect(merchant.statusCode).toBe(403);
  });

  it('approves: boxes 1..box_num with tickets = arrangeBox of the committed seed, then approved and off shelf', async () => {
    const id = await publishKuji(app, brand, molly);
    expect(await approveKuji(app, reviewer, id)).toEqual({ id, audit_status: 1 });
    const { row } = await storedKuji(app, id);
    expect(row).toMatchObject({ auditStatus: 1, off: 1 });
    const boxes = await boxesOf(id);
    expect(boxes.map((b) => b.boxNo)).toEqual([1, 2, 3]);
    for (const b of boxes) {
      expect(b.tickets).toEqual(arrangeBox(row!.seed, b.boxNo, plainRows));
      expect(b.drawn).toBe(0);
    }
    const again = await call(app, api.review.kujiDecide, { id, status: 2, reason: 'x' }, { token: reviewer });
    expect(again.statusCode).toBe(409);
    expect(again.body.msg).toBe(messages.review.decided);
    const [approve] = await kujiRecords(app, brand, id);
    expect(approve).toMatchObject({
      action: 'approve',
      actor: expect.stringContaining('reviewer@demo.local'),
      before: { audit_status: 0 },
      after: { audit_status: 3 },
    });

    const best = await call(app, api.kuji.boxes, { active_id: id }, { token: brand });
    expect(best.body.data.best[0]).toEqual({
      best_num: 1,
      sum_surplus_stock: 10,
      goods: [
        { level: 1, surplus_stock_sum: 2, stock_sum: 2 },
        { level: 2, surplus_stock_sum: 3, stock_sum: 3 },
        { level: 3, surplus_stock_sum: 5, stock_sum: 5 },
      ],
    });
  });

  it('rejects only with a reason, and a rejected kuji cannot be decided again', async () => {
    const id = await publishKuji(app, brand, molly);
    const bare = await call(app, api.review.kujiDecide, { id, status: 2, reason: ' ' }, { token: reviewer });
    expect(bare.statusCode).toBe(400);
    expect(bare.body.msg).toBe(messages.review.reasonRequired);
    expect((await storedKuji(app, id)).row!.auditStatus).toBe(0);
    const res = await call(
      app,
      api.review.kujiDecide,
      { id, status: 2, reason: '奖品图片不清晰' },
      { token: reviewer },
    );
    expect(res.body.data).toEqual({ id, audit_status: 2 });
    expect((await storedKuji(app, id)).row).toMatchObject({ auditStatus: 2, reason: '奖品图片不清晰' });
    expect(await boxesOf(id)).toEqual([]);
    const list = await call(app, api.kuji.list, { title: '测试一番赏' } as never, { token: brand });
    expect(list.body.data.list.find((r) => r.id === id)).toMatchObject({ audit_status: 2, reason: '奖品图片不清晰' });
    const again = await call(app, api.review.kujiDecide, { id, status: 1, reason: '' }, { token: reviewer });
    expect(again.body.msg).toBe(messages.review.decided);
    expect(
      (await call(app, api.review.kujiDecide, { id: 999999, status: 1 } as never, { token: reviewer })).statusCode,
    ).toBe(404);
  });
});

describe('kuji.info and kuji.goods', () => {
  it('shows the detail and one goods row per prize row with the levels of the same goods', async () => {
    const id = await publishKuji(app, brand, molly);
    await approveKuji(app, reviewer, id);
    const info = await call(app, api.kuji.info, { active_id: id }, { token: brand });
    expect(info.body.data.info).toMatchObject({
      id,
      audit_status: 1,
      off: 1,
      stock: 3,
      sold_out: 0,
      can_num: 3,
      sales_num: 0,
      price: 25,
      bean: 5,
    });
    const goods = await call(app, api.kuji.goods, { active_id: id }, { token: brand });
    expect(goods.body.data.list.map((g) => [g.level, g.levels, g.stock_sum, g.price])).toEqual([
      [0, [0], 3, 300],
      [101, [101], 3, 200],
      [1, [1], 6, 150],
      [2, [2, 3], 9, 50],
      [3, [2, 3], 15, 50],
    ]);
    expect(goods.body.data.list[1]).toMatchObject({ start_section: 2, end_section: 5, sales_num: 0, deposit_num: 0 });
  });
});

describe('kuji.update', () => {
  it('lists only an approved kuji, not while generating, not when sold out; each change recorded', async () => {
    const id = await publishKuji(app, brand, molly);
    const pending = await update({ id, off: 0 });
    expect(pending.statusCode).toBe(409);
    expect(pending.body.msg).toBe(m.notApproved);
    await approveKuji(app, reviewer, id);

    await app.db.update(kujis).set({ auditStatus: 3 }).where(eq(kujis.id, id));
    expect((await update({ id, off: 0 })).body.msg).toBe(m.generating);
    await app.db.update(kujis).set({ auditStatus: 1 }).where(eq(kujis.id, id));

    const listed = await update({ id, off: 0 });
    expect(listed.statusCode).toBe(200);
    expect(listed.body.data).toMatchObject({ id, off: 0 });
    const [list] = await kujiRecords(app, brand, id);
    expect(list).toMatchObject({ action: 'list', before: { off: 1 }, after: { off: 0 } });

    const time = await update({ id, shelves_time: '2026-06-01 10:00:00' });
    expect(time.statusCode).toBe(409);
    expect(time.body.msg).toBe(m.delistFirst);

    await update({ id, off: 1 });
    const [delist] = await kujiRecords(app, brand, id);
    expect(delist).toMatchObject({ action: 'delist', before: { off: 0 }, after: { off: 1 } });
    const moved = await update({ id, shelves_time: '2026-06-01 10:00:00' });
    expect(moved.body.data.shelves_time).toBe('2026-06-01 10:00:00');
    const [timeRecord] = await kujiRecords(app, brand, id);
    expect(timeRecord).toMatchObject({ action: 'update', after: { shelves_time: '2026-06-01 10:00:00' } });
    expect((await update({ id, shelves_time: '' })).body.msg).toBe(m.shelvesTimeSetRequired);

    // Every box drawn out: it cannot go back on shelf.
    await app.db
      .update(kujiBoxes)
      .set({ drawn: sql`cardinality(${kujiBoxes.tickets})` })
      .where(eq(kujiBoxes.kujiId, id));
    const soldOut = await update({ id, off: 0 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.body.msg).toBe(m.soldOutCannotList);
    expect((await storedKuji(app, id)).row!.off).toBe(1);
  });

  it('changes the description, coin usage and cover with their rules', async () => {
    const id = await publishKuji(app, brand, molly);
    expect((await update({ id, desc: '' })).body.msg).toBe(m.descRequired);
    expect((await update({ id, desc: '长'.repeat(51) })).body.msg).toBe(m.descTooLong);
    expect((await update({ id, desc: '新的描述' })).body.data.desc).toBe('新的描述');
    const [desc] = await kujiRecords(app, brand, id);
    expect(desc).toMatchObject({ action: 'update', before: { desc: '测试描述' }, after: { desc: '新的描述' } });

    expect((await update({ id, is_bean: 1, bean: 0 })).body.msg).toBe(m.beanRequired);
    expect((await update({ id, is_bean: 1, bean: 8 })).body.data.bean).toBe(8);
    expect((await update({ id, is_bean: 0 })).body.data.bean).toBe(0);
    const [bean] = await kujiRecords(app, brand, id);
    expect(bean).toMatchObject({ before: { bean: 8 }, after: { bean: 0 } });
    // The spec's {id, bean} without is_bean sets the coins (0 = not used).
    expect((await update({ id, bean: 6 })).body.data.bean).toBe(6);
    expect((await update({ id, bean: 0 })).body.data.bean).toBe(0);

    expect((await update({ id, pic: '' })).body.msg).toBe(m.coverRequired);
    await update({ id, pic: 'seed/goods-06.png' });
    expect((await storedKuji(app, id)).row!.pic).toBe('seed/goods-06.png');
    const [pic] = await kujiRecords(app, brand, id);
    expect(pic).toMatchObject({ before: { pic: 'seed/goods-01.png' }, after: { pic: 'seed/goods-06.png' } });
  });
});

describe('kuji.stock', () => {
  it('adds boxes from a freshly committed seed and removes the highest undrawn ones, at most can_num', async () => {
    const id = await publishKuji(app, brand, molly);
    const pending = await stock({ active_id: id, type: 1, stock: 1 });
    expect(pending.body.msg).toBe(m.notApproved);
    await approveKuji(app, reviewer, id);
    expect((await stock({ active_id: id, type: 3, stock: 1 })).body.msg).toBe(m.stockTypeRequired);
    expect((await stock({ active_id: id, type: 1, stock: 0 })).body.msg).toBe(m.increaseRequired);
    expect((await stock({ active_id: id, type: 2, stock: 1.5 })).body.msg).toBe(messages.drawMachine.decreaseInteger);

    const added = await stock({ active_id: id, type: 1, stock: 2 });
    expect(added.body.data).toEqual({ stock: 5, can_num: 5 });
    const { row } = await storedKuji(app, id);
    expect(row!.boxNum).toBe(5);
    const boxes = await boxesOf(id);
    expect(boxes.map((b) => b.boxNo)).toEqual([1, 2, 3, 4, 5]);
    // The added boxes come from the restock's own committed seed, the first three from the kuji's.
    const [round2] = await app.db
      .select()
      .from(kujiSeeds)
      .where(and(eq(kujiSeeds.kujiId, id), eq(kujiSeeds.round, 2)));
    expect(round2).toMatchObject({ fromBox: 4, seedHash: seedHash(round2!.seed) });
    expect(round2!.seed).not.toBe(row!.seed);
    for (const b of boxes)
      expect(b.tickets).toEqual(arrangeBox(b.boxNo >= 4 ? round2!.seed : row!.seed, b.boxNo, plainRows));
    const [add] = await kujiRecords(app, brand, id);
    expect(add).toMatchObject({ action: 'stock', before: { stock: 3 }, after: { stock: 5 } });

    // Box 5 has been drawn from: the reduction takes 4 and 3.
    await app.db
      .update(kujiBoxes)
      .set({ drawn: 1 })
      .where(and(eq(kujiBoxes.kujiId, id), eq(kujiBoxes.boxNo, 5)));
    const tooMany = await stock({ active_id: id, type: 2, stock: 5 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body.msg).toBe(m.decreaseTooMany);
    const reduced = await stock({ active_id: id, type: 2, stock: 2 });
    expect(reduced.body.data).toEqual({ stock: 3, can_num: 2 });
    const removed = (await boxesOf(id)).filter((b) => b.removedAt !== null).map((b) => b.boxNo);
    expect(removed).toEqual([3, 4]);
    const [reduce] = await kujiRecords(app, brand, id);
    expect(reduce).toMatchObject({ action: 'stock', before: { stock: 5 }, after: { stock: 3 } });
    const best = await call(app, api.kuji.boxes, { active_id: id }, { token: brand });
    expect(best.body.data.best.map((b) => [b.best_num, b.sum_surplus_stock])).toEqual([
      [1, 10],
      [2, 10],
      [5, 9],
    ]);
  });
});

describe('prize rows: lucky, price, pre-sale', () => {
  it('applies each rule and records the change on the kuji', async () => {
    const id = await publishKuji(app, brand, molly);
    const goods = (await storedKuji(app, id)).goods;
    const [, , a, b] = goods;

    const many = await call(app, api.kuji.setLucky, { active_id: id, goods_id: b!.id, is_lucky: 1 }, { token: brand });
    expect(many.statusCode).toBe(409);
    expect(many.body.msg).toBe(m.luckyManyLevels);
    const lucky = await call(app, api.kuji.setLucky, { active_id: id, goods_id: a!.id, is_lucky: 1 }, { token: brand });
    expect(lucky.body.data).toMatchObject({ goods_id: a!.id, is_lucky: 1, levels: [1] });
    const [luckyRecord] = await kujiRecords(app, brand, id);
    expect(luckyRecord!.before).toMatchObject({
      goods: expect.arrayContaining([expect.objectContaining({ id: a!.id, is_lucky: 0 })]),
    });
    expect(luckyRecord!.after).toMatchObject({
      goods: expect.arrayContaining([expect.objectContaining({ id: a!.id, is_lucky: 1 })]),
    });

    const zero = await call(app, api.kuji.setPrice, { active_id: id, goods_id: a!.id, price: 0 }, { token: brand });
    expect(zero.body.msg).toBe(m.rowPriceRequired);
    const price = await call(
      app,
      api.kuji.setPrice,
      { active_id: id, goods_id: a!.id, price: 188.5 },
      { token: brand },
    );
    expect(price.body.data.price).toBe(188.5);
    expect((await storedKuji(app, id)).goods[2]!.price).toBe(18850);

    const long = await call(
      app,
      api.kuji.setShelves,
      { active_id: id, goods_id: a!.id, is_shelves: 1, shelves: '预'.repeat(51) },
      { token: brand },
    );
    expect(long.body.msg).toBe(m.shelvesTooLong);
    const shelves = await call(
      app,
      api.kuji.setShelves,
      { active_id: id, goods_id: a!.id, is_shelves: 1, shelves: '预计三月发货' },
      { token: brand },
    );
    expect(shelves.body.data).toMatchObject({ is_shelves: 1, shelves: '预计三月发货' });
    const records = await kujiRecords(app, brand, id);
    expect(records.map((r) => r.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(records[0]!.after).toMatchObject({
      goods: expect.arrayContaining([
        expect.objectContaining({ id: a!.id, is_shelves: 1, shelves: '预计三月发货', price: 188.5 }),
      ]),
    });
  });
});

describe('an approval interrupted by a stop', () => {
  it('is finished when the API starts again: the boxes are generated and the kuji approved', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'toy-kuji-'));
    try {
      const first = await makeApp({ dataDir });
      const token = (await login(first, 'brand@demo.local')).web_token;
      const [ipId] = (await brandIds(first, token, 14)) as [number];
      const id = await publishKuji(first, token, ipId);
      // The decision committed audit_status 3; the copy stopped before writing the boxes.
      await first.db.update(kujis).set({ auditStatus: 3 }).where(eq(kujis.id, id));
      await first.close();

      const second = await makeApp({ dataDir });
      try {
        const [row] = await second.db.select().from(kujis).where(eq(kujis.id, id));
        expect(row).toMatchObject({ auditStatus: 1, off: 1 });
        const boxes = await second.db
          .select()
          .from(kujiBoxes)
          .where(eq(kujiBoxes.kujiId, id))
          .orderBy(asc(kujiBoxes.boxNo));
        expect(boxes.map((b) => b.tickets)).toEqual([1, 2, 3].map((n) => arrangeBox(row!.seed, n, plainRows)));
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
