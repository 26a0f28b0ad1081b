import { api } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeApp } from './helpers.js';

let app: FastifyInstance;
let brandToken: string;
beforeAll(async () => {
  app = await makeApp({ publicUrl: 'http://api.test:8787' });
  brandToken = (await login(app, 'brand@demo.local')).web_token;
});
afterAll(() => app.close());

describe('brand.showcase', () => {
  it('answers 60 showcase brands with absolute pictures served by the API', async () => {
    const res = await call(app, api.brand.showcase);
    expect(res.statusCode).toBe(200);
    const { ips } = res.body.data;
    expect(ips).toHaveLength(60);
    expect(ips[0]).toEqual({
      id: expect.any(Number),
      title: '星河玩社',
      pic: 'http://api.test:8787/files/seed/brand-01.png',
    });
    const file = await app.inject({ method: 'GET', url: new URL(ips[0]!.pic).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 300]);
  });

  it('is public but signed', async () => {
    expect((await call(app, api.brand.showcase, undefined, { sign: false })).statusCode).toBe(401);
  });
});

describe('brand.mine', () => {
  it('answers the own brands for a permission id, ordered by id', async () => {
    const res = await call(app, api.brand.mine, { per_id: 14 }, { token: brandToken });
    expect(res.statusCode).toBe(200);
    const titles = res.body.data.ips.map((b) => b.title);
    expect(titles).toEqual(['Molly 梦工厂', '星际萌宠']);
    const ids = res.body.data.ips.map((b) => b.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(res.body.data.ips[0]).toEqual({ id: expect.any(Number), title: 'Molly 梦工厂', type: 1 });
  });

  it('without per_id answers the brands of any of the user’s permissions', async () => {
    const res = await call(app, api.brand.mine, {}, { token: brandToken });
    expect(res.body.data.ips.map((b) => b.title)).toEqual(['Molly 梦工厂', '星际萌宠']);
  });

  it('a permission the user lacks gives no brands; a shop sees only its shop', async () => {
    const coupon = await login(app, 'coupon@demo.local');
    expect((await call(app, api.brand.mine, { per_id: 14 }, { token: coupon.web_token })).body.data.ips).toEqual([]);
    expect(
      (await call(app, api.brand.mine, { per_id: 15 }, { token: coupon.web_token })).body.data.ips.map((b) => b.title),
    ).toEqual(['券券潮玩']);
    const shop = await login(app, 'shop@demo.local');
    const res = await call(app, api.brand.mine, { per_id: 14 }, { token: shop.web_token });
    expect(res.body.data.ips).toEqual([{ id: expect.any(Number), title: '潮玩小铺', type: 2 }]);
  });

  it('rejects an unknown per_id and needs a session', async () => {
    const bad = await call(app, api.brand.mine, { per_id: 99 as 14 }, { token: brandToken });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.msg).toBe('无效的权限');
    expect((await call(app, api.brand.mine, {})).statusCode).toBe(401);
  });
});

describe('brand.templateSearch', () => {
  it('a shop finds the active template brands by title (case-insensitive), at most 10', async () => {
    const shop = (await login(app, 'shop@demo.local')).web_token;
    const all = await call(app, api.brand.templateSearch, {}, { token: shop });
    expect(all.statusCode).toBe(200);
    expect(all.body.data.ips).toHaveLength(10);
    const page2 = await call(app, api.brand.templateSearch, { page: 2 }, { token: shop });
    expect(page2.body.data.ips).toHaveLength(10);
    expect(page2.body.data.ips[0]!.id).not.toBe(all.body.data.ips[0]!.id);

    const bear = await call(app, api.brand.templateSearch, { title: 'candy' }, { token: shop });
    expect(bear.body.data.ips.map((b) => b.title)).toEqual(['糖果熊 Candy Bear']);
    const zh = await call(app, api.brand.templateSearch, { title: '月光' }, { token: shop });
    expect(zh.body.data.ips.map((b) => b.title)).toEqual(['月光兔']);
    // Its own brand, not a template, with is_template 0.
    const own = await call(app, api.brand.templateSearch, { is_template: 0 }, { token: shop });
    expect(own.body.data.ips.map((b) => b.title)).toEqual(['潮玩小铺']);
  });

  it("never lists other merchants' brands: not with is_template 0, not to an own-brand merchant", async () => {
    const shop = (await login(app, 'shop@demo.local')).web_token;
    for (const token of [brandToken, shop]) {
      const res = await call(app, api.brand.templateSearch, { title: '夏日汽水', is_template: 0 }, { token });
      expect(res.body.data.ips).toEqual([]);
      const every = await call(app, api.brand.templateSearch, { is_template: 0, limit: 10 }, { token });
      const mine = (await call(app, api.brand.mine, {}, { token })).body.data.ips.map((b) => b.id);
      expect(every.body.data.ips.every((b) => mine.includes(b.id))).toBe(true);
      const inactive = await call(app, api.brand.templateSearch, { status: 0 }, { token });
      expect(inactive.body.data.ips.every((b) => mine.includes(b.id))).toBe(true);
    }
    // An own-brand merchant is fixed to its own brands (spec 01 §6): no template brands.
    const templates = await call(app, api.brand.templateSearch, {}, { token: brandToken });
    expect(templates.body.data.ips).toEqual([]);
    const mineOnly = await call(app, api.brand.templateSearch, { is_template: 0 }, { token: brandToken });
    expect(mineOnly.body.data.ips.map((b) => b.title)).toEqual(['Molly 梦工厂', '星际萌宠']);
    const pct = await call(app, api.brand.templateSearch, { title: '%' }, { token: shop });
    expect(pct.body.data.ips).toEqual([]);
  });

  it('limit above 10 answers 400', async () => {
    const res = await call(app, api.brand.templateSearch, { limit: 11 }, { token: brandToken });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe('每页条数不能大于10');
  });
});
