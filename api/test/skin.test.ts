import { api, messages, SKIN_IMAGES, skinBatchProblem } from '@toy/shared';
import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, drawMachines, skinDrafts, skins, virtualReceipts } from '../src/db/schema.js';
import { candidatesOf, dropSourceOf } from '../src/features/holdings/drops.js';
import { RECEIPT_KIND } from '../src/features/holdings/receipts.js';
import { centreIsTransparent } from '../src/features/skin/avatar.js';

const skinDrops = dropSourceOf(RECEIPT_KIND.skin);

import { uploadPng } from './blind-box-helpers.js';
import { player } from './draw-helpers.js';
import { zipEntries } from './files.js';
import { brandIds, call, login, makeApp } from './helpers.js';
import { publishKuji } from './kuji-helpers.js';
import { avatarPng, decideSkin, skinForm, skinImages, submitSkin, uploadFile } from './skin-helpers.js';

const m = messages.skin;

let app: FastifyInstance;
let brand: string;
let shop: string;
let reviewer: string;
let molly: number;
let shopBrand: number;
let images: Record<string, string>;
beforeAll(async () => {
  app = await makeApp();
  brand = (await login(app, 'brand@demo.local')).web_token;
  shop = (await login(app, 'shop@demo.local')).web_token;
  reviewer = (await login(app, 'reviewer@demo.local')).web_token;
  [molly] = (await brandIds(app, brand, 14)) as [number];
  [shopBrand] = (await brandIds(app, shop, 14)) as [number];
  images = await skinImages(app, brand);
});
afterAll(() => app.close());

const skinCount = async () => Number((await app.db.select({ n: count() }).from(skins))[0]!.n);
const listOf = async (token = brand, query: Record<string, unknown> = {}) =>
  (await call(app, api.skin.list, { limit: 200, ...query } as never, { token })).body.data;
const find = async (id: number) => (await listOf()).list.find((s) => s.id === id)!;
const approved = async (extra: Record<string, unknown> = {}) => {
  const id = await submitSkin(app, brand, skinForm(molly, images, extra));
  await decideSkin(app, reviewer, id, 1);
  return id;
};

describe('skin.submit rules, in order (step 0 then step 1)', () => {
  const without = (key: string) => ({ ...skinForm(0, images), ip_id: undefined, [key]: '' });
  it.each(SKIN_IMAGES.map((slot) => [slot.key, slot.missing]))('missing %s → %s', async (key, message) => {
    // Every earlier image is there, this one is not: its own message, nothing created.
    const before = await skinCount();
    const res = await call(app, api.skin.submit, { ...without(key), ip_id: molly } as never, { token: brand });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await skinCount()).toBe(before);
  });

  it.each([
    [{ font_tone: '' }, m.fontToneRequired],
    [{ font_tone: 'purple' }, m.fontToneFormat],
    [{ ip_id: '' }, m.brandRequired],
    [{ title: '  ' }, m.titleRequired],
    [{ title: '一二三四五六七八九十十' }, m.titleTooLong],
    [{ content: 'x'.repeat(201) }, m.contentTooLong],
  ])('%j → %s', async (extra, message) => {
    const before = await skinCount();
    const res = await call(app, api.skin.submit, skinForm(molly, images, extra) as never, { token: brand });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
    expect(await skinCount()).toBe(before);
  });

  it('the first failing image wins: the avatar widget before the font colour and the brand', async () => {
    const res = await call(
      app,
      api.skin.submit,
      { ...skinForm(molly, images), avatar_widget: '', font_tone: '', ip_id: '' } as never,
      { token: brand },
    );
    expect(res.body.msg).toBe(m.avatarWidgetRequired);
  });

  it('an image of the wrong size is refused with its size', async () => {
    const wrong = await uploadPng(app, brand, 200, 200);
    const res = await call(app, api.skin.submit, skinForm(molly, images, { ip_brand: wrong }) as never, {
      token: brand,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(messages.upload.imageSize(216, 216));
  });

  it("another merchant's brand or upload is refused", async () => {
    const foreign = await call(app, api.skin.submit, skinForm(shopBrand, images) as never, { token: brand });
    expect(foreign.statusCode).toBe(404);
    const theirs = await uploadPng(app, shop, 216, 216);
    const res = await call(app, api.skin.submit, skinForm(molly, images, { ip_brand: theirs }) as never, {
      token: brand,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(messages.upload.pictureMissing);
  });

  it('title of 10 characters and intro of 200 are accepted; the skin is pending and awaiting listing', async () => {
    const id = await submitSkin(
      app,
      brand,
      skinForm(molly, images, { title: '一二三四五六七八九十', content: 'x'.repeat(200) }),
    );
    const s = await find(id);
    expect(s).toMatchObject({
      title: '一二三四五六七八九十',
      status: 1,
      process_status: 0,
      is_box_goods: 0,
      received: 0,
      font_tone: '#8866AA',
      show_pic_size: 1.2,
    });
    expect(s.show_pic).toMatch(/^http:\/\/.*\/files\//);
    expect(s.avatar_widget).toMatch(/^http/);
    const detail = await call(app, api.skin.detail, { id }, { token: brand });
    expect(detail.body.data.info.id).toBe(id);
    const [row] = await app.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'skin'), eq(auditLog.entityId, id)));
    expect(row!.n).toBe(1);
  });
});

describe('drafts', () => {
  it('a draft keeps a partial form, is counted, listed, resumed, updated and removed by the submit', async () => {
    const before = (await listOf()).draft_num;
    const saved = await call(
      app,
      api.skin.saveDraft,
      { avatar_widget: images.avatar_widget, font_tone: '#112233', status: 1 } as never,
      { token: brand },
    );
    expect(saved.statusCode).toBe(200);
    const draftId = saved.body.data.id;
    expect((await listOf()).draft_num).toBe(before + 1);
    const again = await call(
      app,
      api.skin.saveDraft,
      { id: draftId, ip_id: molly, title: '草稿装扮', avatar_widget: images.avatar_widget } as never,
      { token: brand },
    );
    expect(again.body.data.id).toBe(draftId);
    const detail = await call(app, api.skin.draftDetail, { id: draftId }, { token: brand });
    expect(detail.body.data.info).toMatchObject({ id: draftId, ip_id: molly, title: '草稿装扮', ip_brand: '' });
    expect(detail.body.data.info.avatar_widget).toMatch(/^http/);
    const drafts = await call(app, api.skin.drafts, { ip_id: molly }, { token: brand });
    expect(drafts.body.data.list.map((d) => d.id)).toContain(draftId);
    // Another merchant neither sees nor deletes it.
    expect((await call(app, api.skin.draftDetail, { id: draftId }, { token: shop })).statusCode).toBe(404);
    expect((await call(app, api.skin.deleteDraft, { id: draftId }, { token: shop })).statusCode).toBe(404);
    const id = await submitSkin(app, brand, skinForm(molly, images, { draft_id: draftId }));
    expect(id).toBeGreaterThan(0);
    expect(await app.db.select().from(skinDrafts).where(eq(skinDrafts.id, draftId))).toHaveLength(0);
    expect((await listOf()).draft_num).toBe(before);
  });

  it('draft lengths are checked; a draft is deleted', async () => {
    const long = await call(app, api.skin.saveDraft, { title: '一二三四五六七八九十十' } as never, { token: brand });
    expect(long.statusCode).toBe(400);
    expect(long.body.msg).toBe(m.titleTooLong);
    const wrong = await uploadPng(app, brand, 100, 100);
    const bad = await call(app, api.skin.saveDraft, { ip_brand: wrong } as never, { token: brand });
    expect(bad.body.msg).toBe(messages.upload.imageSize(216, 216));
    const saved = await call(app, api.skin.saveDraft, { title: '删' } as never, { token: brand });
    const del = await call(app, api.skin.deleteDraft, { id: saved.body.data.id }, { token: brand });
    expect(del.statusCode).toBe(200);
    expect((await call(app, api.skin.draftDetail, { id: saved.body.data.id }, { token: brand })).statusCode).toBe(404);
  });
});

describe('review and the states of a skin', () => {
  it('pending: no list, no edit, no delete, no claim; the reviewer sees it', async () => {
    const id = await submitSkin(app, brand, skinForm(molly, images, { title: '待审装扮' }));
    const pending = await call(app, api.review.skinList, { title: '待审装扮' } as never, { token: reviewer });
    expect(pending.body.data.list[0]).toMatchObject({ id, process_status: 0, submitter: expect.any(String) });
    const toggle = await call(app, api.skin.setStatus, { id, status: 0 }, { token: brand });
    expect([toggle.statusCode, toggle.body.msg]).toEqual([409, m.notApproved]);
    const edit = await call(app, api.skin.submit, skinForm(molly, images, { id }) as never, { token: brand });
    expect([edit.statusCode, edit.body.msg]).toEqual([409, m.locked]);
    const del = await call(app, api.skin.delete, { id }, { token: brand });
    expect([del.statusCode, del.body.msg]).toEqual([409, m.locked]);
    const claim = await call(app, api.skin.claim, { id, active_id: 1, phone: '13800000001' } as never, {
      token: brand,
    });
    expect([claim.statusCode, claim.body.msg]).toEqual([409, m.notApproved]);
    // The merchant cannot decide; a rejection needs a reason.
    expect((await call(app, api.review.skinDecide, { id, status: 1 }, { token: brand })).statusCode).toBe(403);
    const noReason = await call(app, api.review.skinDecide, { id, status: 2, reason: '' }, { token: reviewer });
    expect([noReason.statusCode, noReason.body.msg]).toEqual([400, messages.review.reasonRequired]);
  });

  it('rejected: edited (back to pending) or deleted; decided once', async () => {
    const id = await submitSkin(app, brand, skinForm(molly, images));
    await decideSkin(app, reviewer, id, 2, '图片模糊');
    expect(await find(id)).toMatchObject({ process_status: 2, remark: '图片模糊' });
    const twice = await call(app, api.review.skinDecide, { id, status: 1 }, { token: reviewer });
    expect([twice.statusCode, twice.body.msg]).toEqual([409, m.decided]);
    expect(await submitSkin(app, brand, skinForm(molly, images, { id, title: '改过的' }))).toBe(id);
    expect(await find(id)).toMatchObject({ process_status: 0, remark: '', title: '改过的' });
    await decideSkin(app, reviewer, id, 2, '再改');
    expect((await call(app, api.skin.delete, { id }, { token: brand })).statusCode).toBe(200);
    expect(await find(id)).toBeUndefined();
  });

  it('approved: listed and unlisted; on sale it is neither edited nor deleted', async () => {
    const id = await approved();
    expect(await find(id)).toMatchObject({ status: 1, process_status: 1 });
    const on = await call(app, api.skin.setStatus, { id, status: 0 }, { token: brand });
    expect(on.body.data).toEqual({ id, status: 0 });
    const del = await call(app, api.skin.delete, { id }, { token: brand });
    expect([del.statusCode, del.body.msg]).toEqual([409, m.locked]);
    await call(app, api.skin.setStatus, { id, status: 1 }, { token: brand });
    expect((await find(id)).status).toBe(1);
    expect((await call(app, api.skin.setStatus, { id, status: 2 } as never, { token: brand })).statusCode).toBe(400);
  });

  it('drops: only approved, listed skins with the switch on are candidates', async () => {
    const id = await approved();
    const pending = await submitSkin(app, brand, skinForm(molly, images));
    await call(app, api.skin.setDrop, { id: pending, is_box_goods: 1 }, { token: brand });
    expect(await candidatesOf(app.db, skinDrops, molly)).not.toContain(pending);
    const set = await call(app, api.skin.setDrop, { id, is_box_goods: 1 }, { token: brand });
    expect(set.body.data).toEqual({ id, is_box_goods: 1 });
    expect(await candidatesOf(app.db, skinDrops, molly)).not.toContain(id);
    await call(app, api.skin.setStatus, { id, status: 0 }, { token: brand });
    expect(await candidatesOf(app.db, skinDrops, molly)).toContain(id);
    await call(app, api.skin.setDrop, { id, is_box_goods: 0 }, { token: brand });
    expect(await candidatesOf(app.db, skinDrops, molly)).not.toContain(id);
    expect(skinDrops.kind).toBe('skin');
  });
});

describe('skin.claim', () => {
  it.each([
    [{ active_id: '', phone: '13800000000' }, m.activeRequired],
    [{ active_id: 5, phone: '' }, m.phoneRequired],
    [{ active_id: 5, phone: '12800000000' }, m.phoneFormat],
    [{ active_id: 5, phone: '1380000000' }, m.phoneFormat],
    [{ active_id: 5, phone: '138000000001' }, m.phoneFormat],
    [{ active_id: 5, phone: '23800000000' }, m.phoneFormat],
  ])('%j → %s', async (input, message) => {
    const res = await call(app, api.skin.claim, { id: 1, ...input } as never, { token: brand });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
  });

  /** An activity of the brand: one of its draw machines or kujis. */
  const activityIdOf = async (table: typeof drawMachines, ipId: number, mine = true) =>
    (
      await app.db
        .select({ id: table.id })
        .from(table)
        .where(mine ? eq(table.ipId, ipId) : ne(table.ipId, ipId))
    )[0]?.id;

  it('the activity is one of the skin’s brand: a draw machine or a kuji, else 活动不存在 and nothing granted', async () => {
    const id = await approved();
    await player(app, '13912340001');
    const foreign = await activityIdOf(drawMachines, molly, false);
    const own = await activityIdOf(drawMachines, molly);
    expect(foreign).toBeDefined();
    expect(own).toBeDefined();
    for (const active_id of [foreign!, 2_000_000_000]) {
      const res = await call(app, api.skin.claim, { id, active_id, phone: '13912340001' } as never, { token: brand });
      expect([res.statusCode, res.body.msg]).toEqual([404, m.activityMissing]);
    }
    expect((await find(id)).received).toBe(0);
    // A kuji id that is no draw machine of the brand's.
    const machines = new Set((await app.db.select({ id: drawMachines.id }).from(drawMachines)).map((r) => r.id));
    let kuji = await publishKuji(app, brand, molly);
    while (machines.has(kuji)) kuji = await publishKuji(app, brand, molly);
    const ok = await call(app, api.skin.claim, { id, active_id: kuji, phone: '13912340001' } as never, {
      token: brand,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('grants the skin to the phone’s player once; unknown phone refused; received counts it', async () => {
    const id = await approved();
    const machine = (await activityIdOf(drawMachines, molly))!;
    const unknown = await call(app, api.skin.claim, { id, active_id: machine, phone: '13912345678' } as never, {
      token: brand,
    });
    expect([unknown.statusCode, unknown.body.msg]).toEqual([404, m.playerUnknown]);
    await player(app, '13912340000');
    const ok = await call(app, api.skin.claim, { id, active_id: machine, phone: '13912340000' } as never, {
      token: brand,
    });
    expect(ok.statusCode).toBe(200);
    const [receipt] = await app.db
      .select()
      .from(virtualReceipts)
      .where(and(eq(virtualReceipts.kind, 'skin'), eq(virtualReceipts.itemId, id)));
    expect(receipt).toMatchObject({ source: 'claim', sourceId: machine, playerId: ok.body.data.player_id });
    const twice = await call(app, api.skin.claim, { id, active_id: machine, phone: '13912340000' } as never, {
      token: brand,
    });
    expect([twice.statusCode, twice.body.msg]).toEqual([409, m.alreadyHeld]);
    expect((await find(id)).received).toBe(1);
    // Unlisted and rejected-then-edited would be deletable, but a held skin is not deleted.
    const del = await call(app, api.skin.delete, { id }, { token: brand });
    expect(del.statusCode).toBe(409);
    expect(del.body.msg).toBe(m.received);
  });
});

describe('tenancy and roles', () => {
  it("another merchant's skin is 404 on every route", async () => {
    const id = await approved();
    const calls = [
      call(app, api.skin.detail, { id }, { token: shop }),
      call(app, api.skin.setStatus, { id, status: 0 }, { token: shop }),
      call(app, api.skin.setDrop, { id, is_box_goods: 1 }, { token: shop }),
      call(app, api.skin.delete, { id }, { token: shop }),
      call(app, api.skin.claim, { id, active_id: 1, phone: '13800000000' } as never, { token: shop }),
      call(app, api.skin.submit, skinForm(shopBrand, images, { id }) as never, { token: shop }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect((await listOf(shop)).list.map((s) => s.id)).not.toContain(id);
    const foreignList = await call(app, api.skin.list, { ip_id: molly }, { token: shop });
    expect(foreignList.statusCode).toBe(404);
  });

  it('a user without box_admin is refused; the keyword filters', async () => {
    const coupon = (await login(app, 'coupon@demo.local')).web_token;
    expect((await call(app, api.skin.list, {}, { token: coupon })).statusCode).toBe(403);
    await submitSkin(app, brand, skinForm(molly, images, { title: '独一无二' }));
    const found = await listOf(brand, { keyword: '独一无' });
    expect(found.list.map((s) => s.title)).toEqual(['独一无二']);
  });
});

describe('preview code', () => {
  const nav = () =>
    Object.fromEntries(SKIN_IMAGES.filter((i) => i.group === 'icon').map((i) => [i.key, images[i.key]!]));
  it.each([
    [{}, m.previewNeedsImage],
    [{ avatar_widget: 'x' }, m.previewNeedsIcons],
  ])('%j → %s', async (input, message) => {
    const res = await call(app, api.skin.previewCode, input as never, { token: brand });
    expect(res.statusCode).toBe(400);
    expect(res.body.msg).toBe(message);
  });

  it('answers a QR valid 10 minutes whose page renders the skin, refuses it after expiry', async () => {
    const t0 = Date.now();
    const res = await call(
      app,
      api.skin.previewCode,
      { ...nav(), avatar_widget: images.avatar_widget, title: '预览' } as never,
      {
        token: brand,
      },
    );
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    expect(data.url).toMatch(/^data:image\/png;base64,/);
    expect(Math.abs(data.expire_time * 1000 - (t0 + 600_000))).toBeLessThan(5000);
    const path = new URL(data.link).pathname + new URL(data.link).search;
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('skin-preview-nav');
    expect(page.body).toContain(images.avatar_widget);
    const code = new URL(data.link).searchParams.get('code')!;
    const { skinPreviews } = await import('../src/db/schema.js');
    await app.db
      .update(skinPreviews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(skinPreviews.code, code));
    const expired = await app.inject({ method: 'GET', url: path });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(m.previewExpired);
    const unknown = await app.inject({ method: 'GET', url: '/m/skin/preview?code=nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(m.previewUnknown);
  });

  it('a preview image of the wrong size is refused', async () => {
    const wrong = await uploadPng(app, brand, 100, 100);
    const res = await call(app, api.skin.previewCode, { ...nav(), avatar_widget: wrong } as never, { token: brand });
    expect(res.body.msg).toBe(messages.upload.imageSize(600, 600));
  });
});

describe('batch upload matcher (shared table)', () => {
  it('names and sizes', () => {
    expect(skinBatchProblem('头像挂件.png', { width: 600, height: 600 })).toBeNull();
    expect(skinBatchProblem('首页选中图标.PNG', { width: 240, height: 240 })).toBeNull();
    expect(skinBatchProblem('avatar.png', { width: 600, height: 600 })).toBe(m.batchName);
    expect(skinBatchProblem('品牌铭牌.png', { width: 200, height: 216 })).toBe('尺寸不正确,请上传216*216px图片');
  });
});

describe('下载样例', () => {
  it('a zip with one PNG per slot, named as the batch upload expects', async () => {
    const res = await app.inject({ method: 'GET', url: '/m/skin/sample.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const entries = zipEntries(res.rawPayload);
    expect(entries.map((e) => e.name)).toEqual(SKIN_IMAGES.map((slot) => `装扮样例/${slot.name}.png`));
    // Each sample passes its own slot's rules: its size, and the avatar widget's clear centre, so a
    // batch upload of the sample fills every slot.
    for (const [i, slot] of SKIN_IMAGES.entries()) {
      const meta = await sharp(entries[i]!.data).metadata();
      expect([meta.width, meta.height], slot.name).toEqual([slot.width, slot.height]);
      expect(skinBatchProblem(`${slot.name}.png`, { width: meta.width!, height: meta.height! })).toBeNull();
    }
    const widget = entries.find((e) => e.name.endsWith('/头像挂件.png'))!;
    expect(await centreIsTransparent(widget.data)).toBe(true);
  });
});

describe('the avatar widget', () => {
  it('must keep its 480×480 centre transparent (on submit; a draft keeps any)', async () => {
    const opaque = await uploadPng(app, brand, 600, 600);
    const filled = await uploadFile(app, brand, await avatarPng(true));
    for (const avatar of [opaque, filled]) {
      const before = await skinCount();
      const res = await call(app, api.skin.submit, skinForm(molly, images, { avatar_widget: avatar }) as never, {
        token: brand,
      });
      expect([res.statusCode, res.body.msg]).toEqual([400, m.avatarCentre]);
      expect(await skinCount()).toBe(before);
    }
    const draft = await call(app, api.skin.saveDraft, { avatar_widget: opaque } as never, { token: brand });
    expect(draft.statusCode).toBe(200);
  });
});
