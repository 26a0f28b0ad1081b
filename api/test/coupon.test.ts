import { api, couponTimeStateText, messages } from '@toy/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponBody, DAY, shanghaiText } from './coupon-helpers.js';
import { player } from './draw-helpers.js';
import { brandIds, call, createMerchant, login, makeApp, unique } from './helpers.js';

const m = messages.coupon;

let app: FastifyInstance;
let manager: string;
let other: string;
let ipId: number;
beforeAll(async () => {
  app = await makeApp();
  manager = (await login(app, 'coupon@demo.local')).web_token;
  [ipId] = (await brandIds(app, manager, 15)) as [number];
  other = (await login(app, (await createMerchant(app, [15])).email)).web_token;
});
afterAll(() => app.close());

const day = DAY;
const fmt = shanghaiText;
const valid = (over: Record<string, unknown> = {}) => couponBody(ipId, over);
const create = async (over: Record<string, unknown> = {}, token = manager) =>
  call(app, api.coupon.create, valid(over) as never, { token });
const detail = async (id: number) => (await call(app, api.coupon.detail, { id }, { token: manager })).body.data.list;
let phones = 0;
const newPlayer = () => player(app, `1360000${String(++phones).padStart(4, '0')}`);
const claim = (token: string, coupon_id: number) =>
  call(app, api.player.claimCoupon, { coupon_id }, { headers: { player_token: token } });

describe('coupon.create / detail / list', () => {
  it('creates each type; detail answers data.list in yuan, a percent stays a percent', async () => {
    const threshold = await create({ coupon_type: 0, full_amount: 100, face_value: 10 });
    const percent = await create({ coupon_type: 3, face_value: 85, max_face_value: 20 });
    const flat = await create({ coupon_type: 5, face_value: 5, invalid_type: 2, invalid_time: 7 });
    for (const r of [threshold, percent, flat])
      expect(r.body).toEqual({ status: 0, msg: 'ok', data: { id: expect.any(Number) } });
    expect(await detail(threshold.body.data.id)).toMatchObject({
      coupon_type: 0,
      full_amount: 100,
      face_value: 10,
      issue_num: 0,
      used_num: 0,
    });
    expect(await detail(percent.body.data.id)).toMatchObject({ coupon_type: 3, face_value: 85, max_face_value: 20 });
    expect(await detail(flat.body.data.id)).toMatchObject({ invalid_type: 2, invalid_time: 7, face_value: 5 });
  });

  it('answers the nine rules in order, and nothing is written', async () => {
    const before = (await call(app, api.coupon.list, { ip_id: ipId }, { token: manager })).body.data.page.total_rows;
    const cases: [Record<string, unknown>, string][] = [
      [{ coupon_type: 0, face_value: 10, full_amount: '' }, m.fullReduce],
      [{ coupon_type: 3, face_value: '' }, m.discount],
      [{ coupon_type: 3, face_value: 0 }, m.discountRange],
      [{ coupon_type: 3, face_value: 85 }, m.discountCap],
      [{ coupon_type: 5, face_value: '' }, m.amount],
      [{ invalid_type: 2 }, m.days],
      [{ start_time: '' }, m.period],
      [{ total_num: '' }, m.total],
      [{ receive_condition: 1, limit_num: '' }, m.limit],
      [{ receive_condition: 2 }, m.points],
      [{ ip_id: '' }, m.brandRequired],
      [{ title: ' ' }, m.titleRequired],
    ];
    for (const [over, message] of cases) {
      const res = await create(over);
      expect(res.body, JSON.stringify(over)).toEqual({ status: 400, msg: message, data: null });
    }
    const after = (await call(app, api.coupon.list, { ip_id: ipId }, { token: manager })).body.data.page.total_rows;
    expect(after).toBe(before);
  });

  it('filters by state (1 in progress, 2 not yet effective, 3 expired), title and business type; page size 10', async () => {
    const title = unique('状态');
    const now = await create({ title: `${title}-now` });
    const later = await create({
      title: `${title}-later`,
      start_time: fmt(Date.now() + day),
      end_time: fmt(Date.now() + 2 * day),
    });
    const past = await create({
      title: `${title}-past`,
      start_time: fmt(Date.now() - 3 * day),
      end_time: fmt(Date.now() - day),
    });
    const ids = async (state: number) =>
      (await call(app, api.coupon.list, { ip_id: ipId, title, state }, { token: manager })).body.data.list.map(
        (c) => c.id,
      );
    expect(await ids(1)).toEqual([now.body.data.id]);
    expect(await ids(2)).toEqual([later.body.data.id]);
    expect(await ids(3)).toEqual([past.body.data.id]);
    // Each row says where its period stands in the filter's own words (a later one is 未生效, not 正常).
    const rows = (await call(app, api.coupon.list, { ip_id: ipId, title }, { token: manager })).body.data.list;
    const stateOf = (id: number) => couponTimeStateText(rows.find((c) => c.id === id)!.time_state);
    expect([now, later, past].map((c) => stateOf(c.body.data.id))).toEqual(['进行中', '未生效', '已过期']);
    const list = await call(app, api.coupon.list, { ip_id: ipId }, { token: manager });
    expect(list.body.data.page.limit).toBe(10);
    const activity = await call(app, api.coupon.list, { ip_id: ipId, title, business_type: 2 }, { token: manager });
    expect(activity.body.data.list).toEqual([]);
  });

  it("another merchant's coupon answers 404; box-only merchants 403; no session 401", async () => {
    const { id } = (await create()).body.data;
    expect((await call(app, api.coupon.detail, { id }, { token: other })).statusCode).toBe(404);
    expect((await call(app, api.coupon.delete, { id }, { token: other })).statusCode).toBe(404);
    expect((await create({}, other)).statusCode).toBe(404);
    const shop = (await login(app, 'shop@demo.local')).web_token;
    expect((await call(app, api.coupon.list, {}, { token: shop })).statusCode).toBe(403);
    expect((await call(app, api.coupon.list, {})).statusCode).toBe(401);
    expect(await detail(id)).toMatchObject({ id });
  });
});

describe('the box-machine settings', () => {
  it("list a coupon made on the coupon screen among the brand's award coupons", async () => {
    const owner = (await login(app, 'brand@demo.local')).web_token;
    const [molly] = (await brandIds(app, owner, 15)) as [number];
    const made = await create({ ip_id: molly, title: unique('盒机奖励') }, owner);
    expect(made.statusCode).toBe(200);
    const awards = await call(app, api.coupon.associationList, { ip_id: molly, limit: 50 }, { token: owner });
    expect(awards.body.data.list.map((c) => c.id)).toContain(made.body.data.id);
  });
});

describe('update / delete only while nobody has claimed', () => {
  it('edits and deletes an unclaimed coupon; after one claim both are refused', async () => {
    const { id } = (await create()).body.data;
    const edited = await call(app, api.coupon.update, { ...valid({ title: '改名券', face_value: 4 }), id } as never, {
      token: manager,
    });
    expect(edited.body.data).toEqual({ id });
    expect(await detail(id)).toMatchObject({ title: '改名券', face_value: 4 });
    expect((await claim(await newPlayer(), id)).statusCode).toBe(200);
    expect((await detail(id)).issue_num).toBe(1);
    const refusedEdit = await call(app, api.coupon.update, { ...valid(), id } as never, { token: manager });
    expect(refusedEdit.body).toEqual({ status: 400, msg: m.claimed, data: null });
    expect((await call(app, api.coupon.delete, { id }, { token: manager })).body.msg).toBe(m.claimed);
    expect((await detail(id)).title).toBe('改名券');

    const loose = (await create()).body.data.id;
    expect((await call(app, api.coupon.delete, { id: loose }, { token: manager })).body.status).toBe(0);
    expect((await call(app, api.coupon.detail, { id: loose }, { token: manager })).statusCode).toBe(404);
    const audit = await call(app, api.audit.list, { entity: 'coupon', id: loose }, { token: manager });
    expect(audit.body.data.list.map((e) => e.action)).toEqual(['delete', 'create']);
  });
});

describe('player.claimCoupon', () => {
  it('claims within limit_num; issue_num counts the claims; mine shows the face and the expiry', async () => {
    const { id } = (
      await create({ receive_condition: 1, limit_num: 2, need_points: 1, invalid_type: 2, invalid_time: 3 })
    ).body.data;
    const p = await newPlayer();
    expect((await claim(p, id)).body.data).toMatchObject({ coupon_id: id, face: '无门槛减3', used_at: null });
    expect((await claim(p, id)).statusCode).toBe(200);
    expect((await claim(p, id)).body).toEqual({ status: 400, msg: m.limitReached, data: null });
    expect((await detail(id)).issue_num).toBe(2);
    const mine = await call(app, api.player.coupons, { ip_id: ipId }, { headers: { player_token: p } });
    expect(mine.body.data.mine.filter((c) => c.coupon_id === id)).toHaveLength(2);
    const expires = new Date(`${mine.body.data.mine[0]!.expires_at.replace(' ', 'T')}+08:00`).getTime();
    expect(Math.abs(expires - (Date.now() + 3 * day))).toBeLessThan(120_000);
  });

  it('each claim condition is checked: guess-only, new user, subscription, points, period', async () => {
    const p = await newPlayer();
    const guess = (await create({ receive_condition: 3, limit_num: '' })).body.data.id;
    expect((await claim(p, guess)).body.msg).toBe(m.notClaimable);
    const sub = (await create({ receive_condition: 5 })).body.data.id;
    expect((await claim(p, sub)).body.msg).toBe(m.notSubscribed);
    const pricey = (await create({ receive_condition: 2, need_points: 100_000 })).body.data.id;
    expect((await claim(p, pricey)).body.msg).toBe(m.pointsShort);
    const later = (await create({ start_time: fmt(Date.now() + day), end_time: fmt(Date.now() + 2 * day) })).body.data
      .id;
    expect((await claim(p, later)).body.msg).toBe(m.notStarted);
    const fresh = (await create({ receive_condition: 4 })).body.data.id;
    expect((await claim(p, fresh)).statusCode).toBe(200);
    expect((await claim(p, 2_000_000_000)).statusCode).toBe(404);
    expect((await call(app, api.player.claimCoupon, { coupon_id: fresh })).statusCode).toBe(401);
  });

  it('100 players claiming the last 10 coupons at once: exactly 10 succeed', async () => {
    const { id } = (await create({ total_num: 10 })).body.data;
    const players = await Promise.all(Array.from({ length: 100 }, () => newPlayer()));
    const answers = await Promise.all(players.map((p) => claim(p, id)));
    expect(answers.filter((a) => a.body.status === 0)).toHaveLength(10);
    expect(answers.filter((a) => a.body.msg === m.soldOut)).toHaveLength(90);
    expect((await detail(id)).issue_num).toBe(10);
  });
});
