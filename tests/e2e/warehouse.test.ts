// Warehouses, the pattern every list screen copies: filter in the URL, add and edit with the
// spec's messages in order, 保存成功, and the list kept across a reload.
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fieldError, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

describe.skipIf(!hasBrowser)('warehouses', () => {
  const suite = useBrowserStack();
  /** The brand owner signed in on 仓库管理. */
  const openWarehouses = async () => {
    const opened = await newPage(suite.browser);
    await passwordLogin(
      opened.page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      '/login?redirect=%2FblindBox%2FoverseasWarehouse',
    );
    return opened;
  };

  it('says 网络连接失败 in Chinese when a save gets no answer, and keeps the form open', async () => {
    const { context, page } = await openWarehouses();
    await page.waitForURL(/ip_id=\d+/);
    await page.getByTestId('warehouse-add').click();
    const dialog = page.getByTestId('warehouse-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.getByTestId('warehouse-name').fill('断网仓');
    await page.getByTestId('warehouse-country').selectOption('th');
    // The network goes down as the merchant saves: the browser's own words are "Failed to fetch".
    await context.route('**/web/goods/warehouse/save', (route) => route.abort('internetdisconnected'));
    await page.getByTestId('warehouse-save').click();
    await expect.poll(() => toast(page, '网络连接失败，请检查网络后重试').isVisible()).toBe(true);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByTestId('warehouse-name').inputValue()).toBe('断网仓');
    await context.close();
  });

  it('creates and edits a warehouse, showing each validation message in order', async () => {
    const { context, page } = await openWarehouses();
    await page.waitForURL(/overseasWarehouse/);
    // The brand filter defaults to the first brand and is written to the URL.
    await page.waitForURL(/ip_id=\d+/);
    const ipId = new URL(page.url()).searchParams.get('ip_id');

    await page.getByTestId('warehouse-add').click();
    const dialog = page.getByTestId('warehouse-dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The dialog fills in the page's brand once the brands have loaded: clear it after that.
    await expect.poll(() => page.getByTestId('warehouse-brand').inputValue()).toBe(ipId);
    await page.getByTestId('warehouse-brand').selectOption('');
    await page.getByTestId('warehouse-save').click();
    await expect.poll(() => fieldError(page, 'ip_id').textContent()).toBe('请选择品牌');

    await page.getByTestId('warehouse-brand').selectOption(ipId!);
    await page.getByTestId('warehouse-save').click();
    await expect.poll(() => fieldError(page, 'name').textContent()).toBe('请输入仓库名称');

    await page.getByTestId('warehouse-name').fill('清迈北区仓');
    await page.getByTestId('warehouse-save').click();
    await expect.poll(() => fieldError(page, 'country').textContent()).toBe('请选择国家');
    await shot(page, 'warehouse-dialog-validation');

    await page.getByTestId('warehouse-country').selectOption('th');
    await page.getByTestId('warehouse-save').click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    // The toast is looked for only after it has gone (2.5 s), as a busy machine may look: the page's
    // record still has it, once.
    const onScreen = page.locator('[data-scope="toast"][data-part="root"]').getByText('保存成功', { exact: true });
    await expect.poll(() => onScreen.count(), { timeout: longest(15_000) }).toBe(0);
    expect(await toast(page, '保存成功').isVisible()).toBe(true);
    expect(await toast(page, '保存成功').isVisible()).toBe(false);
    const row = page.getByTestId('warehouse-row').filter({ hasText: '清迈北区仓' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('泰国');
    await shot(page, 'warehouse-list');

    await row.getByTestId('warehouse-edit').click();
    await expect.poll(() => page.getByTestId('warehouse-name').inputValue()).toBe('清迈北区仓');
    await page.getByTestId('warehouse-name').fill('');
    await page.getByTestId('warehouse-save').click();
    await expect.poll(() => fieldError(page, 'name').textContent()).toBe('请输入仓库名称');
    await page.getByTestId('warehouse-name').fill('岘港临时仓');
    await page.getByTestId('warehouse-country').selectOption('vn');
    await page.getByTestId('warehouse-save').click();
    await expect.poll(() => page.getByTestId('warehouse-row').filter({ hasText: '岘港临时仓' }).count()).toBe(1);
    expect(await page.getByTestId('warehouse-row').filter({ hasText: '清迈北区仓' }).count()).toBe(0);

    // A reload (or a shared link) restores the filter and shows the saved row.
    await page.reload();
    expect(new URL(page.url()).searchParams.get('ip_id')).toBe(ipId);
    await expect
      .poll(() => page.getByTestId('warehouse-row').filter({ hasText: '岘港临时仓' }).textContent())
      .toContain('越南');
    await context.close();
  });

  it('keeps a second brand chosen in the filter through a reload', async () => {
    const { context, page } = await openWarehouses();
    await page.waitForURL(/ip_id=\d+/);
    const select = page.getByTestId('warehouse-filter-brand');
    const options = await select
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    expect(options.length).toBeGreaterThanOrEqual(2);
    await select.selectOption(options[1]!);
    await page.waitForURL(new RegExp(`ip_id=${options[1]}`));
    await page.reload();
    await expect.poll(() => page.getByTestId('warehouse-filter-brand').inputValue()).toBe(options[1]);
    await context.close();
  });
});
