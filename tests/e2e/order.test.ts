// Orders as a merchant follows them: a player buys and pays through the player API, the merchant
// finds the order by keyword, opens the detail, ships it in two parts from the ship page (each
// message of the form in order), the player confirms receipt; then a refund, a remark and a close
// from the detail, and the list's ship dialog; and shipping from a sheet (导入发货).
import { api, createClient, DEV_APP_SECRET, type Goods, messages, type Order, PLAYER_DEMO_CODE } from '@toy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { xlsxFile } from '../support/goods.js';
import { toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const RECEIVER = { username: '王小明', province: '浙江省', city: '杭州市', area: '西湖区', address: '文三路 90 号' };

/** A player's client and the demo brand's goods (two lines: one unlimited, one with stock). */
async function shopper(apiUrl: string, phone: string) {
  const client = createClient({ baseUrl: apiUrl, secret: DEV_APP_SECRET });
  const { web_token } = await client.call(api.auth.login, { email: 'brand@demo.local', password: 'demo1234' });
  const { ips } = await client.call(api.brand.mine, { per_id: 14 }, { token: web_token });
  const { lists } = await client.call(api.goods.list, { ip_id: ips[0]!.id, page: 1, limit: 100 }, { token: web_token });
  const pair = [
    lists.find((g: Goods) => g.stock_limit === 0)!,
    lists.find((g: Goods) => g.stock_limit === 1 && g.stock > 20)!,
  ];
  const { player_token } = await client.call(api.player.login, { phone, code: PLAYER_DEMO_CODE });
  const headers = { player_token };
  const buy = async (paid = true, lines = pair) => {
    const o = await client.call(
      api.player.orderBuy,
      { items: lines.map((g) => ({ goods_id: g.id, buy_num: 1 })), ...RECEIVER, phone },
      { headers },
    );
    return paid ? await client.call(api.player.orderPay, { order_sn: o.order_sn }, { headers }) : o;
  };
  const confirm = (sn: string) => client.call(api.player.orderConfirm, { order_sn: sn }, { headers });
  return { buy, confirm, pair };
}

const state = (page: Page) => page.getByTestId('order-detail-state').textContent();

async function openOrders(page: Page, consoleUrl: string, keyword: string) {
  await passwordLogin(page, consoleUrl, 'brand@demo.local', '/login?redirect=%2Forder%2FboxList');
  // Orders of every brand until the merchant picks one: no brand is chosen for them.
  const brand = page.getByTestId('order-filter-brand');
  await expect.poll(() => brand.locator('option:checked').textContent()).toBe('全部品牌');
  expect(page.url()).not.toContain('ip_id=');
  await page.getByTestId('order-filter-keyword').fill(keyword);
  await page.getByTestId('order-search').click();
  await page.waitForURL(/keyword=/);
  await expect.poll(() => page.getByTestId('order-row').count(), { timeout: longest(20_000) }).toBe(1);
}

describe.skipIf(!hasBrowser)('orders', () => {
  const suite = useBrowserStack({ ORDER_TIMER_SECONDS: '1' });

  it('finds a paid order by phone, ships it in two parts from the ship page, and the player confirms', async () => {
    const phone = '13512340001';
    const player = await shopper(suite.stack.apiUrl, phone);
    const order = (await player.buy()) as Order;
    const { context, page } = await newPage(suite.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openOrders(page, suite.stack.consoleUrl, phone);
    const row = page.getByTestId('order-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('order-sn').textContent()).toBe(order.order_sn);
    expect(await row.getByTestId('order-state').textContent()).toBe('待发货');
    await shot(page, 'order-list');
    // Under the merchant's other brand the search finds nothing; 全部品牌 finds it again.
    const brand = page.getByTestId('order-filter-brand');
    await brand.selectOption({ index: 2 });
    await page.waitForURL(/ip_id=\d+/);
    await expect.poll(() => row.count()).toBe(0);
    await brand.selectOption({ label: '全部品牌' });
    await expect.poll(() => page.url()).not.toContain('ip_id=');
    await expect.poll(() => row.count()).toBe(1);

    await row.getByTestId('order-view').click();
    await page.waitForURL(/\/order\/detail\?id=.*&type=2/);
    await expect.poll(() => state(page)).toBe('待发货');
    await shot(page, 'order-detail');
    await page.getByTestId('order-detail-ship').click();
    await page.waitForURL(/\/order\/send\?/);
    await expect.poll(() => page.getByTestId('order-ship-receiver').textContent()).toContain(phone);
    await page.getByTestId('order-ship-copy').click();
    await expect.poll(() => toast(page, '复制成功').isVisible()).toBe(true);

    // Untick the second line: the first ships alone. The form's messages come in order.
    const picks = page.getByTestId('order-goods-pick');
    await expect.poll(() => picks.count()).toBe(2);
    await picks.nth(1).click();
    await page.getByTestId('order-ship-submit').click();
    await expect.poll(() => page.getByTestId('error-express_company').textContent()).toBe('请输入快递公司');
    await page.getByTestId('order-ship-page-company').fill('顺丰速运');
    await page.getByTestId('order-ship-submit').click();
    await expect.poll(() => page.getByTestId('error-express').textContent()).toBe('请输入快递单号');
    await page.getByTestId('order-ship-page-express').fill('SF1001');
    await picks.nth(0).click();
    await page.getByTestId('order-ship-submit').click();
    await expect.poll(() => toast(page, '请选择发货商品').isVisible()).toBe(true);
    await picks.nth(0).click();
    await shot(page, 'order-ship');
    await page.getByTestId('order-ship-submit').click();
    await expect.poll(() => toast(page, '发货成功').isVisible()).toBe(true);
    await page.waitForURL(/\/order\/detail\?/);
    await expect.poll(() => state(page)).toBe('部分发货');

    await page.getByTestId('order-detail-ship').click();
    await page.waitForURL(/\/order\/send\?/);
    await expect.poll(() => picks.count()).toBe(1);
    await page.getByTestId('order-ship-page-company').fill('中通快递');
    await page.getByTestId('order-ship-page-express').fill('ZT2002');
    await page.getByTestId('order-ship-submit').click();
    await expect.poll(() => toast(page, '发货成功').isVisible()).toBe(true);
    await page.waitForURL(/\/order\/detail\?/);
    await expect.poll(() => state(page)).toBe('已发货，待收货');
    expect(await page.getByTestId('order-child').count()).toBe(2);
    expect(await page.getByTestId('order-confirm-countdown').textContent()).toMatch(/^(9天23小时|10天)/);
    expect(await page.getByTestId('order-detail-ship').count()).toBe(0);
    await shot(page, 'order-detail-shipped');

    await player.confirm(order.order_sn);
    await page.reload();
    await expect.poll(() => state(page)).toBe('已完成');
    await context.close();
  });

  it('refunds, remarks and closes from the detail, and ships from the list dialog', async () => {
    const phone = '13512340002';
    const player = await shopper(suite.stack.apiUrl, phone);
    const refunded = (await player.buy()) as Order;
    const { context, page } = await newPage(suite.browser);
    await openOrders(page, suite.stack.consoleUrl, refunded.order_sn);
    await page.getByTestId('order-row').getByTestId('order-view').click();
    await expect.poll(() => state(page)).toBe('待发货');

    await page.getByTestId('order-detail-remark').click();
    await page.getByTestId('order-remark-public').fill('已联系买家');
    await page.getByTestId('order-remark-private').fill('退款处理');
    await page.getByTestId('order-remark-save').click();
    await expect.poll(() => toast(page, '备注成功').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('order-private-remark').textContent()).toContain('退款处理');

    // 退款 not confirmed: 已取消, and the order still waits to be shipped.
    await page.getByTestId('order-detail-refund').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, messages.cancelled.plain).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
    expect(await state(page)).toBe('待发货');
    await page.getByTestId('order-detail-refund').click();
    await expect
      .poll(() => page.getByTestId('confirm-dialog').textContent())
      .toContain(`确定退款 ¥${refunded.received_price.toFixed(2)} 吗？`);
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '退款成功').isVisible()).toBe(true);
    // 退款中 until the next timer pass, which may already have come: then the refund is done.
    await expect.poll(() => state(page)).toMatch(/^(退款中|待发货，买家已退款)$/);
    // The payment channel answers within a timer pass (every second here).
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('order-detail-state').waitFor();
          return state(page);
        },
        { timeout: longest(15_000) },
      )
      .toBe('待发货，买家已退款');
    await shot(page, 'order-detail-refunded');

    // A pending order is closed after a confirmation.
    const pending = (await player.buy(false)) as Order;
    await page.goto(`${suite.stack.consoleUrl}/order/detail?id=${pending.order_sn}&type=2`);
    await expect.poll(() => state(page), { timeout: longest(20_000) }).toMatch(/^待付款，剩余/);
    await page.getByTestId('order-detail-close').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, messages.cancelled.plain).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
    expect(await state(page)).toMatch(/^待付款，剩余/);
    await page.getByTestId('order-detail-close').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '操作成功').isVisible()).toBe(true);
    await expect.poll(() => state(page)).toBe('已关闭');

    // The list's ship dialog: its own words for the two fields, then 发货成功.
    const listed = (await player.buy()) as Order;
    await page.goto(`${suite.stack.consoleUrl}/order/boxList?keyword=${listed.order_sn}`);
    const row = page.getByTestId('order-row');
    await expect.poll(() => row.count(), { timeout: longest(20_000) }).toBe(1);
    await row.getByTestId('order-ship').click();
    await page.getByTestId('order-ship-save').click();
    await expect.poll(() => page.getByTestId('error-express_company').textContent()).toBe('请输入物流公司');
    await page.getByTestId('order-ship-company').fill('圆通速递');
    await page.getByTestId('order-ship-save').click();
    await expect.poll(() => page.getByTestId('error-express').textContent()).toBe('请输入物流单号');
    await page.getByTestId('order-ship-express').fill('YT3003');
    await page.getByTestId('order-ship-save').click();
    await expect.poll(() => toast(page, '发货成功').isVisible()).toBe(true);
    await expect.poll(() => row.getByTestId('order-state').textContent()).toBe('已发货，待收货');
    expect(await row.getByTestId('order-express').textContent()).toBe('YT3003');
    await context.close();
  });

  it('says which order is missing when the detail is opened without an id', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Forder%2Fdetail');
    await page.waitForURL(/\/order\/detail$/);
    const missing = page.getByTestId('order-detail-missing');
    await expect.poll(() => missing.isVisible(), { timeout: longest(20_000) }).toBe(true);
    expect(await missing.textContent()).toContain(messages.order.detailIdMissing);
    expect(await page.getByText('加载中…').count()).toBe(0);
    await missing.getByRole('link', { name: '返回订单列表' }).click();
    await page.waitForURL(/\/order\/boxList/);
    await context.close();
  });

  it('ships orders from a sheet (导入发货): a bad row and its reason, then the fixed sheet ships', async () => {
    const phone = '13512340003';
    const player = await shopper(suite.stack.apiUrl, phone);
    const ready = (await player.buy()) as Order;
    const unpaid = (await player.buy(false)) as Order;
    const { context, page } = await newPage(suite.browser);
    await openOrders(page, suite.stack.consoleUrl, ready.order_sn);
    const header = ['订单号', '物流公司', '物流单号'];
    await page
      .getByTestId('order-import-input')
      .setInputFiles(
        xlsxFile([header, [ready.order_sn, '韵达', 'YD1'], [unpaid.order_sn, '韵达', 'YD2']], 'orders.xlsx'),
      );
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toBe('1');
    expect(await page.getByTestId('import-ship').textContent()).toBe('1');
    expect(await page.getByTestId('import-error-row').textContent()).toBe(`第3行订单号${messages.order.notPaid}`);
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true);
    await shot(page, 'order-import-errors');
    await page.getByTestId('import-dialog').getByRole('button', { name: '取消' }).click();
    await page
      .getByTestId('order-import-input')
      .setInputFiles(xlsxFile([header, [ready.order_sn, '韵达', 'YD1']], 'fixed.xlsx'));
    await expect.poll(() => page.getByTestId('import-ship').textContent()).toBe('1');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => toast(page, messages.pickup.importDone(1)).isVisible()).toBe(true);
    const row = page.getByTestId('order-row');
    await expect.poll(() => row.getByTestId('order-state').textContent()).toBe('已发货，待收货');
    expect(await row.getByTestId('order-express').textContent()).toBe('YD1');
    await context.close();
  });
});
