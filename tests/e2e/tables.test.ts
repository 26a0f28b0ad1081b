// Wide lists at a desktop and a narrow width: at 1440 px a scrollbar held at the window's bottom
// brings the last columns out from under the pinned 操作 column; at 800 px each row is a card with
// every column on screen; the gacha table takes the spec's taller height where the window has room.

import { api } from '@toy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
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
    await shot(page, 'tables-goods-1440');
    await rail.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      el.dispatchEvent(new Event('scroll'));
    });
    for (const name of ['尺寸', '创建时间', '操作', 'ID']) await expect.poll(() => readable(page, name)).toBe(true);
    await shot(page, 'tables-goods-1440-scrolled');
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

  it('says no count while a list loads, then the count of what came', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(`**${api.goods.list.path}?*`, async (route) => {
      await held;
      await route.continue();
    });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fgoods%2Flist');
    await expect.poll(() => page.getByTestId('row-skeleton').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('pagination').textContent()).not.toContain('共 0 条');
    release();
    await expect.poll(() => page.getByTestId('pagination-total').textContent()).toMatch(/^共 [1-9]\d* 条$/);
    await context.close();
  });
});
