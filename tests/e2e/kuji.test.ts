// 一番赏: the publish form's messages in rule order, the prize rows moved and made Last and global
// (with the interval dialog), the submitted kuji approved by the reviewer, then the merchant's list
// row, the detail dialog's three tabs and the shelf toggle.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { deleteAfterCancel, hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const TITLE = '浏览器发布 一番赏 星河篇';

async function submitExpect(page: Page, message: string) {
  await page.getByTestId('kuji-submit').click();
  await expect.poll(() => toast(page, message).isVisible()).toBe(true);
}

/** The publishing journey is long: its limit stretches with the machine's load, as the suite's do. */
const JOURNEY = longest(180_000);

/** Words of the machinery a merchant should not read: hash names, ids written as #123. */
const JARGON = /sha|哈希|#\d/i;

const levels = async (page: Page) => page.getByTestId('kuji-prize-level').allTextContents();
const prize = (page: Page, i: number) => page.getByTestId('kuji-prize-row').nth(i);

describe.skipIf(!hasBrowser)('ichiban-kuji', { timeout: JOURNEY }, () => {
  const suite = useBrowserStack();

  it('publishes a kuji through every rule, the reviewer approves it, the merchant lists it', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1100 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fjackpot%2Fadd');
    await page.waitForURL(/\/jackpot\/add/);
    const brand = page.getByTestId('kuji-form-brand');
    await expect.poll(() => brand.locator('option').count()).toBeGreaterThan(1);
    await brand.selectOption({ index: 1 });

    // The publish rules, one message at a time in the spec's order.
    await submitExpect(page, '请输入一番赏名称');
    await page.getByTestId('kuji-form-title').fill(TITLE);
    await submitExpect(page, '请输入一番赏单抽价格');
    await page.getByTestId('kuji-form-price').fill('29.9');
    await submitExpect(page, '请输入发布箱数');
    await page.getByTestId('kuji-form-stock').fill('2');
    await submitExpect(page, '请上传橱窗主图');
    await page.getByTestId('kuji-form-pic-input').setInputFiles(await pngFile(1200, 1200, 'kuji-pic.png'));
    await expect.poll(() => page.getByTestId('kuji-form-pic-item').count()).toBe(1);
    await page.getByTestId('kuji-form-bean-use').getByText('使用', { exact: true }).click();
    await submitExpect(page, '请输入金币最高可抵扣金额');
    await page.getByTestId('kuji-form-bean').fill('5');
    await submitExpect(page, '请选择发售时间');
    await page.getByTestId('kuji-form-shelves-time').fill('2026-01-01 10:00:00');
    await submitExpect(page, '请添加所有一番赏商品款式');
    for (let i = 0; i < 3; i++) await page.getByTestId('kuji-prize-add').click();
    expect(await levels(page)).toEqual(['A', 'B', 'C', 'D']);
    await submitExpect(page, '请设置Last赏或者全局赏');

    // Last: the last row goes first; its stock is 1 and it cannot move.
    await prize(page, 3).getByTestId('kuji-prize-last').click();
    expect(await levels(page)).toEqual(['Last', 'A', 'B', 'C']);
    expect(await prize(page, 0).getByTestId('kuji-prize-up').isDisabled()).toBe(true);
    expect(await prize(page, 1).getByTestId('kuji-prize-top').isDisabled()).toBe(true);

    await submitExpect(page, '请完善商品名称');
    const names = ['Last赏 限定手办', 'A赏 大号手办', 'B赏 亚克力立牌', 'C赏 徽章'];
    for (const [i, name] of names.entries()) await prize(page, i).getByTestId('kuji-prize-title').fill(name);
    await submitExpect(page, '请完善商品市价');
    for (let i = 0; i < 4; i++)
      await prize(page, i)
        .getByTestId('kuji-prize-price')
        .fill(String(100 - i * 20));
    await submitExpect(page, '请完善商品成本价');
    for (let i = 0; i < 4; i++)
      await prize(page, i)
        .getByTestId('kuji-prize-cost')
        .fill(String(50 - i * 10));
    await submitExpect(page, '请完善商品库存');
    for (const [i, n] of [1, 2, 3].entries())
      await prize(page, i + 1)
        .getByTestId('kuji-prize-stock')
        .fill(String(n));
    await expect.poll(() => page.getByTestId('kuji-tickets').textContent()).toMatch(/^每箱 6 张赏票/);

    // 置底 then 上移: B to the bottom, then back up.
    await prize(page, 2).getByTestId('kuji-prize-bottom').click();
    expect(await prize(page, 3).getByTestId('kuji-prize-title').inputValue()).toBe(names[2]);
    await prize(page, 3).getByTestId('kuji-prize-up').click();
    expect(await prize(page, 2).getByTestId('kuji-prize-title').inputValue()).toBe(names[2]);
    // 置顶: C becomes A.
    await prize(page, 3).getByTestId('kuji-prize-top').click();
    expect(await prize(page, 1).getByTestId('kuji-prize-title').inputValue()).toBe(names[3]);
    expect(await levels(page)).toEqual(['Last', 'A', 'B', 'C']);

    // 设为全局赏: the interval must lie within the tickets left once the prize is set (1 + 2 = 3).
    await prize(page, 1).getByTestId('kuji-prize-global').click();
    const dialog = page.getByTestId('kuji-global-dialog');
    await expect.poll(() => dialog.getByText('设置全局赏开奖区间').isVisible()).toBe(true);
    await dialog.getByTestId('kuji-global-start').fill('1');
    await dialog.getByTestId('kuji-global-end').fill('9');
    await dialog.getByTestId('kuji-global-submit').click();
    await expect.poll(() => toast(page, '请输入全局赏开奖区间').isVisible()).toBe(true);
    await dialog.getByTestId('kuji-global-end').fill('3');
    await dialog.getByTestId('kuji-global-submit').click();
    await expect.poll(() => levels(page)).toEqual(['Last', 'W1', 'A', 'B']);
    expect(await prize(page, 1).getByTestId('kuji-prize-title').inputValue()).toBe(names[3]);
    await expect.poll(() => page.getByTestId('kuji-tickets').textContent()).toMatch(/^每箱 3 张赏票/);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await prize(page, 0).scrollIntoViewIfNeeded();
    await shot(page, 'kuji-form');

    await page.getByTestId('kuji-submit').click();
    await expect.poll(() => toast(page, '已提交申请').isVisible()).toBe(true);
    await page.waitForURL(/\/jackpot\/list/);
    const row = page.getByTestId('kuji-row').filter({ hasText: TITLE });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('kuji-status').textContent()).toBe('待审核');
    expect(await row.getByTestId('kuji-delete').count()).toBe(1);
    // No tickets before the review: the boxes, and when the tickets come.
    expect(await row.getByTestId('kuji-stock-pending').textContent()).toBe('2 箱审核通过后生成赏票');
    expect(await row.getByTestId('kuji-stock').count()).toBe(0);

    // The reviewer approves it on the 一番赏 tab: every box's tickets are generated.
    const reviewer = await newPage(suite.browser, { height: 1000 });
    await passwordLogin(
      reviewer.page,
      suite.stack.consoleUrl,
      'reviewer@demo.local',
      '/login?redirect=%2Freview%2FblindBox',
    );
    await reviewer.page.getByTestId('review-tab-kuji').click();
    const card = reviewer.page.getByTestId('kuji-review-card').filter({ hasText: TITLE });
    await expect.poll(() => card.count()).toBe(1);
    await card.getByTestId('kuji-review-approve').click();
    await expect
      .poll(() => reviewer.page.getByTestId('confirm-message').textContent())
      .toBe('确定通过该一番赏吗？通过后将生成各箱赏票。');
    await reviewer.page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(reviewer.page, '已通过').isVisible()).toBe(true);
    await reviewer.context.close();

    // The merchant's list: approved and never listed (待上架), the links for type 2.
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.first().waitFor();
          return row.getByTestId('kuji-status').textContent();
        },
        { timeout: longest(20_000) },
      )
      .toBe('待上架');
    expect(await row.getByTestId('kuji-delete').count()).toBe(0);
    expect(await row.getByTestId('kuji-stock').textContent()).toBe('6');
    for (const [id, path] of [
      ['kuji-send-link', '/order/sendList'],
      ['kuji-deposit-link', '/blindBox/boxList'],
    ] as const) {
      const href = new URL((await row.getByTestId(id).getAttribute('href'))!, 'http://x');
      expect(href.pathname).toBe(path);
      expect(href.searchParams.get('temp_title')).toBe(TITLE);
      expect(href.searchParams.get('type')).toBe('2');
    }
    await shot(page, 'kuji-list');

    // The detail dialog: three tabs.
    await row.getByTestId('kuji-view').click();
    const detail = page.getByTestId('kuji-dialog');
    await expect.poll(() => detail.getByTestId('kuji-basic-status').textContent()).toBe('待上架');
    // Merchant words only: the seed's commitment is a 防篡改凭证, no hash names or numbered ids.
    expect(await detail.textContent()).toContain('防篡改凭证');
    expect(await detail.textContent()).not.toMatch(JARGON);
    await shot(page, 'kuji-dialog-basic');
    await detail.getByTestId('kuji-tab-goods').click();
    await expect.poll(() => detail.getByTestId('kuji-goods-level').allTextContents()).toEqual(['Last', 'W1', 'A', 'B']);
    expect(await detail.textContent()).not.toMatch(JARGON);
    await shot(page, 'kuji-dialog-goods');
    await detail.getByTestId('kuji-tab-boxes').click();
    await expect.poll(() => detail.getByTestId('kuji-box-row').count()).toBe(2);
    expect(await detail.getByTestId('kuji-box-left').allTextContents()).toEqual(['3', '3']);
    expect(await detail.textContent()).not.toMatch(JARGON);
    await shot(page, 'kuji-dialog-boxes');
    await detail.getByTestId('kuji-tab-basic').click();

    // 上架 with its confirmation; then the sale time cannot change until it is taken off again.
    await detail.getByTestId('kuji-toggle').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消').isVisible()).toBe(true);
    await detail.getByTestId('kuji-toggle').click();
    await expect.poll(() => page.getByTestId('confirm-message').textContent()).toBe('确定要上架该一番赏吗？');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '上架成功！').isVisible()).toBe(true);
    await expect.poll(() => detail.getByTestId('kuji-basic-status').textContent()).toBe('已上架');
    expect(await detail.getByTestId('kuji-action-shelves').isDisabled()).toBe(true);
    expect(await detail.getByTestId('kuji-shelves-hint').textContent()).toBe('调整发售时间需先下架一番赏');
    await detail.getByTestId('kuji-toggle').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '下架成功！').isVisible()).toBe(true);
    await expect.poll(() => detail.getByTestId('kuji-action-shelves').isDisabled()).toBe(false);

    // Detail edits run the shared rules first: a description over 50 characters, too many boxes removed.
    await detail.getByTestId('kuji-action-desc').click();
    await page.getByTestId('kuji-desc-input').fill('长'.repeat(51));
    await page.getByTestId('kuji-desc-submit').click();
    await expect.poll(() => toast(page, '描述不能超过50个字符').isVisible()).toBe(true);
    await page.getByTestId('kuji-desc-input').fill('每箱含Last赏');
    await page.getByTestId('kuji-desc-submit').click();
    await expect.poll(() => toast(page, '修改成功').isVisible()).toBe(true);
    await expect.poll(() => detail.getByTestId('kuji-basic-desc').textContent()).toBe('每箱含Last赏');
    await detail.getByTestId('kuji-action-stock').click();
    await page.getByTestId('kuji-stock-type').selectOption('2');
    await page.getByTestId('kuji-stock-num').fill('3');
    await page.getByTestId('kuji-stock-submit').click();
    await expect.poll(() => toast(page, '减少库存不可大于当前剩余库存').isVisible()).toBe(true);
    await page.getByTestId('kuji-stock-num').fill('1');
    await page.getByTestId('kuji-stock-submit').click();
    await expect.poll(() => toast(page, '调整成功').isVisible()).toBe(true);
    await expect.poll(() => detail.getByTestId('kuji-basic-stock').textContent()).toMatch(/^1 箱/);
    await detail.getByTestId('kuji-close').click();

    // A pending kuji can be deleted, after its confirmation.
    const ipId = new URL(page.url()).searchParams.get('ip_id');
    const pending = '待删除的一番赏';
    const goods = [0, 1, 2, 3].map((level) => ({
      goods_title: `赏品${level}`,
      goods_price: 10,
      cost_price: 5,
      stock: level === 0 ? 1 : 2,
      level,
    }));
    const published = await suite.stack.call(
      'POST',
      '/web/goods/first/add',
      {
        ip_id: ipId,
        title: pending,
        price: 10,
        stock: 1,
        bean: 0,
        pic: 'seed/goods-01.png',
        shelves_time: '2026-01-01 10:00:00',
        goods: JSON.stringify(goods),
      },
      await suite.stack.login('brand@demo.local'),
    );
    expect(published.body.status).toBe(0);
    await page.reload();
    const pendingRow = page.getByTestId('kuji-row').filter({ hasText: pending });
    await expect.poll(() => pendingRow.count()).toBe(1);
    await deleteAfterCancel(page, pendingRow, 'kuji-delete');
    await context.close();
  });

  it('says 店铺 to a shop account: the field, its placeholder and its message', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1100 });
    await passwordLogin(page, suite.stack.consoleUrl, 'shop@demo.local', '/login?redirect=%2Fjackpot%2Fadd');
    await page.waitForURL(/\/jackpot\/add/);
    const brand = page.getByTestId('kuji-form-brand');
    await expect.poll(() => brand.locator('option').count()).toBeGreaterThan(1);
    const labels = page.getByTestId('kuji-form').locator('label');
    expect(await labels.filter({ hasText: /^店铺\s*\*?$/ }).count()).toBe(1);
    expect(await labels.filter({ hasText: /品牌/ }).count()).toBe(0);
    expect(await brand.getAttribute('aria-label')).toBe('店铺');
    expect(await brand.locator('option').first().textContent()).toBe('请选择店铺');
    await submitExpect(page, '请选择店铺');
    await expect.poll(() => page.getByTestId('error-ip_id').textContent()).toBe('请选择店铺');
    await shot(page, 'kuji-form-shop');
    await brand.selectOption({ index: 1 });
    await submitExpect(page, '请输入一番赏名称');
    await context.close();
  });
});
