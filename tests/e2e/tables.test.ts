// Wide lists at a desktop and a narrow width: at 1440 px a scrollbar held at the window's bottom
// brings the last columns out from under the pinned 操作 column, with a line saying there are more
// columns (gone where the table fits); names take at most two lines; at 800 px each row is a card with
// every column on screen; the gacha table takes the spec's taller height where the window has room.

import { api } from '@toy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { holdRoute } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

/** Is the header starting with `name` on screen with nothing pinned over its middle? */
const readable = (page: Page, name: string) =>
  page
    .getByTestId('data-table')
    .locator('thead th', { hasText: name })
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      return x > 0 && x < window.innerWidth && hit !== null && el.contains(hit);
    });

/** How many lines of text an element is high. */
const lineCount = (el: Element) =>
  el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight);

async function openGoods(page: Page, url: string) {
  await passwordLogin(page, url, 'brand@demo.local', '/login?redirect=%2Fgoods%2Flist');
  await page.waitForURL(/\/goods\/list\?ip_id=\d+/);
  await expect.poll(() => page.getByTestId('goods-row').count()).toBeGreaterThan(0);
}

describe.skipIf(!hasBrowser)('tables', () => {
  const suite = useBrowserStack();

  it('brings every goods column into view with the rail at 1440 px', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await openGoods(page, suite.stack.consoleUrl);
    expect(await page.getByTestId('data-table').getAttribute('data-layout')).toBe('table');
    // The last columns start under the pinned actions; the rail is on screen although the table is taller.
    expect(await readable(page, '创建时间')).toBe(false);
    const rail = page.getByTestId('table-scroll-rail');
    await expect.poll(() => rail.isVisible()).toBe(true);
    const box = await rail.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(900);
    // Said in words too, just above the rail.
    const hint = page.getByTestId('table-scroll-hint');
    expect(await hint.isVisible()).toBe(true);
    expect(await hint.textContent()).toBe('左右滑动查看更多列');
    const hintBox = await hint.boundingBox();
    expect(hintBox && box && Math.abs(hintBox.y + hintBox.height - box.y)).toBeLessThanOrEqual(2);
    await shot(page, 'tables-goods-1440');
    await rail.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      el.dispatchEvent(new Event('scroll'));
    });
    for (const name of ['尺寸', '创建时间', '操作', 'ID']) await expect.poll(() => readable(page, name)).toBe(true);
    await shot(page, 'tables-goods-1440-scrolled');
    await context.close();
  });

  it('says nothing about more columns where the whole table fits', async () => {
    const { context, page } = await newPage(suite.browser, { width: 2560, height: 900 });
    await openGoods(page, suite.stack.consoleUrl);
    const table = page.getByTestId('data-table');
    await expect.poll(() => table.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    expect(await readable(page, '创建时间')).toBe(true);
    expect(await page.getByTestId('table-scroll-hint').count()).toBe(0);
    expect(await page.getByTestId('table-scroll-rail').count()).toBe(0);
    await context.close();
  });

  it('keeps a long name to two lines at 1440 px', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2FboxList');
    await page.waitForURL(/\/blindBox\/boxList\?ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));
    const name = `超长款式名称${'梦幻星空限定隐藏款'.repeat(12)}`;
    const [row] = await suite.stack.sql(
      `update order_items set goods_title = $1 where id = (
         select d.order_item_id from deposits d where d.ip_id = $2 order by d.id desc limit 1)
       returning id`,
      [name, ipId],
    );
    expect(row).toBeDefined();
    await page.reload();
    const listed = page.getByTestId('deposit-row').filter({ hasText: name });
    await expect.poll(() => listed.isVisible()).toBe(true);
    const title = listed.getByTestId('picture-title-text').locator('p').first();
    expect(await title.textContent()).toBe(name);
    const lines = await title.evaluate(lineCount);
    expect(lines).toBeGreaterThan(1.5);
    expect(lines).toBeLessThanOrEqual(2.05);
    // The name is longer than that: it is cut, not lost (the whole of it in the text).
    expect(await title.evaluate((el) => el.scrollHeight > el.clientHeight + 2)).toBe(true);
    // The name column leaves the others their room: 用户 keeps its name on one line.
    const user = listed.locator('td').nth(4).locator('p').first();
    expect(await user.textContent()).toMatch(/^演示玩家/);
    expect(await user.evaluate(lineCount)).toBeLessThan(1.5);
    await shot(page, 'tables-deposit-long-name');
    await context.close();
  });

  it('shows each goods row as a card with price and stock on screen at 800 px', async () => {
    const { context, page } = await newPage(suite.browser, { width: 800, height: 900 });
    await openGoods(page, suite.stack.consoleUrl);
    expect(await page.getByTestId('data-table').getAttribute('data-layout')).toBe('cards');
    const card = page.getByTestId('goods-row').first();
    for (const label of ['价格', '库存', '尺寸(cm)', '创建时间']) {
      await expect.poll(() => card.getByText(label, { exact: true }).isVisible()).toBe(true);
    }
    const stock = await card.getByTestId('goods-stock-value').boundingBox();
    expect(stock && stock.x + stock.width).toBeLessThanOrEqual(800);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await shot(page, 'tables-goods-800');
    // The row's actions work from the card.
    await card.getByTestId('goods-stock-edit').click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    await context.close();
  });

  it('gives the gacha table the taller height when the window has room', async () => {
    for (const [height, max] of [
      [900, '650px'],
      [700, '400px'],
    ] as const) {
      const { context, page } = await newPage(suite.browser, { width: 1440, height });
      await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fgoods%2Fgacha');
      await expect.poll(() => page.getByTestId('gacha-row').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('data-table').evaluate((el) => getComputedStyle(el).maxHeight)).toBe(max);
      await context.close();
    }
  });

  it('says no count and no 请选择品牌 while a list loads, then the count of what came', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    const release = await holdRoute(page, `**${api.goods.list.path}?*`);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fgoods%2Flist');
    await expect.poll(() => page.getByTestId('row-skeleton').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('pagination').textContent()).not.toContain('共 0 条');
    release();
    await expect.poll(() => page.getByTestId('pagination-total').textContent()).toMatch(/^共 [1-9]\d* 条$/);

    // The count above a table (共 N 张优惠券) and the brand select say nothing wrong meanwhile either.
    const releaseCoupons = await holdRoute(page, `**${api.coupon.list.path}?*`);
    await page.goto(`${suite.stack.consoleUrl}/blindBox/coupon`);
    await expect.poll(() => page.getByTestId('row-skeleton').count()).toBeGreaterThan(0);
    const main = page.locator('main');
    expect(await main.textContent()).not.toMatch(/共 0|请选择品牌/);
    releaseCoupons();
    await expect.poll(() => main.textContent()).toMatch(/共 [1-9]\d* 张优惠券/);
    await context.close();
  });

  it('a menu click made while the page picks its first brand is not undone by that pick', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local');
    await page.waitForURL(/\/dashboard\?.*ip_id=\d+/);
    // A fresh dashboard whose brands are slow to come, and the next page's code slower still.
    const releaseBrands = await holdRoute(page, `**${api.brand.mine.path}*`);
    await page.goto(`${suite.stack.consoleUrl}/dashboard`);
    await page.getByRole('link', { name: '优惠券管理' }).first().waitFor();
    const releaseCode = await holdRoute(page, '**/assets/*.js');
    // A slow phone: React renders the navigation just begun as a transition, which the brands'
    // arrival then overtakes (the page renders them before it knows it is leaving).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
    await page.getByRole('link', { name: '优惠券管理' }).first().click();
    releaseBrands();
    // The dashboard shows its brands (and would pick the first) while the merchant is on the way out.
    await expect.poll(() => page.locator('main select option', { hasText: 'Molly' }).count()).toBeGreaterThan(0);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    releaseCode();
    await page.waitForURL(/\/blindBox\/coupon/, { timeout: longest(30_000) });
    await context.close();
  });
});
