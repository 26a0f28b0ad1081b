import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandIdByTitle,
  goodsIdByTitle,
  manualStyles,
  type RecordImages,
  recordForm,
  recordImages,
  uploadPng,
} from './blind-box-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';

const m = messages.blindBoxRecord;
const notFound = { status: 404, msg: messages.common.notFound, data: null };

let app: FastifyInstance;
let brand: string;
let shop: string;
let reviewer: string;
let molly: number;
let starPets: number;
let shopBrand: number;
let images: RecordImages;
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
  reviewer = (await login(app, 'reviewer@demo.local')).web_token;
  [molly, starPets] = (await brandIds(app, brand, 14)) as [number, number];
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
  images = await recordImages(app, brand);
});
afterAll(() => app.close());

const submit = (body: Record<string, unknown>, token = brand) =>
  call(app, api.blindBoxRecord.submit, body as never, { token });

describe('blindBoxRecord.submit', () => {
  it('records a blind box (goods and pics as JSON strings) and lists it pending with image URLs', async () => {
    const form = recordForm(molly, images);
    const res = await submit(form);
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: 0, msg: 'ok', data: { id: expect.any(Number), status: 0 } });
    const list = await call(app, api.blindBoxRecord.list, { ip_id: molly, status: 0 }, { token: brand });
    const row = list.body.data.list.find((r) => r.id === res.body.data.id)!;
    expect(row).toMatchObject({
      title: form.title,
      ip_title: 'Molly 梦工厂',
      goods_ip_title: 'Molly 梦工厂',
      price: 59,
      limit_stock: 12,
      shop_time: '2026-08-01 10:00:00',
      status: 0,
      reason: '',
      template_id: null,
      color: '#FFE4EC',
      submitter: '品牌主演示',
    });
    expect(row.pic).toMatch(new RegExp(`/files/${images.pic}$`));
    expect(row.pics).toHaveLength(1);
    expect(row.goods).toHaveLength(5);
    expect(row.goods[4]).toMatchObject({ type: 2, probability: 48, sku_id: null, is_overseas: 0 });
    expect(row.goods[0]!.probability).toBeNull();
  });

  it('answers the eleven rules in order', async () => {
    const full = recordForm(molly, images);
    const nameless = manualStyles(images.style).map((s, i) => (i === 1 ? { ...s, goods_title: ' ' } : s));
    const rateless = manualStyles(images.style).map((s) => (s.type === 2 ? { ...s, probability: '' } : s));
    const cases: [Record<string, unknown>, string][] = [
      [{}, m.brandRequired],
      [{ ip_id: molly }, m.brandRequired],
      [{ ip_id: molly, goods_ip_id: molly }, m.titleRequired],
      [{ ip_id: molly, goods_ip_id: molly, title: '盒' }, m.priceRequired],
      [{ ip_id: molly, goods_ip_id: molly, title: '盒', price: 0 }, m.priceRequired],
      [{ ip_id: molly, goods_ip_id: molly, title: '盒', price: 59 }, m.limitStockRequired],
      [{ ip_id: molly, goods_ip_id: molly, title: '盒', price: 59, limit_stock: 1.5 }, m.limitStockRequired],
      [{ ip_id: molly, goods_ip_id: molly, title: '盒', price: 59, limit_stock: 12 }, m.shopTimeRequired],
      [{ ...full, shop_time: '2026/08/01' }, m.shopTimeRequired],
      [{ ...full, goods: '[]' }, m.stylesRequired],
      [{ ...full, goods: 'not json' }, m.stylesRequired],
      [{ ...full, goods: JSON.stringify(manualStyles(images.style, 2, 1)) }, m.stylesIncomplete],
      [{ ...full, goods: JSON.stringify(nameless) }, m.styleTitleRequired],
      [{ ...full, goods: JSON.stringify(rateless) }, m.styleRateRequired],
      [{ ...full, is_overseas: 1 }, m.overseasFailure(m.overseasManual)],
      [{ ...full, pic: '' }, m.picRequired],
      [{ ...full, main_pic: '' }, m.mainPicRequired],
      [{ ...full, one_box_pic: '' }, m.oneBoxPicRequired],
      [{ ...full, one_pack_pic: '' }, m.onePackPicRequired],
      [{ ...full, pics: '[]' }, m.picsRequired],
      [{ ...full, pics: undefined }, m.picsRequired],
    ];
    for (const [body, message] of cases) {
      const res = await submit(body);
      expect(res.body, JSON.stringify(body).slice(0, 200)).toEqual({ status: 400, msg: message, data: null });
    }
    // An earlier rule wins over a later one.
    const res = await submit({ ...full, title: '', pic: '', goods: '[]' });
    expect(res.body.msg).toBe(m.titleRequired);
  });

  it('the overseas check judges the goods table, naming non-overseas goods and manual styles', async () => {
    const paris = await goodsIdByTitle(app, molly, 'Molly 星愿旅行·巴黎');
    const xmas = await goodsIdByTitle(app, molly, 'Molly 限定手办·圣诞');
    const picked = (g: typeof paris, extra = {}) => ({
      goods_title: g.title,
      goods_pic: g.pic,
      type: 1,
      sku_id: g.id,
      is_overseas: 1,
      ...extra,
    });
    const styles = [picked(paris), picked(xmas), ...manualStyles(images.style, 2, 1)];
    const res = await submit(recordForm(molly, images, { goods: JSON.stringify(styles), is_overseas: 1 }));
    expect(res.body.msg).toBe(m.overseasFailure(`Molly 限定手办·圣诞、${m.overseasManual}`));
    expect(res.body.msg).toBe(
      '无法开启海外售卖！以下商品不支持海外：Molly 限定手办·圣诞、部分商品（手动添加的款式默认不支持海外）\n请确保所有商品款式都支持海外售卖后再开启此功能。',
    );

    const travel = await Promise.all(
      ['巴黎', '东京', '纽约', '伦敦'].map((c) => goodsIdByTitle(app, molly, `Molly 星愿旅行·${c}`)),
    );
    const moon = await goodsIdByTitle(app, molly, 'Molly 星愿旅行·月球');
    const all = [...travel.map((g) => picked(g)), picked(moon, { type: 2, probability: 72 })];
    const ok = await submit(recordForm(molly, images, { goods: JSON.stringify(all), is_overseas: 1 }));
    expect(ok.statusCode).toBe(200);
    const detail = await call(app, api.blindBoxRecord.detail, { id: ok.body.data.id }, { token: brand });
    expect(detail.body.data.is_overseas).toBe(1);
    expect(detail.body.data.goods.every((s) => s.is_overseas === 1 && s.sku_id)).toBe(true);

    // A sku of another brand is not a goods of this record: it counts as a manual style.
    const foreign = await goodsIdByTitle(app, await brandIdByTitle(app, '星河玩社'), '夜光城市·霓虹街');
    const mixed = [...all.slice(1), picked(foreign)];
    const refused = await submit(recordForm(molly, images, { goods: JSON.stringify(mixed), is_overseas: 1 }));
    expect(refused.body.msg).toBe(m.overseasFailure(m.overseasManual));
  });

  it('checks each image at its exact or minimum pixel size, and that it exists', async () => {
    const wrong = async (w: number, h: number) => uploadPng(app, brand, w, h);
    const cases: [Record<string, unknown>, string][] = [
      [{ pic: await wrong(601, 600) }, messages.upload.imageSize(600, 600)],
      [{ main_pic: await wrong(1100, 600) }, messages.upload.imageMinSize(1200, 600)],
      [{ main_pic: await wrong(1200, 500) }, messages.upload.imageMinSize(1200, 600)],
      [{ one_box_pic: await wrong(800, 800) }, messages.upload.imageSize(400, 400)],
      [{ one_pack_pic: await wrong(400, 400) }, messages.upload.imageSize(800, 800)],
      [{ pic: 'img/none.png' }, m.imageMissing],
      [{ pics: JSON.stringify(['img/none.png']) }, m.imageMissing],
    ];
    for (const [patch, message] of cases) {
      const res = await submit(recordForm(molly, images, patch));
      expect(res.body, JSON.stringify(patch)).toEqual({ status: 400, msg: message, data: null });
    }
    const tooMany = await submit(recordForm(molly, images, { pics: JSON.stringify(Array(10).fill(images.detail)) }));
    expect(tooMany.body.msg).toBe(m.picsTooMany);
    // The public URL of a stored key is accepted as well as the key.
    const url = `http://127.0.0.1:8787/files/${images.pic}`;
    expect((await submit(recordForm(molly, images, { pic: url }))).statusCode).toBe(200);
  });

  it('checks drop rates, a basic style and the colour after the ordered rules', async () => {
    const styles = manualStyles(images.style);
    const cases: [unknown, string][] = [
      [styles.map((s) => (s.type === 2 ? { ...s, probability: 1 } : s)), m.rateInvalid],
      [styles.map((s) => ({ ...s, type: 2, probability: 48 })), m.basicRequired],
      [
        [
          ...styles,
          { goods_title: '大隐藏A', goods_pic: images.style, type: 3, probability: 2 },
          { goods_title: '大隐藏B', goods_pic: images.style, type: 3, probability: 2 },
        ],
        m.ratesTooHigh,
      ],
    ];
    for (const [goods, message] of cases) {
      const res = await submit(recordForm(molly, images, { goods: JSON.stringify(goods) }));
      expect(res.body.msg).toBe(message);
    }
    expect((await submit(recordForm(molly, images, { color: 'pink' }))).body.msg).toBe(m.colorInvalid);
    expect((await submit(recordForm(molly, images, { color: 'rgb(255, 0, 10)' }))).statusCode).toBe(200);
  });

  it("another merchant's brand answers 404; own-brand merchants record only their own brands", async () => {
    expect((await submit(recordForm(molly, images), shop)).body).toEqual(notFound);
    const foreignGoodsBrand = await submit(recordForm(molly, images, { goods_ip_id: shopBrand }));
    expect(foreignGoodsBrand.body).toEqual(notFound);
    const templateBrand = await brandIdByTitle(app, '星河玩社');
    expect((await submit(recordForm(molly, images, { goods_ip_id: templateBrand }))).body).toEqual(notFound);
    // Another brand of the same merchant is fine.
    expect((await submit(recordForm(molly, images, { goods_ip_id: starPets }))).statusCode).toBe(200);
  });

  it("another merchant's goods answer exactly as missing goods: neither existence nor overseas shows", async () => {
    const shopImages = await recordImages(app, shop);
    const style = (id: number, type = 1, extra = {}) => ({
      goods_title: `款式${id}`,
      goods_pic: shopImages.style,
      type,
      sku_id: id,
      is_overseas: 1,
      ...extra,
    });
    const travel = await Promise.all(
      ['巴黎', '东京', '纽约', '伦敦'].map((c) => goodsIdByTitle(app, molly, `Molly 星愿旅行·${c}`)),
    );
    const moon = await goodsIdByTitle(app, molly, 'Molly 星愿旅行·月球');
    const xmas = await goodsIdByTitle(app, molly, 'Molly 限定手办·圣诞');
    const overseas = [...travel.map((g) => style(g.id)), style(moon.id, 2, { probability: 72 })];
    const mixed = [...overseas.slice(1), style(xmas.id)];
    const missing = overseas.map((s, i) => ({ ...s, sku_id: 2_000_000_000 + i }));
    // The shop names Molly's goods (not a template brand) in a record of its own brand.
    const ask = (styles: unknown[]) =>
      submit(
        recordForm(shopBrand, shopImages, { goods_ip_id: molly, goods: JSON.stringify(styles), is_overseas: 1 }),
        shop,
      );
    const asMissing = (await ask(missing)).body;
    expect(asMissing).toEqual({ status: 400, msg: m.overseasFailure(m.overseasManual), data: null });
    expect((await ask(overseas)).body).toEqual(asMissing);
    expect((await ask(mixed)).body).toEqual(asMissing);
    // Without the overseas switch the foreign goods brand is refused like a missing one.
    const plain = recordForm(shopBrand, shopImages, { goods_ip_id: molly, goods: JSON.stringify(overseas) });
    expect((await submit(plain, shop)).body).toEqual(notFound);
  });

  it('a shop records a blind box of a template brand', async () => {
    const shopImages = await recordImages(app, shop);
    const templateBrand = await brandIdByTitle(app, '星河玩社');
    const res = await submit(recordForm(shopBrand, shopImages, { goods_ip_id: templateBrand }), shop);
    expect(res.statusCode).toBe(200);
    const detail = await call(app, api.blindBoxRecord.detail, { id: res.body.data.id }, { token: shop });
    expect(detail.body.data).toMatchObject({ ip_title: '潮玩小铺', goods_ip_title: '星河玩社' });
  });

  it('coupon-only merchants get 403; without a session 401', async () => {
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await submit(recordForm(molly, images), coupon)).statusCode).toBe(403);
    expect((await call(app, api.blindBoxRecord.submit, recordForm(molly, images))).statusCode).toBe(401);
  });
});

describe('blindBoxRecord.goodsSelector', () => {
  it('pages the brand goods 10 at a time and filters by title', async () => {
    const res = await call(app, api.blindBoxRecord.goodsSelector, { ip_id: molly }, { token: brand });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(res.body.data.lists.length).toBeLessThanOrEqual(10);
    const found = await call(
      app,
      api.blindBoxRecord.goodsSelector,
      { ip_id: molly, title: '星愿旅行' },
      { token: brand },
    );
    expect(found.body.data.pagination.total_rows).toBe(8);
    expect(found.body.data.lists[0]).toEqual({
      id: expect.any(Number),
      title: 'Molly 星愿旅行·巴黎',
      pic: expect.stringMatching(/^http.*\/files\/seed\/bb\/goods\/molly-travel-1\.png$/),
      price: 69,
      is_overseas: 1,
      stock: 0,
      stock_limit: 0,
    });
    const page2 = await call(
      app,
      api.blindBoxRecord.goodsSelector,
      { ip_id: molly, title: '星愿旅行', page: 2, limit: 5 },
      { token: brand },
    );
    expect(page2.body.data.lists).toHaveLength(3);
  });

  it("a shop lists a template brand's goods; other brands answer 404", async () => {
    const templateBrand = await brandIdByTitle(app, '星河玩社');
    const res = await call(app, api.blindBoxRecord.goodsSelector, { ip_id: templateBrand }, { token: shop });
    expect(res.body.data.lists.map((g) => g.title)).toContain('夜光城市·霓虹街');
    expect((await call(app, api.blindBoxRecord.goodsSelector, { ip_id: molly }, { token: shop })).body).toEqual(
      notFound,
    );
    const own = await call(app, api.blindBoxRecord.goodsSelector, { ip_id: templateBrand }, { token: brand });
    expect(own.body).toEqual(notFound);
  });
});

describe('review', () => {
  it('only the reviewer lists and decides: merchants get 403', async () => {
    expect((await call(app, api.review.list, {}, { token: brand })).statusCode).toBe(403);
    const res = await call(app, api.review.decide, { id: 1, status: 1, reason: '' }, { token: brand });
    expect(res.statusCode).toBe(403);
    expect(res.body.msg).toBe(messages.common.forbidden);
  });

  it('lists pending records with every image and style; the seeded one is there', async () => {
    const res = await call(app, api.review.list, { title: '海洋之梦' }, { token: reviewer });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.list.every((r) => r.status === 0)).toBe(true);
    const ocean = res.body.data.list.find((r) => r.title === 'Molly 海洋之梦系列')!;
    expect(ocean.goods).toHaveLength(7);
    for (const url of [ocean.pic, ocean.main_pic, ocean.one_box_pic, ocean.one_pack_pic, ...ocean.pics]) {
      expect(url).toMatch(/^http.*\/files\/seed\/bb\//);
    }
  });

  it('answers the decision rules in order; approves into a template; a decided record is 409', async () => {
    const created = await submit(recordForm(molly, images));
    const id = created.body.data.id;
    const decide = (body: Record<string, unknown>) => call(app, api.review.decide, body as never, { token: reviewer });
    expect((await decide({ id })).body.msg).toBe(messages.review.statusRequired);
    expect((await decide({ id, status: 2 })).body.msg).toBe(messages.review.reasonRequired);
    expect((await decide({ id, status: 2, reason: 'x'.repeat(201) })).body.msg).toBe(messages.review.reasonTooLong);

    const approved = await decide({ id, status: 1 });
    expect(approved.body.data).toEqual({ id, status: 1, template_id: expect.any(Number) });
    const again = await decide({ id, status: 2, reason: '晚了' });
    expect(again.statusCode).toBe(409);
    expect(again.body.msg).toBe(messages.review.decided);
    expect((await decide({ id: 2_000_000_000, status: 1 })).body).toEqual(notFound);

    const templates = await call(app, api.template.search, { ip_id: molly }, { token: brand });
    const template = templates.body.data.list.find((t) => t.id === approved.body.data.template_id)!;
    expect(template).toMatchObject({ title: created.body.data ? expect.any(String) : '', price: 59, limit_stock: 12 });
    expect(template.goods.map((g) => g.type)).toEqual([1, 1, 1, 1, 2]);
    expect(template.goods.map((g) => g.stock)).toEqual([3, 3, 3, 3, 0]);
  });

  it('a rejected record shows its reason; the merchant corrects and resubmits it', async () => {
    const created = await submit(recordForm(molly, images));
    const id = created.body.data.id;
    const reason = '橱窗主图与系列不符';
    await call(app, api.review.decide, { id, status: 2, reason }, { token: reviewer });
    const rejected = await call(app, api.blindBoxRecord.list, { ip_id: molly, status: 2 }, { token: brand });
    expect(rejected.body.data.list.find((r) => r.id === id)).toMatchObject({ status: 2, reason });

    const detail = (await call(app, api.blindBoxRecord.detail, { id }, { token: brand })).body.data;
    // The console sends back what it read (URLs); the API stores keys.
    const again = await submit({
      ...detail,
      goods: JSON.stringify(detail.goods),
      pics: JSON.stringify(detail.pics),
      title: '改好了的盲盒',
    });
    expect(again.body.data).toEqual({ id, status: 0 });
    const pending = await call(app, api.review.list, { title: '改好了的盲盒', limit: 50 }, { token: reviewer });
    expect(pending.body.data.list.find((r) => r.id === id)).toMatchObject({
      title: '改好了的盲盒',
      reason: '',
      status: 0,
    });

    expect((await submit({ ...recordForm(molly, images), id })).body.msg).toBe(m.pending);
    await call(app, api.review.decide, { id, status: 1 }, { token: reviewer });
    const approved = await submit({ ...recordForm(molly, images), id });
    expect(approved.statusCode).toBe(409);
    expect(approved.body.msg).toBe(m.approved);
    expect((await submit({ ...recordForm(shopBrand, images), id }, shop)).body).toEqual(notFound);
    expect((await call(app, api.blindBoxRecord.detail, { id }, { token: shop })).body).toEqual(notFound);
  });

  it('the seeded rejected record carries its reason for the merchant', async () => {
    const res = await call(
      app,
      api.blindBoxRecord.list,
      { ip_id: molly, status: 2, title: '森林音乐会' },
      { token: brand },
    );
    expect(res.body.data.list[0]).toMatchObject({ status: 2, reason: '详情图不清晰，请补充高清细节图后重新提交' });
  });
});
