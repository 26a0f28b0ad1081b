// Blind-box records: the merchant's record form with every rule in order and images at their exact
// sizes, the platform reviewer approving one record and rejecting another, the merchant reading the
// reason and resubmitting, and a shop picking a template brand.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { fieldError, toast } from '../support/page.js';
import { useBrowserStack } from '../support/suite.js';

const TITLE = '浏览器录入 星空派对系列';

async function submitExpect(page: Page, field: string, message: string) {
  await page.getByTestId('record-submit').click();
  await expect.poll(() => fieldError(page, field).textContent()).toBe(message);
}

async function upload(page: Page, testId: string, width: number, height: number) {
  await page
    .getByTestId(`${testId}-input`)
    .setInputFiles(await pngFile(width, height, `${testId}-${width}x${height}.png`));
  await expect.poll(() => page.getByTestId(`${testId}-item`).count()).toBeGreaterThan(0);
}

describe.skipIf(!hasBrowser)('blind-box records and review', () => {
  const suite = useBrowserStack();

  it('records a blind box: every rule in order, the selector, manual styles, overseas warning, sized images', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1000 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2Frecords');
    await page.waitForURL(/\/blindBox\/records\?ip_id=\d+/);
    // The default brand reaches the address first and the page's filter a render later.
    const ipId = new URL(page.url()).searchParams.get('ip_id');
    await expect.poll(() => page.getByTestId('record-filter-brand').inputValue()).toBe(ipId);
    await page.getByTestId('record-add').click();
    await page.waitForURL(/\/blindBox\/goodsAdd\?id=\d+/);
    await expect.poll(() => page.getByTestId('record-brand').inputValue()).toBe('Molly 梦工厂');

    await submitExpect(page, 'title', '请输入盲盒名称');
    await page.getByTestId('record-title').fill(TITLE);
    await submitExpect(page, 'price', '请输入盲盒售价');
    await page.getByTestId('record-price').fill('69');
    await submitExpect(page, 'limit_stock', '请输入单箱多少套盒');
    await page.getByTestId('record-limit-stock').fill('12');
    await submitExpect(page, 'shop_time', '请选择官方发售时间');
    await page.getByTestId('record-shop-time').fill('2026-10-01 10:00:00');
    await submitExpect(page, 'goods', '请添加盲盒款式');

    // The goods selector: confirming needs a selection; four travel goods are added.
    await page.getByTestId('open-selector').click();
    await expect.poll(() => page.getByTestId('selector-row').count()).toBeGreaterThan(0);
    await page.getByTestId('selector-confirm').click();
    await expect.poll(() => toast(page, '请选择至少一个商品').isVisible()).toBe(true);
    await page.getByTestId('selector-search').fill('星愿旅行');
    await page.getByTestId('selector-search').press('Enter');
    await expect.poll(() => page.getByTestId('selector-row').count()).toBe(8);
    for (let i = 0; i < 3; i++) await page.getByTestId('selector-row').nth(i).getByTestId('selector-check').click();
    await shot(page, 'blind-box-goods-selector');
    await page.getByTestId('selector-confirm').click();
    await expect.poll(() => toast(page, '已添加 3 个商品').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('style-row').count()).toBe(3);
    await submitExpect(page, 'goods', '请添加所有盲盒款式');

    // Manual add: its own three rules, then a hidden style that still needs its drop rate.
    await page.getByTestId('open-manual').click();
    const manual = page.getByTestId('manual-style-dialog');
    await manual.getByTestId('manual-style-save').click();
    await expect.poll(() => fieldError(page, 'goods_title').textContent()).toBe('请输入单盒名称');
    await page.getByTestId('manual-title').fill('星空隐藏款');
    await manual.getByTestId('manual-style-save').click();
    await expect.poll(() => fieldError(page, 'goods_pic').textContent()).toBe('请上传单盒主图');
    await upload(page, 'manual-pic', 400, 400);
    await page.getByTestId('manual-type').selectOption('3');
    await manual.getByTestId('manual-style-save').click();
    await expect.poll(() => fieldError(page, 'probability').textContent()).toBe('请输入隐藏款掉率掉率');
    await page.getByTestId('manual-rate').fill('144');
    await manual.getByTestId('manual-style-save').click();
    await expect.poll(() => page.getByTestId('style-row').count()).toBe(4);

    await page.getByTestId('style-title').nth(1).fill(' ');
    await submitExpect(page, 'goods', '请完善盲盒款式名称');
    await page.getByTestId('style-title').nth(1).fill('Molly 星愿旅行·东京 特别版');
    await page.getByTestId('style-type').nth(2).selectOption('2');
    await submitExpect(page, 'goods', '请完善隐藏款掉率');
    await page.getByTestId('style-rate').first().fill('72');

    // Overseas cannot be on with a manual style: the full warning, and the switch stays off.
    await page.getByTestId('record-overseas').click();
    const warning =
      '无法开启海外售卖！以下商品不支持海外：部分商品（手动添加的款式默认不支持海外）\n请确保所有商品款式都支持海外售卖后再开启此功能。';
    await expect.poll(() => page.getByTestId('toast-warning').first().textContent()).toBe(warning);
    await shot(page, 'blind-box-record-overseas-warning');
    expect(await page.getByTestId('record-overseas').textContent()).toContain('未开启');

    await submitExpect(page, 'pic', '请上传橱窗主图');
    await page.getByTestId('record-pic-input').setInputFiles(await pngFile(640, 640, 'wrong-pic.png'));
    await expect.poll(() => toast(page, '图片尺寸不符合要求，请上传600*600px图片').isVisible()).toBe(true);
    // The crop it offers is declined: nothing goes up.
    await page.getByTestId('record-pic-crop-cancel').click();
    await expect.poll(() => page.getByTestId('record-pic-crop').count()).toBe(0);
    expect(await page.getByTestId('record-pic-item').count()).toBe(0);
    await upload(page, 'record-pic', 600, 600);
    await submitExpect(page, 'main_pic', '请上传整盒头卡图');
    await page.getByTestId('record-main_pic-input').setInputFiles(await pngFile(1000, 600, 'small-main.png'));
    await expect.poll(() => toast(page, '图片尺寸不符合要求，请上传不小于1200*600px图片').isVisible()).toBe(true);
    await upload(page, 'record-main_pic', 1400, 700);
    await submitExpect(page, 'one_box_pic', '请上传单盒盒卡图');
    await upload(page, 'record-one_box_pic', 400, 400);
    await submitExpect(page, 'one_pack_pic', '请上传单盒包装图');
    await upload(page, 'record-one_pack_pic', 800, 800);
    await submitExpect(page, 'pics', '请上传详情图');
    await upload(page, 'record-pics', 750, 1000);
    await page.getByTestId('record-color').fill('#E9E3FF');
    await shot(page, 'blind-box-record-form');

    await page.getByTestId('record-submit').click();
    await expect.poll(() => toast(page, '已提交申请').isVisible()).toBe(true);
    await page.waitForURL(/\/blindBox\/records/);
    const row = page.getByTestId('record-row').filter({ hasText: TITLE });
    await expect.poll(() => row.getByTestId('record-status').textContent()).toBe('待审核');
    await shot(page, 'blind-box-record-list');
    await context.close();
  });

  it('the reviewer approves one record and rejects another with a reason', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1000 });
    await passwordLogin(page, suite.stack.consoleUrl, 'reviewer@demo.local', '/login?redirect=%2Freview%2FblindBox');
    await page.waitForURL(/\/review\/blindBox/);
    const card = (title: string) => page.getByTestId('review-card').filter({ hasText: title });
    await expect.poll(() => card(TITLE).count()).toBe(1);
    expect(await card(TITLE).getByTestId('review-styles').locator('tbody tr').count()).toBe(4);
    expect(await card(TITLE).getByTestId('review-images').locator('img').count()).toBe(5);
    await shot(page, 'blind-box-review');

    await card(TITLE).getByTestId('review-approve').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '已通过').isVisible()).toBe(true);
    await expect.poll(() => card(TITLE).count()).toBe(0);

    await card('Molly 海洋之梦系列').getByTestId('review-reject').click();
    await page.getByTestId('reject-submit').click();
    await expect.poll(() => fieldError(page, 'reason').textContent()).toBe('请输入驳回原因');
    await page.getByTestId('reject-reason').fill('整盒头卡图与款式不一致，请更换');
    await shot(page, 'blind-box-review-reject');
    await page.getByTestId('reject-submit').click();
    await expect.poll(() => toast(page, '已驳回').isVisible()).toBe(true);
    await expect.poll(() => card('Molly 海洋之梦系列').count()).toBe(0);

    // Merchants never see the review page.
    const merchant = await newPage(suite.browser);
    await passwordLogin(
      merchant.page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      '/login?redirect=%2Freview%2FblindBox',
    );
    await merchant.page.waitForURL(/\/404|\/dashboard/);
    await merchant.context.close();
    await context.close();
  });

  it('the merchant reads the rejection reason, corrects the record and resubmits it', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1000 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2Frecords');
    await page.waitForURL(/ip_id=\d+/);
    await page.getByTestId('record-filter-status').getByText('已驳回').click();
    const row = page.getByTestId('record-row').filter({ hasText: 'Molly 海洋之梦系列' });
    await expect
      .poll(() => row.getByTestId('record-reason').textContent())
      .toBe('驳回原因：整盒头卡图与款式不一致，请更换');
    await expect
      .poll(async () => [...new Set(await page.getByTestId('record-status').allTextContents())])
      .toEqual(['已驳回']);
    await shot(page, 'blind-box-record-rejected');

    await row.getByTestId('record-resubmit').click();
    await page.waitForURL(/record=\d+/);
    await expect.poll(() => page.getByTestId('record-reject-reason').textContent()).toContain('整盒头卡图与款式不一致');
    await expect.poll(() => page.getByTestId('record-title').inputValue()).toBe('Molly 海洋之梦系列');
    await page.getByTestId('record-title').fill('Molly 海洋之梦系列（新版）');
    await page.getByTestId('record-main_pic-remove').click();
    await upload(page, 'record-main_pic', 1200, 600);
    await shot(page, 'blind-box-record-resubmit');
    await page.getByTestId('record-submit').click();
    await expect.poll(() => toast(page, '已提交申请').isVisible()).toBe(true);
    await page.waitForURL(/\/blindBox\/records/);
    await page.getByTestId('record-filter-status').getByText('待审核').click();
    const resubmitted = page.getByTestId('record-row').filter({ hasText: 'Molly 海洋之梦系列（新版）' });
    await expect.poll(() => resubmitted.getByTestId('record-status').textContent()).toBe('待审核');

    // The approved record offers its release.
    await page.getByTestId('record-filter-status').getByText('已通过').click();
    await page.getByTestId('record-row').filter({ hasText: TITLE }).getByTestId('record-release').click();
    await page.waitForURL(/\/blindBox\/boxAdd\?ipId=\d+&templateId=\d+/);
    await expect.poll(() => page.getByTestId('release-template-preview').textContent()).toContain(TITLE);
    await context.close();
  });

  it('a shop picks a template brand: not found, switching brand clears the styles after confirmation', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1000 });
    await passwordLogin(page, suite.stack.consoleUrl, 'shop@demo.local', '/login?redirect=%2FblindBox%2Frecords');
    await page.waitForURL(/ip_id=\d+/);
    expect(await page.getByText('店铺', { exact: true }).first().isVisible()).toBe(true);
    await page.getByTestId('record-add').click();
    await page.waitForURL(/goodsAdd/);
    await page.getByTestId('open-selector').click();
    await expect.poll(() => toast(page, '请先选择品牌').isVisible()).toBe(true);
    await page.getByTestId('record-submit').click();
    await expect.poll(() => fieldError(page, 'goods_ip_id').textContent()).toBe('请选择盲盒品牌');
    // The picker chooses an IP brand: its label, its placeholder and its empty answer all say 品牌;
    // the shop itself is 所属店铺.
    const labels = page.locator('label');
    expect(await labels.filter({ hasText: '盲盒品牌' }).count()).toBe(1);
    expect(await labels.filter({ hasText: '盲盒店铺' }).count()).toBe(0);
    expect(await labels.filter({ hasText: '所属店铺' }).count()).toBe(1);
    expect(await page.getByTestId('record-brand-search').getAttribute('placeholder')).toBe('请输入品牌名称搜索');

    await page.getByTestId('record-brand-search').fill('不存在的品牌');
    await expect.poll(() => page.getByTestId('record-brand-empty').textContent()).toBe('未找到此品牌');
    await page.getByTestId('record-brand-search').fill('星河');
    await page.getByTestId('record-brand-option').filter({ hasText: '星河玩社' }).click();
    await page.getByTestId('open-selector').click();
    await expect.poll(() => page.getByTestId('selector-row').count()).toBe(5);
    await page.getByTestId('selector-row').first().getByTestId('selector-check').click();
    await page.getByTestId('selector-confirm').click();
    await expect.poll(() => page.getByTestId('style-row').count()).toBe(1);

    await page.getByTestId('record-brand-search').fill('月光');
    await page.getByTestId('record-brand-option').filter({ hasText: '月光兔' }).click();
    await expect.poll(() => page.getByTestId('confirm-message').textContent()).toContain('清空');
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消品牌切换').isVisible()).toBe(true);
    expect(await page.getByTestId('style-row').count()).toBe(1);
    await expect.poll(() => page.getByTestId('record-brand-search').inputValue()).toBe('星河玩社');

    await page.getByTestId('record-brand-search').fill('月光');
    await page.getByTestId('record-brand-option').filter({ hasText: '月光兔' }).click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '已切换品牌并清空款式列表').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('style-row').count()).toBe(0);
    await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
    expect(await page.getByTestId('record-brand-options').count()).toBe(0);
    await shot(page, 'blind-box-record-shop');

    // Where the shop itself is meant, its messages say 店铺 too (the API's answer and the form's).
    await page.goto(`${suite.stack.consoleUrl}/blindBox/overseasWarehouse`);
    await page.waitForURL(/ip_id=\d+/);
    await page.getByTestId('warehouse-add').click();
    await expect.poll(() => page.getByTestId('warehouse-dialog').isVisible()).toBe(true);
    // The dialog starts on the list's shop (known once the list has it); then the shop is cleared.
    await expect.poll(() => page.getByTestId('warehouse-brand').inputValue()).not.toBe('');
    await page.getByTestId('warehouse-brand').selectOption('');
    await page.getByTestId('warehouse-save').click();
    await expect.poll(() => fieldError(page, 'ip_id').textContent()).toBe('请选择店铺');
    expect(await page.getByTestId('warehouse-dialog').locator('label').filter({ hasText: '品牌' }).count()).toBe(0);
    await shot(page, 'shop-warehouse-words');
    await context.close();
  });
});
