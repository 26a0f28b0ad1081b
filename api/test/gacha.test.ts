import { api, GACHA_SHEET_COLUMNS, messages } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { gachaActivityGoods, gachaGoods } from '../src/db/schema.js';
import { mp4, png } from './files.js';
import { download, gachaBody, goodsPic, uploadAs, uploadSheet, uploadVideo } from './goods-helpers.js';
import { call, createMerchant, login, makeApp, unique } from './helpers.js';

const m = messages.gacha;

let app: FastifyInstance;
let token: string;
let ipId: number;
let pic: string;
let otherToken: string;
let otherBrand: number;
beforeAll(async () => {
  app = await makeApp();
  // A fresh merchant: the brand holds only what these tests create.
  const merchant = await createMerchant(app, [14]);
  token = (await login(app, merchant.email)).web_token;
  ipId = merchant.brand.id;
  pic = await goodsPic(app, token);
  const other = await createMerchant(app, [14]);
  otherToken = (await login(app, other.email)).web_token;
  otherBrand = other.brand.id;
});
afterAll(() => app.close());

const form = (extra: Record<string, unknown> = {}) => gachaBody(ipId, pic, extra);

async function create(extra: Record<string, unknown> = {}) {
  const res = await call(app, api.gacha.save, form(extra) as never, { token });
  expect(res.body.msg).toBe('ok');
  return res.body.data.id;
}
const detail = async (id: number) =>
  (await call(app, api.gacha.detail, { id, ip_id: ipId }, { token })).body.data.goods;
const bind = (goodsId: number, activityId: number) => app.db.insert(gachaActivityGoods).values({ goodsId, activityId });

describe('gacha.save', () => {
  it('creates gacha goods with every field of §3', async () => {
    const video = await uploadVideo(app, token, mp4());
    const id = await create({ cate: 2, video_url: video, label: JSON.stringify(['a', 'b', 'c', 'd']) });
    expect(await detail(id)).toMatchObject({
      id,
      ip_id: ipId,
      price: 25,
      cost_price: 9.5,
      stock: 100,
      cate: 2,
      cate_text: '一番赏',
      pics: [expect.stringMatching(new RegExp(`/files/${pic}$`))],
      video_url: expect.stringMatching(/\.mp4$/),
      label: ['a', 'b', 'c', 'd'],
      channel: '线下门店',
      channel_title: '线下门店',
      link: 'https://example.com/g',
      code: 'G-1',
      active_num: 0,
      active_ids: [],
      status: 1,
    });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['no brand', { ip_id: '' }, m.brandRequired],
    ['no title', { goods_title: '' }, '商品名称不可为空'],
    ['a long title', { goods_title: 'x'.repeat(201) }, m.titleTooLong],
    ['no price', { price: '' }, '零售价不可为空'],
    ['a text price', { price: 'abc' }, m.number],
    ['a price below 0.01', { price: 0.001 }, m.priceRange],
    ['a price above 50000', { price: 50000.01 }, m.priceRange],
    ['no cost', { cost_price: '' }, '成本价不可为空'],
    ['a text cost', { cost_price: '九' }, m.number],
    ['a zero cost', { cost_price: 0 }, m.priceRange],
    ['no stock', { stock: '' }, '库存不可为空'],
    ['a negative stock', { stock: -1 }, m.stockRange],
    ['a fractional stock', { stock: 1.5 }, m.stockRange],
    ['a stock above 100000', { stock: 100001 }, m.stockRange],
    ['no type', { cate: '' }, '类型不可为空'],
    ['no pictures', { pics: '[]' }, '图片不可为空'],
    ['eleven pictures', { pics: JSON.stringify(Array(11).fill('a.png')) }, m.picsTooMany],
    ['no channel', { channel: ' ' }, '渠道不可为空'],
    ['a long channel', { channel: 'c'.repeat(51) }, m.channelTooLong],
    ['a long label', { label: JSON.stringify(['l'.repeat(51)]) }, m.labelTooLong],
    ['five labels', { label: JSON.stringify(['a', 'b', 'c', 'd', 'e']) }, m.labelsTooMany],
    ['five labels as a list', { label: ['a', 'b', 'c', 'd', 'e'] }, m.labelsTooMany],
    ['a long link', { link: 'l'.repeat(2001) }, m.linkTooLong],
    ['a long code', { code: 'c'.repeat(2001) }, m.codeTooLong],
  ];
  it.each(cases)('answers 400 for %s', async (_name, patch, message) => {
    const res = await call(app, api.gacha.save, form(patch) as never, { token });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: 400, msg: message, data: null });
  });

  it('accepts the bounds 0.01–50000 and 0–100000', async () => {
    const id = await create({ price: 0.01, cost_price: 50000, stock: 0 });
    expect(await detail(id)).toMatchObject({ price: 0.01, cost_price: 50000, stock: 0 });
    expect((await call(app, api.gacha.save, form({ stock: 100000 }) as never, { token })).statusCode).toBe(200);
  });

  it('checks pictures (800×800) and the video (mp4, kind video) on the server', async () => {
    const small = await uploadAs(app, token, await png(400, 400), { ext: 'png' });
    const res = await call(app, api.gacha.save, form({ pics: JSON.stringify([small.key]) }) as never, { token });
    expect(res.body.msg).toBe('图片尺寸不符合要求，请上传800*800px图片');
    const notVideo = await call(app, api.gacha.save, form({ video_url: pic }) as never, { token });
    expect(notVideo.body.msg).toBe(messages.upload.unsupported);
  });

  it('locks price, cost and type of bound goods and adds stock', async () => {
    const id = await create({ stock: 50 });
    await bind(id, 7001);
    await bind(id, 7002);
    expect(await detail(id)).toMatchObject({ active_num: 2, active_ids: [7001, 7002] });
    const edit = (extra: Record<string, unknown>) =>
      call(app, api.gacha.save, form({ id, add_stock: 1, stock: 0, ...extra }) as never, { token });
    expect((await edit({ price: 26 })).body).toMatchObject({ status: 409, msg: m.bound });
    expect((await edit({ cate: 2 })).body).toMatchObject({ status: 409, msg: m.bound });
    // The dialog thought it could set the stock: refused rather than misread.
    const stale = await call(app, api.gacha.save, form({ id, stock: 10 }) as never, { token });
    expect(stale.body).toMatchObject({ status: 409, msg: m.boundChanged });
    const title = unique('改名');
    const added = await edit({ goods_title: title, stock: 25 });
    expect(added.body.data).toEqual({ id, stock: 75 });
    expect(await detail(id)).toMatchObject({ goods_title: title, stock: 75, price: 25 });
  });

  it('offers 失效 only for unbound goods, and unbinds', async () => {
    const id = await create();
    await bind(id, 7101);
    const refused = await call(app, api.gacha.invalidate, { id, ip_id: ipId }, { token });
    expect(refused.body).toEqual({ status: 409, msg: m.boundInvalidate, data: null });
    const unbound = await call(app, api.gacha.unbind, { goods_id: id, ip_id: ipId }, { token });
    expect(unbound.body.data).toEqual({ active_num: 0 });
    expect((await detail(id)).active_num).toBe(0);
    const done = await call(app, api.gacha.invalidate, { id, ip_id: ipId }, { token });
    expect(done.body).toEqual({ status: 0, msg: 'ok', data: null });
    expect((await detail(id)).status).toBe(0);
    const log = (await call(app, api.audit.list, { entity: 'gacha', id }, { token })).body.data.list;
    expect(log.map((e) => e.action)).toEqual(['invalidate', 'unbind', 'create']);
    expect(log[1]).toMatchObject({ before: { active_ids: [7101] }, after: { active_ids: [] } });
    expect(log[0]).toMatchObject({ before: { status: 1 }, after: { status: 0 } });
  });

  it("answers 404 for another merchant's gacha goods", async () => {
    const id = await create();
    const missing = await call(app, api.gacha.detail, { id: 99_999_999 }, { token: otherToken });
    for (const res of [
      await call(app, api.gacha.detail, { id }, { token: otherToken }),
      await call(app, api.gacha.invalidate, { id }, { token: otherToken }),
      await call(app, api.gacha.unbind, { goods_id: id }, { token: otherToken }),
      await call(app, api.gacha.list, { ip_id: ipId }, { token: otherToken }),
      await call(app, api.gacha.export, { ip_id: ipId }, { token: otherToken }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual(missing.body);
    }
  });
});

describe('gacha.list', () => {
  it('filters by goods name, goods id and type; pages by 20 by default', async () => {
    const word = unique('筛选');
    const ids = [await create({ goods_title: `${word} A` }), await create({ goods_title: `${word} B`, cate: 2 })];
    const byName = await call(app, api.gacha.list, { ip_id: ipId, goods_title: word }, { token });
    expect(byName.body.data.list.map((g) => g.id)).toEqual([...ids].reverse());
    expect(byName.body.data.page).toEqual({ page: 1, limit: 20, total_rows: 2 });
    const byId = await call(app, api.gacha.list, { ip_id: ipId, sku_id: ids[0] }, { token });
    expect(byId.body.data.list.map((g) => g.id)).toEqual([ids[0]]);
    const byCate = await call(app, api.gacha.list, { ip_id: ipId, goods_title: word, cate: 2 }, { token });
    expect(byCate.body.data.list.map((g) => g.id)).toEqual([ids[1]]);
  });
});

const header = [...GACHA_SHEET_COLUMNS];
const row = (title: string, extra: Partial<Record<(typeof GACHA_SHEET_COLUMNS)[number], unknown>> = {}) => {
  const values: Record<string, unknown> = {
    ID: '',
    商品名称: title,
    零售价: 12.5,
    成本价: 4,
    库存: 30,
    类型: '扭蛋',
    渠道: '小程序',
    标签1: '新品',
    图片: pic,
    ...extra,
  };
  return header.map((h) => (values[h] ?? '') as string | number);
};
const readRows = (buffer: Buffer) => {
  const book = XLSX.read(buffer, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null });
};

describe('import', () => {
  it('dry-runs, refuses a file with one bad row as a whole, then applies the fixed file', async () => {
    const word = unique('导入');
    const existing = await create({ goods_title: `${word} 旧` });
    const rows = [
      header,
      row(`${word} 1`),
      row(`${word} 2`, { 零售价: 0 }),
      row(`${word} 旧改`, { ID: existing, 库存: 7 }),
      row(`${word} 3`, { 类型: '一番赏' }),
    ];
    const url = await uploadSheet(app, token, rows);
    const preview = await call(app, api.gacha.import, { url, ip_id: ipId }, { token });
    expect(preview.body.data).toMatchObject({
      total_num: 4,
      create_num: 2,
      update_num: 1,
      unchanged_num: 0,
      error_num: 1,
      errors: [{ row: 3, column: '零售价', message: m.priceRange }],
    });
    const report = readRows(await download(app, preview.body.data.error_url!));
    expect(report[0]).toEqual([...header, '错误原因']);
    expect(report).toHaveLength(2);
    expect(report[1]![1]).toBe(`${word} 2`);
    expect(report[1]![header.length]).toBe(`第3行 零售价：${m.priceRange}`);

    const refused = await call(app, api.gacha.importConfirm, { url, ip_id: ipId }, { token });
    expect(refused.body).toEqual({ status: 400, msg: m.importRow(3, `零售价：${m.priceRange}`), data: null });
    const after = await call(app, api.gacha.list, { ip_id: ipId, goods_title: word }, { token });
    expect(after.body.data.page.total_rows).toBe(1);
    expect((await detail(existing)).stock).toBe(100);

    rows[2] = row(`${word} 2`, { 零售价: 3 });
    const fixed = await uploadSheet(app, token, rows);
    const ok = await call(app, api.gacha.importConfirm, { url: fixed, ip_id: ipId }, { token });
    expect(ok.body.data).toEqual({ create_num: 3, update_num: 1, unchanged_num: 0 });
    const list = (await call(app, api.gacha.list, { ip_id: ipId, goods_title: word }, { token })).body.data;
    expect(list.page.total_rows).toBe(4);
    expect(list.list.find((g) => g.goods_title === `${word} 3`)?.cate).toBe(2);
    expect(await detail(existing)).toMatchObject({ goods_title: `${word} 旧改`, stock: 7, price: 12.5 });
    const log = (await call(app, api.audit.list, { entity: 'gacha', id: existing }, { token })).body.data.list;
    expect(log[0]).toMatchObject({ action: 'import_update', before: { stock: 100 }, after: { stock: 7 } });
    for (const g of list.list.filter((x) => x.id !== existing)) {
      const created = (await call(app, api.audit.list, { entity: 'gacha', id: g.id }, { token })).body.data.list;
      expect(created).toEqual([
        expect.objectContaining({
          action: 'import_create',
          before: null,
          after: expect.objectContaining({ id: g.id, goods_title: g.goods_title, price: g.price }),
        }),
      ]);
    }
  });

  it('rolls back everything when a row turns bad between the dry run and the confirm', async () => {
    const word = unique('回滚');
    const target = await create({ goods_title: `${word} 目标` });
    const url = await uploadSheet(app, token, [
      header,
      row(`${word} 新`),
      row(`${word} 目标`, { ID: target, 零售价: 30 }),
    ]);
    expect((await call(app, api.gacha.import, { url, ip_id: ipId }, { token })).body.data.error_num).toBe(0);
    await bind(target, 7301);
    const res = await call(app, api.gacha.importConfirm, { url, ip_id: ipId }, { token });
    expect(res.body).toMatchObject({ status: 400, msg: m.importRow(3, `零售价：${m.bound}`) });
    const list = await call(app, api.gacha.list, { ip_id: ipId, goods_title: word }, { token });
    expect(list.body.data.list.map((g) => g.id)).toEqual([target]);
  });

  it('reports ids of other brands, duplicates, bad types and the exact rule messages', async () => {
    const mine = await create();
    const theirs = form({ ip_id: otherBrand, pics: JSON.stringify([await goodsPic(app, otherToken)]) });
    const foreign = await call(app, api.gacha.save, theirs as never, { token: otherToken });
    expect(foreign.statusCode).toBe(200);
    const url = await uploadSheet(app, token, [
      header,
      row('a', { ID: foreign.body.data.id }),
      row('b', { ID: mine }),
      row('c', { ID: mine }),
      row('d', { 类型: '盲盒' }),
      row('', {}),
      row('e', { 库存: 1.5 }),
      row('f', { 图片: '' }),
      [],
      row('g', { 渠道: '' }),
    ]);
    const preview = (await call(app, api.gacha.import, { url, ip_id: ipId }, { token })).body.data;
    expect(preview.errors).toEqual([
      { row: 2, column: 'ID', message: m.importIdMissing },
      { row: 4, column: 'ID', message: m.importIdDuplicate },
      { row: 5, column: '类型', message: m.importCate },
      { row: 6, column: '商品名称', message: m.required },
      { row: 7, column: '库存', message: m.stockRange },
      { row: 8, column: '图片', message: m.required },
      { row: 10, column: '渠道', message: m.required },
    ]);
    expect(preview).toMatchObject({ total_num: 8, update_num: 1, create_num: 0, error_num: 7 });
  });

  it('lists every mistake of every row, and the error sheet gives each bad row once with all of them', async () => {
    const url = await uploadSheet(app, token, [
      header,
      row('', { 零售价: '', 库存: 1.5, 图片: '', 渠道: '' }),
      row('ok'),
      row('h', { 类型: '盲盒', 成本价: 0, 标签1: 'x'.repeat(51) }),
    ]);
    const preview = (await call(app, api.gacha.import, { url, ip_id: ipId }, { token })).body.data;
    expect(preview.errors).toEqual([
      { row: 2, column: '商品名称', message: m.required },
      { row: 2, column: '零售价', message: m.required },
      { row: 2, column: '库存', message: m.stockRange },
      { row: 2, column: '图片', message: m.required },
      { row: 2, column: '渠道', message: m.required },
      { row: 4, column: '类型', message: m.importCate },
      { row: 4, column: '成本价', message: m.priceRange },
      { row: 4, column: '标签', message: m.labelTooLong },
    ]);
    expect(preview).toMatchObject({ total_num: 3, create_num: 1, error_num: 2 });
    const report = readRows(await download(app, preview.error_url!));
    expect(report).toHaveLength(3);
    expect(report[1]![header.length]).toBe(
      `第2行 商品名称：${m.required}；零售价：${m.required}；库存：${m.stockRange}；图片：${m.required}；渠道：${m.required}`,
    );
    expect(report[2]![header.length]).toBe(
      `第4行 类型：${m.importCate}；成本价：${m.priceRange}；标签：${m.labelTooLong}`,
    );
  });

  it('refuses a wrong header, an empty sheet and files that are not its own xlsx', async () => {
    const wrong = await uploadSheet(app, token, [
      ['名称', '价格'],
      ['a', 1],
    ]);
    expect((await call(app, api.gacha.import, { url: wrong, ip_id: ipId }, { token })).body.msg).toBe(m.importHeader);
    const empty = await uploadSheet(app, token, [header]);
    expect((await call(app, api.gacha.import, { url: empty, ip_id: ipId }, { token })).body.msg).toBe(m.importEmpty);
    const image = await call(app, api.gacha.import, { url: pic, ip_id: ipId }, { token });
    expect(image.body).toMatchObject({ status: 415, msg: messages.upload.unsupported });
    const someoneElses = await call(app, api.gacha.import, { url: empty, ip_id: ipId }, { token: otherToken });
    expect(someoneElses.statusCode).toBe(404);
  });

  it('refuses a PNG renamed .xlsx at the upload', async () => {
    const spoofed = await uploadAs(app, token, await png(10, 10), { fileType: 'xlsx', ext: 'xlsx' });
    expect(spoofed).toMatchObject({ status: 415, msg: '暂不支持此类文件上传' });
  });

  it('refuses a 200k-row sheet by the row cap', async () => {
    const rows = [header, ...Array.from({ length: 200_000 }, (_, i) => [i + 1, `x${i}`])];
    const url = await uploadSheet(app, token, rows);
    const res = await call(app, api.gacha.import, { url, ip_id: ipId }, { token });
    expect(res.body).toEqual({ status: 413, msg: m.importTooManyRows(100_000), data: null });
  });
});

describe('export and import again', () => {
  it('exports exactly what the filters select, and re-importing the file changes nothing', async () => {
    const word = unique('往返');
    const bound = await create({ goods_title: `${word} 绑定`, label: JSON.stringify(['<&>"', ' 空格 ', '', 'd']) });
    await bind(bound, 7401);
    await create({ goods_title: `${word} 普通`, cate: 2, link: '', code: '' });
    await create({ goods_title: unique('不选') });
    const res = await call(app, api.gacha.export, { ip_id: ipId, goods_title: word }, { token });
    expect(res.body.data).toMatchObject({ job_id: null, total_num: 2 });
    const file = await download(app, res.body.data.url!);
    const rows = readRows(file);
    expect(rows[0]).toEqual([...header, '关联活动数', '状态', '创建时间']);
    expect(rows.slice(1).map((r) => r[1])).toEqual([`${word} 绑定`, `${word} 普通`]);

    const before = await app.db.select().from(gachaGoods).where(eq(gachaGoods.ipId, ipId));
    const up = await uploadAs(app, token, file, { fileType: 'xlsx', ext: 'xlsx' });
    const preview = await call(app, api.gacha.import, { url: up.key, ip_id: ipId }, { token });
    expect(preview.body.data).toMatchObject({
      total_num: 2,
      create_num: 0,
      update_num: 0,
      unchanged_num: 2,
      error_num: 0,
    });
    const done = await call(app, api.gacha.importConfirm, { url: up.key, ip_id: ipId }, { token });
    expect(done.body.data).toEqual({ create_num: 0, update_num: 0, unchanged_num: 2 });
    const after = await app.db.select().from(gachaGoods).where(eq(gachaGoods.ipId, ipId));
    expect(after).toEqual(before);
  });

  it('answers a downloadable template whose example row imports as it is, with a sheet of column notes', async () => {
    const res = await call(app, api.gacha.template, {}, { token });
    const file = await download(app, res.body.data.url);
    const rows = readRows(file);
    expect(rows[0]).toEqual(header);
    expect(rows).toHaveLength(2);
    expect(String(rows[1]![header.indexOf('图片')])).toMatch(/^https?:\/\/.+\/seed\/goods-01\.png$/);

    const book = XLSX.read(file, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['商品', '填写说明']);
    const notes = XLSX.utils.sheet_to_json<string[]>(book.Sheets.填写说明!, { header: 1, defval: '' });
    const noteOf = (column: string) => notes.find((r) => r[0] === column)?.[1] ?? '';
    for (const column of header) expect(noteOf(column), column).not.toBe('');
    expect(noteOf('图片')).toContain('图片网址');
    expect(noteOf('类型')).toContain('扭蛋');

    // The downloaded file itself, uploaded again untouched: one goods to create, no errors.
    const up = await uploadAs(app, token, file, { fileType: 'xlsx', ext: 'xlsx' });
    const preview = await call(app, api.gacha.import, { url: up.key, ip_id: ipId }, { token });
    expect(preview.body.data).toMatchObject({ total_num: 1, create_num: 1, error_num: 0, errors: [] });
    const done = await call(app, api.gacha.importConfirm, { url: up.key, ip_id: ipId }, { token });
    expect(done.body.data).toEqual({ create_num: 1, update_num: 0, unchanged_num: 0 });
  });
});
