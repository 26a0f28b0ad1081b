// The home dashboard of each role: the merchant's figures follow a player's draw and pickup and the
// merchant's shipment (the draw shows up through the page's own 30 s refresh, the page's clock moved on, without a skeleton),
// and every figure opens its list with the filters set; the coupon manager's and the reviewer's
// views with their links.
import {
  api,
  createClient,
  DASHBOARD_REFRESH_SECONDS,
  DEV_APP_SECRET,
  PLAYER_DEMO_CODE,
  REVIEW_NEWS_SECONDS,
} from '@toy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const PHONE = '15622220001';

/** A figure's number as it reads on the page (¥1,234.50 → 1234.5). */
async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).first().textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

/**
 * Clicks a figure and checks that its list opened with the figure's filters in the address: the
 * same path and the same query as the link, the brand of the dashboard among them.
 */
async function opensList(page: Page, testId: string, path: string, expected: Record<string, string> = {}) {
  // The figure is the link, or inside it (a whole row of 待办 is one link).
  const link = page.getByTestId(testId).first().locator('xpath=ancestor-or-self::a[1]');
  const href = (await link.getAttribute('href')) ?? '';
  const target = new URL(href, page.url());
  expect(target.pathname).toBe(path);
  for (const [key, value] of Object.entries(expected)) expect(target.searchParams.get(key)).toBe(value);
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
  const landed = new URL(page.url());
  for (const [key, value] of target.searchParams) expect(landed.searchParams.get(key)).toBe(value);
  return landed;
}

async function backToDashboard(page: Page, view: string) {
  await page.goBack();
  await page.waitForURL(/\/dashboard/);
  await expect.poll(() => page.getByTestId(view).isVisible()).toBe(true);
}

describe.skipIf(!hasBrowser)('dashboard', () => {
  const suite = useBrowserStack();

  it('merchant: today’s figures follow a draw, a pickup and its shipment; each figure opens its list', async () => {
    const { context, page } = await newPage(suite.browser);
    // The page’s clock, so that its own refresh is moved to (runFor) rather than waited for.
    await page.clock.install();
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local');
    await page.waitForURL(/\/dashboard\?.*ip_id=\d+/);
    await expect.poll(() => page.getByTestId('dash-merchant').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('dash-draws').isVisible(), { timeout: longest(20_000) }).toBe(true);
    expect(await page.getByTestId('welcome').textContent()).toContain('品牌主演示');
    const ipId = new URL(page.url()).searchParams.get('ip_id')!;
    await expect
      .poll(() => page.getByTestId('dash-sales-chart').or(page.getByTestId('dash-trend-empty')).count())
      .toBe(1);
    await shot(page, 'dashboard-merchant');
    // Yesterday's sales as a figure of its own, beside the change.
    expect(await page.getByTestId('dash-sales-yesterday').textContent()).toMatch(/^昨日 ¥[\d,]+\.\d{2}$/);
    // The chart's tooltip says amounts as money, a day without sales ¥0.00 (not a bare 0).
    const chart = page.getByTestId('dash-sales-chart');
    if (await chart.count()) {
      const box = (await chart.boundingBox())!;
      await page.mouse.move(box.x + 80, box.y + box.height / 2);
      await expect.poll(() => page.getByTestId('dash-tooltip-value').count()).toBeGreaterThan(0);
      const values = await page.getByTestId('dash-tooltip-value').allTextContents();
      expect(values.every((v) => /^¥[\d,]+\.\d{2}$/.test(v))).toBe(true);
      await shot(page, 'dashboard-merchant-tooltip');
    }

    const before = {
      draws: await figure(page, 'dash-draws'),
      orders: await figure(page, 'dash-orders'),
      sales: await figure(page, 'dash-sales'),
      stored: await figure(page, 'dash-stored'),
      pickups: await figure(page, 'dash-pickups-to-ship'),
    };

    // A player draws one box of the brand's first draw machine on sale.
    const client = createClient({ baseUrl: suite.stack.apiUrl, secret: DEV_APP_SECRET });
    const token = await suite.stack.login('brand@demo.local');
    const machines = await client.call(
      api.drawMachine.list,
      { ip_id: Number(ipId), keyword: '', page: 1, limit: 50 },
      {
        token,
      },
    );
    const machine = machines.list.find((m) => m.off === 0)!;
    const { player_token } = await client.call(api.player.login, {
      phone: PHONE,
      code: PLAYER_DEMO_CODE,
      nickname: '',
    });
    const headers = { player_token };
    const drawn = await client.call(api.player.draw, { batch_id: machine.id, use_bean: 0 }, { headers });

    // The page asks again by itself every DASHBOARD_REFRESH_SECONDS; the figures stay on screen meanwhile.
    expect(await figure(page, 'dash-draws')).toBe(before.draws);
    await page.clock.runFor(DASHBOARD_REFRESH_SECONDS * 1000);
    await expect.poll(() => figure(page, 'dash-draws')).toBe(before.draws + 1);
    expect(await page.getByTestId('dash-draws-skeleton').count()).toBe(0);
    expect(await figure(page, 'dash-orders')).toBe(before.orders + 1);
    expect(await figure(page, 'dash-sales')).toBeGreaterThan(before.sales);
    expect(await figure(page, 'dash-stored')).toBe(before.stored + 1);

    // The player asks for the box to be shipped: one more pickup to ship, one less stored item.
    const pickup = await client.call(
      api.player.pickup,
      {
        deposit_ids: [drawn.deposit_id],
        username: '看板收件人',
        phone: PHONE,
        province: '上海市',
        city: '上海市',
        area: '徐汇区',
        address: '漕溪北路 18 号',
      },
      { headers },
    );
    await page.reload();
    await expect
      .poll(() => figure(page, 'dash-pickups-to-ship'), { timeout: longest(20_000) })
      .toBe(before.pickups + 1);
    expect(await figure(page, 'dash-stored')).toBe(before.stored);

    // The merchant ships it: back to the count before.
    await client.call(
      api.pickup.ship,
      { order_sn: pickup.order_sn, express_company: '顺丰速运', express: 'SF0018' },
      { token },
    );
    await page.reload();
    await expect.poll(() => figure(page, 'dash-pickups-to-ship'), { timeout: longest(20_000) }).toBe(before.pickups);
    await shot(page, 'dashboard-merchant-after');
    await page.getByTestId('dash-alerts').scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-merchant-work');

    // Every figure opens its list with the dashboard's brand and the figure's filters.
    const brand = { ip_id: ipId };
    await opensList(page, 'dash-orders-to-ship', '/order/boxList', { ...brand, state: '2' });
    await expect.poll(() => page.getByTestId('order-filter-state').inputValue()).toBe('2');
    await backToDashboard(page, 'dash-merchant');

    await opensList(page, 'dash-draws', '/order/boxList', { ...brand, active_type: '13' });
    await expect.poll(() => page.getByTestId('order-filter-type').inputValue()).toBe('13');
    await backToDashboard(page, 'dash-merchant');

    const orders = await opensList(page, 'dash-orders', '/order/boxList', brand);
    expect(orders.searchParams.get('begin_at')).toMatch(/^\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: longest(20_000) }).toBeGreaterThan(0);
    await backToDashboard(page, 'dash-merchant');

    // 待发货提货 opens exactly the rows it counts.
    const pickupsCounted = await figure(page, 'dash-pickups-to-ship');
    await opensList(page, 'dash-pickups-to-ship', '/order/sendList', { ...brand, to_ship: '1' });
    await expect.poll(() => page.getByTestId('pickup-to-ship').isVisible()).toBe(true);
    await expect.poll(() => figure(page, 'pickup-total'), { timeout: longest(20_000) }).toBe(pickupsCounted);
    await shot(page, 'dashboard-pickups-to-ship-list');
    await backToDashboard(page, 'dash-merchant');

    await opensList(page, 'dash-refunds', '/order/boxList', brand);
    await expect.poll(() => page.getByTestId('order-page').isVisible()).toBe(true);
    await backToDashboard(page, 'dash-merchant');

    await opensList(page, 'dash-stored', '/blindBox/boxList', brand);
    await backToDashboard(page, 'dash-merchant');

    await opensList(page, 'dash-records-rejected', '/blindBox/records', { status: '2' });
    await backToDashboard(page, 'dash-merchant');

    await opensList(page, 'dash-releases-pending', '/jackpot/list', brand);
    await backToDashboard(page, 'dash-merchant');

    // 本周热销系列 and the list's 销售额 count different things for the same machine: each says which.
    const topNote = page.getByTestId('dash-top-note');
    expect(await topNote.textContent()).toBe('本周实收 · 已支付订单');
    expect(await topNote.getAttribute('title')).toContain('抽盒机列表的「销售额」为开售以来全部订单的标价合计');
    await opensList(page, 'dash-top-series', '/blindBox/list', { ...brand, keyword: machine.title });
    await expect.poll(() => page.getByTestId('dm-row').filter({ hasText: machine.title }).count()).toBe(1);
    const saleNote = page.getByTestId('column-note-sale');
    expect(await saleNote.textContent()).toBe('标价，全部订单');
    expect(await saleNote.getAttribute('title')).toContain('首页「本周热销系列」为本周一起订单的实收金额');
    expect(await page.getByTestId('sort-sale_amount').textContent()).toBe('销售额');
    await shot(page, 'dashboard-top-series-list');
    await backToDashboard(page, 'dash-merchant');

    // The brand filter is in the address: another brand asks again for its own figures.
    expect(await page.getByTestId('dash-brand').inputValue()).toBe(ipId);
    await context.close();
  });

  it('coupon manager: coupons in progress, claimed and used today, the trend; the links open the coupon list', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'coupon@demo.local');
    await page.waitForURL(/\/dashboard\?.*ip_id=\d+/);
    await expect.poll(() => page.getByTestId('dash-coupon').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('dash-coupons-live').isVisible(), { timeout: longest(20_000) }).toBe(true);
    expect(await page.getByTestId('dash-claimed').isVisible()).toBe(true);
    expect(await page.getByTestId('dash-used').isVisible()).toBe(true);
    expect(await page.getByTestId('dash-merchant').count()).toBe(0);
    const ipId = new URL(page.url()).searchParams.get('ip_id')!;
    await shot(page, 'dashboard-coupon');

    await opensList(page, 'dash-coupons-live', '/blindBox/coupon', { ip_id: ipId, state: '1' });
    await expect.poll(() => page.getByTestId('coupon-page').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('coupon-filter-state-1').getAttribute('data-state')).toBe('checked');
    await context.close();
  });

  it("merchant: the review's decisions, with the reason, open the item in its list", async () => {
    const reviewer = await suite.stack.login('reviewer@demo.local');
    const pending = await suite.stack.call<{ list: { id: number; ip_id: number; title: string }[] }>(
      'GET',
      api.review.list.path,
      { status: 0, page: 1, limit: 50 },
      reviewer,
    );
    const brandToken = await suite.stack.login('brand@demo.local');
    const mine = await suite.stack.call<{ ips: { id: number }[] }>(
      'GET',
      api.brand.mine.path,
      { per_id: 14 },
      brandToken,
    );
    const ids = new Set(mine.body.data.ips.map((b) => b.id));
    const record = pending.body.data.list.find((r) => ids.has(r.ip_id))!;

    // The merchant has looked at its dashboard and works elsewhere in the console.
    const { context, page } = await newPage(suite.browser);
    await page.clock.install();
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local');
    await page.waitForURL(/\/dashboard\?.*ip_id=\d+/);
    await expect.poll(() => page.getByTestId('dash-reviews').isVisible()).toBe(true);
    const badge = page.getByTestId('menu-badge-/dashboard');
    await expect.poll(() => badge.count()).toBe(0);
    await page.getByTestId('menu-/goods/list').click();
    await page.waitForURL(/\/goods\/list/);

    // A decision after that look: at the menu's next look (every minute) 首页 counts it.
    const seen = Number(
      await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.includes('review-news-seen'))?.[1]),
    );
    await expect.poll(() => Date.now() > (seen + 1) * 1000).toBe(true);
    const decided = await suite.stack.call(
      'POST',
      api.review.decide.path,
      { id: record.id, status: 2, reason: '备案图片不清晰' },
      reviewer,
    );
    expect(decided.body.status).toBe(0);
    await page.clock.runFor(REVIEW_NEWS_SECONDS * 1000);
    await expect.poll(() => badge.textContent()).toBe('1');
    await shot(page, 'menu-review-badge');

    // The dashboard lists it: the badge goes.
    await page.goto(`${suite.stack.consoleUrl}/dashboard?ip_id=${record.ip_id}`);
    const row = page.getByTestId('dash-review-rejected-row').filter({ hasText: record.title });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => badge.count()).toBe(0);
    expect(await row.textContent()).toContain('驳回原因：备案图片不清晰');
    expect(await row.getByTestId('dash-review-rejected').textContent()).toBe('已驳回');
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'dashboard-review-decisions');
    await row.click();
    await page.waitForURL((url) => url.pathname === '/blindBox/records');
    const landed = new URL(page.url()).searchParams;
    expect([landed.get('status'), landed.get('title'), landed.get('ip_id')]).toEqual([
      '2',
      record.title,
      String(record.ip_id),
    ]);
    await context.close();
  });

  it('reviewer: the queue by kind with the oldest wait; each count opens its tab of the review page', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'reviewer@demo.local');
    await page.waitForURL(/\/dashboard/);
    await expect.poll(() => page.getByTestId('dash-review').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByTestId('dash-queue-record-count').isVisible(), { timeout: longest(20_000) })
      .toBe(true);
    for (const kind of ['record', 'kuji', 'toy', 'moment', 'skin'])
      expect(await page.getByTestId(`dash-queue-${kind}-count`).isVisible()).toBe(true);
    expect(await page.getByTestId('dash-brand').count()).toBe(0);
    await shot(page, 'dashboard-reviewer');

    const tabs: [string, string][] = [
      ['record', 'records'],
      ['kuji', 'kuji'],
      ['toy', 'toy'],
      ['skin', 'skin'],
    ];
    for (const [kind, tab] of tabs) {
      await opensList(page, `dash-queue-${kind}-count`, '/review/blindBox');
      await expect.poll(() => page.getByTestId(`review-tab-${tab}`).getAttribute('aria-selected')).toBe('true');
      await backToDashboard(page, 'dash-review');
    }
    await opensList(page, 'dash-queue-moment-count', '/review/blindBox', { tab: 'toy', kind: 'moment' });
    await expect.poll(() => page.getByTestId('review-tab-toy').getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => page.getByTestId('toy-review-kind').locator('[data-state="checked"]').first().textContent())
      .toContain('精彩时刻');
    await context.close();
  });
});
