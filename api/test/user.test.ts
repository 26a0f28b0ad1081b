import { api, type MenuItem, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuFor } from '../src/features/user/menu.js';
import { call, createMerchant, login, makeApp, PASSWORD } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await makeApp();
});
afterAll(() => app.close());

const titles = (menus: MenuItem[]): string[] => menus.flatMap((item) => [item.meta.title, ...titles(item.children)]);
/** The wire type of a lazy schema is unknown; the answer was checked by the response schema. */
const menusOf = (data: { menus: unknown[] }) => data.menus as MenuItem[];

describe('user.info', () => {
  it('answers the profile, roles and the menu tree of a box_admin', async () => {
    const { web_token } = await login(app, 'brand@demo.local');
    const res = await call(app, api.user.info, undefined, { token: web_token });
    expect(res.statusCode).toBe(200);
    const info = res.body.data;
    expect(info).toMatchObject({ name: '品牌主演示', email: 'brand@demo.local', type: 1, per_ids: [12, 14, 15, 17] });
    expect(info.roles).toEqual(['nft_admin', 'box_admin', 'coupon_admin', 'goods_admin']);
    const menus = menusOf(info);
    expect(menus[0]).toMatchObject({
      path: '/dashboard',
      url: 'dashboard',
      pid: 0,
      meta: { title: '首页', roles: [] },
    });
    const group = menus.find((item) => item.path === '/blindBox')!;
    expect(group).toMatchObject({ url: 'layout', meta: { title: '盲盒管理', icon: 'box' } });
    expect(group.children).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: '/blindBox/overseasWarehouse',
          url: 'warehouse/list',
          pid: group.id,
          meta: expect.objectContaining({ title: '仓库管理', roles: ['box_admin'] }),
          children: [],
        }),
      ]),
    );
    // Hidden routes come with the menu (so they are routable) but are marked hidden.
    const recordForm = group.children.find((item) => item.path === '/blindBox/goodsAdd')!;
    expect(recordForm.meta).toMatchObject({ hidden: true, roles: ['box_admin'] });
    expect(titles(menus)).not.toContain('盲盒备案审核');
  });

  it('drops a group without visible children (coupon manager, reviewer)', async () => {
    // The coupon manager sees 盲盒管理 with its coupon rows (the form's row is hidden in the menu).
    const coupon = await login(app, 'coupon@demo.local');
    const couponInfo = await call(app, api.user.info, undefined, { token: coupon.web_token });
    expect(titles(menusOf(couponInfo.body.data))).toEqual(['首页', '盲盒管理', '优惠券管理', '新建优惠券']);
    const reviewer = await login(app, 'reviewer@demo.local');
    const res = await call(app, api.user.info, undefined, { token: reviewer.web_token });
    expect(res.body.data.roles).toEqual(['reviewer']);
    // The reviewer sees only the review group (300–399), never the merchant groups.
    expect(titles(menusOf(res.body.data))).toEqual(['首页', '审核', '盲盒备案审核']);
  });

  it('admin sees every row', () => {
    expect(titles(menuFor(['admin']))).toEqual(
      expect.arrayContaining(['首页', '盲盒管理', '仓库管理', '盲盒备案', '审核', '盲盒备案审核']),
    );
  });

  it('needs a session', async () => {
    expect((await call(app, api.user.info)).statusCode).toBe(401);
  });
});

describe('user.resetPassword', () => {
  it('checks the old password, revokes the other sessions, keeps this one', async () => {
    const { email } = await createMerchant(app);
    const current = (await login(app, email)).web_token;
    const other = (await login(app, email)).web_token;

    const wrong = await call(
      app,
      api.user.resetPassword,
      { old_password: 'nope', new_password: 'new-pass-1' },
      { token: current },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toEqual({ status: 400, msg: messages.auth.oldPasswordWrong, data: null });

    const ok = await call(
      app,
      api.user.resetPassword,
      { old_password: PASSWORD, new_password: 'new-pass-1' },
      { token: current },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toEqual({ status: 0, msg: 'ok', data: null });

    expect((await call(app, api.user.info, undefined, { token: current })).statusCode).toBe(200);
    expect((await call(app, api.user.info, undefined, { token: other })).statusCode).toBe(401);
    const oldLogin = await call(app, api.auth.login, { email, password: PASSWORD });
    expect(oldLogin.body.msg).toBe(messages.auth.badCredentials);
    expect((await login(app, email, 'new-pass-1')).web_token).toBeTruthy();
  });

  it('validates the fields', async () => {
    const { web_token } = await login(app, 'brand@demo.local');
    const short = await call(
      app,
      api.user.resetPassword,
      { old_password: 'x', new_password: '123' },
      { token: web_token },
    );
    expect(short.statusCode).toBe(400);
    expect(short.body.msg).toContain(messages.auth.newPasswordShort);
    const empty = await call(
      app,
      api.user.resetPassword,
      { old_password: '', new_password: '123456' },
      { token: web_token },
    );
    expect(empty.body.msg).toContain(messages.auth.oldPasswordRequired);
    const mismatch = await call(
      app,
      api.user.resetPassword,
      { old_password: PASSWORD, new_password: '123456', confirm_password: '1234567' },
      { token: web_token },
    );
    expect(mismatch.body).toEqual({ status: 400, msg: messages.auth.passwordMismatch, data: null });
    expect((await login(app, 'brand@demo.local')).web_token).toBeTruthy();
  });
});
