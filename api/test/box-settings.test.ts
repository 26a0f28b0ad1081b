import { AWARD, api, messages } from '@toy/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../src/db/schema.js';
import { call, createMerchant, demoMerchants, login } from './helpers.js';

const mc = messages.cabinet;
const mb = messages.boxMachine;
const notFound = { status: 404, msg: messages.common.notFound, data: null };

let app: FastifyInstance;
let brand: string;
let shop: string;
let molly: number;
let starPets: number;
let shopBrand: number;
beforeAll(async () => {
  ({ app, brand, shop, molly, starPets, shopBrand } = await demoMerchants());
});
afterAll(() => app.close());

async function freshMerchant() {
  const merchant = await createMerchant(app, [14]);
  return { ipId: merchant.brand.id, token: (await login(app, merchant.email)).web_token };
}

describe('cabinet', () => {
  it('answers the seeded settings, and null for a brand without them', async () => {
    const res = await call(app, api.cabinet.get, { ip_id: molly }, { token: brand });
    expect(res.body.data).toEqual({ id: expect.any(Number), ip_id: molly, free_days: 90, free_num: 3, unit_price: 18 });
    expect((await call(app, api.cabinet.get, { ip_id: starPets }, { token: brand })).body).toEqual({
      status: 0,
      msg: 'ok',
      data: null,
    });
  });

  it('answers the deposit rules in order', async () => {
    const { ipId, token } = await freshMerchant();
    const cases: [Record<string, unknown>, string][] = [
      [{ ip_id: ipId }, mc.daysRequired],
      [{ ip_id: ipId, free_days: 45 }, mc.daysRequired],
      [{ ip_id: ipId, free_days: 3650 }, mc.freeNumRequired],
      [{ ip_id: ipId, free_days: 3650, free_num: 7 }, mc.freeNumRequired],
      [{ ip_id: ipId, free_days: 3650, free_num: 3 }, mc.unitPriceRequired],
      [{ ip_id: ipId, free_days: 3650, free_num: 3, unit_price: '' }, mc.unitPriceRequired],
      [{ ip_id: ipId, free_days: 3650, free_num: 3, unit_price: -1 }, mc.unitPriceRequired],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, api.cabinet.save, body as never, { token });
      expect(res.body, JSON.stringify(body)).toEqual({ status: 400, msg: message, data: null });
    }
  });

  it('creates one row per brand and updates it; freight.info reads the same settings', async () => {
    const { ipId, token } = await freshMerchant();
    expect((await call(app, api.freight.info, { ip_id: ipId }, { token })).body.data).toBeNull();
    const first = await call(
      app,
      api.cabinet.save,
      { ip_id: ipId, free_days: 3650, free_num: 3, unit_price: 0 },
      { token },
    );
    expect(first.statusCode).toBe(200);
    const second = await call(
      app,
      api.cabinet.save,
      { id: first.body.data.id, ip_id: ipId, free_days: 180, free_num: 6, unit_price: 12.5 },
      { token },
    );
    expect(second.body.data).toEqual(first.body.data);
    const expected = { id: first.body.data.id, ip_id: ipId, free_days: 180, free_num: 6, unit_price: 12.5 };
    expect((await call(app, api.cabinet.get, { ip_id: ipId }, { token })).body.data).toEqual(expected);
    expect((await call(app, api.freight.info, { ip_id: ipId }, { token })).body.data).toEqual(expected);
  });

  it("another merchant's brand or settings row answers 404; coupon-only 403", async () => {
    expect((await call(app, api.cabinet.get, { ip_id: molly }, { token: shop })).body).toEqual(notFound);
    const body = { ip_id: molly, free_days: 30, free_num: 1, unit_price: 1 };
    expect((await call(app, api.cabinet.save, body, { token: shop })).body).toEqual(notFound);
    const mollyRow = (await call(app, api.cabinet.get, { ip_id: molly }, { token: brand })).body.data!;
    const foreignRow = await call(
      app,
      api.cabinet.save,
      { ...body, ip_id: shopBrand, id: mollyRow.id },
      { token: shop },
    );
    expect(foreignRow.body).toEqual(notFound);
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.cabinet.get, { ip_id: molly }, { token: coupon })).statusCode).toBe(403);
  });
});

describe('boxMachine', () => {
  it('answers the seeded settings with the coupon award', async () => {
    const res = await call(app, api.boxMachine.get, { ip_id: molly }, { token: brand });
    expect(res.body.data).toMatchObject({
      ip_id: molly,
      prompt_card: 1,
      excharge_propmt: 50,
      pers_card: 1,
      excharge_pers: 120,
      suc_award_type: AWARD.points,
      suc_award_content: 20,
      suc_coupon: null,
      err_award_type: AWARD.coupon,
      err_coupon: { title: '猜错安慰券', coupon_type: 5, face_value: 3, state: 0 },
    });
    expect((await call(app, api.boxMachine.get, { ip_id: starPets }, { token: brand })).body.data).toBeNull();
  });

  it('answers the box-machine rules in order', async () => {
    const { ipId, token } = await freshMerchant();
    const base = { ip_id: ipId, prompt_card: 0, pers_card: 0, suc_award_type: 0, err_award_type: 0 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, prompt_card: 1, pers_card: 1, suc_award_type: 1, err_award_type: 1 }, mb.promptPointsRequired],
      [{ ...base, prompt_card: 1, excharge_propmt: '', pers_card: 1 }, mb.promptPointsRequired],
      [{ ...base, prompt_card: 1, excharge_propmt: 10, pers_card: 1, suc_award_type: 1 }, mb.persPointsRequired],
      [{ ...base, pers_card: 1, excharge_pers: 20, suc_award_type: 1, err_award_type: 1 }, mb.sucPointsRequired],
      [{ ...base, suc_award_type: 1, suc_award_content: 5, err_award_type: 1 }, mb.errPointsRequired],
      [{ ...base, suc_award_type: 3, err_award_type: 3 }, mb.sucCouponRequired],
      [{ ...base, suc_award_type: 3, suc_award_content: 1, err_award_type: 3 }, mb.errCouponRequired],
    ];
    for (const [body, message] of cases) {
      const res = await call(app, api.boxMachine.save, body as never, { token });
      expect(res.body, JSON.stringify(body)).toEqual({ status: 400, msg: message, data: null });
    }
    const ok = await call(app, api.boxMachine.save, { ...base, suc_award_type: 2 }, { token });
    expect(ok.statusCode).toBe(200);
  });

  it('saves a coupon award only with a live coupon of the brand, and updates one row', async () => {
    const { ipId, token } = await freshMerchant();
    const day = 24 * 3600 * 1000;
    const [coupon] = await app.db
      .insert(coupons)
      .values({
        ipId,
        title: '盒机满减券',
        couponType: 0,
        fullAmount: 10000,
        faceValue: 1000,
        startTime: new Date(Date.now() - day),
        endTime: new Date(Date.now() + day),
        totalNum: 10,
      })
      .returning();
    const shopCoupon = (await call(app, api.coupon.associationList, { ip_id: shopBrand }, { token: shop })).body.data
      .list[0]!;
    const body = {
      ip_id: ipId,
      prompt_card: 1,
      excharge_propmt: 60,
      pers_card: 0,
      excharge_pers: 99,
      suc_award_type: AWARD.coupon,
      suc_award_content: coupon!.id,
      err_award_type: AWARD.promptCard,
      err_award_content: 7,
    };
    const foreign = await call(app, api.boxMachine.save, { ...body, suc_award_content: shopCoupon.id }, { token });
    expect(foreign.body).toEqual({ status: 400, msg: mb.couponMissing, data: null });
    const saved = await call(app, api.boxMachine.save, body, { token });
    expect(saved.statusCode).toBe(200);
    const again = await call(app, api.boxMachine.save, { ...body, excharge_propmt: 61 }, { token });
    expect(again.body.data).toEqual(saved.body.data);
    const got = (await call(app, api.boxMachine.get, { ip_id: ipId }, { token })).body.data!;
    expect(got).toMatchObject({
      id: saved.body.data.id,
      excharge_propmt: 61,
      pers_card: 0,
      excharge_pers: 0,
      suc_coupon: { id: coupon!.id, title: '盒机满减券', full_amount: 100, face_value: 10 },
      err_award_type: AWARD.promptCard,
      err_award_content: 0,
      err_coupon: null,
    });
    await app.db
      .update(coupons)
      .set({ endTime: new Date(Date.now() - 1000) })
      .where(eq(coupons.id, coupon!.id));
    const expired = await call(app, api.boxMachine.save, body, { token });
    expect(expired.body.msg).toBe(mb.couponMissing);
    expect((await call(app, api.coupon.associationList, { ip_id: ipId }, { token })).body.data.list).toEqual([]);
    expect((await call(app, api.boxMachine.save, { ...body, ip_id: molly }, { token })).body).toEqual(notFound);
  });
});

describe('coupon.associationList', () => {
  it("pages the brand's live coupons; another merchant's brand answers 404", async () => {
    const res = await call(app, api.coupon.associationList, { ip_id: molly, limit: 2 }, { token: brand });
    expect(res.body.data.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(res.body.data.list.length).toBeLessThanOrEqual(2);
    expect(res.body.data.list.every((c) => c.state === 0)).toBe(true);
    const percent = (
      await call(app, api.coupon.associationList, { ip_id: molly, limit: 50 }, { token: brand })
    ).body.data.list.find((c) => c.coupon_type === 3);
    expect(percent).toMatchObject({ face_value: 85, max_face_value: 20 });
    expect((await call(app, api.coupon.associationList, { ip_id: molly }, { token: shop })).body).toEqual(notFound);
    const empty = await call(app, api.coupon.associationList, { ip_id: starPets }, { token: brand });
    expect(empty.body.data).toEqual({ list: [], pagination: { page: 1, limit: 10, total_rows: 0 } });
  });
});
