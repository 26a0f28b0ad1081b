import { api, messages } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { couponBody } from './coupon-helpers.js';
import { picture } from './exchange-helpers.js';
import { gachaBody, goodsPic } from './goods-helpers.js';
import { call, createMerchant, login, makeApp, unique } from './helpers.js';

/**
 * 设置合辑 outside the collectibles (spec 02 §5 and §7, spec 01 §5): coupons and gacha goods join
 * a digital-collectible album of their brand, with the album checked first and the rows second.
 */

let app: FastifyInstance;
let token: string;
let ipId: number;
let otherToken: string;
let otherAlbum: number;
let album: number;
let secondAlbum: number;
let pic: string;

async function makeAlbum(as: string, brand: number, title = unique('合辑')) {
  const logo = await picture(app, as, 600, 600, '#aa3366');
  const bg = await picture(app, as, 1400, 600, '#3366aa');
  const res = await call(app, api.album.save, { ip_id: brand, title, pic: logo, bg_pic: bg } as never, { token: as });
  expect(res.body.status).toBe(0);
  return res.body.data.id as number;
}

beforeAll(async () => {
  app = await makeApp();
  // One merchant with the collectible, box and coupon permissions on one brand; another merchant alike.
  const merchant = await createMerchant(app, [12, 14, 15]);
  token = (await login(app, merchant.email)).web_token;
  ipId = merchant.brand.id;
  const other = await createMerchant(app, [12, 14, 15]);
  otherToken = (await login(app, other.email)).web_token;
  album = await makeAlbum(token, ipId, '春日合辑');
  secondAlbum = await makeAlbum(token, ipId, '夏日合辑');
  otherAlbum = await makeAlbum(otherToken, other.brand.id);
  pic = await goodsPic(app, token);
});
afterAll(() => app.close());

const newCoupon = async () =>
  (await call(app, api.coupon.create, couponBody(ipId) as never, { token })).body.data.id as number;
const newGacha = async () =>
  (await call(app, api.gacha.save, gachaBody(ipId, pic) as never, { token })).body.data.id as number;

const KINDS = [
  {
    kind: 'coupon',
    route: api.coupon.setAlbum,
    options: api.coupon.albums,
    none: messages.coupon.albumNoneSelected,
    make: () => newCoupon(),
    catalogOf: async (id: number) =>
      (await call(app, api.coupon.detail, { id }, { token })).body.data.list.catalog_id as number | null,
  },
  {
    kind: 'gacha',
    route: api.gacha.setAlbum,
    options: api.gacha.albums,
    none: messages.gacha.albumNoneSelected,
    make: () => newGacha(),
    catalogOf: async (id: number) =>
      (await call(app, api.gacha.detail, { id, ip_id: ipId }, { token })).body.data.goods.catalog_id as number | null,
  },
] as const;

describe.each(KINDS)('$kind: 设置合辑', ({ kind, route, options, none, make, catalogOf }) => {
  const set = (body: Record<string, unknown>, as = token) => call(app, route as never, body as never, { token: as });

  it('checks the album first (请选择数字藏品合辑), then the rows', async () => {
    const id = await make();
    for (const body of [{}, { goods_ids: String(id) }, { goods_ids: String(id), catalog_id: '' }, { catalog_id: 0 }]) {
      expect((await set(body)).body).toEqual({ status: 400, msg: messages.collectible.albumRequired, data: null });
    }
    for (const goods_ids of [undefined, '', ',', 'x', [], [0]]) {
      expect((await set({ goods_ids, catalog_id: album })).body).toEqual({ status: 400, msg: none, data: null });
    }
    expect(await catalogOf(id)).toBeNull();
  });

  it('puts the rows in the album, audited; the same call again changes nothing', async () => {
    const [a, b] = [await make(), await make()];
    const res = await set({ goods_ids: `${a},${b}`, catalog_id: album });
    expect(res.body).toEqual({ status: 0, msg: 'ok', data: null });
    expect([await catalogOf(a), await catalogOf(b)]).toEqual([album, album]);
    expect((await set({ goods_ids: [a], catalog_id: secondAlbum })).body.status).toBe(0);
    expect([await catalogOf(a), await catalogOf(b)]).toEqual([secondAlbum, album]);
    expect((await set({ goods_ids: [a], catalog_id: secondAlbum })).body.status).toBe(0);
    const logged = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, kind), eq(auditLog.entityId, a), eq(auditLog.action, 'update')));
    expect(logged.map((l) => l.after)).toEqual([{ catalog_id: album }, { catalog_id: secondAlbum }]);
  });

  it("another merchant's album or row is 404 and changes nothing", async () => {
    const id = await make();
    const foreign = await set({ goods_ids: String(id), catalog_id: otherAlbum });
    expect(foreign.body).toEqual({ status: 404, msg: messages.album.notFound, data: null });
    const notTheirs = await set({ goods_ids: String(id), catalog_id: otherAlbum }, otherToken);
    expect(notTheirs.body.status).toBe(404);
    const mixed = await set({ goods_ids: `${id},99999999`, catalog_id: album });
    expect(mixed.body.status).toBe(404);
    expect(await catalogOf(id)).toBeNull();
  });

  it('lists the brand’s albums as options, newest first; another brand is 404', async () => {
    const res = await call(app, options as typeof api.coupon.albums, { ip_id: ipId }, { token });
    expect(res.body.data.list).toEqual([
      { id: secondAlbum, title: '夏日合辑' },
      { id: album, title: '春日合辑' },
    ]);
    const other = await call(app, options as typeof api.coupon.albums, { ip_id: ipId }, { token: otherToken });
    expect(other.statusCode).toBe(404);
  });
});

describe('roles and deletion', () => {
  it('a collectible-only merchant may not set a coupon’s album; deleting the album empties it', async () => {
    const nftOnly = await createMerchant(app, [12]);
    const nftToken = (await login(app, nftOnly.email)).web_token;
    const coupon = await newCoupon();
    const res = await call(
      app,
      api.coupon.setAlbum,
      { goods_ids: String(coupon), catalog_id: album },
      { token: nftToken },
    );
    expect(res.statusCode).toBe(403);

    const doomed = await makeAlbum(token, ipId);
    expect(
      (await call(app, api.coupon.setAlbum, { goods_ids: [coupon], catalog_id: doomed }, { token })).body.status,
    ).toBe(0);
    expect((await call(app, api.album.delete, { id: doomed }, { token })).body.status).toBe(0);
    const after = await call(app, api.coupon.detail, { id: coupon }, { token });
    expect(after.body.data.list.catalog_id).toBeNull();
  });
});
