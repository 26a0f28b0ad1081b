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
  it('finds template brands by title (case-insensitive), at most 10', async () => {
    const all = await call(app, api.brand.templateSearch, {}, { token: brandToken });
    expect(all.statusCode).toBe(200);
    expect(all.body.data.ips).toHaveLength(10);
    const page2 = await call(app, api.brand.templateSearch, { page: 2 }, { token: brandToken });
    expect(page2.body.data.ips).toHaveLength(10);
    expect(page2.body.data.ips[0]!.id).not.toBe(all.body.data.ips[0]!.id);

    const bear = await call(app, api.brand.templateSearch, { title: 'candy' }, { token: brandToken });
    expect(bear.body.data.ips.map((b) => b.title)).toEqual(['糖果熊 Candy Bear']);
    const zh = await call(app, api.brand.templateSearch, { title: '月光' }, { token: brandToken });
    expect(zh.body.data.ips.map((b) => b.title)).toEqual(['月光兔']);
  });

  it('non-template brands are not found; % is literal', async () => {
    const res = await call(app, api.brand.templateSearch, { title: '夏日汽水' }, { token: brandToken });
    expect(res.body.data.ips).toEqual([]);
    const pct = await call(app, api.brand.templateSearch, { title: '%' }, { token: brandToken });
    expect(pct.body.data.ips).toEqual([]);
    const nonTemplates = await call(
      app,
      api.brand.templateSearch,
      { title: '夏日汽水', is_template: 0 },
      { token: brandToken },
    );
    expect(nonTemplates.body.data.ips.map((b) => b.title)).toEqual(['夏日汽水']);
  });

  it('limit above 10 answers 400', async () => {
    const res = await call(app, api.brand.templateSearch, { limit: 11 }, { token: brandToken });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toContain('limit');
  });
});
