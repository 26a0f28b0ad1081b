// The console on a phone (390×844): every menu page of every demo account opens without scrolling
// sideways, names itself with one h1 and has no tap target under 44 × 44 px, lists open on their rows (filters behind 筛选), the
// date-time picker fits, the login leads with the account form, and the dashboard's figures are
// whole-row links of 44 px or more.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { failureShotsDir, hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { scaled } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const PHONE = { width: 390, height: 844 };
const ACCOUNTS = ['brand@demo.local', 'shop@demo.local', 'coupon@demo.local', 'reviewer@demo.local'];

interface MenuItem {
  path: string;
  url: string;
  children: MenuItem[];
}
const pagesOf = (items: MenuItem[]): string[] =>
  items.flatMap((i) => [...(i.url === 'layout' ? [] : [i.path]), ...pagesOf(i.children)]);

/** How far the page scrolls sideways, and the elements that stick out on the right. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    const width = root.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}[${el.dataset.testid ?? el.className.toString().slice(0, 40)}]`);
    return { extra: root.scrollWidth - width, wide };
  });

/** What a finger presses that is under 44 px either way: buttons, fields, links, choices. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, select, input:not([type=radio]):not([type=checkbox]):not([type=file]), [data-scope=radio-group][data-part=item], [data-scope=checkbox][data-part=root], [data-scope=switch][data-part=root]',
      ),
    ]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .slice(0, 5)
      .map(({ el, r }) => {
        const name = (el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 12);
        return `${el.tagName.toLowerCase()}[${el.dataset.testid ?? name}] ${Math.round(r.width)}×${Math.round(r.height)}`;
      }),
  );

describe.skipIf(!hasBrowser)('the console on a phone', () => {
  const suite = useBrowserStack();

  it.each(ACCOUNTS)(
    'opens every menu page of %s without scrolling sideways, titled by one h1, every tap target 44 px',
    async (email) => {
      const failures: string[] = [];
      {
        const token = await suite.stack.login(email);
        const info = await suite.stack.call<{ menus: MenuItem[] }>('GET', '/web/helper/user/info', {}, token);
        const paths = pagesOf(info.body.data.menus);
        expect(paths.length).toBeGreaterThan(0);
        const { context, page } = await newPage(suite.browser, PHONE);
        await passwordLogin(page, suite.stack.consoleUrl, email);
        await page.waitForURL(/\/dashboard(\?|$)/);
        for (const path of paths) {
          // Within the app, as the menu goes there (a reload would load the whole console again). The
          // page left behind is marked, so the wait below is for the new one.
          await page.evaluate((to) => {
            if (location.pathname === to) return;
            for (const e of document.querySelectorAll('main > *')) e.setAttribute('data-left', '');
            history.pushState(null, '', to);
            dispatchEvent(new PopStateEvent('popstate'));
          }, path);
          const shown = await page
            .waitForFunction(
              // A page may send on to another (a shop's 扭蛋 to its own screen): wait for a page to show.
              () => {
                const main = document.querySelector('main');
                return (
                  location.pathname !== '/login' &&
                  main?.firstElementChild &&
                  !main.firstElementChild.hasAttribute('data-left') &&
                  getComputedStyle(main).opacity === '1' &&
                  !document.querySelector('[data-testid=page-loading], [aria-busy=true]')
                );
              },
              null,
              { timeout: scaled(10_000) },
            )
            .then(() => true)
            .catch(() => false);
          if (!shown) {
            const state = await page.evaluate(() => ({
              at: location.pathname,
              h1: Boolean(document.querySelector('main h1')),
              busy: [...document.querySelectorAll('[aria-busy=true]')].map((e) => (e as HTMLElement).dataset.testid),
            }));
            failures.push(`${email} ${path}: not shown ${JSON.stringify(state)}`);
            continue;
          }
          // Every page names itself with one heading of the first level (what a screen reader jumps to).
          const titles = await page.locator('main h1').allTextContents();
          if (titles.length !== 1) failures.push(`${email} ${path}: h1 ${JSON.stringify(titles)}`);
          // Every button, field, link and choice is 44 × 44 px or more.
          const small = await smallTargets(page);
          if (small.length > 0) failures.push(`${email} ${path}: under 44px ${small.join(', ')}`);
          const { extra, wide } = await overflow(page);
          if (extra > 0) {
            failures.push(`${email} ${path}: ${extra}px ${wide.join(' ')}`);
            await shot(page, `phone-overflow${path.replace(/\W+/g, '-')}`, failureShotsDir);
          }
        }
        await context.close();
      }
      expect(failures).toEqual([]);
    },
  );

  it('keeps a list on its rows: filters in a drawer, rows as cards, the date-time picker inside the screen', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Forder%2FboxList');
    await page.waitForURL(/\/order\/boxList/);
    await expect.poll(() => page.getByTestId('order-row').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('data-table').getAttribute('data-layout')).toBe('cards');
    expect(await page.getByTestId('order-filter-keyword').count()).toBe(0);
    await shot(page, 'phone-order-list');
    await page.getByTestId('order-filters-open').click();
    await expect.poll(() => page.getByTestId('order-filters-drawer').isVisible()).toBe(true);
    await page.getByTestId('order-filter-end-trigger').click();
    await expect.poll(() => page.getByTestId('datetime-popover').isVisible()).toBe(true);
    // Once placed (it opens at its trigger and then moves inside the screen).
    const popover = page.getByTestId('datetime-popover');
    await expect
      .poll(async () => {
        const box = (await popover.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= PHONE.width;
      })
      .toBe(true);
    await shot(page, 'phone-order-filters');
    await page.getByTestId('datetime-ok').click();
    await page.getByTestId('order-filter-keyword').fill('不存在的订单');
    await page.getByTestId('order-search').click();
    await expect.poll(() => page.getByTestId('order-filters-drawer').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('keyword')).toBe('不存在的订单');
    await expect.poll(() => page.getByTestId('order-filters-open').textContent()).toContain('1');
    await context.close();
  });

  it('leads the phone login with the account form and makes dashboard figures whole-row links', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await page.goto(`${suite.stack.consoleUrl}/login`);
    await expect.poll(() => page.getByTestId('login-email').isVisible()).toBe(true);
    await shot(page, 'phone-login');
    await page.getByTestId('login-email').fill('brand@demo.local');
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/dashboard(\?|$)/);
    // Every figure is a link of 44 px or more; a to-do line is one link over its whole row.
    const rows = page.locator('main a[data-figure="row"]');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const figure of await page.locator('main a[data-figure]').all()) {
      await figure.scrollIntoViewIfNeeded();
      expect((await figure.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    for (const row of await rows.all()) expect((await row.boundingBox())!.width).toBeGreaterThan(PHONE.width / 2);
    await shot(page, 'phone-dashboard');
    await context.close();
  });
});
