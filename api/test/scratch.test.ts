import { api, messages } from '@toy/shared';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, drawMachines, scratchCards, scratchCodes } from '../src/db/schema.js';
import { issueCodes } from '../src/features/scratch/codes.js';
import { player } from './draw-helpers.js';
import { download, sheetRows } from './goods-helpers.js';
import { brandIds, call, login, makeApp, unique } from './helpers.js';
import { publishKuji } from './kuji-helpers.js';

const m = messages.scratch;

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

const create = (input: Record<string, unknown>, token = brand) =>
  call(app, api.scratch.create, input as never, { token });
const newCard = async (stock = 5, title = unique('卡').slice(0, 10)) => {
  const res = await create({ ip_id: molly, title, stock });
  expect(res.statusCode).toBe(200);
  return res.body.data.id as number;
};
const codesOf = async (cardId: number) =>
  (await app.db.select({ code: scratchCodes.code }).from(scratchCodes).where(eq(scratchCodes.cardId, cardId))).map(
    (r) => r.code,
  );
const cardOf = async (id: number, token = brand) => {
  const list = await call(app, api.scratch.list, { ip_id: molly, limit: 200 }, { token });
  return list.body.data.lists.find((c) => c.id === id)!;
};
const redeem = (token: string, code: string) =>
  call(app, api.player.redeemScratch, { code }, { headers: { player_token: token } });

describe('scratch.create rules, in order', () => {
  it.each([
    [{ ip_id: '', title: '春日', stock: 10 }, m.brandRequired],
    [{ ip_id: 'MOLLY', title: '', stock: 10 }, m.brandRequired],
    [{ title: '', stock: '' }, m.titleRequired],
    [{ title: '   ', stock: 10 }, m.titleRequired],
    [{ title: '一二三四五六七八九十十', stock: '' }, m.titleTooLong],
    [{ title: '春日', stock: '' }, m.stockRequired],
    [{ title: '春日', stock: 'abc' }, m.stockInteger],
    [{ title: '春日', stock: 1.5 }, m.stockInteger],
    [{ title: '春日', stock: 0 }, m.stockPositive],
    [{ title: '春日', stock: -3 }, m.stockPositive],
    [{ title: '春日', stock: 10001 }, m.stockTooHigh],
  ])('%j → %s, and nothing is created', async (input, message) => {
    const before = await app.db.select({ n: count() }).from(scratchCards);
    const body = 'ip_id' in input ? input : { ip_id: molly, ...input };
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    const after = await app.db.select({ n: count() }).from(scratchCards);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('creates a card of exactly `stock` codes (10 characters of title allowed), lists it first, audited', async () => {
    const title = '一二三四五六七八九十';
    const id = await newCard(10000, title);
    const list = await call(app, api.scratch.list, { ip_id: molly }, { token: brand });
    expect(list.body.data.lists[0]).toMatchObject({
      id,
      ip_id: molly,
      title,
      total_num: 10000,
      used_num: 0,
      remaining: 10000,
      refused_num: 0,
      active_id: 0,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect((await codesOf(id)).length).toBe(10000);
    const logged = await app.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(logged.map((r) => r.action)).toEqual(['create']);
  });
});

describe('scratch.list filters', () => {
  it('filters by title and activity title, and pages by 10', async () => {
    const tag = unique('筛').slice(0, 6);
    const a = await newCard(1, `${tag}甲`);
    await newCard(1, `${tag}乙`);
    await app.db
      .update(scratchCards)
      .set({ activeTitle: `${tag}夏日活动`, activeId: 99 })
      .where(eq(scratchCards.id, a));
    const byTitle = await call(app, api.scratch.list, { title: tag }, { token: brand });
    expect(byTitle.body.data.lists.map((c) => c.title).sort()).toEqual([`${tag}乙`, `${tag}甲`]);
    const byActive = await call(app, api.scratch.list, { active_title: `${tag}夏日` }, { token: brand });
    expect(byActive.body.data.lists.map((c) => c.id)).toEqual([a]);
    expect(byActive.body.data.lists[0]).toMatchObject({ active_id: 99, active_title: `${tag}夏日活动` });
    const all = await call(app, api.scratch.list, {}, { token: brand });
    expect(all.body.data.lists.length).toBeLessThanOrEqual(10);
  });
});

describe('scratch.update / addCodes / delete', () => {
  it('edits the title with the same title rules', async () => {
    const id = await newCard(1);
    expect((await call(app, api.scratch.update, { id, title: '' }, { token: brand })).body.msg).toBe(m.titleRequired);
    expect(
      (await call(app, api.scratch.update, { id, title: '十一个字十一个字十一个' }, { token: brand })).body.msg,
    ).toBe(m.titleTooLong);
    const ok = await call(app, api.scratch.update, { id, title: '新名字' }, { token: brand });
    expect(ok.statusCode).toBe(200);
    expect((await cardOf(id)).title).toBe('新名字');
  });

  it.each([
    ['', m.numRequired],
    [0, m.numRequired],
    [1.5, m.numInteger],
    [-2, m.numRequired],
    [10001, m.numTooHigh],
  ])('add codes num %j → %s, and no code is added', async (num, message) => {
    const id = await newCard(3);
    const res = await call(app, api.scratch.addCodes, { id, num } as never, { token: brand });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect((await codesOf(id)).length).toBe(3);
  });

  it('adds codes up to 10000 in total and no further', async () => {
    const id = await newCard(9990);
    const res = await call(app, api.scratch.addCodes, { id, num: 10 }, { token: brand });
    expect(res.body.data).toEqual({ total_num: 10000 });
    expect((await codesOf(id)).length).toBe(10000);
    const over = await call(app, api.scratch.addCodes, { id, num: 1 }, { token: brand });
    expect(over.body.msg).toBe(m.numTooHigh);
    expect((await cardOf(id)).total_num).toBe(10000);
  });

  it('refuses edit, add codes and delete once the card is linked to an activity', async () => {
    const id = await newCard(2);
    await app.db.update(scratchCards).set({ activeId: 7, activeTitle: '活动' }).where(eq(scratchCards.id, id));
    for (const res of [
      await call(app, api.scratch.update, { id, title: '改' }, { token: brand }),
      await call(app, api.scratch.addCodes, { id, num: 1 }, { token: brand }),
      await call(app, api.scratch.delete, { id }, { token: brand }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.body.msg).toBe(m.linked);
    }
    const card = await cardOf(id);
    expect(card).toMatchObject({ total_num: 2, active_id: 7 });
    expect(card.title).not.toBe('改');
  });

  it('deletes an unlinked card with its codes and redemptions', async () => {
    const id = await newCard(2);
    const p = await player(app, '13800000001');
    expect((await redeem(p, (await codesOf(id))[0]!)).statusCode).toBe(200);
    const res = await call(app, api.scratch.delete, { id }, { token: brand });
    expect(res.statusCode).toBe(200);
    expect(await codesOf(id)).toEqual([]);
    expect(await cardOf(id)).toBeUndefined();
  });
});

describe('scratch.link / unlink', () => {
  const machineOf = async (ipId: number, mine = true) =>
    (
      await app.db
        .select()
        .from(drawMachines)
        .where(mine ? eq(drawMachines.ipId, ipId) : ne(drawMachines.ipId, ipId))
    )[0]!;

  it.each([
    [{ active_type: '', active_id: 1 }, m.activityRequired],
    [{ active_type: 7, active_id: 1 }, m.activityRequired],
    [{ active_type: 3, active_id: 1 }, m.activityRequired],
    [{ active_type: 1, active_id: '' }, m.activityRequired],
    [{ active_type: 1, active_id: 'abc' }, m.activityRequired],
  ])('%j → %s, and the card stays unlinked', async (input, message) => {
    const id = await newCard(1);
    const res = await call(app, api.scratch.link, { id, ...input } as never, { token: brand });
    expect([res.statusCode, res.body.msg]).toEqual([400, message]);
    expect((await cardOf(id)).active_id).toBe(0);
  });

  it("links to one of the brand's draw machines; then locked until unlinked; filtered by the activity's name", async () => {
    const id = await newCard(2);
    const machine = await machineOf(molly);
    const res = await call(app, api.scratch.link, { id, active_type: 1, active_id: machine.id }, { token: brand });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ id, active_id: machine.id, active_type: 1, active_title: machine.title });
    const card = await cardOf(id);
    expect(card).toMatchObject({ active_id: machine.id, active_type: 1, active_title: machine.title });
    expect(card.active_pic).toMatch(/^https?:\/\//);
    const filtered = await call(app, api.scratch.list, { active_title: machine.title, limit: 200 }, { token: brand });
    expect(filtered.body.data.lists.map((c) => c.id)).toContain(id);
    // Linked: no edit, no codes, no delete, no second link.
    for (const again of [
      await call(app, api.scratch.link, { id, active_type: 1, active_id: machine.id }, { token: brand }),
      await call(app, api.scratch.update, { id, title: '改' }, { token: brand }),
      await call(app, api.scratch.delete, { id }, { token: brand }),
    ])
      expect([again.statusCode, again.body.msg]).toEqual([409, m.linked]);
    const off = await call(app, api.scratch.unlink, { id }, { token: brand });
    expect(off.body.data).toMatchObject({ id, active_id: 0, active_type: 0, active_title: '', active_pic: '' });
    expect((await call(app, api.scratch.update, { id, title: '改' }, { token: brand })).statusCode).toBe(200);
    const logged = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'scratch'), eq(auditLog.entityId, id)));
    expect(logged.map((r) => r.action)).toEqual(['create', 'link', 'unbind', 'update']);
  });

  it("links to a kuji of the brand; another brand's activity or a missing one is 活动不存在", async () => {
    const id = await newCard(1);
    const theirs = await machineOf(molly, false);
    for (const [active_type, active_id] of [
      [1, theirs.id],
      [1, 2_000_000_000],
      [5, 2_000_000_000],
    ] as const) {
      const res = await call(app, api.scratch.link, { id, active_type, active_id }, { token: brand });
      expect([res.statusCode, res.body.msg]).toEqual([404, m.activityMissing]);
    }
    expect((await cardOf(id)).active_id).toBe(0);
    const kuji = await publishKuji(app, brand, molly, { title: '夏日一番赏' });
    const ok = await call(app, api.scratch.link, { id, active_type: 5, active_id: kuji }, { token: brand });
    expect(ok.body.data).toMatchObject({ active_id: kuji, active_type: 5, active_title: '夏日一番赏' });
  });
});

describe('tenancy', () => {
  it("answers 404 for another merchant's card on every call, and changes nothing", async () => {
    const id = await newCard(2, '别人的卡');
    for (const res of [
      await call(app, api.scratch.update, { id, title: '抢' }, { token: shop }),
      await call(app, api.scratch.addCodes, { id, num: 5 }, { token: shop }),
      await call(app, api.scratch.delete, { id }, { token: shop }),
      await call(app, api.scratch.codesExport, { id }, { token: shop }),
      await call(app, api.scratch.activityQr, { id }, { token: shop }),
      await call(app, api.scratch.link, { id, active_type: 1, active_id: 1 }, { token: shop }),
      await call(app, api.scratch.unlink, { id }, { token: shop }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body.msg).toBe(messages.common.notFound);
    }
    expect(await cardOf(id)).toMatchObject({ title: '别人的卡', total_num: 2 });
    const theirs = await call(app, api.scratch.list, {}, { token: shop });
    expect(theirs.body.data.lists.some((c) => c.id === id)).toBe(false);
    const foreign = await call(app, api.scratch.list, { ip_id: molly }, { token: shop });
    expect(foreign.statusCode).not.toBe(200);
    const create = await call(app, api.scratch.create, { ip_id: molly, title: '越权', stock: 1 }, { token: shop });
    expect(create.statusCode).not.toBe(200);
    expect(shopBrand).not.toBe(molly);
  });
});

describe('codes', () => {
  // Two cards of the largest stock: a fixed amount of work, well inside the limit on a busy machine.
  it('are 16 base32 characters (80 random bits), unique over 20,000 made through scratch.create', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) ids.push(await newCard(10000, `万码${i}`));
    const rows = await app.db
      .select({ code: scratchCodes.code })
      .from(scratchCodes)
      .where(inArray(scratchCodes.cardId, ids));
    expect(rows.length).toBe(20_000);
    expect(new Set(rows.map((r) => r.code)).size).toBe(20_000);
    expect(rows.every((r) => /^[0-9A-HJKMNP-TV-Z]{16}$/.test(r.code))).toBe(true);
  });

  it('a code that collides with one anywhere on the platform is made again', async () => {
    const id = await newCard(1);
    const [taken] = await codesOf((await cardOf(id)).id);
    const fresh = ['AAAAAAAAAAAAAAA1', 'AAAAAAAAAAAAAAA2'].map((c) =>
      c.replace('A', unique('').slice(1, 2).toUpperCase()),
    );
    const queue = [taken!, taken!, ...fresh];
    const other = await newCard(1);
    const issued = await app.db.transaction((tx) =>
      issueCodes(tx, other, 2, () => queue.shift() ?? 'ZZZZZZZZZZZZZZZZ'),
    );
    expect(issued).toBe(2);
    expect((await codesOf(other)).length).toBe(3);
    expect((await codesOf(id)).filter((c) => c === taken)).toEqual([taken]);
  });
});

describe('player.redeemScratch', () => {
  it('redeems once; a second redemption and a wrong code are refused and counted; used_num follows', async () => {
    const id = await newCard(3);
    const [a, b] = await codesOf(id);
    const p1 = await player(app, '13800000002');
    const p2 = await player(app, '13800000003');
    const ok = await redeem(p1, ` ${a!.toLowerCase().slice(0, 8)}-${a!.slice(8)} `);
    expect(ok.statusCode).toBe(200);
    expect(ok.body.data).toMatchObject({ card_id: id, ip_id: molly });
    const again = await redeem(p2, a!);
    expect(again.statusCode).toBe(409);
    expect(again.body.msg).toBe(m.codeUsed);
    const wrong = await redeem(p2, 'ZZZZZZZZZZZZZZZZ');
    expect(wrong.body.msg).toBe(m.codeWrong);
    expect((await redeem(p2, '')).body.msg).toBe(m.codeRequired);
    expect((await redeem(p2, b!)).statusCode).toBe(200);
    expect(await cardOf(id)).toMatchObject({ total_num: 3, used_num: 2, remaining: 1, refused_num: 1 });
  });

  it('needs a player session', async () => {
    const res = await call(app, api.player.redeemScratch, { code: 'ZZZZZZZZZZZZZZZZ' });
    expect(res.statusCode).toBe(401);
  });

  it('of 20 simultaneous redemptions of one code exactly one wins', async () => {
    const id = await newCard(1);
    const [code] = await codesOf(id);
    const players = await Promise.all(
      Array.from({ length: 20 }, (_, i) => player(app, `1390000${String(i).padStart(4, '0')}`)),
    );
    const results = await Promise.all(players.map((p) => redeem(p, code!)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409 && r.body.msg === m.codeUsed)).toHaveLength(19);
    expect(await cardOf(id)).toMatchObject({ used_num: 1, remaining: 0, refused_num: 19 });
  });
});

describe('code download and activity QR', () => {
  it('answers a sign; the status reports progress, then the url of an xlsx of every code', async () => {
    const id = await newCard(4500);
    const p = await player(app, '13800000009');
    const codes = await codesOf(id);
    await redeem(p, codes[0]!);
    const started = await call(app, api.scratch.codesExport, { id }, { token: brand });
    expect(started.body.data).toEqual({ sign: expect.stringMatching(/^[0-9a-f]{32}$/), total_num: 4500 });
    const sign = started.body.data.sign;
    expect((await call(app, api.scratch.codesExportStatus, { sign }, { token: shop })).statusCode).toBe(404);
    let status = (await call(app, api.scratch.codesExportStatus, { sign }, { token: brand })).body.data;
    expect(status.total_num).toBe(4500);
    const deadline = Date.now() + 30_000;
    while (!status.url && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await call(app, api.scratch.codesExportStatus, { sign }, { token: brand })).body.data;
    }
    expect(status).toMatchObject({ status: 'done', now_num: 4500, total_num: 4500 });
    const rows = sheetRows(await download(app, status.url!));
    expect(rows[0]).toEqual(['序号', '兑换码', '状态', '兑换时间']);
    expect(rows.length).toBe(4501);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(4500);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual([...codes].sort());
    expect(rows.find((r) => r[1] === codes[0])![2]).toBe('已兑换');
    expect(rows.filter((r) => r[2] === '未兑换')).toHaveLength(4499);
  });

  it('an unknown sign is a clear 404', async () => {
    const res = await call(app, api.scratch.codesExportStatus, { sign: '0'.repeat(32) }, { token: brand });
    expect(res.statusCode).toBe(404);
    expect(res.body.msg).toBe(m.exportNotFound);
  });

  it("answers a PNG QR code of the card's activity link", async () => {
    const id = await newCard(1);
    const res = await call(app, api.scratch.activityQr, { id }, { token: brand });
    expect(res.statusCode).toBe(200);
    const { qrcode, link } = res.body.data.info;
    expect(link).toMatch(new RegExp(`/m/scratch\\?card=${id}$`));
    // The link opens the card's page on a phone, not a 404; an unknown card says so.
    const pageRes = await app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toContain('text/html');
    expect(pageRes.body).toContain('输入 16 位兑换码');
    const missing = await app.inject({ method: 'GET', url: '/m/scratch?card=99999999' });
    expect([missing.statusCode, missing.body.includes('刮刮卡不存在')]).toEqual([404, true]);
    expect((await app.inject({ method: 'GET', url: '/m/scratch?card=x' })).statusCode).toBe(404);
    const png = Buffer.from(qrcode!.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(500);
  });
});
