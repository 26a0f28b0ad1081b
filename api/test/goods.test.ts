import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './files.js';
import { goodsPic, uploadAs } from './goods-helpers.js';
import { brandIds, call, createMerchant, login, makeApp, unique } from './helpers.js';

const m = messages.goods;

let app: FastifyInstance;
let token: string;
let molly: number;
let pic: string;
beforeAll(async () => {
  app = await makeApp();
  token = (await login(app, 'brand@demo.local')).web_token;
  [molly] = (await brandIds(app, token, 14)) as [number];
  pic = await goodsPic(app, token);
});
afterAll(() => app.close());

const base = () => ({
  ip_id: molly,
  title: unique('商品'),
  price: 19.9,
  pic,
  is_overseas: 0,
  stock_limit: 1,
  stock: 10,
});

async function create(extra: Record<string, unknown> = {}) {
  const res = await call(app, api.goods.save, { ...base(), ...extra } as never, { token });
  expect(res.body.msg).toBe('ok');
  return res.body.data.id;
}

const detail = async (id: number, as = token) =>
  (await call(app, api.goods.detail, { id }, { token: as })).body.data.goods;
const stock = (input: Record<string, unknown>, as = token) => call(app, api.goods.stock, input as never, { token: as });

describe('goods.save', () => {
  it('creates goods and lists them first with the wire fields', async () => {
    const id = await create({
      goods_num: '整盒12个',
      goods_code: '6970001',
      is_overseas: 1,
      weight: 0.35,
      length: 20,
      width: 15.5,
      height: 10,
    });
    const list = await call(app, api.goods.list, { ip_id: molly }, { token });
    expect(list.body.data.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(list.body.data.lists[0]).toMatchObject({
      id,
      ip_id: molly,
      price: 19.9,
      goods_num: '整盒12个',
      goods_code: '6970001',
      pic: expect.stringMatching(new RegExp(`/files/${pic}$`)),
      is_overseas: 1,
      stock_limit: 1,
      stock: 10,
      weight: 0.35,
      length: 20,
      width: 15.5,
      height: 10,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
  });

  it('filters by title and pages with the spec sizes', async () => {
    const word = unique('筛选');
    for (let i = 0; i < 3; i++) await create({ title: `${word} ${i}` });
    const found = await call(app, api.goods.list, { ip_id: molly, title: word, limit: 2 }, { token });
    expect(found.body.data.pagination.total_rows).toBe(3);
    expect(found.body.data.lists).toHaveLength(2);
    const second = await call(app, api.goods.list, { ip_id: molly, title: word, limit: 2, page: 2 }, { token });
    expect(second.body.data.lists.map((g) => g.title)).toEqual([`${word} 0`]);
    // `%` and `_` are searched literally.
    const literal = await call(app, api.goods.list, { ip_id: molly, title: '%' }, { token });
    expect(literal.body.data.lists.every((g) => g.title.includes('%'))).toBe(true);
  });

  const long = 'x'.repeat(201);
  const cases: [string, Record<string, unknown>, string][] = [
    ['no brand', { ip_id: '' }, m.brandRequired],
    ['no title', { title: '  ' }, m.titleRequired],
    ['a long title', { title: long }, m.titleTooLong],
    ['no price', { price: '' }, m.priceRequired],
    ['a text price', { price: 'abc' }, m.number],
    ['a zero price', { price: 0 }, m.pricePositive],
    ['a negative price', { price: -3 }, m.pricePositive],
    ['three decimals', { price: 1.234 }, m.priceDecimals],
    ['no picture', { pic: '' }, m.picRequired],
    ['no stock when limited', { stock: '' }, m.stockRequired],
    ['a text stock', { stock: 'x' }, m.number],
    ['a negative stock', { stock: -1 }, m.stockNegative],
    ['a fractional stock', { stock: 1.5 }, '库存须为整数'],
    ['overseas without weight', { is_overseas: 1 }, m.weightRequired],
    ['overseas with weight 0', { is_overseas: 1, weight: 0 }, m.weightPositive],
    ['overseas without length', { is_overseas: 1, weight: 1 }, m.lengthRequired],
    ['overseas with length 0', { is_overseas: 1, weight: 1, length: 0 }, m.lengthPositive],
    ['overseas without width', { is_overseas: 1, weight: 1, length: 2 }, m.widthRequired],
    ['overseas with width -1', { is_overseas: 1, weight: 1, length: 2, width: -1 }, m.widthPositive],
    ['overseas without height', { is_overseas: 1, weight: 1, length: 2, width: 3 }, m.heightRequired],
    ['overseas with height 0', { is_overseas: 1, weight: 1, length: 2, width: 3, height: 0 }, m.heightPositive],
    ['a text weight', { is_overseas: 1, weight: 'kg' }, m.number],
    ['a zero weight on domestic goods', { weight: 0 }, m.weightPositive],
  ];
  it.each(cases)('answers 400 for %s', async (_name, patch, message) => {
    const res = await call(app, api.goods.save, { ...base(), ...patch } as never, { token });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, msg: message, data: null });
  });

  it('needs no stock for unlimited goods nor sizes for domestic goods', async () => {
    const id = await create({ stock_limit: 0, stock: '', weight: '', length: '' });
    expect(await detail(id)).toMatchObject({ stock_limit: 0, stock: 0, weight: null, length: null });
  });

  it('checks the stored picture: 800×800 only', async () => {
    const small = await uploadAs(app, token, await png(300, 300), { ext: 'png' });
    expect(small.status).toBe(200);
    const res = await call(app, api.goods.save, { ...base(), pic: small.key }, { token });
    expect(res.body).toMatchObject({ status: 400, msg: '图片尺寸不符合要求，请上传800*800px图片' });
    const missing = await call(app, api.goods.save, { ...base(), pic: 'img/none.png' }, { token });
    expect(missing.body).toMatchObject({ status: 400, msg: messages.upload.pictureMissing });
  });

  it('edits everything but the stock, which only goods.stock changes', async () => {
    const id = await create();
    const title = unique('改名');
    const res = await call(app, api.goods.save, { ...base(), id, title, price: 5, stock: 999 }, { token });
    expect(res.body.data).toEqual({ id });
    expect(await detail(id)).toMatchObject({ title, price: 5, stock: 10, stock_limit: 1 });
  });
});

describe('goods.stock', () => {
  it('follows the three transitions of the stock dialog', async () => {
    const id = await create({ stock_limit: 0, stock: '' });
    // Unlimited → limited needs a stock number.
    const noNumber = await stock({ id, current_stock_limit: 0, stock_limit: 1 });
    expect(noNumber.body).toMatchObject({ status: 400, msg: m.stockNumRequired });
    expect((await stock({ id, current_stock_limit: 0, stock_limit: 1, stock_num: -2 })).body.msg).toBe(
      m.stockNumNegative,
    );
    const limited = await stock({ id, current_stock_limit: 0, stock_limit: 1, stock_num: 30 });
    expect(limited.body).toEqual({ status: 0, msg: 'ok', data: { stock_limit: 1, stock: 30 } });
    // Limited → limited adds or reduces a quantity above 0.
    expect((await stock({ id, current_stock_limit: 1, stock_limit: 1, num: 5 })).body.msg).toBe(m.stockActionRequired);
    expect((await stock({ id, current_stock_limit: 1, stock_limit: 1, action: 1 })).body.msg).toBe('数量必须大于0');
    expect((await stock({ id, current_stock_limit: 1, stock_limit: 1, action: 1, num: 0 })).body.msg).toBe(
      m.numPositive,
    );
    expect((await stock({ id, current_stock_limit: 1, stock_limit: 1, action: 1, num: 5 })).body.data.stock).toBe(35);
    expect((await stock({ id, current_stock_limit: 1, stock_limit: 1, action: 2, num: 15 })).body.data.stock).toBe(20);
    // A type is required; → unlimited needs no number.
    expect((await stock({ id, current_stock_limit: 1, stock_limit: '' })).body.msg).toBe(m.stockTypeRequired);
    expect((await stock({ id, current_stock_limit: 1, stock_limit: 0 })).body.data).toEqual({
      stock_limit: 0,
      stock: 0,
    });
    expect(await detail(id)).toMatchObject({ stock_limit: 0, stock: 0 });
  });

  it("takes the spec's call (id, stock_limit, action, num) without the dialog's extra fields", async () => {
    const id = await create({ stock_limit: 0, stock: '' });
    expect((await stock({ id, stock_limit: 1, num: 30 })).body.data).toEqual({ stock_limit: 1, stock: 30 });
    expect((await stock({ id, stock_limit: 1, action: 2, num: 4 })).body.data).toEqual({ stock_limit: 1, stock: 26 });
    expect((await stock({ id, stock_limit: 1, num: 4 })).body.msg).toBe(m.stockActionRequired);
  });

  it('answers 409 for a reduction below zero and changes nothing', async () => {
    const id = await create({ stock: 3 });
    const res = await stock({ id, current_stock_limit: 1, stock_limit: 1, action: 2, num: 4 });
    expect(res.body).toEqual({ status: 409, msg: m.stockNotEnough, data: null });
    expect(res.statusCode).toBe(409);
    expect((await detail(id)).stock).toBe(3);
  });

  it('answers 409 when the stock type changed since the dialog opened', async () => {
    const id = await create({ stock: 3 });
    const res = await stock({ id, current_stock_limit: 0, stock_limit: 1, stock_num: 9 });
    expect(res.body).toMatchObject({ status: 409, msg: m.stockChanged });
    expect((await detail(id)).stock).toBe(3);
  });

  it('loses no change under 50 concurrent requests', async () => {
    const id = await create({ stock: 100 });
    const requests = Array.from({ length: 50 }, (_, i) =>
      stock({ id, current_stock_limit: 1, stock_limit: 1, action: i % 2 ? 2 : 1, num: i % 2 ? 3 : 7 }),
    );
    const answers = await Promise.all(requests);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect((await detail(id)).stock).toBe(100 + 25 * 7 - 25 * 3);
  });

  it('never goes below zero under 50 concurrent reductions', async () => {
    const id = await create({ stock: 60 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => stock({ id, current_stock_limit: 1, stock_limit: 1, action: 2, num: 7 })),
    );
    const ok = answers.filter((a) => a.statusCode === 200).length;
    expect(ok).toBe(8);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.body.msg === m.stockNotEnough)).toBe(true);
    expect((await detail(id)).stock).toBe(60 - 8 * 7);
  });
});

describe('goods.delete and the audit log', () => {
  it('deletes and keeps the history of every write', async () => {
    const id = await create({ stock: 5 });
    await call(app, api.goods.save, { ...base(), id, title: '改过的名字', price: 8 }, { token });
    await stock({ id, current_stock_limit: 1, stock_limit: 1, action: 1, num: 2 });
    const del = await call(app, api.goods.delete, { id }, { token });
    expect(del.body).toEqual({ status: 0, msg: 'ok', data: null });
    expect((await call(app, api.goods.detail, { id }, { token })).statusCode).toBe(404);
    expect((await call(app, api.goods.delete, { id }, { token })).statusCode).toBe(404);

    const log = (await call(app, api.audit.list, { entity: 'goods', id }, { token })).body.data;
    expect(log.list.map((e) => e.action)).toEqual(['delete', 'stock', 'update', 'create']);
    expect(log.list.map((e) => e.action_text)).toEqual(['删除', '修改库存', '编辑', '新增']);
    const [deleted, stocked, updated, created] = log.list;
    expect(created).toMatchObject({
      before: null,
      after: { stock: 5 },
      actor: expect.stringContaining('brand@demo.local'),
    });
    expect(updated!.before).toMatchObject({ price: 19.9 });
    expect(updated!.after).toMatchObject({ title: '改过的名字', price: 8 });
    expect(stocked).toMatchObject({ before: { stock: 5 }, after: { stock: 7 } });
    expect(deleted).toMatchObject({ after: null, before: { title: '改过的名字' }, ip_id: molly });
    expect(created!.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('tenancy', () => {
  it("answers 404 for another merchant's goods, exactly like a missing id", async () => {
    const id = await create();
    const other = await createMerchant(app, [14]);
    const otherToken = (await login(app, other.email)).web_token;
    const missing = await call(app, api.goods.detail, { id: 99_999_999 }, { token: otherToken });
    for (const res of [
      await call(app, api.goods.detail, { id }, { token: otherToken }),
      await call(app, api.goods.delete, { id }, { token: otherToken }),
      await stock({ id, current_stock_limit: 1, stock_limit: 1, action: 1, num: 1 }, otherToken),
      await call(app, api.goods.save, { ...base(), ip_id: other.brand.id, id }, { token: otherToken }),
      await call(app, api.goods.list, { ip_id: molly }, { token: otherToken }),
      await call(app, api.goods.save, { ...base() }, { token: otherToken }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
    expect((await call(app, api.goods.list, {}, { token: otherToken })).body.data.lists).toEqual([]);
    expect((await call(app, api.audit.list, { entity: 'goods', id }, { token: otherToken })).body.data.list).toEqual(
      [],
    );
    expect((await detail(id)).stock).toBe(10);
  });

  it('needs box_admin', async () => {
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.goods.list, {}, { token: coupon })).statusCode).toBe(403);
  });
});
