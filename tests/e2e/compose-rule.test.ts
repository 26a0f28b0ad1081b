// 合成规则 as a merchant would try it: the form's messages of §5 in order, the chooser's duplicate
// warning, the destroy notice that must be accepted, the list row, the view-rules dialog with its
// formula and group tabs, and the edit dialog (remaining stock, then the time).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { saveAndExpect, toast } from '../support/page.js';
import { useBrowserStack } from '../support/suite.js';

const fmt = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

async function fillTime(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).fill(value);
  await page.getByTestId(testId).press('Enter');
}

describe.skipIf(!hasBrowser)('compose rules', () => {
  const suite = useBrowserStack();

  /** A collectible of the brand with one item of `stock` copies (their create screen is another's). */
  async function seedCollectible(ipId: number, title: string, stock: number) {
    const [row] = await suite.stack.sql(
      `insert into collectibles (ip_id, type, title, pic) values ($1, 1, $2, 'nft/none.png') returning id`,
      [ipId, title],
    );
    await suite.stack.sql(
      `insert into collectible_items (collectible_id, serial, title, pic, file_path, file_hash, stock)
       values ($1, 1, $2, 'nft/none.png', 'nft/none.png', $3, $4)`,
      [row!.id, `${title}#1`, String(row!.id).padStart(64, '0'), stock],
    );
    return Number(row!.id);
  }

  it('creates a rule with its messages in order and the notice, then views and adjusts it', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      '/login?redirect=%2Fnft%2Fgoods%3Ftab%3Dcompose',
    );
    await page.waitForURL(/\/nft\/goods\?.*ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));
    await seedCollectible(ipId, '星耀合成款', 20);
    await seedCollectible(ipId, '材料甲', 100);
    await seedCollectible(ipId, '材料乙', 100);

    await page.getByTestId('compose-add').click();
    await page.waitForURL(/\/nft\/composeAdd$/);
    await saveAndExpect(page, 'compose-save', 'ip_id', '请选择所属品牌');
    await page.getByTestId('compose-brand').selectOption(String(ipId));
    await saveAndExpect(page, 'compose-save', 'begin_at', '请选择开放时间');
    await fillTime(page, 'compose-begin', fmt(-2));
    await fillTime(page, 'compose-end', fmt(-1));
    await saveAndExpect(page, 'compose-save', 'end_at', '开放时间需大于当前时间');
    await fillTime(page, 'compose-begin', fmt(1));
    await fillTime(page, 'compose-end', fmt(7));
    await saveAndExpect(page, 'compose-save', 'virtual_id', '请选择要合成的藏品');

    await page.getByTestId('compose-pick-target').click();
    await expect.poll(() => page.getByTestId('virtual-row').count()).toBe(3);
    await shot(page, 'compose-target-picker');
    await page.getByTestId('virtual-row').filter({ hasText: '星耀合成款' }).getByTestId('virtual-pick').click();
    await expect.poll(() => page.getByTestId('compose-target-title').textContent()).toBe('星耀合成款');
    await saveAndExpect(page, 'compose-save', 'stock', '请输入要合成的藏品库存');
    await page.getByTestId('compose-stock').fill('0');
    await saveAndExpect(page, 'compose-save', 'stock', '合成库存不可为0');
    await page.getByTestId('compose-stock').fill('21');
    await saveAndExpect(page, 'compose-save', 'stock', '合成库存不可大于可用库存');
    await page.getByTestId('compose-stock').fill('5');
    await saveAndExpect(page, 'compose-save', 'group_data', '请添加合成组');

    await page.getByTestId('compose-group-add').click();
    await saveAndExpect(page, 'compose-save', 'group_data', '请输入组名称');
    await page.getByTestId('compose-group-name').fill('组A');
    await saveAndExpect(page, 'compose-save', 'group_data', '请输入消耗数量');
    await page.getByTestId('compose-group-expend').fill('123456');
    await saveAndExpect(page, 'compose-save', 'group_data', '消耗数量不能超过5个字符');
    await page.getByTestId('compose-group-expend').fill('2');
    await saveAndExpect(page, 'compose-save', 'group_data', '请添加合成组藏品');

    // The group's chooser: a collectible already in the list adds nothing and says so.
    await page.getByTestId('compose-group-pick').click();
    await expect.poll(() => page.getByTestId('virtual-row').count()).toBe(3);
    await page.getByTestId('virtual-row').filter({ hasText: '材料甲' }).getByTestId('virtual-pick').click();
    await expect.poll(() => page.getByTestId('compose-group-count').textContent()).toBe('共1个藏品');
    await page.getByTestId('virtual-row').filter({ hasText: '材料甲' }).getByTestId('virtual-pick').click();
    await expect.poll(() => toast(page, '1个藏品添加失败,当前列表已存在').isVisible()).toBe(true);
    await page.getByTestId('virtual-row').filter({ hasText: '材料乙' }).getByTestId('virtual-pick').click();
    await page.getByTestId('virtual-add-page').click();
    await expect.poll(() => toast(page, '2个藏品添加失败,当前列表已存在').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('compose-group-count').textContent()).toBe('共3个藏品');
    await page.getByTestId('virtual-picker-close').click();
    await shot(page, 'compose-form');

    // Creating asks to accept the destroy notice: 取消 sends nothing.
    await page.getByTestId('compose-save').click();
    await expect
      .poll(() => page.getByTestId('confirm-message').textContent())
      .toBe('合成规则发布后，玩家合成时消耗的数字藏品将被销毁且不可恢复，确定发布吗？');
    await shot(page, 'compose-notice');
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消').isVisible()).toBe(true);
    expect(await suite.stack.sql('select id from compose_rules')).toHaveLength(0);
    await page.getByTestId('compose-save').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '创建成功').isVisible()).toBe(true);
    await page.waitForURL(/\/nft\/goods\?tab=compose/);
    const row = page.getByTestId('compose-row').filter({ hasText: '星耀合成款' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('compose-row-status').textContent()).toBe('未开始');
    expect(await row.getByTestId('compose-row-surplus').textContent()).toBe('5');
    expect(await row.getByTestId('compose-edit').isVisible()).toBe(true);
    expect(await row.getByTestId('compose-view').count()).toBe(0);
    await shot(page, 'compose-list-not-started');

    // Ongoing: view the rules, adjust the remaining stock, change the time.
    await suite.stack.sql(`update compose_rules set begin_at = now() - interval '1 hour'`);
    await page.reload();
    await expect.poll(() => row.getByTestId('compose-row-status').textContent()).toBe('进行中');
    expect(await row.getByTestId('compose-edit').count()).toBe(0);
    await row.getByTestId('compose-view').click();
    await expect.poll(() => page.getByTestId('compose-formula').textContent()).toBe('组A×2 = 星耀合成款');
    await expect.poll(() => page.getByTestId('group-item-row').count()).toBe(3);
    await shot(page, 'compose-rules-dialog');
    await page.keyboard.press('Escape');

    await row.getByTestId('compose-row-adjust').click();
    await expect.poll(() => page.getByTestId('compose-adjust-dialog').isVisible()).toBe(true);
    await page.getByTestId('compose-adjust-stock').fill('0');
    await saveAndExpect(page, 'compose-adjust-save', 'stock', '请输入库存');
    await page.getByTestId('compose-adjust-stock').fill('21');
    await saveAndExpect(page, 'compose-adjust-save', 'stock', '剩余库存不可大于可用库存');
    await page.getByTestId('compose-adjust-stock').fill('3');
    await shot(page, 'compose-adjust-stock');
    await page.getByTestId('compose-adjust-save').click();
    await expect.poll(() => toast(page, '调整成功').isVisible()).toBe(true);
    await expect.poll(() => row.getByTestId('compose-row-surplus').textContent()).toBe('3');

    const end = fmt(10);
    await row.getByTestId('compose-row-retime').click();
    await expect.poll(() => page.getByTestId('compose-adjust-dialog').isVisible()).toBe(true);
    await fillTime(page, 'compose-adjust-end', end);
    await page.getByTestId('compose-adjust-save').click();
    await expect.poll(() => row.getByTestId('compose-row-time').textContent()).toContain(end);
    await shot(page, 'compose-list');
    await context.close();
  }, 180_000);
});
