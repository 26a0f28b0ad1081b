import { api, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player } from './draw-helpers.js';
import { brandIds, call, login, makeApp } from './helpers.js';

const m = messages.subscription;

let app: FastifyInstance;
let brand: string;
let shop: string;
let molly: number;
let shopBrand: number;
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
  [molly] = (await brandIds(app, brand, 14)) as [number];
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
});
afterAll(() => app.close());

let phones = 0;
const newPlayer = () => player(app, `1340000${String(++phones).padStart(4, '0')}`);
const apply = (token: string, body: Record<string, unknown>) =>
  call(app, api.player.subscribe, body as never, { headers: { player_token: token } });
const review = (id: number, status: number, token = brand) =>
  call(app, api.subscription.review, { id, status } as never, { token });
const listOf = async (status: number) =>
  (await call(app, api.subscription.list, { ip_id: molly, status }, { token: brand })).body.data;

describe('player.subscribe', () => {
  it('a player applies; the merchant sees the application pending with the email and country', async () => {
    const p = await newPlayer();
    const res = await apply(p, {
      ip_id: molly,
      email: 'fan@example.com',
      wechat_id: 'wx1',
      ig_id: 'ig1',
      country: 'th',
    });
    expect(res.body).toEqual({ status: 0, msg: 'ok', data: { id: expect.any(Number), status: 0 } });
    const list = await listOf(0);
    expect(list.list[0]).toMatchObject({
      id: res.body.data.id,
      ip_id: molly,
      users: { email: 'fan@example.com' },
      wechat_id: 'wx1',
      ig_id: 'ig1',
      country: 'th',
      country_text: '泰国',
      status: 0,
    });
  });

  it('one open application per brand; bad email or country is refused; no session is 401', async () => {
    const p = await newPlayer();
    expect((await apply(p, { ip_id: molly, email: 'x', country: 'th' })).body.msg).toBe(m.emailInvalid);
    expect((await apply(p, { ip_id: molly, email: '', country: 'th' })).body.msg).toBe(m.emailRequired);
    expect((await apply(p, { ip_id: molly, email: 'a@b.co', country: 'us' })).body.msg).toBe(m.countryRequired);
    const first = await apply(p, { ip_id: molly, email: 'a@b.co', country: 'sg' });
    expect(first.statusCode).toBe(200);
    expect((await apply(p, { ip_id: molly, email: 'a@b.co', country: 'sg' })).body.msg).toBe(m.pending);
    expect((await apply(p, { ip_id: 2_000_000_000, email: 'a@b.co', country: 'sg' })).statusCode).toBe(404);
    expect(
      (await call(app, api.player.subscribe, { ip_id: molly, email: 'a@b.co', country: 'sg' } as never)).statusCode,
    ).toBe(401);
    await review(first.body.data.id, 1);
    expect((await apply(p, { ip_id: molly, email: 'a@b.co', country: 'sg' })).body.msg).toBe(m.subscribed);
    const mine = await call(app, api.player.subscriptions, {}, { headers: { player_token: p } });
    expect(mine.body.data.list).toEqual([expect.objectContaining({ id: first.body.data.id, status: 1 })]);
  });
});

describe('subscription.review (approve while pending; reject while not rejected)', () => {
  it('approves, then may still reject; a rejected one can be neither; each is audited', async () => {
    const p = await newPlayer();
    const { id } = (await apply(p, { ip_id: molly, email: 'r@example.com', country: 'my' })).body.data;
    expect((await review(id, 1)).body).toEqual({ status: 0, msg: 'ok', data: { id, status: 1 } });
    expect((await review(id, 1)).body).toEqual({ status: 400, msg: m.notPending, data: null });
    expect((await review(id, 2)).body.data).toEqual({ id, status: 2 });
    expect((await review(id, 2)).body.msg).toBe(m.alreadyRejected);
    expect((await review(id, 1)).body.msg).toBe(m.notPending);
    const audit = await call(app, api.audit.list, { entity: 'subscription', id }, { token: brand });
    expect(audit.body.data.list.map((e) => [e.action, e.before?.status, e.after?.status])).toEqual([
      ['reject', 1, 2],
      ['approve', 0, 1],
    ]);
    // A rejected player may apply again.
    expect((await apply(p, { ip_id: molly, email: 'r@example.com', country: 'my' })).statusCode).toBe(200);
  });

  it('filters by status (-1 all) with page size 10 and total_rows', async () => {
    const all = await listOf(-1);
    const counts = await Promise.all([0, 1, 2].map(async (s) => (await listOf(s)).pagination.total_rows));
    expect(all.pagination.total_rows).toBe(counts.reduce((a, b) => a + b, 0));
    expect(all.pagination.limit).toBe(10);
    for (const s of [0, 1, 2]) expect((await listOf(s)).list.every((r) => r.status === s)).toBe(true);
  });

  it('two staff approving at once: one wins, the other is told', async () => {
    const p = await newPlayer();
    const { id } = (await apply(p, { ip_id: molly, email: 'race@example.com', country: 'vn' })).body.data;
    const [a, b] = await Promise.all([review(id, 1), review(id, 1)]);
    expect([a.body.status, b.body.status].sort()).toEqual([0, 400]);
  });

  it("another merchant's application answers 404; a bad status 400; coupon-only 403", async () => {
    const p = await newPlayer();
    const { id } = (await apply(p, { ip_id: molly, email: 'o@example.com', country: 'ph' })).body.data;
    expect((await review(id, 1, shop)).statusCode).toBe(404);
    expect((await call(app, api.subscription.list, { ip_id: molly, status: -1 }, { token: shop })).statusCode).toBe(
      404,
    );
    const theirs = await call(app, api.subscription.list, { status: -1 }, { token: shop });
    expect(theirs.body.data.list.every((r) => r.ip_id === shopBrand)).toBe(true);
    expect((await review(id, 3)).statusCode).toBe(400);
    const coupon = await login(app, 'coupon@demo.local');
    expect((await review(id, 1, coupon.web_token)).statusCode).toBe(403);
    expect((await listOf(0)).list.find((r) => r.id === id)?.status).toBe(0);
  });
});
