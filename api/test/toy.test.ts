import { api, messages } from '@toy/shared';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, toys } from '../src/db/schema.js';
import { demoApp } from './draw-helpers.js';
import { png } from './files.js';
import { brandIds, call, login } from './helpers.js';
import { decideToy, newToy, scenePic, toyPic, upload } from './toy-helpers.js';

const m = messages.toy;
const { app, brand, shop, molly } = await demoApp();
let reviewer: string;
let shopBrand: number;
let gif: string;
beforeAll(async () => {
  reviewer = (await login(app, 'reviewer@demo.local')).web_token;
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
  gif = await toyPic(app, brand);
});

const save = (input: Record<string, unknown>, token = brand) => call(app, api.toy.save, input as never, { token });
const list = (query: Record<string, unknown> = {}, token = brand) =>
  call(app, api.toy.list, { ip_id: molly, limit: 200, ...query } as never, { token });
const rowOf = async (id: number) => (await list()).body.data.lists.find((r) => r.id === id)!;
const toyCount = async () => Number((await app.db.select({ n: count() }).from(toys))[0]!.n);

describe('toy.save rules, in order', () => {
  it.each([
    [{ ip_id: '', type: 1, name: '', image_url: '' }, m.brandRequired],
    [{ type: '', name: '', image_url: '' }, m.typeRequired],
    [{ type: 3, name: '精灵', image_url: 'x.gif' }, m.typeRequired],
    [{ type: 1, name: '', image_url: '' }, m.nameRequired],
    [{ type: 1, name: '   ', image_url: 'x.gif' }, m.nameRequired],
    [{ type: 1, name: '一二三四五六七八九十十', image_url: '' }, m.nameTooLong],
    [{ type: 1, name: '精灵', image_url: '' }, m.toyImageRequired],
    [{ type: 2, name: '场景', image_url: '' }, m.sceneImageRequired],
    [{ type: 1, name: '精灵', image_url: 'test/a.png' }, m.toyGifOnly],
    [{ type: 1, name: '精灵', image_url: 'test/a.gif', short: '长'.repeat(201) }, m.shortTooLong],
  ])('%j → %s, and nothing is saved', async (input, message) => {
    const before = await toyCount();
    const res = await save('ip_id' in input ? input : { ip_id: molly, ...input });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await toyCount()).toBe(before);
  });

  it('a toy picture must be a GIF by content, of 720×960; a scene 1500×2600', async () => {
    // A PNG stored under a .gif name is still a PNG.
    const fake = await upload(app, brand, await png(720, 960), 'gif');
    let res = await save({ ip_id: molly, type: 1, name: '假动图', image_url: fake });
    expect([res.statusCode, res.body.msg]).toEqual([400, m.toyGifOnly]);
    const small = await upload(
      app,
      brand,
      await (await import('sharp'))
        .default({ create: { width: 300, height: 400, channels: 4, background: '#fff' } })
        .gif()
        .toBuffer(),
      'gif',
    );
    res = await save({ ip_id: molly, type: 1, name: '小图', image_url: small });
    expect([res.statusCode, res.body.msg]).toEqual([400, messages.upload.imageSize(720, 960)]);
    res = await save({ ip_id: molly, type: 2, name: '场景', image_url: gif });
    expect([res.statusCode, res.body.msg]).toEqual([400, messages.upload.imageSize(1500, 2600)]);
    res = await save({ ip_id: molly, type: 1, name: '别人的', image_url: 'test/nobody.gif' });
    expect([res.statusCode, res.body.msg]).toEqual([400, messages.upload.pictureMissing]);
  });
});

describe('toys and scenes: list, state rules, review', () => {
  it('creates a toy and a scene pending review; lists them with counts, filters and received 0, audited', async () => {
    const before = (await list()).body.data.res;
    const toy = await newToy(app, brand, molly, { image_url: gif, name: '一二三四五六七八九十' });
    const scene = await newToy(app, brand, molly, { type: 2, name: '星空场景' });
    const res = (await list()).body.data;
    expect(res.res).toEqual({ doll: before.doll + 1, pic: before.pic + 1 });
    expect(res.lists[0]).toMatchObject({ id: scene, type: 2, status: 0, received: 0, remark: '', is_box_goods: 1 });
    expect(res.lists[1]).toMatchObject({ id: toy, type: 1, name: '一二三四五六七八九十', ip_id: molly });
    expect(res.lists[1]!.image_url).toMatch(/\/files\/test\/.*\.gif$/);
    expect((await list({ type: 2 })).body.data.lists.every((r) => r.type === 2)).toBe(true);
    expect((await list({ name: '星空' })).body.data.lists.map((r) => r.id)).toEqual([scene]);
    const [logged] = await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'toy'), eq(auditLog.entityId, toy)));
    expect(logged!.n).toBe(1);
  });

  it('while pending: no edit, no delete, no drop switch (409), nothing changed', async () => {
    const id = await newToy(app, brand, molly, { image_url: gif });
    const edit = await save({ id, type: 1, name: '改名', image_url: gif });
    expect([edit.statusCode, edit.body.msg]).toEqual([409, m.pendingLocked]);
    const del = await call(app, api.toy.delete, { id }, { token: brand });
    expect([del.statusCode, del.body.msg]).toEqual([409, m.deletePending]);
    const drop = await call(app, api.toy.setDrop, { id, is_box_goods: 0 }, { token: brand });
    expect([drop.statusCode, drop.body.msg]).toEqual([409, m.dropPending]);
    expect(await rowOf(id)).toMatchObject({ name: '小精灵', status: 0, is_box_goods: 1 });
  });

  it('rejected with a remark: the merchant sees it, edits, and the item is pending again', async () => {
    const id = await newToy(app, brand, molly, { image_url: gif });
    const noRemark = await decideToy(app, reviewer, id, 2, '');
    expect([noRemark.statusCode, noRemark.body.msg]).toEqual([400, m.remarkRequired]);
    const rejected = await decideToy(app, reviewer, id, 2, '图片不清晰');
    expect(rejected.body.data).toEqual({ id, status: 2 });
    expect(await rowOf(id)).toMatchObject({ status: 2, remark: '图片不清晰' });
    const again = await decideToy(app, reviewer, id, 1);
    expect([again.statusCode, again.body.msg]).toEqual([409, m.decided]);
    const other = await toyPic(app, brand, '#36d1dc');
    const edit = await save({ id, type: 1, name: '新精灵', image_url: other, short: '重新提交' });
    expect(edit.body.data).toEqual({ id, status: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 0, remark: '', name: '新精灵', short: '重新提交' });
  });

  it('approved: name, picture and description locked; the drop switch and delete (received 0) work', async () => {
    const id = await newToy(app, brand, molly, { image_url: gif });
    expect((await decideToy(app, reviewer, id, 1)).body.data).toEqual({ id, status: 1 });
    for (const patch of [{ name: '改名' }, { short: '改描述' }, { image_url: await toyPic(app, brand, '#000') }]) {
      const res = await save({ id, type: 1, name: '小精灵', short: '一只会发光的小精灵', image_url: gif, ...patch });
      expect([res.statusCode, res.body.msg]).toEqual([409, m.approvedLocked]);
    }
    const drop = await call(app, api.toy.setDrop, { id, is_box_goods: 0 }, { token: brand });
    expect(drop.body.data).toEqual({ id, is_box_goods: 0 });
    expect(await rowOf(id)).toMatchObject({ status: 1, is_box_goods: 0 });
    const trail = await call(app, api.audit.list, { entity: 'toy', id }, { token: brand });
    expect(trail.body.data.list.map((e) => e.action)).toEqual(['update', 'approve', 'create']);
    const del = await call(app, api.toy.delete, { id }, { token: brand });
    expect(del.statusCode).toBe(200);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("another merchant's toy is 404 on every route; roles are checked", async () => {
    const id = await newToy(app, brand, molly, { image_url: gif });
    await decideToy(app, reviewer, id, 2, '驳回');
    const shopGif = await toyPic(app, shop);
    const edit = await save({ id, type: 1, name: '抢', image_url: shopGif }, shop);
    expect(edit.statusCode).toBe(404);
    expect((await call(app, api.toy.delete, { id }, { token: shop })).statusCode).toBe(404);
    expect((await call(app, api.toy.setDrop, { id, is_box_goods: 1 }, { token: shop })).statusCode).toBe(404);
    expect((await list({}, shop)).statusCode).toBe(404);
    expect((await list({ ip_id: shopBrand }, shop)).body.data.lists.some((r) => r.id === id)).toBe(false);
    const create = await save({ ip_id: molly, type: 1, name: '抢', image_url: shopGif }, shop);
    expect(create.statusCode).toBe(404);
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.toy.list, {}, { token: coupon })).statusCode).toBe(403);
    expect((await call(app, api.review.toyList, {}, { token: brand })).statusCode).toBe(403);
    expect((await decideToy(app, brand, id, 1)).statusCode).toBe(403);
    expect((await call(app, api.review.toyList, { status: 2 }, { token: reviewer })).body.data.list[0]).toMatchObject({
      id,
      remark: '驳回',
      submitter: 'brand@demo.local',
    });
  });

  it('a scene may be png or jpg', async () => {
    const id = await newToy(app, brand, molly, { type: 2, image_url: await scenePic(app, brand) });
    expect(await rowOf(id)).toMatchObject({ type: 2, status: 0 });
  });
});
