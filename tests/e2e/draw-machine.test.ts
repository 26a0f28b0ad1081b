// 抽盒机管理: the list with its header, filters and links; the detail dialog's tabs and every
// button with its confirmation and messages; the numbers moving after real draws by players.
import { randomUUID } from 'node:crypto';
import { DEV_APP_SECRET, PLAYER_DEMO_CODE, signHeaders } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { publishMachine } from '../support/draw-machine.js';
import { toast } from '../support/page.js';
import { useBrowserStack } from '../support/suite.js';

const TITLE = 'Molly 星愿旅行系列';
/** The record of the machines tests/support/draw-machine.ts publishes. */
const SWEET = 'Molly 甜品派对系列';

async function post<T>(
  apiUrl: string,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const res = await fetch(apiUrl + path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signHeaders(path, DEV_APP_SECRET, body, Date.now(), randomUUID()),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { status: number; msg: string; data: T };
}

describe.skipIf(!hasBrowser)('draw machines', () => {
  const suite = useBrowserStack();

  it('lists machines with the right links; the dialog shows real numbers and every action works', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2Flist');
    await page.waitForURL(/ip_id=\d+/);
    await expect.poll(() => page.getByTestId('dm-header').textContent()).toMatch(/^\d+ 台抽盒机在售$/);
    const row = page.getByTestId('dm-row').filter({ hasText: TITLE });
    await expect.poll(() => row.count()).toBe(1);
    for (const [id, path] of [
      ['dm-send-link', '/order/sendList'],
      ['dm-storage-link', '/blindBox/boxList'],
    ] as const) {
      const href = new URL((await row.getByTestId(id).getAttribute('href'))!, 'http://x');
      expect(href.pathname).toBe(path);
      expect(href.searchParams.get('temp_title')).toBe(TITLE);
      expect(href.searchParams.get('type')).toBe('1');
    }
    // Same-named machines are told apart by batch and sale time (a column of its own, sortable).
    expect(await row.getByTestId('dm-batch').textContent()).toMatch(/^批次 \d+$/);
    expect(await row.textContent()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await shot(page, 'draw-machine-list');

    // 查看剩余库存 opens the dialog on each style's remaining boxes.
    await row.getByTestId('dm-stock-view').click();
    await expect.poll(() => page.getByTestId('dm-tab-goods').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByTestId('dm-goods-left').count()).toBeGreaterThan(0);
    await page.getByTestId('dm-close').click();

    // Keyword search and reset.
    await page.getByTestId('dm-filter-keyword').fill('不存在的盒机');
    await page.getByTestId('dm-search').click();
    await expect.poll(() => page.getByTestId('dm-row').count()).toBe(0);
    await page.getByTestId('dm-reset').click();
    await expect.poll(() => row.count()).toBe(1);

    // The dialog: 基础数据 from the seeded draws.
    await row.getByTestId('dm-view').click();
    const dialog = page.getByTestId('dm-dialog');
    await expect.poll(() => dialog.getByTestId('dm-basic-sold').textContent()).toBe('36');
    await shot(page, 'draw-machine-dialog-basic');

    // Real draws by players move the numbers.
    const login = await post<{ player_token: string }>(suite.stack.apiUrl, '/player/login', {
      phone: '15500000001',
      code: PLAYER_DEMO_CODE,
    });
    const batchId = Number(
      (
        await suite.stack.call<{ list: { id: number; title: string }[] }>(
          'GET',
          '/web/goods/box/list',
          { ip_id: new URL(page.url()).searchParams.get('ip_id'), keyword: '星愿旅行' },
          await suite.stack.login('brand@demo.local'),
        )
      ).body.data.list[0]!.id,
    );
    for (let i = 0; i < 4; i++) {
      const res = await post(
        suite.stack.apiUrl,
        '/player/draw',
        { batch_id: batchId, use_bean: 1 },
        {
          player_token: login.data.player_token,
        },
      );
      expect(res.status).toBe(0);
    }
    await dialog.getByTestId('dm-close').click();
    await page.reload();
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('dm-view').click();
    await expect.poll(() => dialog.getByTestId('dm-basic-sold').textContent()).toBe('40');

    await dialog.getByTestId('dm-tab-goods').click();
    await expect.poll(() => dialog.getByTestId('dm-goods-row').count()).toBe(8);
    // 概率公示 speaks a merchant's words; the hash and the steps are behind 玩家如何验证.
    await dialog.getByTestId('dm-tab-fair').click();
    await expect.poll(() => dialog.getByTestId('dm-fairness').textContent()).toContain('抽取记录可验证');
    expect(await dialog.getByTestId('dm-fairness-hash').count()).toBe(0);
    await dialog.getByTestId('dm-fairness-how').click();
    await expect.poll(() => dialog.getByTestId('dm-fairness-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    expect(await dialog.getByTestId('dm-fairness-steps').textContent()).toContain('/public/box/fairness?batch_id=');
    await shot(page, 'draw-machine-dialog-disclosure');
    await dialog.getByTestId('dm-tab-basic').click();

    // Sale time while listed: the button is disabled, with the reason beside it.
    expect(await dialog.getByTestId('dm-action-shelves').isDisabled()).toBe(true);
    expect(await dialog.getByTestId('dm-shelves-hint').textContent()).toBe('调整发售时间需先下架抽盒机');

    // Delist with a confirmation (cancel first).
    await dialog.getByTestId('dm-toggle').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消操作').isVisible()).toBe(true);
    await dialog.getByTestId('dm-toggle').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '下架成功！').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByTestId('dm-basic-off').textContent()).toBe('已下架');

    // Now the sale time can change.
    await dialog.getByTestId('dm-action-shelves').click();
    await page.getByTestId('dm-shelves-time').fill('2026-03-01 10:00:00');
    await page.getByTestId('dm-shelves-submit').click();
    await expect.poll(() => toast(page, '调整成功').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByTestId('dm-basic-shelves').textContent()).toBe('2026-03-01 10:00:00');

    await dialog.getByTestId('dm-toggle').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '上架成功！').isVisible()).toBe(true);

    // Description: required, then saved.
    await dialog.getByTestId('dm-action-desc').click();
    await page.getByTestId('dm-desc-input').fill('');
    await page.getByTestId('dm-desc-submit').click();
    await expect.poll(() => page.getByTestId('error-desc').textContent()).toBe('请输入商品描述');
    await page.getByTestId('dm-desc-input').fill('全新补货，欢迎来抽');
    await page.getByTestId('dm-desc-submit').click();
    await expect.poll(() => dialog.getByTestId('dm-basic-desc').textContent()).toBe('全新补货，欢迎来抽');

    // Coins: 'use' needs an amount; 'not use' sends 0.
    await dialog.getByTestId('dm-action-bean').click();
    await page.getByTestId('dm-bean-input').fill('');
    await page.getByTestId('dm-bean-submit').click();
    await expect.poll(() => page.getByTestId('error-bean').textContent()).toBe('请输入金币最高可抵扣金额');
    await page.getByTestId('dm-bean-use-0').click();
    await page.getByTestId('dm-bean-submit').click();
    await expect.poll(() => dialog.getByTestId('dm-basic-bean').textContent()).toBe('不使用');

    // Stock: an increase needs the allocation first; a decrease never above the whole cases left.
    const stockText = async () => (await dialog.getByTestId('dm-basic-stock').textContent()) ?? '';
    const cases = Number((await stockText()).split(' ')[0]);
    await dialog.getByTestId('dm-action-stock').click();
    // The dialog says what there is now before asking for a change.
    const current = () => page.getByTestId('dm-stock-current').textContent();
    await expect.poll(current).toContain(`当前库存：${cases} 箱`);
    await page.getByTestId('dm-stock-num').fill('2');
    await page.getByTestId('dm-stock-submit').click();
    await expect.poll(() => toast(page, '请点击分配盒机').isVisible()).toBe(true);
    await page.getByTestId('dm-allocate').click();
    await expect.poll(() => page.getByTestId('dm-alloc-table').isVisible()).toBe(true);
    await shot(page, 'draw-machine-stock-allocated');
    await page.getByTestId('dm-stock-submit').click();
    await expect.poll(() => toast(page, '调整成功').isVisible()).toBe(true);
    await expect.poll(stockText).toMatch(new RegExp(`^${cases + 2} 箱`));

    await page.getByTestId('dm-stock-dialog').waitFor({ state: 'hidden' });
    await dialog.getByTestId('dm-action-stock').click();
    await expect.poll(current).toContain(`当前库存：${cases + 2} 箱`);
    await page.getByTestId('dm-stock-type').selectOption('2');
    await page.getByTestId('dm-stock-num').fill(String(cases + 3));
    await page.getByTestId('dm-stock-submit').click();
    await expect.poll(() => page.getByTestId('error-stock').textContent()).toBe('减少库存不可大于当前剩余库存');
    await page.getByTestId('dm-stock-num').fill('1');
    await page.getByTestId('dm-stock-submit').click();
    await expect.poll(stockText).toMatch(new RegExp(`^${cases + 1} 箱`));
    await shot(page, 'draw-machine-dialog-after');

    // 操作记录: the writes above, newest first, with the values before and after.
    await dialog.getByTestId('dm-audit').click();
    const audit = page.getByTestId('audit-dialog');
    await expect.poll(() => audit.getByTestId('audit-entry').count()).toBeGreaterThanOrEqual(6);
    const actions = await audit.getByTestId('audit-action').allTextContents();
    expect(actions.slice(0, 2)).toEqual(['修改库存', '修改库存']);
    for (const a of ['下架', '上架', '编辑']) expect(actions).toContain(a);
    const newest = audit.getByTestId('audit-entry').first();
    expect(await newest.textContent()).toContain(`库存(箱)${cases + 2}${cases + 1}`);
    expect(await audit.textContent()).toContain('全新补货，欢迎来抽');
    await shot(page, 'draw-machine-audit');
    await audit.getByRole('button', { name: '关闭' }).click();
    await expect.poll(() => audit.count()).toBe(0);
    await shot(page, 'draw-machine-dialog-audit-button');

    // The header buttons: enter a machine (record form) and publish a box, for the chosen brand.
    const ipId = new URL(page.url()).searchParams.get('ip_id');
    await dialog.getByTestId('dm-close').click();
    await page.getByTestId('dm-publish').click();
    await page.waitForURL(new RegExp(`/blindBox/boxAdd\\?ipId=${ipId}`));
    await page.goBack();
    await page.getByTestId('dm-enter').click();
    await page.waitForURL(new RegExp(`/blindBox/goodsAdd\\?id=${ipId}`));
    await context.close();
  }, 240_000);

  it('sorts by a column header: the sort is in the address, the rows follow it, a reload keeps it', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2Flist');
    await page.waitForURL(/ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));
    // A new machine of another record, nothing sold: newest, so first until a sort says otherwise.
    const token = await suite.stack.login('brand@demo.local');
    await publishMachine(suite.stack, token, ipId, 1, '排序用抽盒机');
    await page.reload();
    const firstTitle = () => page.getByTestId('dm-row').first().getByTestId('dm-title').textContent();
    const sortOf = () => new URL(page.url()).searchParams.get('sort');
    await expect.poll(() => page.getByTestId('dm-row').count()).toBeGreaterThan(1);
    await expect.poll(firstTitle).toBe(SWEET);
    const sales = page.getByTestId('sort-sale_amount');

    // 销售额: high to low first (the demo machine's draws), then low to high.
    await sales.click();
    await expect.poll(sortOf).toBe('-sale_amount');
    await expect.poll(firstTitle).toBe(TITLE);
    expect(await sales.getAttribute('data-direction')).toBe('desc');
    await page.reload();
    await expect.poll(() => page.getByTestId('dm-row').count()).toBeGreaterThan(1);
    expect(sortOf()).toBe('-sale_amount');
    await expect.poll(firstTitle).toBe(TITLE);
    await expect.poll(() => sales.getAttribute('data-direction')).toBe('desc');
    await shot(page, 'draw-machine-list-sorted');
    await sales.click();
    await expect.poll(sortOf).toBe('sale_amount');
    await expect.poll(firstTitle).toBe(SWEET);

    // 库存 either way; a third click is the list's own order again.
    const stock = page.getByTestId('sort-stock');
    await stock.click();
    await expect.poll(sortOf).toBe('-stock');
    await expect.poll(firstTitle).toBe(TITLE);
    await stock.click();
    await expect.poll(firstTitle).toBe(SWEET);
    await stock.click();
    await expect.poll(sortOf).toBe(null);
    await expect.poll(firstTitle).toBe(SWEET);
    await context.close();
  }, 120_000);
});
