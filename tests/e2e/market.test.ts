// 第三方平台发货 as a merchant would use it: a marketplace pushes signed orders (from this test),
// the merchant filters the list, ships one from the dialog and one in part from the ship page,
// the marketplace reads the shipments and reports receipt, the export is polled every 3 s
// (now_num / total_num, then the url) and a shipping sheet with one bad row is imported.
import { type MarketPushOrder, marketDemoShop, marketRequest, messages } from '@toy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fetchSheet, xlsxFile } from '../support/goods.js';
import { toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const m = messages.market;
const rows = (page: Page) => page.getByTestId('market-row');
const total = (page: Page) => page.getByText(/^共 \d+ 个订单$/).textContent();

/** The marketplace's own signed call, from the brand's demo shop (the seed links it). */
async function market(
  apiUrl: string,
  platform: 'shopee' | 'lazada',
  action: 'orders' | 'receipt' | 'shipments',
  params: object,
  ipId: number,
) {
  const shop = marketDemoShop(platform, ipId);
  const { url, init } = marketRequest(
    platform,
    shop.secret,
    action,
    { shop_id: shop.shop_id, ...params },
    { baseUrl: apiUrl },
  );
  const res = await fetch(url, init);
  return (await res.json()) as { status: number; msg: string; data: Record<string, unknown> };
}

function order(ipId: number, word: string, i: number, pic = ''): MarketPushOrder {
  return {
    order_sn: `E2E${Date.now().toString(36).toUpperCase()}${i}`,
    ip_id: ipId,
    freight: i === 0 ? 6 : 0,
    receiver: {
      username: `买家${i}`,
      phone: '13800138000',
      province: '上海市',
      city: '上海市',
      area: '徐汇区',
      address: `宜山路 ${i} 号`,
    },
    goods: [
      { template_title: `${word} 系列`, goods_title: '基础款', nums: 1, goods_pic: pic },
      { template_title: `${word} 系列`, goods_title: '隐藏款', nums: 2, goods_pic: '' },
    ],
  };
}

describe.skipIf(!hasBrowser)('marketplace shipping', () => {
  // Exports of more than 3 orders become a job followed with a query_sign.
  const suite = useBrowserStack({ MARKET_EXPORT_SYNC_ROWS: '3' });

  it('lists pushed orders, ships from the dialog and in part from the ship page, exports with polling and imports', async () => {
    const { apiUrl } = suite.stack;
    const token = await suite.stack.login('brand@demo.local');
    const brands = await suite.stack.call<{ ips: { id: number }[] }>(
      'GET',
      '/web/helper/seller/ips',
      { per_id: 14 },
      token,
    );
    const ipId = brands.body.data.ips[0]!.id;
    const word = `E2E${Date.now() % 100000}`;
    const pic = `${apiUrl}/files/seed/goods-01.png`;
    const shopee = Array.from({ length: 6 }, (_, i) => order(ipId, word, i, pic));
    expect((await market(apiUrl, 'shopee', 'orders', { orders: shopee }, ipId)).status).toBe(0);
    expect((await market(apiUrl, 'lazada', 'orders', { orders: [order(ipId, word, 9)] }, ipId)).status).toBe(0);
    // Another series: left out by the title filter.
    expect((await market(apiUrl, 'lazada', 'orders', { orders: [order(ipId, 'OTHER', 8)] }, ipId)).status).toBe(0);

    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.addInitScript(() => {
      const w = window as unknown as { opened: string[] };
      w.opened = [];
      window.open = (url?: string | URL) => {
        w.opened.push(String(url));
        return null;
      };
    });
    const opened = () => page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Forder%2FsendListMarket');
    await page.waitForURL(/\/order\/sendListMarket\?.*ip_id=\d+/);
    expect(await page.getByRole('heading', { name: '第三方平台发货' }).isVisible()).toBe(true);

    // A range in the future finds nothing; 重置 keeps the brand.
    await page.getByTestId('market-filter-begin').fill('2099-01-01 00:00:00');
    await page.getByTestId('market-filter-begin').press('Enter');
    await page.getByTestId('market-search').click();
    await page.waitForURL(/begin_at=/);
    await expect.poll(() => total(page)).toBe('共 0 个订单');
    await page.getByTestId('market-reset').click();
    await expect.poll(() => page.url()).not.toContain('begin_at');
    await expect.poll(() => total(page)).toBe('共 8 个订单');

    await page.getByTestId('market-filter-title').fill(word);
    await page.getByTestId('market-search').click();
    await page.waitForURL(/goods_title=/);
    await expect.poll(() => total(page)).toBe('共 7 个订单');
    await page.getByTestId('market-filter-platform').selectOption('shopee');
    await page.getByTestId('market-filter-status').selectOption('0');
    await page.getByTestId('market-search').click();
    await page.waitForURL(/delivery_status=0/);
    await expect.poll(() => total(page)).toBe('共 6 个订单');
    // Freight 0 reads 包邮; the other order shows its price.
    expect(await rows(page).filter({ hasText: '¥6.00' }).count()).toBe(1);
    expect(await rows(page).filter({ hasText: '包邮' }).count()).toBe(5);
    // The two ship actions of a row, and what each does: the page says it, the link's title too.
    const shippable = rows(page).first();
    expect(await shippable.getByTestId('market-ship').textContent()).toBe('整单发货');
    expect(await shippable.getByTestId('market-ship-page').textContent()).toBe('选商品发货');
    expect(await shippable.getByTestId('market-ship-page').getAttribute('title')).toBe(
      '打开发货页：核对收货人与商品，可只选部分商品分批发货',
    );
    const explained = page.getByText(/「整单发货」在弹窗里填一个物流单号发出全部商品；「选商品发货」打开发货页/);
    expect(await explained.isVisible()).toBe(true);
    await shot(page, 'market-list');
    // A goods picture opens its preview.
    await rows(page).first().getByTestId('thumbnail-zoom').first().click();
    await expect.poll(() => page.getByTestId('thumbnail-viewer').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('thumbnail-viewer').count()).toBe(0);

    // 发货 from the dialog: each message in order, then 发货成功.
    const first = rows(page).first();
    const firstSn = (await first.getByTestId('market-order-sn').textContent())!;
    await first.getByTestId('market-ship').click();
    await page.getByTestId('market-ship-save').click();
    await expect
      .poll(() => page.getByTestId('error-express_company').textContent())
      .toBe(messages.shipment.dialogCompanyRequired);
    await page.getByTestId('market-ship-company').fill('顺丰速运');
    await page.getByTestId('market-ship-save').click();
    await expect
      .poll(() => page.getByTestId('error-express').textContent())
      .toBe(messages.shipment.dialogExpressRequired);
    await page.getByTestId('market-ship-express').fill('SF-DIALOG-1');
    await shot(page, 'market-ship-dialog');
    await page.getByTestId('market-ship-save').click();
    await expect.poll(() => toast(page, m.shipped).isVisible()).toBe(true);
    // Not shipped any more: it leaves the 未发货 filter.
    await expect.poll(() => total(page)).toBe('共 5 个订单');

    // The ship page of the next order: copy, the page's messages, one of two lines shipped.
    const second = rows(page).first();
    const secondSn = (await second.getByTestId('market-order-sn').textContent())!;
    await second.getByTestId('market-ship-page').click();
    await page.waitForURL(/\/order\/sendMarket\?id=\d+&type=1/);
    await expect.poll(() => page.getByTestId('market-ship-line').count()).toBe(2);
    await page.getByTestId('market-copy').click();
    await expect.poll(() => toast(page, messages.success.copied).isVisible()).toBe(true);
    await page.getByTestId('market-page-submit').click();
    await expect
      .poll(() => page.getByTestId('error-express_company').textContent())
      .toBe(messages.shipment.pageCompanyRequired);
    await page.getByTestId('market-page-company').fill('中通快递');
    await page.getByTestId('market-page-submit').click();
    await expect
      .poll(() => page.getByTestId('error-express').textContent())
      .toBe(messages.shipment.pageExpressRequired);
    await page.getByTestId('market-page-express').fill('ZT-PAGE-1');
    await page.getByTestId('market-ship-pick').nth(1).click();
    await shot(page, 'market-ship-page');
    await page.getByTestId('market-page-submit').click();
    await expect.poll(() => toast(page, m.shipped).isVisible()).toBe(true);
    await page.waitForURL(/\/order\/sendListMarket\?/);

    // The marketplace reads both shipments and confirms the first one's receipt.
    const read = await market(apiUrl, 'shopee', 'shipments', { since_id: 0 }, ipId);
    const mine = (
      (read.data as { list: unknown }).list as { order_sn: string; express: string; goods_ids: number[] }[]
    ).filter((s) => [firstSn, secondSn].includes(s.order_sn));
    expect(mine.map((s) => [s.order_sn, s.express, s.goods_ids.length])).toEqual([
      [firstSn, 'SF-DIALOG-1', 2],
      [secondSn, 'ZT-PAGE-1', 1],
    ]);
    expect((await market(apiUrl, 'shopee', 'receipt', { order_sn: firstSn }, ipId)).data).toEqual({
      delivery_status: 2,
    });
    await page.getByTestId('market-filter-status').selectOption('');
    await page.getByTestId('market-search').click();
    await expect.poll(() => total(page)).toBe('共 6 个订单');
    const statusOf = (sn: string) => rows(page).filter({ hasText: sn }).getByTestId('market-status').textContent();
    await expect.poll(() => statusOf(firstSn)).toBe('已收货');
    expect(await statusOf(secondSn)).toBe('部分发货');
    expect(await rows(page).filter({ hasText: firstSn }).getByTestId('market-ship').count()).toBe(0);
    expect(await rows(page).filter({ hasText: secondSn }).getByTestId('market-ship').count()).toBe(1);

    // Export of 6 orders: a query_sign, progress as now_num / total_num every 3 s, then the url.
    await page.getByTestId('market-export').click();
    await expect.poll(() => page.getByTestId('market-export-count').textContent()).toMatch(/^\d+ \/ 6$/);
    await shot(page, 'market-export-progress');
    await expect
      .poll(() => page.getByTestId('market-export-done').isVisible(), { timeout: longest(15_000) })
      .toBe(true);
    const url = (await opened()).at(-1)!;
    expect(url).toContain('/files/exports/');
    const sheet = await fetchSheet(url);
    expect(sheet).toHaveLength(7);
    expect(sheet.map((r) => r[1])).toContain(firstSn);
    await page.keyboard.press('Escape');

    // Import: a wrong file name is refused; a sheet with one bad row previews it and cannot be confirmed.
    const unshipped = shopee.map((o) => o.order_sn).filter((sn) => sn !== firstSn && sn !== secondSn);
    await page.getByTestId('market-import').click();
    await expect.poll(() => page.getByTestId('market-import-platform').inputValue()).toBe('shopee');
    await page.getByTestId('market-import-file-input').setInputFiles(xlsxFile([['订单号']], 'ship.v2.xlsx'));
    await expect.poll(() => toast(page, messages.upload.unsupported).isVisible()).toBe(true);
    const header = ['订单号', '物流公司', '物流单号'];
    const good = unshipped.map((sn, i) => [sn, '圆通速递', `YT-IMPORT-${i}`]);
    await page
      .getByTestId('market-import-file-input')
      .setInputFiles(xlsxFile([header, ...good, [firstSn, '圆通速递', 'YT-BAD']], 'bad.xlsx'));
    await expect.poll(() => page.getByTestId('market-import-errors').textContent()).toBe('1');
    expect(await page.getByTestId('market-import-ship').textContent()).toBe(String(good.length));
    expect(await page.getByTestId('market-import-error-row').textContent()).toContain(m.alreadyReceived);
    expect(await page.getByTestId('market-import-confirm').isDisabled()).toBe(true);
    await shot(page, 'market-import-errors');
    await page.getByRole('button', { name: '重新选择' }).click();
    await page.getByTestId('market-import-file-input').setInputFiles(xlsxFile([header, ...good], 'fixed.xlsx'));
    await expect.poll(() => page.getByTestId('market-import-errors').textContent()).toBe('0');
    await page.getByTestId('market-import-confirm').click();
    await expect.poll(() => toast(page, m.importDone(good.length)).isVisible()).toBe(true);
    await expect.poll(() => statusOf(unshipped[0]!)).toBe('已发货');
    expect(await rows(page).filter({ hasText: unshipped[0]! }).getByTestId('market-express').textContent()).toBe(
      'YT-IMPORT-0',
    );

    // A small selection (the one Lazada order) opens its file at once.
    await page.getByTestId('market-filter-platform').selectOption('lazada');
    await page.getByTestId('market-search').click();
    await expect.poll(() => total(page)).toBe('共 1 个订单');
    const before = (await opened()).length;
    await page.getByTestId('market-export').click();
    await expect.poll(async () => (await opened()).length).toBe(before + 1);
    expect(await page.getByTestId('market-export-dialog').isVisible()).toBe(false);
    await context.close();
  }, 120_000);
});
