import { api, kujiStatusText, messages, OFFICIAL_KUJI_BRAND_ID, seedHash } from '@toy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, kujis, userBrands, users } from '../src/db/schema.js';
import { player } from './draw-helpers.js';
import { brandIds, call, createMerchant, login, makeApp } from './helpers.js';
import { approvedKuji, kujiDraw } from './kuji-draw-helpers.js';
import { approveKuji, kujiForm, kujiRecords, kujiRowsForm, publishKuji, storedKuji } from './kuji-helpers.js';
import { BAD_SORTS, expectSortedBy, idsAmong, SORT_REFUSED } from './sort-helpers.js';

const m = messages.kuji;
const app = await makeApp();
afterAll(() => app.close());
const brand = (await login(app, 'brand@demo.local')).web_token;
const shop = (await login(app, 'shop@demo.local')).web_token;
const reviewer = (await login(app, 'reviewer@demo.local')).web_token;
const [molly] = (await brandIds(app, brand, 14)) as [number];

const rows = kujiRowsForm;
const withRow = (i: number, patch: Record<string, unknown>) =>
  JSON.stringify(rows().map((r, j) => (j === i ? { ...r, ...patch } : r)));
const kujiCount = async () => (await app.db.select({ id: kujis.id }).from(kujis)).length;

describe('kuji.publish', () => {
  /** Each body fails only rule k: the answer is rule k's message, in the spec's order. */
  const ordered: [string, Record<string, unknown>][] = [
    [m.titleRequired, { title: '' }],
    [m.priceRequired, { price: '' }],
    [m.boxesRequired, { stock: '0' }],
    [m.picRequired, { pic: '' }],
    [m.beanRequired, { is_bean: 1, bean: '' }],
    [m.shelvesTimeRequired, { shelves_time: '' }],
    [m.goodsRequired, { goods: '[]' }],
    [m.goodsIncomplete, { goods: JSON.stringify(rows().slice(0, 3)) }],
    [
      m.lastOrGlobalRequired,
      {
        goods: JSON.stringify(
          rows()
            .slice(2)
            .concat(rows().slice(2, 4))
            .map((r, i) => ({ ...r, level: i + 1 })),
        ),
      },
    ],
    [m.rowTitleRequired, { goods: withRow(3, { goods_title: '' }) }],
    [m.rowPriceRequired, { goods: withRow(3, { goods_price: '' }) }],
    [m.rowCostRequired, { goods: withRow(3, { cost_price: 0 }) }],
    [m.rowStockRequired, { goods: withRow(3, { stock: '' }) }],
  ];
  it.each(ordered)('refuses with %s and creates nothing', async (message, patch) => {
    const before = await kujiCount();
    const res = await call(app, api.kuji.publish, kujiForm(molly, patch) as never, { token: brand });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await kujiCount()).toBe(before);
  });

  it('takes the first failing rule when several fail', async () => {
    const res = await call(app, api.kuji.publish, kujiForm(molly, { title: '', pic: '', goods: '[]' }) as never, {
      token: brand,
    });
    expect(res.body.msg).toBe(m.titleRequired);
  });

  it('checks the level list and the global intervals against the tickets of a box', async () => {
    const beyond = await call(
      app,
      api.kuji.publish,
      kujiForm(molly, { goods: withRow(1, { start_section: 2, end_section: 11 }) }) as never,
      { token: brand },
    );
    expect(beyond.body.msg).toBe(m.intervalBeyondBox);
    const reversed = await call(
      app,
      api.kuji.publish,
      kujiForm(molly, { goods: withRow(1, { start_section: 6, end_section: 3 }) }) as never,
      { token: brand },
    );
    expect(reversed.body.msg).toBe(m.globalIntervalRequired);
    const gap = await call(app, api.kuji.publish, kujiForm(molly, { goods: withRow(4, { level: 5 }) }) as never, {
      token: brand,
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.body.msg).toBe(m.lastOrGlobalRequired);
  });

  it('stores a pending, delisted kuji with a committed seed, service charge 6 and fen', async () => {
    const id = await publishKuji(app, brand, molly);
    const { row, goods } = await storedKuji(app, id);
    expect(row).toMatchObject({ auditStatus: 0, off: 1, price: 2500, bean: 500, serviceCharge: 6, boxNum: 3 });
    expect(row!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.seedHash).toBe(seedHash(row!.seed));
    expect(goods.map((g) => [g.level, g.stock, g.goodsPrice, g.price])).toEqual([
      [0, 1, 30000, 30000],
      [101, 1, 20000, 20000],
      [1, 2, 15000, 15000],
      [2, 3, 5000, 5000],
      [3, 5, 5000, 5000],
    ]);
    expect(goods[1]).toMatchObject({ startSection: 2, endSection: 5 });
    const [created] = await kujiRecords(app, brand, id);
    expect(created).toMatchObject({ action: 'create', before: null, after: { id, audit_status: 0, off: 1 } });
  });

  it('refuses an official kuji to a merchant that is not signed, or for another brand', async () => {
    const res = await call(app, api.kuji.publish, kujiForm(molly, { is_official: 1 }) as never, { token: brand });
    expect(res.body.msg).toBe(m.officialNotAllowed);

    const signed = await createMerchant(app, [14]);
    await app.db.update(users).set({ isSigned: true }).where(eq(users.id, signed.user.id));
    const token = (await login(app, signed.email)).web_token;
    const other = await call(app, api.kuji.publish, kujiForm(signed.brand.id, { is_official: 1 }) as never, { token });
    expect(other.body.msg).toBe(m.officialNotAllowed);
    await app.db.insert(brands).values({ id: OFFICIAL_KUJI_BRAND_ID, title: '官方一番赏品牌' });
    await app.db.insert(userBrands).values({ userId: signed.user.id, brandId: OFFICIAL_KUJI_BRAND_ID, perId: 14 });
    const token2 = (await login(app, signed.email)).web_token;
    const ok = await call(app, api.kuji.publish, kujiForm(OFFICIAL_KUJI_BRAND_ID, { is_official: 1 }) as never, {
      token: token2,
    });
    expect(ok.body.msg).toBe('ok');
    expect((await storedKuji(app, ok.body.data.id)).row!.isOfficial).toBe(1);
    const search = await call(app, api.kuji.brandSearch, {}, { token: token2 });
    expect(search.body.data.is_signed).toBe(1);
    expect(search.body.data.ips.map((b) => b.id)).toContain(OFFICIAL_KUJI_BRAND_ID);
  });
});

describe('kuji.brandSearch', () => {
  it("lists the merchant's own brands and whether it is signed", async () => {
    const res = await call(app, api.kuji.brandSearch, {}, { token: brand });
    expect(res.body.data.is_signed).toBe(0);
    expect(res.body.data.ips.map((b) => b.id).sort()).toEqual(await brandIds(app, brand, 14));
    const theirs = await call(app, api.kuji.brandSearch, {}, { token: shop });
    expect(theirs.body.data.ips.map((b) => b.id)).not.toContain(molly);
  });
});

describe('tenancy', () => {
  it("answers 404 for another merchant's kuji on every route, changing nothing", async () => {
    const id = await publishKuji(app, brand, molly);
    await approveKuji(app, reviewer, id);
    const [goods] = (await storedKuji(app, id)).goods;
    const target = { active_id: id, goods_id: goods!.id };
    const calls = [
      call(app, api.kuji.info, { active_id: id }, { token: shop }),
      call(app, api.kuji.goods, { active_id: id }, { token: shop }),
      call(app, api.kuji.boxes, { active_id: id }, { token: shop }),
      call(app, api.kuji.update, { id, off: 0 } as never, { token: shop }),
      call(app, api.kuji.update, { id, desc: '别人的' } as never, { token: shop }),
      call(app, api.kuji.stock, { active_id: id, type: 1, stock: 1 } as never, { token: shop }),
      call(app, api.kuji.setLucky, { ...target, is_lucky: 1 }, { token: shop }),
      call(app, api.kuji.setPrice, { ...target, price: 1 }, { token: shop }),
      call(app, api.kuji.setShelves, { ...target, is_shelves: 1, shelves: '预售' }, { token: shop }),
      call(app, api.kuji.delete, { id }, { token: shop }),
      call(app, api.kuji.publish, kujiForm(molly) as never, { token: shop }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    const list = await call(app, api.kuji.list, { ip_id: molly } as never, { token: shop });
    expect(list.statusCode).toBe(404);
    const all = await call(app, api.kuji.list, {} as never, { token: shop });
    expect(all.body.data.list.map((r) => r.id)).not.toContain(id);
    const { row } = await storedKuji(app, id);
    expect(row).toMatchObject({ off: 1, desc: '测试描述', boxNum: 3 });
    expect((await kujiRecords(app, brand, id)).map((r) => r.action)).toEqual(['approve', 'create']);
  });

  it('answers 404 for a goods row of another kuji', async () => {
    const a = await publishKuji(app, brand, molly);
    const b = await publishKuji(app, brand, molly);
    const [goodsOfB] = (await storedKuji(app, b)).goods;
    const res = await call(
      app,
      api.kuji.setPrice,
      { active_id: a, goods_id: goodsOfB!.id, price: 9 },
      { token: brand },
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('kuji.delete', () => {
  it('deletes a pending kuji, recorded, and refuses once decided', async () => {
    const id = await publishKuji(app, brand, molly);
    const res = await call(app, api.kuji.delete, { id }, { token: brand });
    expect(res.statusCode).toBe(200);
    expect((await storedKuji(app, id)).row).toBeUndefined();
    const [deleted] = await kujiRecords(app, brand, id);
    expect(deleted).toMatchObject({ action: 'delete', before: { id }, after: null });

    const approved = await publishKuji(app, brand, molly);
    await approveKuji(app, reviewer, approved);
    const refused = await call(app, api.kuji.delete, { id: approved }, { token: brand });
    expect(refused.statusCode).toBe(409);
    expect(refused.body.msg).toBe(m.deleteOnlyPending);
    expect((await storedKuji(app, approved)).row).toBeDefined();

    const rejected = await publishKuji(app, brand, molly);
    await call(app, api.review.kujiDecide, { id: rejected, status: 2, reason: '图片不清晰' }, { token: reviewer });
    expect((await call(app, api.kuji.delete, { id: rejected }, { token: brand })).body.msg).toBe(m.deleteOnlyPending);
  });
});

describe('kuji.list', () => {
  it('filters by brand and title, pages by 10 and derives every count', async () => {
    const other = await createMerchant(app, [14]);
    const token = (await login(app, other.email)).web_token;
    const ids: number[] = [];
    for (let i = 0; i < 11; i++) ids.push(await publishKuji(app, token, other.brand.id, { title: `列表赏${i}` }));
    const first = await call(app, api.kuji.list, {} as never, { token });
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.pagination.total_rows).toBe(11);
    expect(first.body.data.on_sale).toBe(0);
    const titled = await call(app, api.kuji.list, { title: '列表赏10' } as never, { token });
    expect(titled.body.data.list.map((r) => r.id)).toEqual([ids[10]]);

    await approveKuji(app, reviewer, ids[0]!);
    await approveKuji(app, reviewer, ids[1]!);
    await approveKuji(app, reviewer, ids[2]!);
    expect((await call(app, api.kuji.list, {} as never, { token })).body.data).toMatchObject({
      on_sale: 0,
      scheduled: 0,
      off_shelf: 3,
    });
    await call(app, api.kuji.update, { id: ids[0], off: 0 } as never, { token });
    // Listed before its sale time: scheduled, not on sale (players cannot draw it yet).
    await call(app, api.kuji.update, { id: ids[1], shelves_time: '2099-01-01 10:00:00' } as never, { token });
    await call(app, api.kuji.update, { id: ids[1], off: 0 } as never, { token });
    const res = await call(app, api.kuji.list, { ip_id: other.brand.id, title: '列表赏0' } as never, { token });
    expect(res.body.data).toMatchObject({ on_sale: 1, scheduled: 1, off_shelf: 1 });
    // The counts are those of the brand chosen: another brand of the merchant's, with no kuji, has none.
    const [second] = await app.db.insert(brands).values({ title: '第二品牌' }).returning();
    await app.db.insert(userBrands).values({ userId: other.user.id, brandId: second!.id, perId: 14 });
    const none = await call(app, api.kuji.list, { ip_id: second!.id } as never, { token });
    expect(none.body.data).toMatchObject({ list: [], on_sale: 0, scheduled: 0, off_shelf: 0 });
    const all = await call(app, api.kuji.list, {} as never, { token });
    expect(all.body.data).toMatchObject({ on_sale: 1, scheduled: 1, off_shelf: 1 });
    // Approved and never listed reads 待上架; listed, then taken off, 已下架.
    const statusOf = async (id: number) => {
      const rows = (await call(app, api.kuji.list, { limit: 20 } as never, { token })).body.data.list;
      return kujiStatusText(rows.find((r) => r.id === id)!);
    };
    expect(await statusOf(ids[2]!)).toBe('待上架');
    expect(await statusOf(ids[0]!)).toBe('已上架');
    expect(await statusOf(ids[3]!)).toBe('待审核');
    await call(app, api.kuji.update, { id: ids[1], off: 1 } as never, { token });
    expect(await statusOf(ids[1]!)).toBe('已下架');
    expect(res.body.data.list[0]).toMatchObject({
      id: ids[0],
      ip_id: other.brand.id,
      ip_title: other.brand.title,
      audit_status: 1,
      off: 0,
      price: 25,
      bean: 5,
      service_charge: 6,
      sales_price: 0,
      not_send_num: 0,
      dont_send_num: 0,
      stock: 3,
      surplus_stock: 30,
      can_num: 3,
    });
  });
});

describe('kuji.list sort', () => {
  it('orders by price, sales and remaining tickets, either way, by the figure each row shows', async () => {
    const other = await createMerchant(app, [14]);
    const token = (await login(app, other.email)).web_token;
    const ipId = other.brand.id;
    // Approved and on sale (7 tickets a box): a ¥10 × 2 boxes, b ¥30 × 1, c ¥20 × 3; d pending, ¥15.
    const a = (await approvedKuji(app, ipId, { price: 1000, boxNum: 2 })).id;
    const b = (await approvedKuji(app, ipId, { price: 3000, boxNum: 1 })).id;
    const c = (await approvedKuji(app, ipId, { price: 2000, boxNum: 3 })).id;
    const d = await publishKuji(app, token, ipId, { price: 15 });
    const p = await player(app, '13800000051');
    expect((await kujiDraw(app, p, { active_id: b, box_no: 1, num: 1, use_bean: 0 })).statusCode).toBe(200);
    expect((await kujiDraw(app, p, { active_id: c, box_no: 1, num: 3, use_bean: 0 })).statusCode).toBe(200);

    const list = async (sort?: string) =>
      (await call(app, api.kuji.list, { ip_id: ipId, sort } as never, { token })).body.data.list;
    type Row = Awaited<ReturnType<typeof list>>[number];
    const cases: [string, (r: Row) => number, number[], number[]][] = [
      ['price', (r) => r.price, [10, 15, 20, 30], [a, d, c, b]],
      // Equal sales (none yet) go by id.
      ['sales_price', (r) => r.sales_price, [0, 0, 30, 60], [a, d, b, c]],
      // A pending kuji has no tickets yet.
      ['surplus_stock', (r) => r.surplus_stock, [0, 6, 14, 18], [d, b, a, c]],
    ];
    for (const [key, shown, figures, ids] of cases) {
      const up = await list(key);
      expectSortedBy(up, false, shown);
      expect(up.map(shown), key).toEqual(figures);
      expect(idsAmong(up, [a, b, c, d]), key).toEqual(ids);
      const down = await list(`-${key}`);
      expectSortedBy(down, true, shown);
      expect(down.map(shown), key).toEqual([...figures].reverse());
      expect(idsAmong(down, [a, b, c, d]), key).toEqual([...ids].reverse());
    }
    // Without a sort: newest first, as before.
    expect((await list()).map((r) => r.id)).toEqual([d, c, b, a]);
  });

  it('refuses a sort it does not declare with 排序字段不正确, never a 500', async () => {
    for (const sort of [...BAD_SORTS, 'stock', 'created_at']) {
      const res = await call(app, api.kuji.list, { ip_id: molly, sort } as never, { token: brand });
      expect(res.statusCode, sort).toBe(400);
      expect(res.body, sort).toEqual(SORT_REFUSED);
    }
  });
});
