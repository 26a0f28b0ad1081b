import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, globalWinnerPosition, messages, PLAYER_DEMO_CODE, verifyKujiLog } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { kujis, orderItems, orders } from '../src/db/schema.js';
import { apiClient } from '../src/tools/client.js';
import { startKuji } from '../src/tools/simulate-kuji.js';
import { demoApp, listen, player, verifyDraws } from './draw-helpers.js';
import { call, login, makeApp } from './helpers.js';
import { approvedKuji, kujiDraw, kujiLog } from './kuji-draw-helpers.js';
import { approveKuji, publishKuji } from './kuji-helpers.js';

const m = messages.kuji;
const { app, molly } = await demoApp();
const base = await listen(app);
const dir = await mkdtemp(join(tmpdir(), 'verify-kuji-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

type Draw = {
  order_sn: string;
  tickets: { position: number; level: number; deposit_id: number; box_no: number }[];
  awards: { kind: string; level: number; position: number; player_id: number; deposit_id: number; box_no: number }[];
  price: number;
  bean: number;
  paid: number;
};

const playerIdOf = async (a: FastifyInstance, token: string) =>
  (await call(a, api.player.login, { phone: token, code: PLAYER_DEMO_CODE })).body.data!.player.id;

describe('player.kujiDraw', () => {
  it('draws tickets in the seed order, Last to the last drawer, W to the seed-chosen owner; sold out reveals the seed', async () => {
    const { id, seed } = await approvedKuji(app, molly, { boxNum: 2 });
    const phones = ['13500000001', '13500000002', '13500000003'];
    const tokens = await Promise.all(phones.map((p) => player(app, p)));
    const ids = await Promise.all(phones.map((p) => playerIdOf(app, p)));

    const list = (await call(app, api.player.kujis, { ip_id: molly })).body.data!.list.find((k) => k.id === id)!;
    expect(list.boxes).toEqual([
      { box_no: 1, remaining: 7, tickets: 7 },
      { box_no: 2, remaining: 7, tickets: 7 },
    ]);
    expect((await kujiLog(app, id)).data!.seed).toBeNull();

    // Box 1: players 0, 1, 2 draw 2, 3, 2 tickets.
    const owner = new Map<number, number>();
    const all: Draw[] = [];
    for (const [i, num] of [2, 3, 2].entries()) {
      const res = await kujiDraw(app, tokens[i]!, { active_id: id, box_no: 1, num, use_bean: 1 });
      expect(res.statusCode, res.body.msg).toBe(200);
      const d = res.body.data as Draw;
      all.push(d);
      for (const t of d.tickets) owner.set(t.position, ids[i]!);
      expect(d.price).toBe(10 * num);
      expect(d.bean).toBe(2 * num);
      expect(d.paid).toBe(8 * num);
    }
    const positions = all.flatMap((d) => d.tickets.map((t) => t.position));
    expect(positions).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const log = (await kujiLog(app, id)).data!;
    const ticketRecords = log.records.filter((r) => r.award === null);
    expect(ticketRecords.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    const awards = all.flatMap((d) => d.awards);
    const w = awards.filter((a) => a.kind === 'global');
    expect(w).toHaveLength(1);
    const wPos = globalWinnerPosition(seed, 1, 101, 2, 5);
    expect(w[0]).toMatchObject({ level: 101, position: wPos, player_id: owner.get(wPos) });
    // Released when position 5 (the interval's end) was drawn: by the second draw (positions 3…5).
    expect(all[1]!.awards.some((a) => a.kind === 'global')).toBe(true);
    const last = awards.filter((a) => a.kind === 'last');
    expect(last).toEqual([expect.objectContaining({ level: 0, position: 7, player_id: ids[2] })]);
    expect(all[2]!.awards.some((a) => a.kind === 'last')).toBe(true);

    // The W prize sits on the winner's order and in the winner's cabinet.
    const winnerToken = tokens[ids.indexOf(owner.get(wPos)!)]!;
    const cabinet = (await call(app, api.player.deposit, {}, { headers: { player_token: winnerToken } })).body.data!
      .list;
    expect(cabinet.map((c) => c.id)).toContain(w[0]!.deposit_id);
    expect(cabinet.find((c) => c.id === w[0]!.deposit_id)).toMatchObject({ kuji_id: id, goods_title: 'W1赏挂画' });
    const [wItem] = await app.db
      .select({ sn: orders.orderSn, award: orderItems.award })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.kujiId, id), eq(orderItems.award, 2)));
    const winningDraw = all.find((d) => d.tickets.some((t) => t.position === wPos))!;
    expect(wItem!.sn).toBe(winningDraw.order_sn);

    // Orders: type 14, price num × 10 yuan in fen, coins deducted.
    const [o] = await app.db.select().from(orders).where(eq(orders.orderSn, all[1]!.order_sn));
    expect(o).toMatchObject({ type: 14, activeId: id, buyNum: 3, price: 3000, points: 600, receivedPrice: 2400 });

    // The box is sold out; the kuji is not (box 2 remains).
    const again = await kujiDraw(app, tokens[0]!, { active_id: id, box_no: 1, num: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.body.msg).toBe(m.boxSoldOut);
    expect((await kujiLog(app, id)).data!.seed).toBeNull();
    expect(verifyKujiLog((await kujiLog(app, id)).data!)).toEqual([]);

    // Box 2 in one draw of 7: everything to one player, then the kuji is sold out and the seed revealed.
    const whole = await kujiDraw(app, tokens[1]!, { active_id: id, box_no: 2, num: 7, use_bean: 0 });
    expect(whole.statusCode, whole.body.msg).toBe(200);
    const wd = whole.body.data as Draw;
    expect(wd.bean).toBe(0);
    expect(wd.awards.map((a) => [a.kind, a.player_id])).toEqual(
      expect.arrayContaining([
        ['last', ids[1]],
        ['global', ids[1]],
      ]),
    );
    expect(wd.awards).toHaveLength(2);
    const revealed = (await kujiLog(app, id)).data!;
    expect(revealed.seed).toBe(seed);
    expect(verifyKujiLog(revealed)).toEqual([]);
    const [k] = await app.db.select({ off: kujis.off }).from(kujis).where(eq(kujis.id, id));
    expect(k!.off).toBe(2);
    // 已售 counts the 14 tickets, not the Last and global prizes given with them.
    const merchant = (await login(app, 'brand@demo.local')).web_token;
    const detail = await call(app, api.kuji.info, { active_id: id }, { token: merchant });
    expect(detail.body.data!.info.sales_num).toBe(14);
    expect((await call(app, api.player.kujis, { ip_id: molly })).body.data!.list.some((x) => x.id === id)).toBe(false);
    // Tampering is caught.
    const tampered = structuredClone(revealed);
    tampered.records[0]!.level = tampered.records[0]!.level === 1 ? 2 : 1;
    expect(verifyKujiLog(tampered).length).toBeGreaterThan(0);
  });

  it('answers in Chinese for a bad box, too many tickets and a kuji not on sale, changing nothing', async () => {
    const token = await player(app, '13500000010');
    const { id } = await approvedKuji(app, molly, { boxNum: 1 });
    const missing = await kujiDraw(app, token, { active_id: id, box_no: 9, num: 1 });
    expect([missing.statusCode, missing.body.msg]).toEqual([404, m.boxNotFound]);
    const tooMany = await kujiDraw(app, token, { active_id: id, box_no: 1, num: 8 });
    expect(tooMany.statusCode).toBe(400);
    const ok = await kujiDraw(app, token, { active_id: id, box_no: 1, num: 5 });
    expect(ok.statusCode).toBe(200);
    const rest = await kujiDraw(app, token, { active_id: id, box_no: 1, num: 3 });
    expect([rest.statusCode, rest.body.msg]).toEqual([400, m.notEnoughTickets(2)]);
    expect((await kujiLog(app, id)).data!.records.filter((r) => r.award === null)).toHaveLength(5);

    const off = await approvedKuji(app, molly, { patch: { off: 1 } });
    const future = await approvedKuji(app, molly, { patch: { shelvesTime: new Date(Date.now() + 86400_000) } });
    const pending = await approvedKuji(app, molly, { patch: { auditStatus: 0 } });
    for (const k of [off, future, pending]) {
      const res = await kujiDraw(app, token, { active_id: k.id, box_no: 1, num: 1 });
      expect([res.statusCode, res.body.msg]).toEqual([409, m.notOnSale]);
    }
    const noSession = await call(app, api.player.kujiDraw, { active_id: id, box_no: 1, num: 1 } as never);
    expect(noSession.statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  it('200 players drawing one box at once: no position twice, Last once, every W once', async () => {
    const other = await makeApp();
    try {
      const rows = [
        { level: 0, stock: 1 },
        { level: 101, stock: 1, start: 1, end: 100 },
        { level: 102, stock: 1, start: 50, end: 200 },
        { level: 1, stock: 20 },
        { level: 2, stock: 180 },
      ];
      const { id } = await approvedKuji(app, molly, { boxNum: 1, rows });
      const phones = Array.from({ length: 200 }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
      const tokens = await Promise.all(phones.map((p, i) => player(i % 2 ? other : app, p)));
      const results = await Promise.all(
        tokens.map((t, i) => kujiDraw(i % 2 ? other : app, t, { active_id: id, box_no: 1, num: 1 })),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      const log = (await kujiLog(app, id)).data!;
      const positions = log.records.filter((r) => r.award === null).map((r) => r.position);
      expect(new Set(positions).size).toBe(200);
      const awards = log.records.filter((r) => r.award !== null).map((r) => r.award!.level);
      expect(awards.sort()).toEqual([0, 101, 102]);
      expect(log.seed).not.toBeNull();
      expect(verifyKujiLog(log)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('npm run verify-draws -- --kuji', () => {
  it('fails while the seed is sealed, OK once sold out, FAIL at an altered record of a saved copy', async () => {
    const { id } = await approvedKuji(app, molly, { boxNum: 1 });
    const token = await player(app, '13500000020');
    expect((await kujiDraw(app, token, { active_id: id, box_no: 1, num: 3 })).statusCode).toBe(200);
    const sealed = await verifyDraws(['--', '--kuji', String(id), '--api', base]);
    expect(sealed.stdout).toContain(`FAIL kuji ${id}: seed not revealed yet`);
    expect(sealed.code).toBe(1);
    expect((await kujiDraw(app, token, { active_id: id, box_no: 1, num: 4 })).statusCode).toBe(200);
    const ok = await verifyDraws(['--', '--kuji', String(id), '--api', base]);
    expect(ok.stdout).toContain(`OK kuji ${id} (测试一番赏): 7 tickets, 2 prizes, the seed revealed and matching`);
    expect(ok.code).toBe(0);
    const log = (await kujiLog(app, id)).data!;
    log.records[2]!.order_sn = 'YF0';
    const path = join(dir, 'kuji.json');
    await writeFile(path, JSON.stringify(log));
    const bad = await verifyDraws(['--', '--file', path]);
    expect(bad.stdout).toContain(`FAIL kuji ${id} at record 3: hash does not match the record`);
    expect(bad.code).toBe(1);
  });
});

describe('npm run simulate with kujis on sale', () => {
  it('simulated players draw the open boxes to sell-out, the log verifying', async () => {
    const { id } = await approvedKuji(app, molly, { boxNum: 2 });
    const crowd = startKuji(apiClient(base), { players: 4, deadline: Date.now() + 20_000, thinkMs: 5 });
    const summary = await crowd.finish();
    expect(summary.kujis).toBeGreaterThanOrEqual(1);
    expect(summary.errors).toBe(0);
    expect(summary.boxesSoldOut).toBeGreaterThanOrEqual(2);
    const log = (await kujiLog(app, id)).data!;
    expect(log.records.filter((r) => r.award === null)).toHaveLength(14);
    expect(log.seed).not.toBeNull();
    expect(verifyKujiLog(log)).toEqual([]);
  });

  it('with keepLastBox (the demo), a kuji of several boxes keeps its last box on sale; a one-box kuji sells out', async () => {
    const two = await approvedKuji(app, molly, { boxNum: 2 });
    const one = await approvedKuji(app, molly, { boxNum: 1 });
    const crowd = startKuji(apiClient(base), {
      players: 4,
      deadline: Date.now() + 20_000,
      thinkMs: 5,
      keepLastBox: true,
    });
    expect((await crowd.finish()).errors).toBe(0);
    // Its first box drawn to the end (7 tickets), its last one not (a player may have started it while
    // the first was still open): on sale, with draws.
    const kept = (await kujiLog(app, two.id)).data!;
    const keptTickets = kept.records.filter((r) => r.award === null).length;
    expect(keptTickets).toBeGreaterThanOrEqual(7);
    expect(keptTickets).toBeLessThan(14);
    expect(kept.seed).toBeNull();
    const soldOut = (await kujiLog(app, one.id)).data!;
    expect(soldOut.records.filter((r) => r.award === null)).toHaveLength(7);
    expect(soldOut.seed).not.toBeNull();
  });
});

describe("the merchant's deposit and pickup lists", () => {
  it('show kuji prizes under type 2 with the kuji title, a ticket at its share of the order', async () => {
    const { id } = await approvedKuji(app, molly, { boxNum: 1, patch: { title: '盒柜一番赏' } });
    const token = await player(app, '13500000030');
    const drawn = (await kujiDraw(app, token, { active_id: id, box_no: 1, num: 7, use_bean: 0 })).body.data as Draw;
    const merchant = (await login(app, 'brand@demo.local')).web_token;
    const list = (
      await call(app, api.deposit.list, { ip_id: molly, type: 2, series_title: '盒柜', page: 1, limit: 50 } as never, {
        token: merchant,
      })
    ).body.data as { list: { id: number; title: string; price: number }[] };
    expect(list.list).toHaveLength(9);
    expect(list.list.every((d) => d.title === '盒柜一番赏')).toBe(true);
    const ticket = list.list.find((d) => d.id === drawn.tickets[0]!.deposit_id)!;
    expect(ticket.price).toBe(10);
    expect(list.list.find((d) => d.id === drawn.awards[0]!.deposit_id)!.price).toBe(0);
    const machines = (
      await call(app, api.deposit.list, { ip_id: molly, type: 1, series_title: '盒柜', page: 1, limit: 50 } as never, {
        token: merchant,
      })
    ).body.data as { list: unknown[] };
    expect(machines.list).toHaveLength(0);

    const picked = await call(
      app,
      api.player.pickup,
      {
        deposit_ids: drawn.tickets.slice(0, 2).map((t) => t.deposit_id),
        username: '张三',
        phone: '13500000030',
        address: '北京市朝阳区',
      } as never,
      { headers: { player_token: token } },
    );
    expect(picked.statusCode, picked.body.msg).toBe(200);
    const pickups = (
      await call(app, api.pickup.list, { ip_id: molly, type: 2, temp_title: '盒柜', page: 1, limit: 20 } as never, {
        token: merchant,
      })
    ).body.data as { list: { bussiness_type: number; goods: { template_title: string }[] }[] };
    expect(pickups.list).toHaveLength(1);
    expect(pickups.list[0]!.bussiness_type).toBe(2);
    expect(pickups.list[0]!.goods.map((g) => g.template_title)).toEqual(['盒柜一番赏', '盒柜一番赏']);
  });
});

describe('a kuji published, approved and listed through the merchant and reviewer routes', () => {
  it('is drawn box by box to sell-out, the log verifying with the revealed seed', async () => {
    const merchant = (await login(app, 'brand@demo.local')).web_token;
    const reviewer = (await login(app, 'reviewer@demo.local')).web_token;
    const id = await publishKuji(app, merchant, molly, { title: '流程一番赏', stock: 2 });
    await approveKuji(app, reviewer, id);
    expect((await call(app, api.kuji.update, { id, off: 0 } as never, { token: merchant })).statusCode).toBe(200);
    const listed = (await call(app, api.player.kujis, { ip_id: molly })).body.data!.list.find((k) => k.id === id)!;
    expect(listed.boxes).toEqual([
      { box_no: 1, remaining: 10, tickets: 10 },
      { box_no: 2, remaining: 10, tickets: 10 },
    ]);
    const token = await player(app, '13500000040');
    for (const box_no of [1, 2]) {
      const res = await kujiDraw(app, token, { active_id: id, box_no, num: 10, use_bean: 0 });
      expect(res.statusCode, res.body.msg).toBe(200);
      expect((res.body.data as Draw).awards.map((a) => a.kind).sort()).toEqual(['global', 'last']);
    }
    const log = (await kujiLog(app, id)).data!;
    expect(log.seed).not.toBeNull();
    expect(log.records).toHaveLength(24);
    expect(verifyKujiLog(log)).toEqual([]);

    // After sell-out: a draw is told the kuji is sold out; 下架 is refused, not a silent success.
    const late = await kujiDraw(app, token, { active_id: id, box_no: 1, num: 1, use_bean: 0 });
    expect([late.statusCode, late.body.msg]).toEqual([409, m.soldOut]);
    const delist = await call(app, api.kuji.update, { id, off: 1 } as never, { token: merchant });
    expect([delist.statusCode, delist.body.msg]).toEqual([409, m.soldOutCannotDelist]);
    const [k] = await app.db.select({ off: kujis.off }).from(kujis).where(eq(kujis.id, id));
    expect(k!.off).toBe(2);
  });
});

describe("the venue screens' activity messages", () => {
  it('include each kuji draw as action 4 with the best level it won', async () => {
    const { id } = await approvedKuji(app, molly, { boxNum: 1 });
    const token = await player(app, '13500000099');
    const res = await kujiDraw(app, token, { active_id: id, box_no: 1, num: 7, use_bean: 0 });
    expect(res.statusCode, res.body.msg).toBe(200);
    const d = res.body.data as Draw;
    const order = (await app.db.select().from(orders).where(eq(orders.orderSn, d.order_sn)))[0]!;
    const messagesNow = (await call(app, api.screen.barrage, { last_id: order.id - 1 })).body.data!;
    const mine = messagesNow.find((x) => x.id === order.id)!;
    // Seven tickets of the whole box take the Last prize too: the best level is Last.
    expect(mine).toMatchObject({ action: 4, ticket_level: 'Last' });
  });
});
