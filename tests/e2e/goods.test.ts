// 商品列表 as a merchant would try it: the add dialog's messages in order, edit, the stock dialog's
// three transitions, delete with cancel, 操作记录, and the filters kept across a reload.
import { describe, expect, it } from 'vitest';
import { deleteAfterCancel, hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { saveAndExpect, toast } from '../support/page.js';
import { useBrowserStack } from '../support/suite.js';

describe.skipIf(!hasBrowser)('goods list', () => {
  const suite = useBrowserStack();

  it('creates, edits, changes stock three ways, deletes and keeps its filters', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fgoods%2Flist');
    await page.waitForURL(/\/goods\/list\?ip_id=\d+/);
    await expect.poll(() => page.getByTestId('goods-row').count()).toBeGreaterThan(0);
    await shot(page, 'goods-list');

    // Add: each rule of §5 in order.
    const title = `E2E 手办 ${Date.now()}`;
    await page.getByTestId('goods-add').click();
    await expect.poll(() => page.getByTestId('goods-dialog').isVisible()).toBe(true);
    await saveAndExpect(page, 'goods-save', 'title', '商品名称不可为空');
    await page.getByTestId('goods-title').fill(title);
    await saveAndExpect(page, 'goods-save', 'price', '价格不可为空');
    await page.getByTestId('goods-price').fill('abc');
    await saveAndExpect(page, 'goods-save', 'price', '请输入数字值');
    await page.getByTestId('goods-price').fill('0');
    await saveAndExpect(page, 'goods-save', 'price', '价格必须大于0');
    await page.getByTestId('goods-price').fill('59.9');
    await saveAndExpect(page, 'goods-save', 'pic', '商品图片不可为空');
    await page.getByTestId('goods-pic-input').setInputFiles(await pngFile(1000, 600));
    await expect.poll(() => toast(page, '图片尺寸不符合要求，请上传800*800px图片').isVisible()).toBe(true);
    // The message, and a crop to the slot's size: the chosen part goes up at 800×800.
    await expect.poll(() => page.getByTestId('goods-pic-crop').isVisible()).toBe(true);
    await shot(page, 'goods-pic-crop');
    await page.getByTestId('goods-pic-crop-ok').click();
    await expect.poll(() => page.getByTestId('goods-pic-item').count()).toBe(1);
    // A click on the thumbnail shows the stored picture large.
    await page.getByTestId('goods-pic-view').click();
    const large = page.getByTestId('goods-pic-viewer-image');
    const natural = () =>
      large.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]);
    await expect.poll(natural).toEqual([800, 800]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('goods-pic-viewer').count()).toBe(0);
    await saveAndExpect(page, 'goods-save', 'stock', '库存不能为空');
    await page.getByTestId('goods-stock').fill('-1');
    await saveAndExpect(page, 'goods-save', 'stock', '库存不能小于0');
    await page.getByTestId('goods-stock').fill('20');
    await page.getByTestId('goods-overseas').click();
    await saveAndExpect(page, 'goods-save', 'weight', '海外商品重量不能为空');
    await page.getByTestId('goods-weight').fill('0');
    await saveAndExpect(page, 'goods-save', 'weight', '重量必须大于0');
    await page.getByTestId('goods-weight').fill('0.5');
    await saveAndExpect(page, 'goods-save', 'length', '海外商品长度不能为空');
    await page.getByTestId('goods-length').fill('20');
    await page.getByTestId('goods-width').fill('15');
    await saveAndExpect(page, 'goods-save', 'height', '海外商品高度不能为空');
    await page.getByTestId('goods-height').fill('10');
    await shot(page, 'goods-dialog');
    await page.getByTestId('goods-save').click();
    await expect.poll(() => toast(page, '添加成功').isVisible()).toBe(true);
    const row = page.getByTestId('goods-row').filter({ hasText: title });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('¥59.90');
    expect(await row.textContent()).toContain('20×15×10');

    // A click on the row's thumbnail shows the picture large.
    await row.getByTestId('thumbnail-zoom').click();
    const listLarge = page.getByTestId('thumbnail-viewer-image');
    await expect
      .poll(() =>
        listLarge.evaluate((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]),
      )
      .toEqual([800, 800]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('thumbnail-viewer').count()).toBe(0);

    // Edit. A click on the form's picture shows it large and saves nothing: it is not the form's submit.
    await row.getByTestId('goods-edit').click();
    await expect.poll(() => page.getByTestId('goods-title').inputValue()).toBe(title);
    await page.getByTestId('goods-pic-view').click();
    await expect.poll(natural).toEqual([800, 800]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('goods-pic-viewer').count()).toBe(0);
    expect(await page.getByTestId('goods-title').isVisible()).toBe(true);
    expect(await toast(page, '编辑成功').isVisible()).toBe(false);
    await page.getByTestId('goods-price').fill('66');
    await page.getByTestId('goods-save').click();
    await expect.poll(() => toast(page, '编辑成功').isVisible()).toBe(true);
    await expect.poll(() => row.textContent()).toContain('¥66.00');

    // Stock: limited → limited (add, then a refused and an accepted reduction).
    const stockValue = () => row.getByTestId('goods-stock-value').textContent();
    await row.getByTestId('goods-stock-edit').click();
    await expect.poll(() => page.getByTestId('stock-current').textContent()).toBe('20');
    // The current stock type (限制库存) is chosen already, so its fields are open.
    expect(await page.getByTestId('stock-type-1').getAttribute('data-state')).toBe('checked');
    expect(await page.getByTestId('stock-type-0').getAttribute('data-state')).toBe('unchecked');
    await saveAndExpect(page, 'stock-save', 'action', '请选择操作类型');
    await page.getByTestId('stock-action-1').click();
    await saveAndExpect(page, 'stock-save', 'num', '数量必须大于0');
    await page.getByTestId('stock-quantity').fill('0');
    await saveAndExpect(page, 'stock-save', 'num', '数量必须大于0');
    // A message under the resting pointer lets it through: what lies beneath still takes the click,
    // and the pointer does not hold the message open.
    const message = page.getByTestId('toast-error').first();
    const box = (await message.boundingBox())!;
    const at = [box.x + box.width / 2, box.y + box.height / 2] as const;
    await page.mouse.move(...at);
    const hit = await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('[data-scope="toast"]'), at);
    expect(hit).toBe(false);
    expect(await message.getAttribute('data-paused')).toBeNull();
    await page.getByTestId('stock-quantity').fill('5');
    await shot(page, 'goods-stock-dialog');
    await page.getByTestId('stock-save').click();
    await expect.poll(() => toast(page, '库存更新成功').isVisible()).toBe(true);
    await expect.poll(stockValue).toBe('25');
    await row.getByTestId('goods-stock-edit').click();
    await page.getByTestId('stock-type-1').click();
    await page.getByTestId('stock-action-2').click();
    // A reduction of 1.5 says it must be a whole number, not 数量必须大于0.
    await page.getByTestId('stock-quantity').fill('1.5');
    await saveAndExpect(page, 'stock-save', 'num', '数量须为整数');
    await page.getByTestId('stock-quantity').fill('30');
    await page.getByTestId('stock-save').click();
    await expect.poll(() => page.getByTestId('form-error').textContent()).toContain('减少数量不能大于当前库存');
    await page.getByTestId('stock-quantity').fill('5');
    await page.getByTestId('stock-save').click();
    await expect.poll(stockValue).toBe('20');

    // Limited → unlimited needs no number.
    await row.getByTestId('goods-stock-edit').click();
    await page.getByTestId('stock-type-0').click();
    await page.getByTestId('stock-save').click();
    await expect.poll(stockValue).toBe('不限库存');

    // Unlimited → limited needs the new stock.
    await row.getByTestId('goods-stock-edit').click();
    await expect.poll(() => page.getByTestId('stock-current').textContent()).toBe('不限库存');
    await page.getByTestId('stock-type-1').click();
    await saveAndExpect(page, 'stock-save', 'stock_num', '请输入库存数量');
    await page.getByTestId('stock-num').fill('2.5');
    await saveAndExpect(page, 'stock-save', 'stock_num', '库存数量须为整数');
    await page.getByTestId('stock-num').fill('12');
    await page.getByTestId('stock-save').click();
    await expect.poll(stockValue).toBe('12');

    // 操作记录 shows the history, newest first.
    await row.getByTestId('goods-audit').click();
    await expect.poll(() => page.getByTestId('audit-entry').count()).toBe(6);
    const actions = await page.getByTestId('audit-action').allTextContents();
    expect(actions).toEqual(['修改库存', '修改库存', '修改库存', '修改库存', '编辑', '新增']);
    expect(await page.getByTestId('audit-dialog').textContent()).toContain('¥66.00');
    // The brand is named, not numbered (the first brand is chosen by default: Molly 梦工厂).
    const created = page.getByTestId('audit-entry').last();
    await expect.poll(() => created.textContent()).toContain('品牌Molly 梦工厂');
    await shot(page, 'goods-audit');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('audit-dialog').count()).toBe(0);

    // Filters survive a reload.
    await page.getByTestId('goods-filter-title').fill(title);
    await page.getByTestId('goods-search').click();
    await page.waitForURL(/title=/);
    await page.getByTestId('page-size').selectOption('50');
    await page.waitForURL(/limit=50/);
    await page.reload();
    await expect.poll(() => page.getByTestId('goods-filter-title').inputValue()).toBe(title);
    expect(await page.getByTestId('page-size').inputValue()).toBe('50');
    await expect.poll(() => page.getByTestId('goods-row').count()).toBe(1);

    // Delete: cancel first, then confirm.
    await deleteAfterCancel(page, row, 'goods-delete', {
      confirm: '确定要删除该商品吗？',
      picture: 'goods-delete-confirm',
    });
    await context.close();
  });

  it('shows a placeholder, not an overflowing broken image, when a 48px thumbnail cannot load', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    // Every picture of the list fails to load, as a removed or unreachable file would.
    await page.route(/\/files\/.*\.(png|jpe?g|gif)(\?.*)?$/, (route) => route.abort());
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fgoods%2Flist');
    await page.waitForURL(/\/goods\/list\?ip_id=\d+/);
    const row = page.getByTestId('goods-row').first();
    await expect.poll(() => row.getByTestId('thumbnail-broken').count()).toBe(1);
    const box = (await row.getByTestId('thumbnail-broken').boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([48, 48]);
    expect(await row.locator('img').count()).toBe(0);
    await shot(page, 'goods-thumbnail-broken');
    await context.close();
  });
});
