// Waybill printing (面单): the ERP login, the print rules in order, the token's life, tenancy by
// the account's brands, and the PDF itself (pages, page size, text, fonts) read back with poppler.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, messages } from '@toy/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, erpAccountBrands, erpAccounts, erpTokens, uploads } from '../src/db/schema.js';
import { writeWaybillPdf } from '../src/features/erp/label.js';
import { hashPassword } from '../src/lib/password.js';
import { demoApp, draw, player, publishMachine } from './draw-helpers.js';
import { call, createMerchant, PASSWORD, unique } from './helpers.js';

const m = messages.erp;
const ERP = 'erp@demo.local';

const { app, brand, molly, sweet } = await demoApp();
const work = mkdtempSync(path.join(tmpdir(), 'waybill-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const erpLogin = async (u = ERP, p = PASSWORD) => (await call(app, api.erp.login, { u, p })).body.data.token;
const print = (input: Record<string, unknown>) => call(app, api.erp.print, input as never);
const form = (t: string, patch: Record<string, unknown> = {}) => ({
  t,
  no_type: 1,
  no: 'TH1',
  copy_count: 1,
  type: 130,
  ...patch,
});

/** A player draws `n` boxes and asks for them to be shipped: the pickup's order number and goods. */
async function pickupWithGoods(phone: string, receiver: string, n = 2) {
  const { id } = await publishMachine(app, brand, molly, sweet, 1);
  const token = await player(app, phone);
  const drawn = [];
  for (let i = 0; i < n; i++) drawn.push((await draw(app, token, id, 0)).body.data);
  const res = await call(
    app,
    api.player.pickup,
    {
      deposit_ids: drawn.map((d) => d.deposit_id),
      username: receiver,
      phone,
      province: '浙江省',
      city: '杭州市',
      area: '西湖区',
      address: '文三路 99 号',
    },
    { headers: { player_token: token } },
  );
  expect(res.statusCode).toBe(200);
  return { sn: res.body.data.order_sn, titles: drawn.map((d) => d.goods.goods_title) };
}
const pickup = async (phone: string, receiver: string, n = 2) => (await pickupWithGoods(phone, receiver, n)).sn;

/** The PDF at a file_url, saved under the test's folder. */
async function download(url: string, name: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: new URL(url).pathname });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const file = path.join(work, name);
  writeFileSync(file, res.rawPayload);
  return file;
}

const pdfCount = async () =>
  (await app.db.select().from(uploads).where(like(uploads.key, 'exports/%/waybill-%'))).length;

describe('erp.login', () => {
  it('answers a token for the ERP account, separate from the merchant session', async () => {
    const res = await call(app, api.erp.login, { u: ` ${ERP.toUpperCase()} `, p: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ token: expect.stringMatching(/^[0-9a-f]{64}$/), name: '面单打印演示' });
    // A waybill token is not a merchant session.
    const asMerchant = await call(app, api.warehouse.list, {}, { token: res.body.data.token });
    expect(asMerchant.statusCode).toBe(401);
  });

  it('refuses a wrong password, an unknown account and a merchant account with one message', async () => {
    for (const [u, p] of [
      [ERP, 'wrong-pass'],
      ['nobody@demo.local', PASSWORD],
      ['brand@demo.local', PASSWORD],
    ]) {
      const res = await call(app, api.erp.login, { u: u!, p: p! });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: 400, msg: m.badCredentials, data: null });
    }
    expect((await call(app, api.erp.login, { u: '', p: 'x' })).body.msg).toBe(m.usernameRequired);
    expect((await call(app, api.erp.login, { u: ERP, p: '' })).body.msg).toBe(m.passwordRequired);
  });

  it('is signed like every call', async () => {
    const res = await call(app, api.erp.login, { u: ERP, p: PASSWORD }, { sign: false });
    expect(res.statusCode).toBe(401);
  });
});

describe('erp.print rules', () => {
  it('answers each message in order', async () => {
    const t = await erpLogin();
    const eleven = Array.from({ length: 11 }, (_, i) => `TH${i}`).join('\n');
    const ten = Array.from({ length: 10 }, (_, i) => `TH${i}`).join('\n');
    const cases: [Record<string, unknown>, string][] = [
      [{ no_type: 2, no: '', copy_count: '' }, m.noTypeRequired],
      [{ no: '', copy_count: '' }, m.noRequired],
      [{ no: ' \n\n  \r\n', copy_count: '' }, m.noRequired],
      [{ no: eleven, copy_count: '' }, m.noTooMany],
      [{ no: 'TH1\nAB CD', copy_count: '' }, m.noInvalid('AB CD')],
      [{ no: ten, copy_count: '' }, m.copyRequired],
      [{ copy_count: 0 }, m.copyMin],
      [{ copy_count: '1.5' }, m.copyMin],
      [{ copy_count: 21 }, m.copyMax],
      [{ type: 131 }, m.typeInvalid],
    ];
    for (const [patch, message] of cases) {
      const res = await print(form(t, patch));
      expect({ patch, body: res.body }).toEqual({ patch, body: { status: 400, msg: message, data: null } });
    }
  });

  it('counts lines after trimming and skipping blanks, and a repeated number once', async () => {
    const t = await erpLogin();
    const padded = `${Array.from({ length: 10 }, (_, i) => ` TH${i} `).join('\n\n')}\nTH0`;
    // Ten distinct numbers pass the rules; none of them exists, and each is named.
    const res = await print(form(t, { no: padded }));
    expect(res.statusCode).toBe(404);
    expect(res.body.msg).toBe(m.notFound(Array.from({ length: 10 }, (_, i) => `TH${i}`)));
  });
});

describe('erp.print token', () => {
  const expired = { code: 401, msg: m.tokenExpired, file_url: '' };

  it('answers code 401 for a missing, forged, revoked or expired token', async () => {
    const sn = await pickup('13911110001', '王五');
    expect((await print(form('', { no: sn }))).body.data).toEqual(expired);
    expect((await print(form('f'.repeat(64), { no: sn }))).body.data).toEqual(expired);
    expect((await print(form('not-a-token', { no: sn }))).body.data).toEqual(expired);

    const revoked = await erpLogin();
    expect((await call(app, api.erp.logout, { t: revoked })).statusCode).toBe(200);
    expect((await print(form(revoked, { no: sn }))).body).toEqual({ status: 0, msg: 'ok', data: expired });

    const old = await erpLogin();
    await app.db
      .update(erpTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(erpTokens.token, old));
    expect((await print(form(old, { no: sn }))).body.data).toEqual(expired);
    // A fresh login prints it.
    expect((await print(form(await erpLogin(), { no: sn }))).body.data.code).toBe(0);
  });
});

describe('erp.print tenancy', () => {
  it("refuses another merchant's pickup, naming it, and prints nothing", async () => {
    const sn = await pickup('13911110002', '赵六');
    // A second ERP account, on another merchant's brand only.
    const other = await createMerchant(app);
    const username = `${unique('erp')}@test.local`;
    const [account] = await app.db
      .insert(erpAccounts)
      .values({ username, name: '他店面单', passwordHash: await hashPassword(PASSWORD), userId: other.user.id })
      .returning();
    await app.db.insert(erpAccountBrands).values({ accountId: account!.id, brandId: other.brand.id });
    const t = await erpLogin(username);
    const before = await pdfCount();
    const res = await print(form(t, { no: sn }));
    expect(res.statusCode).toBe(404);
    expect(res.body.msg).toBe(m.notFound([sn]));

    // The demo account prints it, but not when an unknown number comes along.
    const mine = await erpLogin();
    const mixed = await print(form(mine, { no: `${sn}\nTH00000000000000000000000` }));
    expect(mixed.body.msg).toBe(m.notFound(['TH00000000000000000000000']));
    expect(await pdfCount()).toBe(before);
  });
});

describe('erp.print PDF', () => {
  it('prints one 100×150 mm label per number and copy, with the number, receiver and goods', async () => {
    const { sn: first, titles } = await pickupWithGoods('13911110003', '林小雨', 2);
    const second = await pickup('13911110004', '欧阳娜娜', 1);
    const t = await erpLogin();
    const res = await print(form(t, { no: `${first}\n${second}\n`, copy_count: 2 }));
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ code: 0, msg: m.printed, file_url: expect.stringMatching(/\/waybill-.+\.pdf$/) });
    const file = await download(res.body.data.file_url, 'print.pdf');

    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+4\n/);
    const sizes = execFileSync('pdfinfo', ['-f', '1', '-l', '4', file], { encoding: 'utf8' }).match(
      /Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g,
    );
    expect(sizes).toHaveLength(4);
    for (const line of sizes!) {
      const [, w, h] = /size:\s+([\d.]+) x ([\d.]+)/.exec(line)!;
      expect(Number(w)).toBeCloseTo(283.46, 1);
      expect(Number(h)).toBeCloseTo(425.2, 1);
    }

    // Chinese text is real text in an embedded font.
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toMatch(/NotoSans\S*\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    const page = (n: number) =>
      execFileSync('pdftotext', ['-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' });
    const [p1, p2, p3, p4] = [page(1), page(2), page(3), page(4)];
    for (const p of [p1, p2]) {
      expect(p).toContain(first);
      expect(p).toContain('林小雨');
      expect(p).toContain('13911110003');
      expect(p).toContain('浙江省 杭州市 西湖区 文三路 99 号');
      // A domestic pickup is sent by the brand, not from its overseas warehouse (曼谷一号仓 · 泰国).
      expect(p).not.toContain('曼谷一号仓');
      expect(p).not.toContain('泰国');
      expect(p).toContain('Molly 梦工厂');
      expect(p).toMatch(/共\s*2\s*件/);
      for (const title of titles) expect(p).toContain(title);
    }
    expect(p1).toMatch(/第\s*1\/2\s*份/);
    expect(p2).toMatch(/第\s*2\/2\s*份/);
    for (const p of [p3, p4]) {
      expect(p).toContain(second);
      expect(p).toContain('欧阳娜娜');
      expect(p).not.toContain(first);
    }
  });

  it('records who printed which number in the audit log, seen by the merchant', async () => {
    const sn = await pickup('13911110005', '陈一');
    const t = await erpLogin();
    const res = await print(form(t, { no: sn, copy_count: 3 }));
    const [row] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pickup'), eq(auditLog.action, 'print')))
      .orderBy(auditLog.id)
      .then((rows) => rows.filter((r) => (r.after as { order_sn?: string }).order_sn === sn));
    expect(row).toMatchObject({
      actor: `面单账号 面单打印演示（${ERP}）`,
      ipId: molly,
      after: { order_sn: sn, copy_count: 3, file_url: res.body.data.file_url },
    });
    const seen = await call(app, api.audit.list, { entity: 'pickup', id: row!.entityId }, { token: brand });
    expect(seen.body.data.list[0]).toMatchObject({ action: 'print', action_text: '打印面单', actor: row!.actor });
  });
});

const SYSTEM_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

describe('waybill font', () => {
  it.skipIf(!existsSync(SYSTEM_CJK))('uses a configured font collection by the name inside it', async () => {
    const file = path.join(work, 'system-font.pdf');
    const label = {
      orderSn: 'TH123',
      copy: 1,
      copies: 1,
      sender: { name: '测试仓', brand: '测试品牌', country: '' },
      receiver: { name: '张三', phone: '13800000000', address: '北京市 朝阳区' },
      goods: [{ title: '测试商品', nums: 1 }],
      printedAt: '2026-01-01 10:00:00',
    };
    await writeWaybillPdf(file, [label], { waybillFont: SYSTEM_CJK, waybillFontName: 'NotoSansCJKsc-Regular' });
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toContain('NotoSansCJKsc-Regular');
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('张三');
    await expect(
      writeWaybillPdf(file, [label], { waybillFont: '/nonexistent/font.ttf', waybillFontName: undefined }),
    ).rejects.toThrow(/WAYBILL_FONT/);
  });
});
