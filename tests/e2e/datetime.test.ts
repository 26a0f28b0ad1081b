// Date-time fields on a Chromium whose locale is English and whose time zone is not Shanghai's:
// the fields still show and send `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai wall clock), the calendar
// speaks Chinese, picking a day and a time writes that text, typing is read and normalised, and
// what is saved reads back the same. Screens: the draw machine's 调整发售时间 dialog and the
// release page's 上架时间 / 预计发货时间.
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, hasBrowser, LAUNCH_ARGS, passwordLogin, shot } from '../support/browser.js';
import { toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { type Stack, startStack } from '../support/stack.js';

const WIRE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const MACHINE = 'Molly 星愿旅行系列';

/** The open popover's day cell for `n` in the shown month. */
const dayCell = (page: Page, n: number) =>
  page
    .getByTestId('datetime-popover')
    .locator('[data-part=table-cell-trigger][data-view=day]:not([data-outside-range])')
    .getByText(String(n), { exact: true });

async function pickDayAndTime(page: Page, day: number, [hh, mm, ss]: [string, string, string]) {
  const cell = dayCell(page, day);
  const date = (await cell.getAttribute('data-value'))!;
  await cell.click();
  await page.getByTestId(`datetime-hour-${hh}`).click();
  await page.getByTestId(`datetime-minute-${mm}`).click();
  await page.getByTestId(`datetime-second-${ss}`).click();
  return `${date} ${hh}:${mm}:${ss}`;
}

async function expectChineseCalendar(page: Page) {
  const popover = page.getByTestId('datetime-popover');
  await expect.poll(() => popover.isVisible()).toBe(true);
  const title = popover.locator('[data-part=view]:not([hidden]) [data-part=range-text]');
  expect(await title.textContent()).toMatch(/^\d{4}年\d{1,2}月$/);
  const weekdays = await popover.locator('[data-part=view]:not([hidden]) thead th').allTextContents();
  expect(weekdays).toEqual(['一', '二', '三', '四', '五', '六', '日']);
  expect(await popover.getByText('时', { exact: true }).isVisible()).toBe(true);
  expect(await page.getByTestId('datetime-hour-23').count()).toBe(1);
  expect(await page.getByTestId('datetime-hour-24').count()).toBe(0);
}

describe.skipIf(!hasBrowser)('date-time fields under an English browser', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack();
    browser = await chromium.launch({
      executablePath: chromiumPath!,
      args: [...LAUNCH_ARGS, '--lang=en-US'],
      env: { ...process.env, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' },
      headless: true,
    });
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  async function englishPage(height = 900) {
    const context = await browser.newContext({
      viewport: { width: 1366, height },
      locale: 'en-US',
      timezoneId: 'America/Los_Angeles',
    });
    const page = await context.newPage();
    return { context, page };
  }

  async function machineShelves(token: string, ipId: string, keyword: string) {
    const res = await stack.call<{ list: { title: string; shelves_time: string }[] }>(
      'GET',
      '/web/goods/box/list',
      { ip_id: ipId, keyword },
      token,
    );
    return res.body.data.list[0]?.shelves_time;
  }

  it('the sale-time dialog of 抽盒机管理: shows, picks, types and saves yyyy-MM-dd HH:mm:ss', async () => {
    const { context, page } = await englishPage();
    await passwordLogin(page, stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2Flist');
    await page.waitForURL(/ip_id=\d+/);
    const ipId = new URL(page.url()).searchParams.get('ip_id')!;
    // The browser really is English: a native field would show mm/dd/yyyy and AM/PM here.
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    expect(await page.evaluate(() => new Date(2026, 2, 1, 22, 5, 9).toLocaleString())).toBe('3/1/2026, 10:05:09 PM');

    const row = page.getByTestId('dm-row').filter({ hasText: MACHINE });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('dm-view').click();
    const dialog = page.getByTestId('dm-dialog');
    await expect.poll(() => dialog.getByTestId('dm-basic-shelves').textContent()).toMatch(WIRE);
    const before = (await dialog.getByTestId('dm-basic-shelves').textContent())!;
    // Delist first (the sale time of a listed machine cannot change).
    await dialog.getByTestId('dm-toggle').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => dialog.getByTestId('dm-basic-off').textContent()).toBe('已下架');

    // The field shows the saved time as the wire carries it.
    await dialog.getByTestId('dm-action-shelves').click();
    const field = page.getByTestId('dm-shelves-time');
    await expect.poll(() => field.inputValue()).toBe(before);
    expect(await page.locator('input[type="datetime-local"]').count()).toBe(0);

    // Picking a day and a time in the popover writes yyyy-MM-dd HH:mm:ss.
    await page.getByTestId('dm-shelves-time-trigger').click();
    await expectChineseCalendar(page);
    const picked = await pickDayAndTime(page, 15, ['21', '07', '45']);
    expect(picked).toMatch(WIRE);
    await expect.poll(() => field.inputValue()).toBe(picked);
    await shot(page, 'datetime-dialog-popover');
    await page.getByTestId('datetime-ok').click();
    await expect.poll(() => page.getByTestId('datetime-popover').count()).toBe(0);
    await shot(page, 'datetime-dialog-field');
    await page.getByTestId('dm-shelves-submit').click();
    await expect.poll(() => toast(page, '调整成功').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByTestId('dm-basic-shelves').textContent()).toBe(picked);
    const token = await stack.login('brand@demo.local');
    expect(await machineShelves(token, ipId, '星愿旅行')).toBe(picked);

    // It reads back the same when the dialog opens again; typing is normalised on blur, text that
    // is not a date-time is dropped.
    await page.getByTestId('dm-shelves-dialog').waitFor({ state: 'hidden' });
    await dialog.getByTestId('dm-action-shelves').click();
    await expect.poll(() => field.inputValue()).toBe(picked);
    await field.fill('not a time');
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe(picked);
    await field.fill('2026-3-1 8:05');
    await field.press('Tab');
    await expect.poll(() => field.inputValue()).toBe('2026-03-01 08:05:00');
    await field.fill('2026-04-02 23:59:58');
    await page.getByTestId('dm-shelves-submit').click();
    await expect.poll(() => toast(page, '调整成功').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByTestId('dm-basic-shelves').textContent()).toBe('2026-04-02 23:59:58');
    expect(await machineShelves(token, ipId, '星愿旅行')).toBe('2026-04-02 23:59:58');
    await page.getByTestId('dm-shelves-dialog').waitFor({ state: 'hidden' });
    await dialog.getByTestId('dm-action-shelves').click();
    await expect.poll(() => field.inputValue()).toBe('2026-04-02 23:59:58');
    await context.close();
  });

  it('the release page: 上架时间 picked in the next month, 预计发货时间 typed; the machine reads back the same', async () => {
    const { context, page } = await englishPage(1100);
    await passwordLogin(page, stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2FboxAdd');
    await page.waitForURL(/boxAdd\?ipId=\d+/);
    const ipId = new URL(page.url()).searchParams.get('ipId')!;

    const shelves = page.getByTestId('release-shelves-time');
    expect(await shelves.inputValue()).toBe('');
    expect(await shelves.getAttribute('placeholder')).toBe('请选择时间');
    await page.getByTestId('release-shelves-time-trigger').click();
    await expectChineseCalendar(page);
    const popover = page.getByTestId('datetime-popover');
    const title = popover.locator('[data-part=view]:not([hidden]) [data-part=range-text]');
    const shown = (await title.textContent())!;
    await popover.locator('[data-part=view]:not([hidden]) [data-part=next-trigger]').click();
    await expect.poll(() => title.textContent()).not.toBe(shown);
    const picked = await pickDayAndTime(page, 1, ['20', '30', '00']);
    await expect.poll(() => shelves.inputValue()).toBe(picked);
    await page.getByTestId('datetime-ok').click();

    await page.getByTestId('release-presale').click();
    const delivery = page.getByTestId('release-delivery-time');
    await delivery.fill('2027/1/15 12:00');
    await delivery.press('Enter');
    await expect.poll(() => delivery.inputValue()).toBe('2027-01-15 12:00:00');
    await shot(page, 'datetime-release');

    // Publish a machine with these times.
    for (let attempt = 1; ; attempt++) {
      await page.getByTestId('release-template-search').click();
      await page.getByTestId('release-template-search').fill('甜品派对');
      try {
        await page
          .getByTestId('release-template-option')
          .filter({ hasText: '甜品派对' })
          .click({ timeout: longest(8000) });
        break;
      } catch (error) {
        if (attempt === 4) throw error;
      }
    }
    await page.getByTestId('release-price').fill('69');
    await page.getByTestId('release-desc').fill('甜品派对 发售');
    await page.getByTestId('release-box-num').fill('2');
    await page.getByTestId('release-allocate').click();
    await expect.poll(() => page.getByTestId('allocation-row').count()).toBeGreaterThan(0);
    await page.getByTestId('release-submit').click();
    await expect.poll(() => toast(page, '发布成功').isVisible()).toBe(true);
    const token = await stack.login('brand@demo.local');
    expect(await machineShelves(token, ipId, '甜品派对')).toBe(picked);
    await context.close();
  });
});
