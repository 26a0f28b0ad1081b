// A shop account (auth type 2) is a 店铺: every answer that means the account's own brand says 店铺,
// while an IP brand picked from the templates stays a 品牌.
import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeApp } from './helpers.js';

let app: FastifyInstance;
let brand: string;
let shop: string;
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
});
afterAll(() => app.close());

describe('words for a shop account', () => {
  it('says 店铺 where the answer means the account itself', async () => {
    const body = { name: '仓库', country: 'cn' };
    expect((await call(app, api.warehouse.save, body as never, { token: shop })).body).toEqual({
      status: 400,
      msg: '请选择店铺',
      data: null,
    });
    expect((await call(app, api.warehouse.save, body as never, { token: brand })).body.msg).toBe('请选择品牌');
    const gacha = await call(app, api.gacha.save, { goods_title: 'x' } as never, { token: shop });
    expect(gacha.body.msg).toBe('请选择店铺');
  });

  it('keeps 品牌 for the IP brand of a blind-box record', async () => {
    const res = await call(app, api.blindBoxRecord.submit, {} as never, { token: shop });
    expect(res.body.msg).toBe(messages.blindBoxRecord.brandRequired);
    expect(res.body.msg).toBe('请选择盲盒品牌');
  });
});
