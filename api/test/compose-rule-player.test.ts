import { messages } from '@toy/shared';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectibleHoldings, composeRecords, composeRules } from '../src/db/schema.js';
import {
  compose,
  give,
  groups,
  inMinutes,
  ruleForm,
  saveRule,
  seedAlbum,
  seedCollectible,
  seedPlayer,
} from './compose-rule-helpers.js';
import { brandIds, login, makeApp } from './helpers.js';

const m = messages.composeRule;

let app: FastifyInstance;
let brand: string;
let molly: number;
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  [molly] = (await brandIds(app, brand, 12)) as [number];
});
afterAll(() => app.close());

/** An ongoing rule: target ← 2 of group A's collectibles + 1 of group B's. */
async function ongoingRule(stock: number, targetStock = 100, patch: Record<string, unknown> = {}) {
  const target = await seedCollectible(app, molly, targetStock);
  const a = [await seedCollectible(app, molly, 1000), await seedCollectible(app, molly, 1000)];
  const b = [await seedCollectible(app, molly, 1000)];
  const res = await saveRule(app, brand, ruleForm(molly, target, a, b, { begin_at: inMinutes(-1), stock, ...patch }));
  expect(res.body.msg).toBe('ok');
  return { id: res.body.data.id, target, a, b };
}

const live = async (playerId: number) =>
  Number(
    (
      await app.db
        .select({ n: count() })
        .from(collectibleHoldings)
        .where(and(eq(collectibleHoldings.playerId, playerId), isNull(collectibleHoldings.destroyedAt)))
    )[0]!.n,
  );
const records = async (id: number) =>
  Number((await app.db.select({ n: count() }).from(composeRecords).where(eq(composeRecords.composeId, id)))[0]!.n);

describe('player.compose', () => {
  it('consumes each group’s copies (destroyed by the record) and grants the target', async () => {
    const rule = await ongoingRule(5);
    const p = await seedPlayer(app, '17900000001');
    await give(app, p.id, rule.a[0]!, 1);
    await give(app, p.id, rule.a[1]!, 1);
    await give(app, p.id, rule.b[0]!, 2);
    const res = await compose(app, p.token, rule.id);
    expect(res.body.msg).toBe('ok');
    const { record_id, holding_id, collectible_id, destroyed } = res.body.data;
    expect(collectible_id).toBe(rule.target);
    expect(destroyed).toHaveLength(3);
    const gone = await app.db
      .select({ by: collectibleHoldings.destroyedBy })
      .from(collectibleHoldings)
      .where(and(eq(collectibleHoldings.playerId, p.id), isNotNull(collectibleHoldings.destroyedAt)));
    expect(gone.map((g) => g.by)).toEqual([record_id, record_id, record_id]);
    const [granted] = await app.db.select().from(collectibleHoldings).where(eq(collectibleHoldings.id, holding_id));
    expect(granted).toMatchObject({
      playerId: p.id,
      collectibleId: rule.target,
      source: 'compose',
      sourceId: record_id,
    });
    const [record] = await app.db.select().from(composeRecords).where(eq(composeRecords.id, record_id));
    expect(record!.holdingId).toBe(holding_id);
    // One B copy and the new target are left; a second composition lacks group A.
    expect(await live(p.id)).toBe(2);
    const again = await compose(app, p.token, rule.id);
    expect(again.statusCode).toBe(409);
    expect(again.body.msg).toBe(m.notEnough);
    expect(await live(p.id)).toBe(2);
  });

  it('refuses before the start, after the end, when sold out; nothing is destroyed', async () => {
    const rule = await ongoingRule(1);
    const p = await seedPlayer(app, '17900000002');
    for (const c of [...rule.a, ...rule.b]) await give(app, p.id, c, 4);
    const setTimes = (begin: number, end: number) =>
      app.db
        .update(composeRules)
        .set({ beginAt: new Date(Date.now() + begin * 60_000), endAt: new Date(Date.now() + end * 60_000) })
        .where(eq(composeRules.id, rule.id));
    await setTimes(10, 60);
    expect((await compose(app, p.token, rule.id)).body.msg).toBe(m.notStarted);
    await setTimes(-60, -10);
    expect((await compose(app, p.token, rule.id)).body.msg).toBe(m.ended);
    await setTimes(-60, 60);
    expect((await compose(app, p.token, rule.id)).body.msg).toBe('ok');
    expect(await live(p.id)).toBe(12 - 3 + 1);
    const soldOut = await compose(app, p.token, rule.id);
    expect(soldOut.body.msg).toBe(m.soldOut);
    expect(await live(p.id)).toBe(10);
    expect((await compose(app, p.token, 999999)).statusCode).toBe(404);
  });

  it('an album target grants its first collectible with a copy left', async () => {
    const album = await seedAlbum(app, molly);
    const first = await seedCollectible(app, molly, 1, album);
    const second = await seedCollectible(app, molly, 5, album);
    const a = [await seedCollectible(app, molly, 100)];
    const res = await saveRule(app, brand, {
      ...ruleForm(molly, album, a, a, { virtual_type: 2, stock: 3, begin_at: inMinutes(-1) }),
      group_data: groups([{ group_name: '组A', expend_num: 1, virtual_ids: a }]),
    });
    expect(res.body.msg).toBe('ok');
    const p = await seedPlayer(app, '17900000003');
    await give(app, p.id, a[0]!, 2);
    expect((await compose(app, p.token, res.body.data.id)).body.data.collectible_id).toBe(first);
    expect((await compose(app, p.token, res.body.data.id)).body.data.collectible_id).toBe(second);
  });

  it('the race: 50 players compose the last 10 at once → 10 records, 10 copies, the others keep theirs', async () => {
    const rule = await ongoingRule(10, 100);
    const players = [];
    for (let i = 0; i < 50; i++) {
      const p = await seedPlayer(app, `1770000${String(i).padStart(4, '0')}`);
      await give(app, p.id, rule.a[i % 2]!, 2);
      await give(app, p.id, rule.b[0]!, 1);
      players.push(p);
    }
    const results = await Promise.all(players.map((p) => compose(app, p.token, rule.id)));
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(10);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.body.msg === m.soldOut)).toBe(true);
    expect(await records(rule.id)).toBe(10);
    const granted = await app.db
      .select({ n: count() })
      .from(collectibleHoldings)
      .where(and(eq(collectibleHoldings.collectibleId, rule.target), eq(collectibleHoldings.source, 'compose')));
    expect(Number(granted[0]!.n)).toBe(10);
    const tokens = new Set(won.map((r) => r.body.data.holding_id));
    expect(tokens.size).toBe(10);
    for (const [i, p] of players.entries()) {
      const winner = results[i]!.statusCode === 200;
      // A winner gave 3 copies and got 1; everyone else keeps all 3.
      expect(await live(p.id)).toBe(winner ? 1 : 3);
    }
    const destroyed = await app.db
      .select({ n: count() })
      .from(collectibleHoldings)
      .where(isNotNull(collectibleHoldings.destroyedBy));
    expect(Number(destroyed[0]!.n)).toBeGreaterThanOrEqual(30);
  });
});
