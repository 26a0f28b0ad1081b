// Pickups and stored orders, driven as a merchant would: players draw, store and ask for pickup
// through the player API; the merchant finds them from the draw machine's links, ships a pickup
// partly then fully on the ship page, the player confirms, a bulk ship by xlsx with one bad row,
// the list's ship dialog, and the stored order list.
import { randomUUID } from 'node:crypto';
import { DEV_APP_SECRET, messages, PLAYER_DEMO_CODE, signHeaders } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fetchSheet, xlsxFile } from '../support/goods.js';
import { toast } from '../support/page.js';
import { useBrowserStack } from '../support/suite.js';

const TITLE = 'Molly 星愿旅行系列';
const m = messages.pickup;

async function send<T>(
  apiUrl: string,
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, unknown>,
  headers = {},
) {
  const res = await fetch(apiUrl + path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...signHeaders(path, DEV_APP_SECRET, method === 'POST' ? body : {}, Date.now(), randomUUID()),
      ...headers,
    },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}

describe.skipIf(!hasBrowser)('pickups and stored orders', () => {
  const suite = useBrowserStack();

  /** A player who draws `n` boxes of the machine and, unless `keep`, asks for all as one pickup. */
  async function playerPickup(batchId: number, phone: string, n: number, keep = false, country?: string) {
    const api = suite.stack.apiUrl;
    const login = await send<{ player_token: string }>(api, 'POST', '/player/login', { phone, code: PLAYER_DEMO_CODE });
    const headers = { player_token: login.data.player_token };
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await send<{ deposit_id: number }>(
        api,
        'POST',
        '/player/draw',
        { batch_id: batchId, use_bean: 1 },
        headers,
      );
      if (res.status !== 0) throw new Error(`draw: ${res.msg}`);
      ids.push(res.data.deposit_id);
    }
    if (keep) return { orderSn: '', headers };
    const picked = await send<{ order_sn: string }>(
      api,
      'POST',
      '/player/pickup',
      {
        deposit_ids: ids,
        username: `收件人${phone.slice(-4)}`,
        phone,
        province: '上海市',
        city: '上海市',
        area: '徐汇区',
        address: '漕溪北路 88 号',
        ...(country ? { country } : {}),
      },
      headers,
    );
    if (picked.status !== 0) throw new Error(`pickup: ${picked.msg}`);
    return { orderSn: picked.data.order_sn, headers };
  }

  it('from the draw machine to the player’s hands: partial and full shipping, receipt, bulk import, stored orders', async () => {
    const { page, context } = await newPage(suite.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2Flist');
    await page.waitForURL(/ip_id=\d+/);
    const token = await suite.stack.login('brand@demo.local');
    const machines = await suite.stack.call<{ list: { id: number; title: string }[] }>(
      'GET',
      '/web/goods/box/list',
      { ip_id: new URL(page.url()).searchParams.get('ip_id'), keyword: '星愿旅行' },
      token,
    );
    const batchId = machines.body.data.list.find((d) => d.title === TITLE)!.id;
    const a = await playerPickup(batchId, '15611110001', 3);
    const b = await playerPickup(batchId, '15611110002', 1);
    const c = await playerPickup(batchId, '15611110003', 1);
    await playerPickup(batchId, '15611110004', 1, true);
    await page.reload();
    const machineRow = page.getByTestId('dm-row').filter({ hasText: TITLE });
    await machineRow.getByTestId('dm-send-link').click();
    await page.waitForURL(/\/order\/sendList\?/);
    expect(new URL(page.url()).searchParams.get('temp_title')).toBe(TITLE);
    expect(await page.getByTestId('pickup-filter-series').inputValue()).toBe(TITLE);

    // The pickup of player A, found by its phone.
    await page.getByTestId('pickup-filter-user').fill('15611110001');
    await page.getByTestId('pickup-search').click();
    const rowA = page.getByTestId('pickup-row').filter({ hasText: a.orderSn });
    await expect.poll(() => page.getByTestId('pickup-row').count()).toBe(1);
    expect(await rowA.getByTestId('delivery-status').textContent()).toBe('未发货');
    await shot(page, 'pickup-list');

    // Today to today (typed as days) covers the whole day: today's pickup is found.
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    for (const box of ['pickup-filter-begin', 'pickup-filter-end']) {
      await page.getByTestId(box).fill(today);
      await page.getByTestId(box).press('Enter');
    }
    await page.getByTestId('pickup-search').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('end_at')).toBe(`${today} 23:59:59`);
    expect(new URL(page.url()).searchParams.get('begin_at')).toBe(`${today} 00:00:00`);
    await expect.poll(() => page.getByTestId('pickup-row').count()).toBe(1);
    await expect.poll(() => page.getByTestId('list-empty').count()).toBe(0);

    // Detail, then the ship page: copy the receiver, ship one item (部分发货).
    await rowA.getByTestId('pickup-detail').click();
    await page.waitForURL(/\/order\/detail\?id=\d+&type=1/);
    await expect.poll(() => page.getByTestId('retrieval-sn').textContent()).toBe(a.orderSn);
    expect(await page.getByTestId('retrieval-goods').count()).toBe(3);
    await shot(page, 'pickup-retrieval-detail');
    await page.getByTestId('retrieval-go-ship').click();
    await page.waitForURL(/\/order\/send\?id=\d+&type=1/);
    await expect.poll(() => page.getByTestId('ship-goods').count()).toBe(3);
    await page.getByTestId('ship-copy').click();
    await expect.poll(() => toast(page, messages.success.copied).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('漕溪北路 88 号');
    await page.getByTestId('ship-more').click();
    await expect.poll(() => toast(page, messages.shipment.pageCompanyRequired).isVisible()).toBe(true);
    await page.getByTestId('ship-page-company').fill('顺丰速运');
    await page.getByTestId('ship-page-number').fill('SF100');
    await page.getByTestId('ship-more').click();
    await expect.poll(() => toast(page, m.childrenRequired).isVisible()).toBe(true);
    await page.getByTestId('ship-goods-check').first().click();
    await shot(page, 'pickup-ship-page');
    await page.getByTestId('ship-more').click();
    await expect.poll(() => toast(page, m.shipped).isVisible()).toBe(true);
    await page.waitForURL(/\/order\/detail\?/);
    await expect.poll(() => page.getByTestId('retrieval-status').textContent()).toBe('部分发货');
    expect(await page.getByTestId('retrieval-shipment').count()).toBe(1);

    // The rest (全部发货), its number checked first.
    await page.getByTestId('retrieval-go-ship').click();
    await page.waitForURL(/\/order\/send\?/);
    await expect.poll(() => page.getByTestId('ship-goods').count()).toBe(3);
    await page.getByTestId('ship-page-company').fill('中通快递');
    await page.getByTestId('ship-all').click();
    await expect.poll(() => toast(page, messages.shipment.pageExpressRequired).isVisible()).toBe(true);
    await page.getByTestId('ship-page-number').fill('ZT200');
    await page.getByTestId('ship-all').click();
    await page.waitForURL(/\/order\/detail\?/);
    await expect.poll(() => page.getByTestId('retrieval-status').textContent()).toBe('已发货');
    expect(await page.getByTestId('retrieval-shipment').count()).toBe(2);
    expect(await page.getByTestId('retrieval-go-ship').count()).toBe(0);

    // The player confirms receipt.
    const confirmed = await send<{ delivery_status: number }>(
      suite.stack.apiUrl,
      'POST',
      '/player/pickup/confirm',
      { order_sn: a.orderSn },
      a.headers,
    );
    expect(confirmed.data.delivery_status).toBe(2);
    await page.reload();
    await expect.poll(() => page.getByTestId('retrieval-status').textContent()).toBe('已收货');
    expect(await page.getByTestId('retrieval-goods-state').allTextContents()).toEqual(['已收货', '已收货', '已收货']);

    // Bulk shipping by xlsx: one bad row, the error and its sheet; fixed, the confirm ships.
    await page.goBack();
    await page.waitForURL(/\/order\/sendList\?/);
    await page.getByTestId('pickup-filter-user').fill('1561111000');
    await page.getByTestId('pickup-search').click();
    await expect.poll(() => page.getByTestId('pickup-row').count()).toBe(3);
    await page.getByTestId('pickup-import-input').setInputFiles(xlsxFile([['订单号'], [b.orderSn]], 'a.b.xlsx'));
    await expect.poll(() => toast(page, messages.upload.unsupported).isVisible()).toBe(true);
    const header = ['订单号', '物流公司', '物流单号'];
    await page
      .getByTestId('pickup-import-input')
      .setInputFiles(xlsxFile([header, [b.orderSn, '韵达', 'YD1'], [a.orderSn, '韵达', 'YD2']], 'bad.xlsx'));
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toBe('1');
    expect(await page.getByTestId('import-ship').textContent()).toBe('1');
    expect(await page.getByTestId('import-error-row').textContent()).toBe(`第3行订单号${m.notShippable}`);
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true);
    const report = await fetchSheet((await page.getByTestId('import-report').getAttribute('href'))!);
    expect(report[1]!.slice(0, 3)).toEqual([a.orderSn, '韵达', 'YD2']);
    await shot(page, 'pickup-import-errors');
    await page.getByTestId('import-dialog').getByRole('button', { name: '取消' }).click();
    await page
      .getByTestId('pickup-import-input')
      .setInputFiles(xlsxFile([header, [b.orderSn, '韵达', 'YD1']], 'fixed.xlsx'));
    await expect.poll(() => page.getByTestId('import-ship').textContent()).toBe('1');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => toast(page, m.importDone(1)).isVisible()).toBe(true);
    const rowB = page.getByTestId('pickup-row').filter({ hasText: b.orderSn });
    await expect.poll(() => rowB.getByTestId('delivery-status').textContent()).toBe('已发货');
    expect(await rowB.getByTestId('pickup-ship').count()).toBe(0);

    // The list's ship dialog, for C.
    const rowC = page.getByTestId('pickup-row').filter({ hasText: c.orderSn });
    await rowC.getByTestId('pickup-ship').click();
    // The dialog names the order and its receiver, and offers the common couriers.
    await expect
      .poll(() => page.getByTestId('ship-dialog-caption').textContent())
      .toMatch(new RegExp(`^订单号 ${c.orderSn} · 收货人 \\S+ \\d+`));
    await page.getByTestId('ship-save').click();
    await expect.poll(() => toast(page, messages.shipment.dialogCompanyRequired).isVisible()).toBe(true);
    await page.getByTestId('ship-dialog-couriers').getByText('圆通速递', { exact: true }).click();
    expect(await page.getByTestId('ship-company').inputValue()).toBe('圆通速递');
    await page.getByTestId('ship-save').click();
    await expect.poll(() => toast(page, messages.shipment.dialogExpressRequired).isVisible()).toBe(true);
    await page.getByTestId('ship-number').fill('YT300');
    await shot(page, 'pickup-ship-dialog');
    await page.getByTestId('ship-save').click();
    await expect.poll(() => toast(page, m.shipped).isVisible()).toBe(true);
    await expect.poll(() => rowC.getByTestId('delivery-status').textContent()).toBe('已发货');
    // The next ship dialog on this browser starts with the courier used last.
    expect(await page.evaluate(() => localStorage.getItem('ship.lastCourier'))).toBe('圆通速递');

    // The delivery-status filter.
    await page.getByTestId('pickup-filter-delivery').selectOption('2');
    await page.getByTestId('pickup-search').click();
    await expect.poll(() => page.getByTestId('pickup-row').count()).toBe(1);
    expect(await page.getByTestId('pickup-row').getByTestId('pickup-sn').textContent()).toBe(a.orderSn);

    // The stored orders, from 查看用户寄存.
    await page.goto(`${suite.stack.consoleUrl}/blindBox/list`);
    await page.waitForURL(/ip_id=\d+/);
    await page.getByTestId('dm-row').filter({ hasText: TITLE }).getByTestId('dm-storage-link').click();
    await page.waitForURL(/series_title=/);
    await expect.poll(() => page.getByTestId('deposit-filter-series').inputValue()).toBe(TITLE);
    await page.getByTestId('deposit-filter-user').fill('15611110004');
    await page.getByTestId('deposit-search').click();
    await expect.poll(() => page.getByTestId('deposit-row').count()).toBe(1);
    expect(await page.getByTestId('deposit-state').textContent()).toBe('寄存中');
    expect(await page.getByTestId('deposit-no-recipient').textContent()).toBe('-');
    await page.getByTestId('deposit-filter-user').fill('15611110001');
    await page.getByTestId('deposit-search').click();
    await expect.poll(() => page.getByTestId('deposit-row').count()).toBe(3);
    expect(await page.getByTestId('deposit-state').allTextContents()).toEqual(['已收货', '已收货', '已收货']);
    await shot(page, 'deposit-list');
    const fileRequest = context.waitForEvent('request', (r) => r.url().endsWith('.xlsx'));
    await page.getByTestId('deposit-export').click();
    const sheet = await fetchSheet((await fileRequest).url());
    expect(sheet.length).toBe(4);
    await context.close();
  });
  it('an overseas pickup shows its freight in the currency of the brand’s template for the country', async () => {
    const { page, context } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Forder%2FsendList');
    await page.waitForURL(/ip_id=\d+/);
    const ipId = new URL(page.url()).searchParams.get('ip_id');
    const token = await suite.stack.login('brand@demo.local');
    const machines = await suite.stack.call<{ list: { id: number; title: string }[] }>(
      'GET',
      '/web/goods/box/list',
      { ip_id: ipId, keyword: '星愿旅行' },
      token,
    );
    const batchId = machines.body.data.list.find((d) => d.title === TITLE)!.id;
    // The demo brand's templates: Singapore 8.50 US dollars below 3 items; Thailand always free.
    const sg = await playerPickup(batchId, '15611110011', 1, false, 'sg');
    const th = await playerPickup(batchId, '15611110012', 1, false, 'th');
    const home = await playerPickup(batchId, '15611110013', 1);
    await page.getByTestId('pickup-filter-user').fill('1561111001');
    await page.getByTestId('pickup-search').click();
    await expect.poll(() => page.getByTestId('pickup-row').count()).toBe(3);
    const freight = (sn: string) =>
      page.getByTestId('pickup-row').filter({ hasText: sn }).getByTestId('pickup-freight').textContent();
    expect(await freight(sg.orderSn)).toBe('US$8.50新加坡');
    expect(await freight(th.orderSn)).toBe('包邮泰国');
    expect(await freight(home.orderSn)).toBe('¥18.00');
    await shot(page, 'pickup-overseas-list');
    await page.getByTestId('pickup-row').filter({ hasText: sg.orderSn }).getByTestId('pickup-detail').click();
    await page.waitForURL(/\/order\/detail\?id=\d+&type=1/);
    await expect.poll(() => page.getByTestId('retrieval-freight').textContent()).toBe('US$8.50');
    expect(await page.getByTestId('retrieval-country').textContent()).toBe('海外 · 新加坡');
    await shot(page, 'pickup-overseas-detail');
    await context.close();
  }, 120_000);
});
