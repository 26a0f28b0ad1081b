import { api, type FairnessLog, messages, type PlayerMachine, recordHash, seedHash, verifyFairness } from '@toy/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { depositFreight, drawLog, drawRemovedCases, orders, players } from '../src/db/schema.js';
import { drawMany } from '../src/features/draw-machine/engine.js';
import { reconcile } from '../src/features/draw-machine/reconcile.js';
import { orderSn } from '../src/features/holdings/order-sn.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { call } from './helpers.js';

const m = messages.drawMachine;

const { app, brand, molly, sweet } = await demoApp();

const publicLog = async (id: number) =>
  (await call(app, api.fairness.log, { batch_id: id }, { sign: false })).body.data as FairnessLog;

describe('player.draw', () => {
  it('200 concurrent draws against 50 boxes: exactly 50 succeed, none twice, then the seed is revealed', async () => {
    const { id, seed_hash } = await publishMachine(app, brand, molly, sweet, 5); // 5 cases × 10
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, i) => player(app, `1390000${String(i).padStart(4, '0')}`)),
    );
    const before = await publicLog(id);
    expect(before.allocations[0]!.seed).toBeNull();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => draw(app, tokens[i % 20]!, id)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(50);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.body.msg === m.soldOut)).toBe(true);
    const boxes = new Set(ok.map((r) => `${r.body.data.case_no}#${r.body.data.position}`));
    expect(boxes.size).toBe(50);
    const info = (await call(app, api.drawMachine.info, { batch_id: id }, { token: brand })).body.data.info;
    expect(info).toMatchObject({ off: 2, stock: 0, surplus_num: 0, cupboard: { sold_num: 50, consign_num: 50 } });
    const log = await publicLog(id);
    expect(log.seed_hash).toBe(seed_hash);
    expect(log.records).toHaveLength(50);
    expect(seedHash(log.allocations[0]!.seed!)).toBe(seed_hash);
    expect(verifyFairness(log)).toBeNull();
    expect(await reconcile(app.db)).toEqual([]);
  });

  it('a tampered record makes the verifier fail at that record', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const p = await player(app, '13700000001');
    // Without coins: 20 coins cover only the first draws' deduction.
    for (let i = 0; i < 10; i++) expect((await draw(app, p, id, 0)).statusCode).toBe(200);
    expect(verifyFairness(await publicLog(id))).toBeNull();
    const [rec] = await app.db
      .select()
      .from(drawLog)
      .where(and(eq(drawLog.batchId, id), eq(drawLog.seq, 4)));
    const other = (await publicLog(id)).styles.find((s) => s.id !== rec!.styleId)!.id;
    await app.db
      .update(drawLog)
      .set({ styleId: other })
      .where(and(eq(drawLog.batchId, id), eq(drawLog.seq, 4)));
    expect(verifyFairness(await publicLog(id))).toMatchObject({ seq: 4, reason: 'hash does not match the record' });
    // With its hash recomputed, the record still disagrees with the arrangement of the seed.
    const log = await publicLog(id);
    const r4 = log.records[3]!;
    const { prev_hash, hash: _h, ...fields } = r4;
    r4.hash = recordHash(prev_hash, fields);
    expect(verifyFairness(log)).toMatchObject({ seq: 4, reason: expect.stringContaining('the seed gives') });
    // The honest copy verifies.
    r4.style_id = rec!.styleId;
    r4.hash = rec!.hash;
    expect(verifyFairness(log)).toBeNull();
  });

  it('only on sale after the launch time and while listed; needs a player session', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1, { shelves_time: '2099-01-01 10:00:00' });
    const p = await player(app, '13700000002');
    expect((await draw(app, p, id)).body).toEqual({ status: 409, msg: m.notOnSale, data: null });
    const live = await publishMachine(app, brand, molly, sweet, 1);
    await call(app, api.drawMachine.update, { id: live.id, off: 1 }, { token: brand });
    expect((await draw(app, p, live.id)).body.msg).toBe(m.notOnSale);
    expect((await draw(app, 'f'.repeat(64), live.id)).statusCode).toBe(401);
  });

  it("the player's catalogue lists the machines on sale with the boxes left, not those before sale, delisted or sold out", async () => {
    const later = await publishMachine(app, brand, molly, sweet, 1, { shelves_time: '2099-01-01 10:00:00' });
    const delisted = await publishMachine(app, brand, molly, sweet, 1);
    await call(app, api.drawMachine.update, { id: delisted.id, off: 1 }, { token: brand });
    const soldOut = await publishMachine(app, brand, molly, sweet, 1);
    const live = await publishMachine(app, brand, molly, sweet, 1);
    const p = await player(app, '13700000005');
    for (let i = 0; i < 10; i++) await draw(app, p, soldOut.id, 0);
    await draw(app, p, live.id, 0);
    const list = async () => (await call(app, api.player.machines, { ip_id: molly })).body.data.list as PlayerMachine[];
    const shown = await list();
    const ids = shown.map((x) => x.id);
    expect(ids).toContain(live.id);
    for (const hidden of [later.id, delisted.id, soldOut.id]) expect(ids).not.toContain(hidden);
    expect(shown.find((x) => x.id === live.id)).toMatchObject({
      ip_id: molly,
      surplus_num: 9,
      seed_hash: live.seed_hash,
    });
    expect(shown.every((x) => x.ip_id === molly)).toBe(true);
  });

  it('deducts coins up to the limit, refuses a draw the balance cannot cover, then pays in full; fees go to pending settlement', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1, { bean: 8 });
    const p = await player(app, '13700000003'); // 20 coins
    const beans = [];
    for (let i = 0; i < 2; i++) beans.push((await draw(app, p, id)).body.data.bean);
    expect(beans).toEqual([8, 8]);
    // 4 coins left: a draw asking for the 8-coin deduction is refused and draws nothing.
    expect((await draw(app, p, id)).body).toEqual({
      status: 400,
      msg: messages.payment.notEnoughCoins('8', '4'),
      data: null,
    });
    expect((await draw(app, p, id, 0)).body.data.bean).toBe(0);
    // In the order drawn: a server returns rows without an ORDER BY in no promised order.
    const rows = await app.db.select().from(orders).where(eq(orders.activeId, id)).orderBy(asc(orders.id));
    expect(rows.every((o) => o.type === 13 && o.settleState === 0)).toBe(true);
    expect(rows.map((o) => o.points)).toEqual([800, 800, 0]);
  });
});

/** The chain alone (before the reveal the arrangement cannot be checked yet). */
const chained = (log: FairnessLog) =>
  log.records.every((r, i) => {
    const { prev_hash, hash, ...fields } = r;
    return (
      r.seq === i + 1 &&
      prev_hash === (i ? log.records[i - 1]!.hash : log.seed_hash) &&
      recordHash(prev_hash, fields) === hash
    );
  });

describe('draws grouped into one transaction', () => {
  it('never repeats an order number, even for thousands made in the same millisecond', () => {
    const sns = Array.from({ length: 20_000 }, () => orderSn('BX'));
    expect(new Set(sns).size).toBe(sns.length);
    expect(sns[0]).toMatch(/^BX\d{23}$/);
  });

  it('one player drawing at once spends coins within the limit and the balance, never below zero', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 2, { bean: 8 });
    const p = await player(app, '13700000010'); // 20 coins
    const results = await Promise.all(Array.from({ length: 6 }, () => draw(app, p, id)));
    // Two draws take 8 coins each; the other four find 4 coins left and are refused, drawing nothing.
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400, 400, 400]);
    const beans = results.filter((r) => r.statusCode === 200).map((r) => r.body.data.bean);
    expect(beans).toEqual([8, 8]);
    const [me] = await app.db.select().from(players).where(eq(players.phone, '13700000010'));
    expect(me!.coins).toBe(400);
    expect(chained(await publicLog(id))).toBe(true);
  });

  it('crosses case boundaries in the committed order and chains every record', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 4); // 4 cases × 10
    const tokens = await Promise.all(Array.from({ length: 7 }, (_, i) => player(app, `1370000002${i}`)));
    const first = await Promise.all(Array.from({ length: 13 }, (_, i) => draw(app, tokens[i % 7]!, id)));
    const second = await Promise.all(Array.from({ length: 14 }, (_, i) => draw(app, tokens[i % 7]!, id)));
    expect([...first, ...second].every((r) => r.statusCode === 200)).toBe(true);
    const log = await publicLog(id);
    expect(log.records.map((r) => r.seq)).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    expect(log.records.map((r) => `${r.case_no}:${r.position}`)).toEqual(
      Array.from({ length: 27 }, (_, i) => `${log.records[0]!.case_no + Math.floor(i / 10)}:${i % 10}`),
    );
    const info = (await call(app, api.drawMachine.info, { batch_id: id }, { token: brand })).body.data.info;
    expect(info).toMatchObject({ stock: 1, cupboard: { sold_num: 27 } });
    expect(chained(log)).toBe(true);
    expect(await reconcile(app.db)).toEqual([]);
  });

  it('the last box goes to the next want when the want before it fails', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1); // 1 case × 10
    const first = await player(app, '13700000040');
    for (let i = 0; i < 9; i++) expect((await draw(app, first, id, 0)).statusCode).toBe(200);
    await player(app, '13700000041');
    await player(app, '13700000042');
    const ids = await Promise.all(
      ['13700000041', '13700000042'].map(
        async (phone) => (await app.db.select().from(players).where(eq(players.phone, phone)))[0]!.id,
      ),
    );
    const results = await app.db.transaction((tx) =>
      drawMany(tx, id, [
        { playerId: 987_654_321, useBean: false },
        { playerId: ids[0]!, useBean: false },
        { playerId: ids[1]!, useBean: false },
      ]),
    );
    expect(results.map((r) => (r.ok ? 'ok' : r.error.message))).toEqual([m.playerSession, 'ok', m.soldOut]);
    const info = (await call(app, api.drawMachine.info, { batch_id: id }, { token: brand })).body.data.info;
    expect(info).toMatchObject({ off: 2, stock: 0, cupboard: { sold_num: 10 } });
  });

  it('a want whose player is gone fails alone; the others in its group draw', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const p = await player(app, '13700000030');
    const [me] = await app.db.select().from(players).where(eq(players.phone, '13700000030'));
    const results = await app.db.transaction((tx) =>
      drawMany(tx, id, [
        { playerId: me!.id, useBean: false },
        { playerId: 987_654_321, useBean: false },
        { playerId: me!.id, useBean: true },
      ]),
    );
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(results[1]).toMatchObject({ ok: false, error: { message: m.playerSession } });
    const log = await publicLog(id);
    expect(log.records.map((r) => r.position)).toEqual([0, 1]);
    expect(chained(log)).toBe(true);
    expect((await draw(app, p, id)).body.data.position).toBe(2);
  });
});

describe('player.deposit / player.pickup', () => {
  it('keeps won items in the cabinet; a pickup is pending shipment with freight from the brand', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const p = await player(app, '13700000004');
    for (let i = 0; i < 2; i++) await draw(app, p, id);
    const headers = { player_token: p };
    const cabinet = (await call(app, api.player.deposit, {}, { headers })).body.data.list;
    expect(cabinet.map((d) => d.state)).toEqual([3, 3]);
    const [rule] = await app.db.select().from(depositFreight).where(eq(depositFreight.ipId, molly));
    const address = {
      username: '李四',
      phone: '13700000004',
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '文三路',
    };
    const res = await call(app, api.player.pickup, { deposit_ids: [cabinet[0]!.id], ...address }, { headers });
    expect(res.body.data).toMatchObject({ goods_nums: 1, deposit: rule!.freeNum > 1 ? rule!.unitPrice / 100 : 0 });
    expect(res.body.data.order_sn).toMatch(/^TH/);
    const twice = await call(app, api.player.pickup, { deposit_ids: [cabinet[0]!.id], ...address }, { headers });
    expect(twice.body.msg).toBe(m.depositsInvalid);
    const after = (await call(app, api.player.deposit, {}, { headers })).body.data.list;
    expect(after.map((d) => d.state)).toEqual([0, 3]);
  });
});

describe('stock decrease racing draws', () => {
  it('never removes a box that was drawn; the counters reconcile', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 10);
    const tokens = await Promise.all(Array.from({ length: 5 }, (_, i) => player(app, `1360000000${i}`)));
    const draws = Array.from({ length: 40 }, (_, i) => draw(app, tokens[i % 5]!, id));
    const decrease = call(app, api.drawMachine.stock, { template_log_id: id, type: 2, stock: 5 }, { token: brand });
    const [dec, ...results] = await Promise.all([decrease, ...draws]);
    const ok = results.filter((r) => r.statusCode === 200);
    const removed = await app.db.select().from(drawRemovedCases).where(eq(drawRemovedCases.batchId, id));
    if (dec.statusCode === 200) expect(removed).toHaveLength(5);
    const drawnCases = new Set(ok.map((r) => r.body.data.case_no));
    for (const r of removed) expect(drawnCases.has(r.caseNo)).toBe(false);
    expect(new Set(ok.map((r) => `${r.body.data.case_no}#${r.body.data.position}`)).size).toBe(ok.length);
    expect(await reconcile(app.db)).toEqual([]);
    const log = await publicLog(id);
    expect(log.removed_cases).toHaveLength(removed.length);
  });
});
