// 扭蛋商品管理 as a merchant would try it: add with the rules of §5, bound goods (locked price,
// add stock, unbind), 失效, filters across a reload, import with an error report, export with progress.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@toy/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fetchSheet, GACHA_HEADER, gachaRow, importGacha, mp4File, xlsxFile } from '../support/goods.js';
import { pngFile } from '../support/images.js';
import { fieldError, toast } from '../support/page.js';
import { longest, scaled } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

async function saveAndExpect(page: Page, field: string, message: string) {
  await page.getByTestId('gacha-save').click();
  await expect.poll(() => fieldError(page, field).textContent()).toBe(message);
}

async function openGacha(page: Page, url: string) {
  await passwordLogin(page, url, 'brand@demo.local', '/login?redirect=%2Fgoods%2Fgacha');
  await page.waitForURL(/\/goods\/gacha\?ip_id=\d+/);
  await expect.poll(() => page.getByTestId('gacha-row').count()).toBeGreaterThan(0);
  return Number(new URL(page.url()).searchParams.get('ip_id'));
}

async function filterByName(page: Page, name: string) {
  await page.getByTestId('gacha-filter-title').fill(name);
  await page.getByTestId('gacha-search').click();
  await page.waitForURL(/goods_title=/);
}

describe.skipIf(!hasBrowser)('gacha goods', () => {
  const suite = useBrowserStack();
  let token: string;
  let pic: string;
  beforeAll(async () => {
    token = await suite.stack.login('brand@demo.local');
    const brands = await suite.stack.call<{ ips: { id: number }[] }>(
      'GET',
      '/web/helper/seller/ips',
      { per_id: 14 },
      token,
    );
    const list = await suite.stack.call<{ list: { pics: string[] }[] }>(
      'GET',
      '/web/goods/gacha/list',
      { ip_id: brands.body.data.ips[0]!.id },
      token,
    );
    pic = list.body.data.list[0]!.pics[0]!;
  });

  it('adds with every rule, edits bound goods, unbinds, invalidates and keeps filters', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await openGacha(page, suite.stack.consoleUrl);
    await shot(page, 'gacha-list');

    const title = `E2E 扭蛋 ${Date.now()}`;
    await page.getByTestId('gacha-add').click();
    await expect.poll(() => page.getByTestId('gacha-dialog').isVisible()).toBe(true);
    await saveAndExpect(page, 'goods_title', '不可为空');
    await page.getByTestId('gacha-title').fill(title);
    await saveAndExpect(page, 'price', '不可为空');
    await page.getByTestId('gacha-price').fill('abc');
    await saveAndExpect(page, 'price', '请输入数字值');
    await page.getByTestId('gacha-price').fill('60000');
    await saveAndExpect(page, 'price', '最小0.01元最大5万');
    await page.getByTestId('gacha-price').fill('29.9');
    await page.getByTestId('gacha-cost').fill('0');
    await saveAndExpect(page, 'cost_price', '最小0.01元最大5万');
    await page.getByTestId('gacha-cost').fill('10');
    await page.getByTestId('gacha-stock').fill('1.5');
    await saveAndExpect(page, 'stock', '正整数，最小0，最大数10万');
    await page.getByTestId('gacha-stock').fill('200');
    await saveAndExpect(page, 'pics', '不可为空');
    await page
      .getByTestId('gacha-pics-input')
      .setInputFiles([await pngFile(800, 800, 'g1.png'), await pngFile(800, 800, 'g2.png')]);
    await expect.poll(() => page.getByTestId('gacha-pics-item').count()).toBe(2);
    await saveAndExpect(page, 'channel', '不可为空');
    await page.getByTestId('gacha-channel').fill('线下门店');
    await page.getByTestId('gacha-label-1').fill('限定');
    await page.getByTestId('gacha-label-2').fill('热卖');
    await page.getByTestId('gacha-video-input').setInputFiles(await pngFile(10, 10, 'not-a-video.mov'));
    await expect.poll(() => toast(page, '暂不支持此类文件上传').isVisible()).toBe(true);
    await page.getByTestId('gacha-video-input').setInputFiles(mp4File());
    await expect.poll(() => page.getByTestId('gacha-video-player').count()).toBe(1);
    expect(await page.getByTestId('gacha-video').textContent()).toContain('最大500M');
    await shot(page, 'gacha-dialog');
    await page.getByTestId('gacha-save').click();
    await expect.poll(() => toast(page, '添加成功').isVisible()).toBe(true);
    await filterByName(page, title);
    const row = page.getByTestId('gacha-row').filter({ hasText: title });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('¥29.90');

    // 失效 on unbound goods.
    await row.getByTestId('gacha-invalidate').click();
    await expect.poll(() => page.getByTestId('confirm-message').textContent()).toBe('确定要将该商品设为失效吗？');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => row.getByTestId('gacha-invalid').count()).toBe(1);
    expect(await row.getByTestId('gacha-invalidate').count()).toBe(0);

    // Bound goods (seeded): price, cost and type are locked and stock adds.
    await filterByName(page, 'Molly 甜品扭蛋');
    const bound = page.getByTestId('gacha-row').filter({ hasText: 'Molly 甜品扭蛋' });
    await expect.poll(() => bound.count()).toBe(1);
    expect(await bound.getByTestId('gacha-active').textContent()).toBe('2 个活动');
    expect(await bound.getByTestId('gacha-invalidate').count()).toBe(0);
    const before = Number(await bound.getByTestId('gacha-stock-value').textContent());
    await bound.getByTestId('gacha-edit').click();
    await expect.poll(() => page.getByTestId('gacha-bound-hint').isVisible()).toBe(true);
    expect(await page.getByTestId('gacha-price').isDisabled()).toBe(true);
    expect(await page.getByTestId('gacha-cost').isDisabled()).toBe(true);
    expect(await page.getByTestId('gacha-cate').isDisabled()).toBe(true);
    expect(await page.getByTestId('gacha-dialog').textContent()).toContain('增加库存');
    await page.getByTestId('gacha-stock').fill('10');
    await shot(page, 'gacha-bound-dialog');
    await page.getByTestId('gacha-save').click();
    await expect.poll(() => toast(page, '编辑成功').isVisible()).toBe(true);
    await expect.poll(() => bound.getByTestId('gacha-stock-value').textContent()).toBe(String(before + 10));

    // Unbind, after which 失效 is offered.
    await bound.getByTestId('gacha-unbind').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消操作').isVisible()).toBe(true);
    await bound.getByTestId('gacha-unbind').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '已解除关联').isVisible()).toBe(true);
    await expect.poll(() => bound.getByTestId('gacha-invalidate').count()).toBe(1);

    // 操作记录 of the bound goods.
    await bound.getByTestId('gacha-audit').click();
    await expect.poll(() => page.getByTestId('audit-action').allTextContents()).toEqual(['解除活动关联', '编辑']);
    await shot(page, 'gacha-audit');
    await page.keyboard.press('Escape');

    // Filters survive a reload.
    const id = new URL(page.url()).searchParams.get('ip_id');
    await page.getByTestId('gacha-table-height').click();
    await page.reload();
    await expect.poll(() => page.getByTestId('gacha-filter-title').inputValue()).toBe('Molly 甜品扭蛋');
    expect(new URL(page.url()).searchParams.get('ip_id')).toBe(id);
    await expect.poll(() => page.getByTestId('gacha-row').count()).toBe(1);
    await context.close();
  });

  it('imports with an error report, then applies the fixed file', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await openGacha(page, suite.stack.consoleUrl);
    const word = `导入${Date.now()}`;
    const rows = [gachaRow(`${word} 1`, pic), gachaRow(`${word} 2`, pic, { price: 0 }), gachaRow(`${word} 3`, pic)];

    await page.getByTestId('gacha-import-input').setInputFiles(await pngFile(10, 10, 'goods.xls'));
    await expect.poll(() => toast(page, '暂不支持此类文件上传').isVisible()).toBe(true);

    await page.getByTestId('gacha-import-input').setInputFiles(xlsxFile([GACHA_HEADER, ...rows], 'bad.xlsx'));
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toBe('1');
    expect(await page.getByTestId('import-create').textContent()).toBe('2');
    expect(await page.getByTestId('import-error-row').textContent()).toBe('第3行零售价最小0.01元最大5万');
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(true);
    const report = await fetchSheet((await page.getByTestId('import-report').getAttribute('href'))!);
    expect(report[0]).toEqual([...GACHA_HEADER, '错误原因']);
    expect(report[1]![GACHA_HEADER.length]).toBe('第3行 零售价：最小0.01元最大5万');
    await shot(page, 'gacha-import-errors');
    await page.getByRole('button', { name: '取消' }).click();

    rows[1] = gachaRow(`${word} 2`, pic, { price: 9.9 });
    await page.getByTestId('gacha-import-input').setInputFiles(xlsxFile([GACHA_HEADER, ...rows], 'fixed.xlsx'));
    await expect.poll(() => page.getByTestId('import-create').textContent()).toBe('3');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => toast(page, '导入成功：新增3个，更新0个').isVisible()).toBe(true);
    await filterByName(page, word);
    await expect.poll(() => page.getByTestId('gacha-row').count(), { timeout: longest(10_000) }).toBe(3);
    await context.close();
  });

  it('imports the downloaded template as it is; lists every mistake of a row; says why a file is refused', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await openGacha(page, suite.stack.consoleUrl);

    // 下载模板 opens the file; uploaded again untouched, its example row is one goods to create.
    const [answer, tab] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/web/goods/gacha/template')),
      context.waitForEvent('page'),
      page.getByTestId('gacha-template').click(),
    ]);
    const templateUrl = ((await answer.json()) as { data: { url: string } }).data.url;
    await tab.close().catch(() => undefined);
    const res = await fetch(templateUrl);
    expect(res.ok).toBe(true);
    const templatePath = join(tmpdir(), `gacha-template-${Date.now()}.xlsx`);
    writeFileSync(templatePath, Buffer.from(await res.arrayBuffer()));
    await page.getByTestId('gacha-import-input').setInputFiles(templatePath);
    await expect.poll(() => page.getByTestId('import-create').textContent()).toBe('1');
    expect(await page.getByTestId('import-errors').textContent()).toBe('0');
    expect(await page.getByTestId('import-confirm').isDisabled()).toBe(false);
    await page.getByRole('button', { name: '取消' }).click();

    // One row with three mistakes: each is listed, each names its column.
    const word = `多错${Date.now()}`;
    const bad = gachaRow(`${word} 1`, '');
    bad[2] = '';
    bad[6] = '';
    await page
      .getByTestId('gacha-import-input')
      .setInputFiles(xlsxFile([GACHA_HEADER, bad, gachaRow(`${word} 2`, pic)], 'many.xlsx'));
    await expect.poll(() => page.getByTestId('import-errors').textContent()).toBe('1');
    await expect
      .poll(() => page.getByTestId('import-error-row').allTextContents())
      .toEqual(['第2行零售价不可为空', '第2行图片不可为空', '第2行渠道不可为空']);
    await shot(page, 'gacha-import-every-error');
    await page.getByRole('button', { name: '取消' }).click();

    // Files that are not the template say why, not only 上传失败.
    await page.getByTestId('gacha-import-input').setInputFiles(await pngFile(10, 10, 'picture.xlsx'));
    await expect.poll(() => toast(page, messages.upload.notXlsx).isVisible()).toBe(true);
    await page.getByTestId('gacha-import-input').setInputFiles(
      xlsxFile(
        [
          ['名称', '价格'],
          ['a', 1],
        ],
        'wrong.xlsx',
      ),
    );
    await expect.poll(() => toast(page, messages.gacha.importHeader).isVisible()).toBe(true);
    await page.getByTestId('gacha-import-input').setInputFiles(xlsxFile([GACHA_HEADER], 'empty.xlsx'));
    await expect.poll(() => toast(page, messages.gacha.importEmpty).isVisible()).toBe(true);
    expect(await page.getByText(messages.upload.failed, { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('exports the filtered goods as a job with a progress bar', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    const ipId = await openGacha(page, suite.stack.consoleUrl);
    const word = `导出${Date.now()}`;
    await importGacha(
      suite.stack,
      token,
      ipId,
      Array.from({ length: 2500 }, (_, i) => gachaRow(`${word} ${i}`, pic)),
    );
    await filterByName(page, word);
    await expect.poll(() => page.getByTestId('pagination').textContent()).toContain('共 2500 条');
    // Note whether the progress bar was ever on screen, however quickly the job finishes.
    await page.evaluate(() => {
      const w = window as unknown as { seenProgress: boolean };
      w.seenProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="export-progress"]')) w.seenProgress = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.getByTestId('gacha-export').click();
    await expect.poll(() => page.getByTestId('export-done').isVisible(), { timeout: longest(20_000) }).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { seenProgress: boolean }).seenProgress)).toBe(true);
    await shot(page, 'gacha-export-done');
    const sheet = await fetchSheet((await page.getByTestId('export-link').getAttribute('href'))!);
    expect(sheet).toHaveLength(2501);
    expect(sheet.slice(1).every((r) => String(r[1]).startsWith(word))).toBe(true);

    // The export centre: export again and close the dialog at once; the job goes on, a toast says
    // when its file is ready, the header shows a badge, and the file is listed under its name.
    await page.getByTestId('export-dialog').getByLabel('关闭').click();
    // The dialog's own follow-up is cut off, so however fast the job runs, only the centre sees it end.
    await page.route(/\/web\/job\/status/, (route) => route.abort());
    await page.getByTestId('gacha-export').click();
    await expect.poll(() => page.getByTestId('export-progress').isVisible()).toBe(true);
    await page.getByTestId('export-dialog').getByLabel('关闭').click();
    await expect.poll(() => page.getByTestId('export-dialog').isVisible()).toBe(false);
    const done = page.getByText(/^导出完成：扭蛋商品_\d{8}_\d{4}\.xlsx$/).first();
    // Followed every 2 s from the moment the job started, not at the centre's 30 s idle pace.
    await expect.poll(() => done.isVisible(), { timeout: scaled(10_000) }).toBe(true);
    await expect.poll(() => page.getByTestId('export-centre-badge').textContent()).toBe('1');
    await shot(page, 'export-centre-toast');
    await page.getByTestId('export-centre').click();
    const files = page.getByTestId('export-file');
    await expect.poll(() => files.count()).toBe(2);
    expect(await files.first().getByTestId('export-file-name').textContent()).toMatch(/^扭蛋商品_\d{8}_\d{4}\.xlsx$/);
    expect(await files.first().getByTestId('export-file-status').textContent()).toBe('已完成');
    await shot(page, 'export-centre');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.first().getByTestId('export-file-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^扭蛋商品_\d{8}_\d{4}\.xlsx$/);
    await expect.poll(() => page.getByTestId('export-centre-badge').count()).toBe(0);
    await context.close();
  });
});
