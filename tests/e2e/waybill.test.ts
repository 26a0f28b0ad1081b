// Waybill printing (/print_waybill): its own login, the first failing rule, a real pickup printed
// to a PDF whose text holds the number and whose first page renders non-blank, the print button,
// and a forged token sending the page back to its login.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, createClient, DEV_APP_SECRET, PLAYER_DEMO_CODE } from '@toy/shared';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/api.js';
import { hasBrowser, newPage, shot } from '../support/browser.js';
import { useBrowserStack } from '../support/suite.js';

const work = mkdtempSync(join(tmpdir(), 'waybill-e2e-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A seeded demo player asks for two stored items to be shipped: the pickup's order number. */
async function makePickup(apiUrl: string): Promise<string> {
  const client = createClient({ baseUrl: apiUrl, secret: DEV_APP_SECRET });
  const { player_token } = await client.call(api.player.login, { phone: '18600000003', code: PLAYER_DEMO_CODE });
  const headers = { player_token };
  const { list } = await client.call(api.player.deposit, { state: 3 }, { headers });
  const picked = await client.call(
    api.player.pickup,
    {
      deposit_ids: list.slice(0, 2).map((d) => d.id),
      username: '周星星',
      phone: '13912345678',
      province: '广东省',
      city: '深圳市',
      area: '南山区',
      address: '科技园南区 18 栋',
    },
    { headers },
  );
  return picked.order_sn;
}

async function erpLogin(page: Page) {
  await page.getByTestId('erp-username').fill('erp@demo.local');
  await page.getByTestId('erp-password').fill('demo1234');
  await page.getByTestId('erp-login-submit').click();
  await expect.poll(() => page.getByTestId('waybill-form').isVisible()).toBe(true);
}

/** Share of dark pixels of a page rendered in grey (PGM: a short header, then one byte a pixel). */
function darkShare(pgm: Buffer): number {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const pixels = pgm.subarray(header[0].length);
  let dark = 0;
  for (const v of pixels) if (v < 128) dark++;
  return dark / pixels.length;
}

describe.skipIf(!hasBrowser)('waybill printing', () => {
  const suite = useBrowserStack();

  it('logs in with the ERP account, checks the form, and downloads a real PDF of a pickup', async () => {
    const sn = await makePickup(suite.stack.apiUrl);
    const { context, page } = await newPage(suite.browser);
    // The ERP account tried on the merchants' login page: told where it logs in, with a link there.
    await page.goto(`${suite.stack.consoleUrl}/login`);
    await page.getByTestId('login-email').fill('erp@demo.local');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('这是面单打印账号，请在面单打印页 /print_waybill 登录');
    await page.getByTestId('login-error-link').click();
    await page.waitForURL(/\/print_waybill$/);
    await expect.poll(() => page.getByTestId('erp-login').isVisible()).toBe(true);
    await page.getByTestId('erp-username').fill('erp@demo.local');
    await page.getByTestId('erp-password').fill('wrong-password');
    await page.getByTestId('erp-login-submit').click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toBe('账号或密码错误');
    await erpLogin(page);
    expect(await page.getByText('当前账号：面单打印演示').isVisible()).toBe(true);

    // An empty form: the first failing rule, under its field.
    await page.getByTestId('waybill-download').click();
    await expect.poll(() => page.getByTestId('error-no').textContent()).toBe('请输入单号');
    await page.getByTestId('waybill-no').fill(`${sn}\n`);
    await page.getByTestId('waybill-copies').fill('');
    await page.getByTestId('waybill-download').click();
    await expect.poll(() => page.getByTestId('error-copy_count').textContent()).toBe('请输入份数');
    await page.getByTestId('waybill-copies').fill('1');
    await shot(page, 'waybill-form');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('waybill-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const file = join(work, 'waybill.pdf');
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain(sn);
    expect(text).toContain('周星星');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1\n/);

    // The first page, rendered: a label is mostly white with a fair share of black (bars, text).
    execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', '1', '-l', '1', '-singlefile', file, join(work, 'page')]);
    const share = darkShare(readFileSync(join(work, 'page.pgm')));
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.6);
    const shots = join(repoRoot, 'tests', 'artifacts', 'screenshots');
    mkdirSync(shots, { recursive: true });
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '150',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(shots, 'waybill-label'),
    ]);

    // 打印 loads the same PDF into a frame and asks that frame to print. The browser's own print is
    // replaced by a counter: a headless Chromium printing a PDF frame while the page goes on can crash
    // the page, and no test can press the print dialog's buttons anyway.
    await page.evaluate(() => {
      (window as unknown as { printed: string[] }).printed = [];
    });
    await context.addInitScript(() => {
      window.print = () => {
        (window.top as unknown as { printed: string[] }).printed.push(location.protocol);
      };
    });
    await page.getByTestId('waybill-print').click();
    await expect
      .poll(() => page.locator('iframe[data-testid="waybill-print-frame"]').getAttribute('src'))
      .toMatch(/^blob:/);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: string[] }).printed))
      .toEqual(['blob:']);

    // 退出 forgets the ERP token: the login form again.
    await page.getByTestId('erp-logout').click();
    await expect.poll(() => page.getByTestId('erp-login').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('erp_token'))).toBeNull();
    await context.close();
  });

  it('clears a forged token: 登录失效，请重新登录 and the login form', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.stack.consoleUrl}/print_waybill`);
    await page.evaluate(() => localStorage.setItem('erp_token', 'f'.repeat(64)));
    await page.reload();
    await expect.poll(() => page.getByTestId('waybill-form').isVisible()).toBe(true);
    await page.getByTestId('waybill-no').fill('TH00000000000000000000001');
    await page.getByTestId('waybill-download').click();
    await expect.poll(() => page.getByTestId('erp-expired').textContent()).toBe('登录失效，请重新登录');
    expect(await page.getByTestId('erp-username').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('erp_token'))).toBeNull();
    // The merchant's 登录失效 prompt is not involved.
    expect(await page.getByText('去登录').count()).toBe(0);
    await shot(page, 'waybill-expired');
    await context.close();
  });
});
