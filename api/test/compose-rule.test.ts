import { api, messages } from '@toy/shared';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, composeRules } from '../src/db/schema.js';
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
import { brandIds, call, createMerchant, login, makeApp } from './helpers.js';

const m = messages.composeRule;

let app: FastifyInstance;
let brand: string;
let molly: number;
let target: number;
let a: number[];
let b: number[];
let other: { token: string; brand: number; collectible: number };
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  [molly] = (await brandIds(app, brand, 12)) as [number];
  target = await seedCollectible(app, molly, 20);
  a = [await seedCollectible(app, molly, 100), await seedCollectible(app, molly, 100)];
  b = [await seedCollectible(app, molly, 100)];
  const merchant = await createMerchant(app, [12]);
  other = {
    token: (await login(app, merchant.email)).web_token,
    brand: merchant.brand.id,
    collectible: await seedCollectible(app, merchant.brand.id, 50),
  };
});
afterAll(() => app.close());

const total = async () => Number((await app.db.select({ n: count() }).from(composeRules))[0]!.n);
const info = async (id: number, token = brand) => call(app, api.compose.info, { compose_id: id }, { token });
const created = async (patch: Record<string, unknown> = {}) => {
  const res = await saveRule(app, brand, ruleForm(molly, target, a, b, patch));
  expect(res.body.msg).toBe('ok');
  return res.body.data.id;
};
/** Moves a rule's open time (the API only lets the end be in the future). */
const retime = (id: number, beginMinutes: number, endMinutes: number) =>
  app.db
    .update(composeRules)
    .set({ beginAt: new Date(Date.now() + beginMinutes * 60_000), endAt: new Date(Date.now() + endMinutes * 60_000) })
    .where(eq(composeRules.id, id));

describe('compose.save rules, in order (spec 03 §5)', () => {
  // Ids in the table are placeholders: each case fails before the collectibles are looked up.
  const base = () => ruleForm(molly, target, a, b);
  it.each([
    [{ ip_id: '', begin_at: '', virtual_id: '', stock: '', group_data: '' }, m.brandRequired],
    [{ begin_at: '', virtual_id: '', stock: '' }, m.timeRequired],
    [{ end_at: '2026-02-31 10:00:00' }, m.timeRequired],
    [{ begin_at: inMinutes(60), end_at: inMinutes(30) }, m.timeRequired],
    [{ begin_at: inMinutes(-120), end_at: inMinutes(-60), virtual_id: '' }, m.timeAfterNow],
    [{ virtual_id: '', stock: '' }, m.targetRequired],
    [{ virtual_type: 3 }, m.targetRequired],
    [{ stock: '', group_data: '' }, m.stockRequired],
    [{ stock: 0, group_data: '' }, m.stockZero],
    [{ stock: '0' }, m.stockZero],
    [{ stock: 1.5 }, m.stockInteger],
    [{ stock: 21, group_data: '' }, m.stockTooHigh],
    [{ group_data: '' }, m.groupsRequired],
    [{ group_data: '[]' }, m.groupsRequired],
    [{ group_data: '{"x":1}' }, m.groupsRequired],
    [
      {
        group_data: groups(
          Array.from({ length: 11 }, (_, i) => ({ group_name: `组${i}`, expend_num: 1, virtual_ids: [1] })),
        ),
      },
      m.tooManyGroups,
    ],
    [{ group_data: groups([{ group_name: ' ', expend_num: '', virtual_ids: [] }]) }, m.groupNameRequired],
    [
      { group_data: groups([{ group_name: '一二三四五六七八九十一二三四五六', expend_num: 1, virtual_ids: [1] }]) },
      m.groupNameTooLong,
    ],
    [{ group_data: groups([{ group_name: '组A', expend_num: '', virtual_ids: [] }]) }, m.expendRequired],
    [{ group_data: groups([{ group_name: '组A', expend_num: '123456', virtual_ids: [1] }]) }, m.expendTooLong],
    [{ group_data: groups([{ group_name: '组A', expend_num: '0', virtual_ids: [1] }]) }, m.expendInteger],
    [{ group_data: groups([{ group_name: '组A', expend_num: 'x', virtual_ids: [1] }]) }, m.expendInteger],
    [{ group_data: groups([{ group_name: '组A', expend_num: 2, virtual_ids: [] }]) }, m.groupItemsRequired],
    [
      {
        group_data: groups([
          { group_name: '组A', expend_num: 2, virtual_ids: [1, 2] },
          { group_name: '', expend_num: 1, virtual_ids: [1] },
        ]),
      },
      m.groupNameRequired,
    ],
  ])('%j → %s, and nothing is created', async (patch, message) => {
    const before = await total();
    const res = await saveRule(app, brand, { ...base(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await total()).toBe(before);
  });

  it('the available stock is the database’s, whatever the caller sends as available', async () => {
    const res = await saveRule(app, brand, { ...base(), stock: 21, available: 1000 });
    expect(res.body.msg).toBe(m.stockTooHigh);
    const ok = await saveRule(app, brand, { ...base(), stock: 20, available: 1 });
    expect(ok.body.msg).toBe('ok');
  });

  it('refuses another brand’s collectible as a group member or the target', async () => {
    const before = await total();
    const foreignGroup = await saveRule(app, brand, {
      ...base(),
      group_data: groups([{ group_name: '组A', expend_num: 1, virtual_ids: [other.collectible] }]),
    });
    expect(foreignGroup.statusCode).toBe(400);
    expect(foreignGroup.body.msg).toBe(m.groupItemMissing);
    const foreignTarget = await saveRule(app, brand, { ...base(), virtual_id: other.collectible });
    expect(foreignTarget.statusCode).toBe(400);
    expect(foreignTarget.body.msg).toBe(m.targetMissing);
    expect(await total()).toBe(before);
  });
});

describe('compose rules: list, info, states', () => {
  it('creates a rule with its groups, lists it with derived counts, audits it', async () => {
    const id = await created({ stock: 3 });
    const res = await info(id);
    const rule = res.body.data.info;
    expect(rule).toMatchObject({
      id,
      ip_id: molly,
      virtual_id: target,
      virtual_type: 1,
      publish_status: 1,
      original_stock: 3,
      surplus_stock: 3,
      composed: 0,
      virtual_info: { title: expect.any(String), stock: 20, surplus_stock: 20, stock_num: 1, surplus_stock_num: 1 },
    });
    expect(rule.group_data.map((g) => [g.group_name, g.expend_num, g.virtual_ids, g.virtual_total])).toEqual([
      ['组A', 2, a, 2],
      ['组B', 1, b, 1],
    ]);
    const list = await call(app, api.compose.list, { ip_id: molly }, { token: brand });
    expect(list.body.data.lists.map((r) => r.id)).toContain(id);
    const [logged] = await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'composeRule'), eq(auditLog.entityId, id)));
    expect(Number(logged!.n)).toBe(1);
  });

  it('edits and deletes only while not started; adjusts stock only while ongoing', async () => {
    const id = await created();
    const edited = await saveRule(app, brand, { ...ruleForm(molly, target, b, a), id, stock: 4 });
    expect(edited.body.msg).toBe('ok');
    expect((await info(id)).body.data.info.group_data[0]!.virtual_ids).toEqual(b);
    const notYet = await call(app, api.compose.setStock, { compose_id: id, stock: 2 }, { token: brand });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.body.msg).toBe(m.notOngoing);

    await retime(id, -10, 60);
    expect((await info(id)).body.data.info.publish_status).toBe(2);
    const edit = await saveRule(app, brand, { ...ruleForm(molly, target, a, b), id });
    expect(edit.statusCode).toBe(409);
    expect(edit.body.msg).toBe(m.notEditable);
    const del = await call(app, api.compose.delete, { compose_id: id }, { token: brand });
    expect(del.body.msg).toBe(m.notEditable);

    await retime(id, -120, -60);
    expect((await info(id)).body.data.info.publish_status).toBe(3);
    const ended = await call(app, api.compose.setStock, { compose_id: id, stock: 2 }, { token: brand });
    expect(ended.body.msg).toBe(m.notOngoing);

    const fresh = await created();
    expect((await call(app, api.compose.delete, { compose_id: fresh }, { token: brand })).body.msg).toBe('ok');
    expect((await info(fresh)).statusCode).toBe(404);
  });

  it('set stock: the new remaining stock, its rules in order, and the time update', async () => {
    const id = await created({ stock: 2 });
    await retime(id, -10, 60);
    const p = await seedPlayer(app, '17800000001');
    for (const c of [...a, ...b]) await give(app, p.id, c, 2);
    expect((await compose(app, p.token, id)).body.msg).toBe('ok');
    const set = (input: Record<string, unknown>) =>
      call(app, api.compose.setStock, { compose_id: id, ...input } as never, { token: brand });
    expect((await set({ stock: '' })).body.msg).toBe(m.residueRequired);
    expect((await set({ stock: 0 })).body.msg).toBe(m.residueRequired);
    // The target has 20 copies, one granted by the composition: 19 left.
    expect((await set({ stock: 20 })).body.msg).toBe(m.residueTooHigh);
    expect((await set({ stock: 20, available: 100 })).body.msg).toBe(m.residueTooHigh);
    expect((await set({ begin_at: inMinutes(-5), end_at: inMinutes(-1), stock: 3 })).body.msg).toBe(m.timeAfterNow);
    const ok = await set({ stock: 7 });
    expect(ok.body).toMatchObject({ status: 0, data: { surplus_stock: 7 } });
    const after = (await info(id)).body.data.info;
    expect([after.original_stock, after.composed, after.surplus_stock]).toEqual([8, 1, 7]);
    const end = inMinutes(600);
    const retimed = await set({ begin_at: inMinutes(-30), end_at: end, stock: 7 });
    expect(retimed.body.msg).toBe('ok');
    expect((await info(id)).body.data.info.end_at).toBe(end);
  });

  it('an album target: stock is its collectibles’, the chooser lists it', async () => {
    const album = await seedAlbum(app, molly);
    await seedCollectible(app, molly, 3, album);
    await seedCollectible(app, molly, 4, album);
    const chooser = await call(app, api.compose.virtual, { ip_id: molly, type: 2 }, { token: brand });
    expect(chooser.body.data.lists.find((v) => v.id === album)).toMatchObject({ stock: 7, surplus_stock: 7 });
    expect((await saveRule(app, brand, ruleForm(molly, album, a, b, { virtual_type: 2, stock: 8 }))).body.msg).toBe(
      m.stockTooHigh,
    );
    const id = await created({ virtual_id: album, virtual_type: 2, stock: 7 });
    expect((await info(id)).body.data.info.virtual_info).toMatchObject({
      stock: 7,
      stock_num: 2,
      surplus_stock_num: 2,
    });
    const collectibles = await call(app, api.compose.virtual, { ip_id: molly, type: 1, limit: 100 }, { token: brand });
    expect(collectibles.body.data.lists.find((v) => v.id === target)).toMatchObject({ stock: 20 });
  });

  it('group items: a page of a group’s collectibles with stock and remaining', async () => {
    const id = await created();
    const group = (await info(id)).body.data.info.group_data[0]!;
    const res = await call(app, api.compose.groupItems, { compose_id: id, group_id: group.group_id }, { token: brand });
    expect(res.body.data.pagination.total_rows).toBe(2);
    expect(res.body.data.lists.map((r) => [r.id, r.stock])).toEqual(a.map((x) => [x, 100]));
    const wrong = await call(app, api.compose.groupItems, { compose_id: id, group_id: 999999 }, { token: brand });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('deleting a collectible a rule uses', () => {
  it('is refused with the collectible and the rule named; the rule keeps its target and groups', async () => {
    // Collectibles of its own, held by nobody (earlier tests compose with the shared ones).
    const fresh = [await seedCollectible(app, molly, 20), await seedCollectible(app, molly, 9)];
    const third = await seedCollectible(app, molly, 9);
    const saved = await saveRule(app, brand, ruleForm(molly, fresh[0]!, [fresh[1]!], [third]));
    expect(saved.body.msg).toBe('ok');
    const id = saved.body.data.id;
    const before = (await info(id)).body.data;
    for (const used of [...fresh, third]) {
      const res = await call(app, api.collectible.delete, { ids: [used] }, { token: brand });
      expect(res.statusCode).toBe(409);
      expect(res.body.msg).toMatch(
        new RegExp(`^藏品\\d+ 已用于合成规则（编号 [\\d、]*\\b${id}\\b[\\d、]*），请先删除或修改合成规则后再删除$`),
      );
    }
    expect((await info(id)).body.data).toEqual(before);
    const unused = await seedCollectible(app, molly, 5);
    expect((await call(app, api.collectible.delete, { ids: [unused] }, { token: brand })).statusCode).toBe(200);
  });

  it('while the rule runs: says to wait for its end; once ended: deletes, the rule shows its target gone', async () => {
    const fresh = [await seedCollectible(app, molly, 20), await seedCollectible(app, molly, 9)];
    const third = await seedCollectible(app, molly, 9);
    const saved = await saveRule(app, brand, ruleForm(molly, fresh[0]!, [fresh[1]!], [third]));
    const id = saved.body.data.id;
    await retime(id, -10, 60);
    expect((await info(id)).body.data.info.publish_status).toBe(2);
    // The rule itself cannot be deleted now, so the answer does not tell to delete it.
    expect((await call(app, api.compose.delete, { compose_id: id }, { token: brand })).body.msg).toBe(m.notEditable);
    for (const used of [...fresh, third]) {
      const res = await call(app, api.collectible.delete, { ids: [used] }, { token: brand });
      expect(res.statusCode).toBe(409);
      expect(res.body.msg).toMatch(
        new RegExp(
          `^藏品\\d+ 正用于进行中的合成规则（编号 [\\d、]*\\b${id}\\b[\\d、]*），请等合成规则结束后再删除（可修改开放时间提前结束）$`,
        ),
      );
      expect(res.body.msg).not.toContain('请先删除或修改合成规则');
    }

    // One collectible in a rule not started and in the running one: both answers, each with its rule.
    const later = await saveRule(app, brand, ruleForm(molly, fresh[0]!, [third], [fresh[1]!]));
    expect(later.body.msg).toBe('ok');
    const both = await call(app, api.collectible.delete, { ids: [third] }, { token: brand });
    expect(both.body.msg).toContain(`已用于合成规则（编号 ${later.body.data.id}），请先删除或修改合成规则后再删除`);
    expect(both.body.msg).toContain(`正用于进行中的合成规则（编号 ${id}）`);
    expect((await call(app, api.compose.delete, { compose_id: later.body.data.id }, { token: brand })).body.msg).toBe(
      'ok',
    );

    await retime(id, -120, -60);
    expect((await info(id)).body.data.info.publish_status).toBe(3);
    for (const used of [third, fresh[1]!, fresh[0]!]) {
      const res = await call(app, api.collectible.delete, { ids: [used] }, { token: brand });
      expect(res.body.msg).toBe('ok');
    }
    const ended = (await info(id)).body.data.info;
    expect(ended.virtual_info.title).toBe(m.targetDeleted);
    expect(ended.group_data.map((g) => g.virtuals.length)).toEqual([0, 0]);
    const list = await call(app, api.compose.list, { ip_id: molly }, { token: brand });
    expect(list.statusCode).toBe(200);
  });
});

describe('tenancy', () => {
  it('another merchant’s rule is 404 for every call, and nothing changes', async () => {
    const id = await created();
    const t = other.token;
    expect((await info(id, t)).statusCode).toBe(404);
    expect((await call(app, api.compose.delete, { compose_id: id }, { token: t })).statusCode).toBe(404);
    expect((await call(app, api.compose.setStock, { compose_id: id, stock: 1 }, { token: t })).statusCode).toBe(404);
    expect(
      (
        await saveRule(app, t, {
          ...ruleForm(other.brand, other.collectible, [other.collectible], [other.collectible]),
          id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(app, api.compose.list, { ip_id: molly }, { token: t })).statusCode).toBe(404);
    expect((await call(app, api.compose.virtual, { ip_id: molly, type: 1 }, { token: t })).statusCode).toBe(404);
    expect((await saveRule(app, t, ruleForm(molly, target, a, b))).statusCode).toBe(404);
    const own = await call(app, api.compose.list, {}, { token: t });
    expect(own.body.data.lists.every((r) => r.ip_id === other.brand)).toBe(true);
    expect((await info(id)).body.data.info.stock).toBe(5);
  });
});
