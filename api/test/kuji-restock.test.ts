import { api, arrangeBox, seedHash, verifyKujiLog } from '@toy/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kujiBoxes, kujis } from '../src/db/schema.js';
import { demoApp, listen, player, verifyDraws } from './draw-helpers.js';
import { call } from './helpers.js';
import { approvedKuji, kujiDraw, kujiLog, type TestKujiRow } from './kuji-draw-helpers.js';

const { app, brand, molly } = await demoApp();
const base = await listen(app);

/** Last, W1 on 2…20, A × 5, B × 10, C × 15: 30 tickets a box, too many orders to match by chance. */
const ROWS: TestKujiRow[] = [
  { level: 0, stock: 1 },
  { level: 101, stock: 1, start: 2, end: 20 },
  { level: 1, stock: 5 },
  { level: 2, stock: 10 },
  { level: 3, stock: 15 },
];
const drawRows = ROWS.map((r) => ({ level: r.level, stock: r.stock }));

const ticketsOf = async (id: number, boxNo: number) =>
  (
    await app.db
      .select({ tickets: kujiBoxes.tickets })
      .from(kujiBoxes)
      .where(and(eq(kujiBoxes.kujiId, id), eq(kujiBoxes.boxNo, boxNo)))
  )[0]!.tickets;

/** Draw a box empty, 10 tickets at a time. */
async function drawOut(id: number, boxNo: number, token: string) {
  for (let left = 30; left > 0; left -= 10) {
    const res = await kujiDraw(app, token, { active_id: id, box_no: boxNo, num: Math.min(10, left), use_bean: 0 });
    expect(res.statusCode, res.body.msg).toBe(200);
  }
}

const list = (id: number) => call(app, api.kuji.update, { id, off: 0 }, { token: brand });

describe('kuji restock fairness', () => {
  it('a restock of a sold-out kuji commits a fresh seed: its box is not predictable from the revealed seed', async () => {
    const { id, seed } = await approvedKuji(app, molly, { boxNum: 1, rows: ROWS });
    const token = await player(app, '13500000301');
    await drawOut(id, 1, token);
    const soldOut = (await kujiLog(app, id)).data!;
    expect(soldOut.seed).toBe(seed);

    const restock = await call(app, api.kuji.stock, { active_id: id, type: 1, stock: 1 }, { token: brand });
    expect(restock.statusCode, restock.body.msg).toBe(200);
    // Box 2 is not what the revealed seed would arrange.
    expect(await ticketsOf(id, 2)).not.toEqual(arrangeBox(seed, 2, drawRows));
    const committed = (await kujiLog(app, id)).data!;
    expect(committed.seed).toBe(seed);
    expect(committed.seeds).toHaveLength(2);
    const [first, second] = committed.seeds!;
    expect(first).toMatchObject({ round: 1, from_box: 1, seed_hash: seedHash(seed), seed });
    expect(first!.revealed_at).toEqual(expect.any(String));
    // The new round's commitment is public before its first ticket; its seed is not.
    expect(second).toMatchObject({ round: 2, from_box: 2, seed: null, revealed_at: null });
    expect(second!.seed_hash).not.toBe(first!.seed_hash);

    expect((await list(id)).statusCode).toBe(200);
    await drawOut(id, 2, token);
    const revealed = (await kujiLog(app, id)).data!;
    const round2 = revealed.seeds![1]!;
    expect(round2.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(seedHash(round2.seed!)).toBe(second!.seed_hash);
    expect(await ticketsOf(id, 2)).toEqual(arrangeBox(round2.seed!, 2, drawRows));
    // Round 1 keeps the time it was first revealed.
    expect(revealed.seeds![0]!.revealed_at).toBe(first!.revealed_at);
    expect(verifyKujiLog(revealed)).toEqual([]);
    const ok = await verifyDraws(['--', '--kuji', String(id), '--api', base]);
    expect(ok.stdout).toContain(`OK kuji ${id} (测试一番赏): 60 tickets, 4 prizes, 2 seeds revealed and matching`);
    expect(ok.code).toBe(0);
  }, 180_000);

  it('verify-draws fails on a box drawn from a seed already revealed', async () => {
    // As restocks used to be made: the new box arranged from the kuji's revealed seed.
    const { id, seed } = await approvedKuji(app, molly, { boxNum: 1, rows: ROWS });
    const token = await player(app, '13500000302');
    await drawOut(id, 1, token);
    await app.db.insert(kujiBoxes).values({ kujiId: id, boxNo: 2, tickets: arrangeBox(seed, 2, drawRows) });
    await app.db.update(kujis).set({ boxNum: 2, off: 0 }).where(eq(kujis.id, id));
    expect((await kujiDraw(app, token, { active_id: id, box_no: 2, num: 3 })).statusCode).toBe(200);
    const log = (await kujiLog(app, id)).data!;
    expect(verifyKujiLog(log)).toContainEqual({
      seq: 33,
      reason: expect.stringContaining('box 2 drawn from a seed already revealed'),
    });
    const bad = await verifyDraws(['--', '--kuji', String(id), '--api', base]);
    expect(bad.stdout).toContain(`FAIL kuji ${id} at record 33: box 2 drawn from a seed already revealed`);
    expect(bad.code).toBe(1);
    // A saved log claiming a restock round that reuses the revealed seed fails too.
    const reused = structuredClone(log);
    reused.seeds = [...log.seeds!, { ...log.seeds![0]!, round: 2, from_box: 2 }];
    expect(verifyKujiLog(reused).map((p) => p.reason)).toContain('round 2 reuses an earlier round’s seed');
  }, 180_000);
});
