// The frame around every screen: the sidebar by role, the mobile drawer, 店铺 for shops, 404.
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { useBrowserStack } from '../support/suite.js';

describe.skipIf(!hasBrowser)('layout', () => {
  const suite = useBrowserStack();

  it('shows only the routes a role may use', async () => {
    const brand = await newPage(suite.browser);
    await passwordLogin(brand.page, suite.stack.consoleUrl, 'brand@demo.local');
    await brand.page.waitForURL(/\/dashboard(\?|$)/);
    await expect.poll(() => brand.page.getByTestId('sidebar').getByText('仓库管理').isVisible()).toBe(true);
    await shot(brand.page, 'dashboard-brand');
    await brand.context.close();

    const coupon = await newPage(suite.browser);
    await passwordLogin(coupon.page, suite.stack.consoleUrl, 'coupon@demo.local');
    await coupon.page.waitForURL(/\/dashboard(\?|$)/);
    await expect.poll(() => coupon.page.getByTestId('sidebar').isVisible()).toBe(true);
    expect(await coupon.page.getByTestId('sidebar').getByText('仓库管理').count()).toBe(0);
    // Typing the path does not open it either.
    await coupon.page.goto(`${suite.stack.consoleUrl}/blindBox/overseasWarehouse`);
    await expect.poll(() => coupon.page.getByTestId('not-found').isVisible()).toBe(true);
    await coupon.context.close();
  });

  it('turns the sidebar into a drawer at 800 px', async () => {
    const { context, page } = await newPage(suite.browser, { width: 800, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local');
    await page.waitForURL(/\/dashboard(\?|$)/);
    await expect.poll(() => page.getByTestId('sidebar-toggle').isVisible()).toBe(true);
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByTestId('sidebar-toggle').click();
    const drawer = page.getByTestId('sidebar-drawer');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await shot(page, 'mobile-drawer');
    // A menu longer than the screen scrolls: every entry keeps a full tap target (≥ 44 px), the
    // first one too (it used to be squeezed to a thin bar to make the menu fit).
    const heights = await drawer
      .getByRole('navigation', { name: '主菜单' })
      .locator('a, button')
      .evaluateAll((els) => els.map((el) => [el.textContent?.trim(), el.getBoundingClientRect().height] as const));
    expect(heights.length).toBeGreaterThan(10);
    expect(heights.filter(([, h]) => h < 44)).toEqual([]);
    await drawer.getByText('仓库管理').click();
    await page.waitForURL(/\/blindBox\/overseasWarehouse/);
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await context.close();
  });

  it('says 店铺 instead of 品牌 for a shop, and sends unknown paths to 404', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'shop@demo.local');
    await page.waitForURL(/\/dashboard(\?|$)/);
    await page.goto(`${suite.stack.consoleUrl}/blindBox/overseasWarehouse`);
    await expect.poll(() => page.getByTestId('warehouse-page').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('warehouse-page').getByText('店铺').first().isVisible()).toBe(true);
    expect(await page.getByTestId('warehouse-page').getByText('品牌', { exact: true }).count()).toBe(0);
    expect(await page.title()).toContain('仓库管理');
    await page.goto(`${suite.stack.consoleUrl}/no/such/page`);
    await page.waitForURL(/\/404$/);
    await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
    await context.close();
  });
});
