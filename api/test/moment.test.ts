import { api, messages } from '@toy/shared';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moments } from '../src/db/schema.js';
import { download } from './goods-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';
import { decideMoment, momentPic, newMoment } from './toy-helpers.js';

const m = messages.toy;
const app = await makeApp();
afterAll(() => app.close());
let brand: string;
let shop: string;
let reviewer: string;
let molly: number;
beforeAll(async () => {
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
  reviewer = (await login(app, 'reviewer@demo.local')).web_token;
  [molly] = (await brandIds(app, brand, 14)) as [number];
});

const save = (input: Record<string, unknown>, token = brand) => call(app, api.moment.save, input as never, { token });
const prepare = (image_url: string, token = brand, ip_id = molly) =>
  call(app, api.moment.prepare, { ip_id, image_url }, { token });
const list = (query: Record<string, unknown> = {}, token = brand) =>
  call(app, api.moment.list, { ip_id: molly, limit: 200, ...query } as never, { token });
const rowOf = async (id: number) => (await list()).body.data.lists.find((r) => r.id === id)!;
const momentCount = async () => Number((await app.db.select({ n: count() }).from(moments)).at(0)!.n);

describe('moment.save rules, in order', () => {
  it.each([
    [{ ip_id: '', name: '', image_url: '' }, m.brandRequired],
    [{ name: '', image_url: '' }, m.nameRequired],
    [{ name: '一二三四五六七八九十十', image_url: '' }, m.nameTooLong],
    [{ name: '时刻', image_url: '', short: '' }, m.momentImageRequired],
    [{ name: '时刻', image_url: 'test/a.jpg', short: '' }, m.momentImageNotReady],
    [
      { name: '时刻', image_url: 'test/a.jpg', image_url_source: 'a', image_url_watermark: '', short: '' },
      m.momentImageNotReady,
    ],
    [
      { name: '时刻', image_url: 'test/a.jpg', image_url_source: 'a', image_url_watermark: 'b', short: ' ' },
      m.momentShortRequired,
    ],
    [
      {
        name: '时刻',
        image_url: 'test/a.jpg',
        image_url_source: 'a',
        image_url_watermark: 'b',
        short: '长'.repeat(201),
      },
      m.momentShortTooLong,
    ],
  ])('%j → %s, and nothing is saved', async (input, message) => {
    const before = await momentCount();
    const res = await save('ip_id' in input ? input : { ip_id: molly, ...input });
    expect([res.statusCode, res.body.msg]).toEqual([400, message]);
    expect(await momentCount()).toBe(before);
  });

  it('refuses versions that were not made for the picture (请等待图片上传完成)', async () => {
    const key = await momentPic(app, brand);
    const other = (await prepare(await momentPic(app, brand, '#123456'))).body.data;
    const res = await save({
      ip_id: molly,
      name: '时刻',
      short: '描述',
      image_url: key,
      image_url_source: other.image_url_source,
      image_url_watermark: other.image_url_watermark,
    });
    expect([res.statusCode, res.body.msg]).toEqual([400, m.momentImageNotReady]);
  });
});

describe('moment.prepare: the source and the watermarked versions', () => {
  it('makes both once, of the picture size; the watermark changes the picture', async () => {
    const key = await momentPic(app, brand, '#808080');
    const first = await prepare(key);
    expect(first.statusCode).toBe(200);
    const again = await prepare(key);
    expect(again.body.data).toEqual(first.body.data);
    const { image_url_source, image_url_watermark } = first.body.data;
    expect(image_url_source).toMatch(/\/files\/moments\/[0-9a-f]{32}\/source\.jpg$/);
    expect(image_url_watermark).toMatch(/\/files\/moments\/[0-9a-f]{32}\/watermark\.jpg$/);
    const source = await download(app, image_url_source);
    const marked = await download(app, image_url_watermark);
    expect(await sharp(marked).metadata()).toMatchObject({ width: 1200, height: 800, format: 'jpeg' });
    expect(await sharp(source).metadata()).toMatchObject({ width: 1200, height: 800 });
    // A flat grey photo: the watermark's light text makes some pixels much lighter than the grey.
    const stats = await sharp(marked).stats();
    expect(stats.channels[0]!.max).toBeGreaterThan(170);
    const plain = await sharp(source).stats();
    expect(plain.channels[0]!.max).toBeLessThan(140);
  });

  it("another merchant's brand or picture is refused", async () => {
    const key = await momentPic(app, brand);
    expect((await prepare(key, shop)).statusCode).toBe(404);
    const [shopBrand] = (await brandIds(app, shop, 14)) as [number];
    const res = await prepare(key, shop, shopBrand);
    expect([res.statusCode, res.body.msg]).toEqual([400, messages.upload.pictureMissing]);
  });
});

describe('moments: list, state rules, review', () => {
  it('creates one pending; lists it with res counts; edit and delete refused while pending', async () => {
    const id = await newMoment(app, brand, molly);
    const data = (await list({ name: '开箱' })).body.data;
    expect(data.lists[0]).toMatchObject({ id, status: 0, received: 0, remark: '', name: '开箱时刻' });
    expect(data.res).toEqual({ doll: expect.any(Number), pic: expect.any(Number) });
    const row = await rowOf(id);
    const edit = await save({ ...row, name: '改名' });
    expect([edit.statusCode, edit.body.msg]).toEqual([409, m.pendingLocked]);
    const del = await call(app, api.moment.delete, { id }, { token: brand });
    expect([del.statusCode, del.body.msg]).toEqual([409, m.deletePending]);
  });

  it('rejected with a remark, edited (new picture, new versions), approved; then locked; deletable', async () => {
    const id = await newMoment(app, brand, molly);
    await decideMoment(app, reviewer, id, 2, '包含二维码');
    expect(await rowOf(id)).toMatchObject({ status: 2, remark: '包含二维码' });
    const key = await momentPic(app, brand, '#0000ff');
    const versions = (await prepare(key)).body.data;
    const edit = await save({ id, name: '新时刻', short: '新描述', ...versions });
    expect(edit.body.data).toEqual({ id, status: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 0, remark: '', name: '新时刻', ...versions });
    expect((await decideMoment(app, reviewer, id, 1)).body.data).toEqual({ id, status: 1 });
    const row = await rowOf(id);
    const locked = await save({ ...row, short: '改' });
    expect([locked.statusCode, locked.body.msg]).toEqual([409, m.approvedLocked]);
    expect(
      (await call(app, api.review.momentList, { status: 1 }, { token: reviewer })).body.data.list[0],
    ).toMatchObject({ id, status: 1, submitter: 'brand@demo.local' });
    expect((await call(app, api.moment.delete, { id }, { token: brand })).statusCode).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("another merchant's moment is 404; roles are checked", async () => {
    const id = await newMoment(app, brand, molly);
    await decideMoment(app, reviewer, id, 2, '驳回');
    expect((await call(app, api.moment.delete, { id }, { token: shop })).statusCode).toBe(404);
    const row = await rowOf(id);
    expect((await save({ ...row, name: '抢' }, shop)).statusCode).toBe(404);
    expect((await list({}, shop)).statusCode).toBe(404);
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.moment.list, {}, { token: coupon })).statusCode).toBe(403);
    expect((await decideMoment(app, brand, id, 1)).statusCode).toBe(403);
    expect((await decideMoment(app, reviewer, 999_999, 1)).statusCode).toBe(404);
  });
});
