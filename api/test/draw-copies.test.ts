import { api, type FairnessLog, globalWinnerPosition, messages, verifyFairness, verifyKujiLog } from '@toy/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, players } from '../src/db/schema.js';
import { drawMany } from '../src/features/draw-machine/engine.js';
import { reconcile } from '../src/features/draw-machine/reconcile.js';
import { drawKujiMany } from '../src/features/kuji/draw.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { call, makeApp } from './helpers.js';
import { approvedKuji, kujiDraw, kujiLog, type TestKujiRow } from './kuji-draw-helpers.js';

/**
 * Draws through more than one API copy on one database: each copy groups the draws waiting on a
 * machine or kuji into one transaction, and the groups of the copies meet on the row lock. Every
 * answer is 200 or a Chinese 4xx, no box or ticket is sold twice, the Last and W prizes go once per
 * box to the owner of the winning ticket, and the public logs verify. Run once through one app, and
 * through two apps (two buildApp, two pools) when DATABASE_URL names a PostgreSQL server.
 */

const { app, brand, molly, sweet } = await demoApp();

const copies: { name: string; skip: boolean; apps: () => Promise<FastifyInstance[]> }[] = [
  { name: 'one API instance', skip: false, apps: async () => [app, app] },
  {
    name: 'two API instances on one PostgreSQL database (skipped on PGlite: its database lives inside one process, so there is no second instance to race; set DATABASE_URL)',
    skip: !process.env.DATABASE_URL,
    apps: async () => [app, await makeApp()],
  },
];

const publicLog = async (id: number) =>
  (await call(app, api.fairness.log, { batch_id: id }, { sign: false })).body.data as FairnessLog;

/** Players with 20 coins each, logged in through the copy they will draw on (player i on copy i % 2). */
const crowd = (apps: FastifyInstance[], prefix: string, n: number) =>
  Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const phone = `${prefix}${String(i).padStart(11 - prefix.length, '0')}`;
      const via = apps[i % apps.length]!;
      return { phone, via, token: await player(via, phone) };
    }),
  );

/** Coins spent by a player's orders plus the coins left: what each player started with. */
async function coinsAddUp(phones: string[]) {
  const rows = await app.db
    .select({ coins: players.coins, id: players.id })
    .from(players)
    .where(inArray(players.phone, phones));
  const spent = await app.db
    .select({ playerId: orders.playerId, points: orders.points })
    .from(orders)
    .where(
      inArray(
        orders.playerId,
        rows.map((r) => r.id),
      ),
    );
  for (const r of rows) {
    expect(r.coins).toBeGreaterThanOrEqual(0);
    expect(r.coins + spent.filter((s) => s.playerId === r.id).reduce((a, s) => a + s.points, 0)).toBe(2000);
  }
}

for (const [k, variant] of copies.entries()) {
  describe.skipIf(variant.skip)(variant.name, () => {
    it('a crowd drawing one machine to sell-out through both: no 5xx, each box once, the log verifies', async () => {
      const apps = await variant.apps();
      try {
        const { id } = await publishMachine(app, brand, molly, sweet, 20); // 20 cases × 10 boxes
        const people = await crowd(apps, `1391${k}`, 40);
        const statuses: number[] = [];
        const boxes: string[] = [];
        // Each player draws again as soon as answered, until sold out: groups of both copies interleave.
        // With coins while they cover the deduction; refused for too few coins, on without them.
        await Promise.all(
          people.map(async (p) => {
            let bean = 1;
            for (;;) {
              const r = await draw(p.via, p.token, id, bean);
              statuses.push(r.statusCode);
              if (r.statusCode === 400 && bean === 1 && r.body.msg.startsWith('金币不足')) {
                bean = 0;
                continue;
              }
              if (r.statusCode !== 200) {
                expect(r.body.msg).toBe(messages.drawMachine.soldOut);
                return;
              }
              boxes.push(`${r.body.data.case_no}#${r.body.data.position}`);
            }
          }),
        );
        expect(statuses.filter((s) => s >= 500)).toEqual([]);
        expect(statuses.filter((s) => s === 200)).toHaveLength(200);
        expect(new Set(boxes).size).toBe(200);
        const items = await app.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.batchId, id));
        expect(items).toHaveLength(200);
        const log = await publicLog(id);
        expect(log.records).toHaveLength(200);
        expect(log.off).toBe(2);
        expect(verifyFairness(log)).toBeNull();
        expect(await reconcile(app.db)).toEqual([]);
        await coinsAddUp(people.map((p) => p.phone));
      } finally {
        if (apps[1] !== app) await apps[1]!.close();
      }
    }, 180_000);

    it('a crowd drawing three kuji boxes to sell-out through both: each ticket once, Last and every W once per box', async () => {
      const apps = await variant.apps();
      try {
        const rows: TestKujiRow[] = [
          { level: 0, stock: 1 },
          { level: 101, stock: 1, start: 1, end: 10 },
          { level: 102, stock: 1, start: 5, end: 25 },
          { level: 1, stock: 5 },
          { level: 2, stock: 20 },
        ];
        const { id, seed } = await approvedKuji(app, molly, { boxNum: 3, rows });
        const people = await crowd(apps, `1392${k}`, 36);
        const statuses: number[] = [];
        // Player i draws box i % 3 + 1, 1 to 3 tickets at a time, as fast as answered, until it is sold out.
        await Promise.all(
          people.map(async (p, i) => {
            let num = 1 + (i % 3);
            let bean = 1;
            for (;;) {
              const r = await kujiDraw(p.via, p.token, { active_id: id, box_no: (i % 3) + 1, num, use_bean: bean });
              statuses.push(r.statusCode);
              if (r.statusCode === 200) continue;
              if (r.statusCode === 400 && bean === 1 && r.body.msg.startsWith('金币不足')) {
                bean = 0;
                continue;
              }
              if (r.statusCode === 400 && num > 1) {
                expect(r.body.msg).toMatch(/^该箱仅剩\d+张赏票$/);
                num = 1;
                continue;
              }
              expect([messages.kuji.boxSoldOut, messages.kuji.soldOut]).toContain(r.body.msg);
              return;
            }
          }),
        );
        expect(statuses.filter((s) => s >= 500)).toEqual([]);
        const log = (await kujiLog(app, id)).data!;
        expect(log.seed).toBe(seed);
        expect(verifyKujiLog(log)).toEqual([]);
        const ticketSn = new Map<string, string>();
        for (const box of [1, 2, 3]) {
          const tickets = log.records.filter((r) => r.box_no === box && r.award === null);
          expect(tickets.map((r) => r.position).sort((a, b) => a - b)).toEqual(
            Array.from({ length: 25 }, (_, i) => i + 1),
          );
          for (const t of tickets) ticketSn.set(`${box}:${t.position}`, t.order_sn);
          const awards = log.records.filter((r) => r.box_no === box && r.award !== null);
          expect(awards.map((r) => r.award!.level).sort((a, b) => a - b)).toEqual([0, 101, 102]);
          const winners = Object.fromEntries(awards.map((r) => [r.award!.level, r.position]));
          expect(winners).toEqual({
            0: 25,
            101: globalWinnerPosition(seed, box, 101, 1, 10),
            102: globalWinnerPosition(seed, box, 102, 5, 25),
          });
          // Each prize sits on the order that drew the winning ticket.
          for (const a of awards) expect(a.order_sn).toBe(ticketSn.get(`${box}:${a.position}`));
        }
        const items = await app.db
          .select({
            award: orderItems.award,
            sn: orders.orderSn,
            box: orderItems.caseNo,
            position: orderItems.position,
          })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(eq(orderItems.kujiId, id));
        expect(items.filter((i) => i.award === 0)).toHaveLength(75);
        expect(items.filter((i) => i.award === 1)).toHaveLength(3);
        expect(items.filter((i) => i.award === 2)).toHaveLength(6);
        for (const i of items) expect(i.sn).toBe(ticketSn.get(`${i.box}:${i.position}`));
        await coinsAddUp(people.map((p) => p.phone));
      } finally {
        if (apps[1] !== app) await apps[1]!.close();
      }
    }, 180_000);
  });
}

describe('kuji draws grouped like draw-machine draws', () => {
  it('the draws waiting on a kuji share one transaction: one drawn_at for many tickets', async () => {
    const rows: TestKujiRow[] = [
      { level: 0, stock: 1 },
      { level: 1, stock: 10 },
      { level: 2, stock: 50 },
    ];
    const { id } = await approvedKuji(app, molly, { boxNum: 1, rows });
    const people = await crowd([app], '13930', 60);
    const answers = await Promise.all(
      people.map((p) => kujiDraw(app, p.token, { active_id: id, box_no: 1, num: 1, use_bean: 1 })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 200));
    const log = (await kujiLog(app, id)).data!;
    expect(log.records.filter((r) => r.award === null)).toHaveLength(60);
    // One transaction a draw would give each its own time; a group gives its draws one.
    expect(new Set(log.records.map((r) => r.drawn_at)).size).toBeLessThanOrEqual(30);
    expect(verifyKujiLog(log)).toEqual([]);
  });

  it('in one group a prize goes to the order of the ticket drawn earlier in it; a want its box cannot serve fails alone', async () => {
    const rows: TestKujiRow[] = [
      { level: 0, stock: 1 },
      { level: 101, stock: 1, start: 1, end: 4 },
      { level: 1, stock: 2 },
      { level: 2, stock: 5 },
    ];
    const { id, seed } = await approvedKuji(app, molly, { boxNum: 2, rows }); // 7 tickets a box
    const people = await crowd([app], '13940', 2);
    const ids = await app.db
      .select({ id: players.id, phone: players.phone })
      .from(players)
      .where(
        inArray(
          players.phone,
          people.map((p) => p.phone),
        ),
      );
    const [a, b] = people.map((p) => ids.find((r) => r.phone === p.phone)!.id) as [number, number];
    const results = await app.db.transaction((tx) =>
      drawKujiMany(tx, id, [
        { playerId: a, boxNo: 1, num: 3, useBean: true },
        { playerId: 987_654_321, boxNo: 1, num: 1, useBean: false },
        { playerId: b, boxNo: 1, num: 4, useBean: false },
        { playerId: a, boxNo: 1, num: 1, useBean: false },
        { playerId: b, boxNo: 3, num: 1, useBean: false },
        { playerId: b, boxNo: 2, num: 6, useBean: true },
      ]),
    );
    expect(results.map((r) => r.ok)).toEqual([true, false, true, false, false, true]);
    expect(results[1]).toMatchObject({ error: { message: messages.drawMachine.playerSession } });
    expect(results[3]).toMatchObject({ error: { message: messages.kuji.boxSoldOut } });
    expect(results[4]).toMatchObject({ error: { message: messages.kuji.boxNotFound } });
    const [first, , second, , , third] = results.map((r) => (r.ok ? r.outcome : null));
    expect(first!.tickets.map((t) => t.position)).toEqual([1, 2, 3]);
    expect(second!.tickets.map((t) => t.position)).toEqual([4, 5, 6, 7]);
    expect(third!.tickets.map((t) => t.position)).toEqual([1, 2, 3, 4, 5, 6]);
    // W1 of box 1 is released by position 4 (player b's draw) and won by a ticket at 1…4.
    const w = globalWinnerPosition(seed, 1, 101, 1, 4);
    const wOwner = w <= 3 ? a : b;
    expect(second!.awards).toEqual([
      expect.objectContaining({ kind: 'global', level: 101, boxNo: 1, position: w, playerId: wOwner }),
      expect.objectContaining({ kind: 'last', level: 0, boxNo: 1, position: 7, playerId: b }),
    ]);
    const deposits = [first!, second!, third!].flatMap((o) => [...o.tickets, ...o.awards].map((t) => t.depositId));
    expect(new Set(deposits).size).toBe(deposits.length);
    expect(deposits.every((d) => d > 0)).toBe(true);
    // The W prize line sits on the order that drew ticket w.
    const [wItem] = await app.db
      .select({ sn: orders.orderSn, playerId: orders.playerId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.kujiId, id), eq(orderItems.award, 2), eq(orderItems.caseNo, 1)));
    expect(wItem).toEqual({ sn: w <= 3 ? first!.orderSn : second!.orderSn, playerId: wOwner });
    const log = (await kujiLog(app, id)).data!;
    expect(verifyKujiLog(log)).toEqual([]);
    expect(log.records.map((r) => r.seq)).toEqual(log.records.map((_, i) => i + 1));
    // Box 2 keeps its last ticket: the kuji is still on sale, its seed sealed.
    expect(log.seed).toBeNull();
    const [coinsOfA] = await app.db.select({ coins: players.coins }).from(players).where(eq(players.id, a));
    expect(coinsOfA!.coins).toBe(2000 - 3 * 200);
  });
});

/**
 * A group that waited for the lock (another copy's group held it) takes the draws that reached its
 * copy meanwhile, if it can lock their players' rows without waiting; a draw whose player another
 * transaction holds is left for the next group. Only PostgreSQL has another transaction to hold it.
 */
describe.skipIf(!process.env.DATABASE_URL)('late draws join the group that waited for the lock', () => {
  /** Players' ids by phone, made through the API. */
  const playerIds = async (phones: string[]) => {
    for (const phone of phones) await player(app, phone);
    const rows = await app.db
      .select({ id: players.id, phone: players.phone })
      .from(players)
      .where(inArray(players.phone, phones));
    return phones.map((p) => rows.find((r) => r.phone === p)!.id);
  };

  /** Runs `draw` while another connection holds `heldId`'s player row. */
  async function whileHeld<T>(heldId: number, draw: () => Promise<T>): Promise<T> {
    const other = await makeApp();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = other.db.transaction(async (tx) => {
      await tx.select().from(players).where(eq(players.id, heldId)).for('no key update');
      held();
      await released;
    });
    await holding;
    try {
      return await draw();
    } finally {
      release();
      await holder;
      await other.close();
    }
  }

  it('on a draw machine: the next boxes go to the group and the late draws it could lock, in order', async () => {
    const { id } = await publishMachine(app, brand, molly, sweet, 1);
    const [a, b, c] = await playerIds(['13950000001', '13950000002', '13950000003']);
    const late = [
      { playerId: c!, useBean: false },
      { playerId: b!, useBean: false },
    ];
    const left: unknown[][] = [];
    const results = await whileHeld(c!, () =>
      app.db.transaction((tx) =>
        drawMany(tx, id, [{ playerId: a!, useBean: false }], { take: () => late, leave: (ws) => left.push(ws) }),
      ),
    );
    expect(left).toEqual([[late[0]]]);
    expect(results.map((r) => (r.ok ? r.outcome.position : r.error.message))).toEqual([0, 1]);
    const log = await publicLog(id);
    expect(log.records.map((r) => [r.seq, r.position])).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });

  it('on a kuji: the late draws it could lock take the next tickets after the group', async () => {
    const { id } = await approvedKuji(app, molly, { boxNum: 1 });
    const [a, b, c] = await playerIds(['13950000011', '13950000012', '13950000013']);
    const late = [
      { playerId: b!, boxNo: 1, num: 2, useBean: false },
      { playerId: c!, boxNo: 1, num: 1, useBean: false },
    ];
    const left: unknown[][] = [];
    const results = await whileHeld(c!, () =>
      app.db.transaction((tx) =>
        drawKujiMany(tx, id, [{ playerId: a!, boxNo: 1, num: 1, useBean: false }], {
          take: () => late,
          leave: (ws) => left.push(ws),
        }),
      ),
    );
    expect(left).toEqual([[late[1]]]);
    expect(results.map((r) => (r.ok ? r.outcome.tickets.map((t) => t.position) : r.error.message))).toEqual([
      [1],
      [2, 3],
    ]);
    expect(verifyKujiLog((await kujiLog(app, id)).data!)).toEqual([]);
  });
});
