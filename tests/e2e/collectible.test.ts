// 数字藏品 as a merchant would try them: a single image, a glb model with its cover and rotatable
// preview, and a multi-image collectible through the stock dialog with its messages in order; the
// list shows the three, 设置合辑 asks for an album, and a batch delete is confirmed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { fieldError, saveAndExpect, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

/** A binary glTF 2.0 (header and a JSON chunk of a minimal glTF), written to a temp file. */
function glbFile(): string {
  const json = Buffer.from('{"asset":{"version":"2.0"},"scenes":[{"nodes":[]}],"scene":0}  ');
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'ascii');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + json.length, 8);
  header.writeUInt32LE(json.length, 12);
  header.write('JSON', 16, 'ascii');
  const dir = join(tmpdir(), 'toy-fixtures');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'collectible.glb');
  writeFileSync(path, Buffer.concat([header, json]));
  return path;
}

/** The common fields after the upload: brand, name, royalty, agreement. */
async function fillCommon(page: Page, title: string) {
  await page.getByTestId('collectible-form-title').fill(title);
  await page.getByTestId('collectible-form-royalty').fill('10');
  await page.getByTestId('collectible-form-agreement').click();
}

async function pickBrand(page: Page) {
  const select = page.getByTestId('collectible-form-brand');
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value!);
}

describe.skipIf(!hasBrowser)('digital collectibles', () => {
  const suite = useBrowserStack();

  it('creates an image, a glb model and a multi-image collectible; lists, sets an album and deletes', async () => {
    const { page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fnft%2Fgoods');
    await page.waitForURL(/\/nft\/goods\?ip_id=\d+/);
    await expect.poll(() => page.getByTestId('collectible-page').isVisible()).toBe(true);

    // The create menu offers the three types.
    await page.getByTestId('collectible-add').click();
    await expect.poll(() => page.getByTestId('collectible-add-1').isVisible()).toBe(true);
    await shot(page, 'collectible-add-menu');
    await page.getByTestId('collectible-add-1').click();
    await page.waitForURL(/\/nft\/goodsAdd\?type=1/);

    // Detail images take the spec's 20MB (图片文件最大支持20MB), as the collectible file does.
    await expect.poll(() => page.getByTestId('collectible-form-details').textContent()).toContain('不超过20MB');
    // Type 1, an image: the rules of §5 in order.
    await saveAndExpect(page, 'collectible-form-save', 'ip_id', '品牌不可为空');
    await pickBrand(page);
    await saveAndExpect(page, 'collectible-form-save', 'title', '标题不可为空');
    await page.getByTestId('collectible-form-title').fill('星河藏品');
    await saveAndExpect(page, 'collectible-form-save', 'stock', '库存不可为空');
    await page.getByTestId('collectible-form-stock').fill('5');
    await saveAndExpect(page, 'collectible-form-save', 'copyright_charge', '版税不可为空');
    await page.getByTestId('collectible-form-royalty').fill('46');
    await saveAndExpect(page, 'collectible-form-save', 'copyright_charge', '版税范围为0%-45%');
    await page.getByTestId('collectible-form-royalty').fill('10');
    await saveAndExpect(page, 'collectible-form-save', 'file', '请上传数字藏品');
    await page.getByTestId('collectible-form-file-input').setInputFiles(await pngFile(400, 400, 'collectible-1.png'));
    await expect
      .poll(() => page.getByTestId('collectible-form-file-image').isVisible(), { timeout: longest(20_000) })
      .toBe(true);
    await saveAndExpect(page, 'collectible-form-save', 'agreement', '请阅读并勾选数字藏品发行协议');
    await page.getByTestId('collectible-form-author-toggle').click();
    await page.getByTestId('collectible-form-author').fill('甲作者');
    await page.getByTestId('collectible-form-author-toggle').click();
    await page.getByTestId('collectible-form-agreement').click();
    await shot(page, 'collectible-form-image');
    await page.getByTestId('collectible-form-save').click();
    await expect.poll(() => toast(page, '创建成功').isVisible()).toBe(true);
    await page.waitForURL(/\/nft\/goods/);
    await expect.poll(() => page.getByTestId('collectible-row').filter({ hasText: '星河藏品' }).count()).toBe(1);

    // Type 1, a glb model: a cover is needed; the model shows in a rotatable preview.
    await page.goto(`${suite.stack.consoleUrl}/nft/goodsAdd?type=1`);
    await pickBrand(page);
    await page.getByTestId('collectible-form-file-input').setInputFiles(glbFile());
    await expect
      .poll(() => page.getByTestId('collectible-form-file-model').isVisible(), { timeout: longest(20_000) })
      .toBe(true);
    await expect.poll(() => page.locator('model-viewer').count(), { timeout: longest(20_000) }).toBe(1);
    await page.getByTestId('collectible-form-stock').fill('3');
    await fillCommon(page, '立体藏品');
    await page.getByTestId('collectible-form-save').click();
    await expect.poll(() => toast(page, '请上传3D模型的封面图').isVisible()).toBe(true);
    await page.getByTestId('collectible-form-cover-input').setInputFiles(await pngFile(300, 300, 'cover.png'));
    await expect
      .poll(() => page.getByTestId('collectible-form-cover-item').count(), { timeout: longest(20_000) })
      .toBe(1);
    await page.getByTestId('collectible-form-file').scrollIntoViewIfNeeded();
    await shot(page, 'collectible-form-glb');
    await page.getByTestId('collectible-form-save').click();
    await page.waitForURL(/\/nft\/goods(\?|$)/);
    await expect.poll(() => page.getByTestId('collectible-row').filter({ hasText: '立体藏品' }).count()).toBe(1);

    // Type 2: many images, then the stock dialog's messages in order.
    await page.goto(`${suite.stack.consoleUrl}/nft/goodsAdd?type=2`);
    await pickBrand(page);
    await fillCommon(page, '四季');
    await saveAndExpect(page, 'collectible-form-save', 'file', '请上传数字藏品');
    const files = await Promise.all([1, 2, 3].map((i) => pngFile(200 + i, 200, `season-${i}.png`)));
    await page.getByTestId('collectible-form-images-input').setInputFiles(files);
    await expect.poll(() => page.getByTestId('stock-dialog').isVisible(), { timeout: longest(20_000) }).toBe(true);
    await expect.poll(() => page.getByTestId('stock-dialog-row').count()).toBe(3);
    await page.getByTestId('stock-dialog-number').click();
    await expect.poll(() => page.getByTestId('stock-dialog-error').textContent()).toBe('请输入起始序号');
    await page.getByTestId('stock-dialog-start').fill('7');
    await page.getByTestId('stock-dialog-number').click();
    await expect.poll(() => page.getByTestId('stock-dialog-title').nth(2).inputValue()).toBe('四季#9');
    await page.getByTestId('stock-dialog-set-picked').click();
    await expect.poll(() => page.getByTestId('stock-dialog-error').textContent()).toBe('请输入库存');
    await page.getByTestId('stock-dialog-stock').fill('4');
    await page.getByTestId('stock-dialog-set-picked').click();
    await expect.poll(() => page.getByTestId('stock-dialog-error').textContent()).toBe('请选择要修改库存的藏品');
    await page.getByTestId('stock-dialog-pick').nth(1).click();
    await page.getByTestId('stock-dialog-delete').click();
    await expect.poll(() => page.getByTestId('stock-dialog-row').count()).toBe(2);
    await page.getByTestId('stock-dialog-set-all').click();
    await shot(page, 'collectible-stock-dialog');
    await page.getByTestId('stock-dialog-save').click();
    await expect.poll(() => page.getByTestId('collectible-form-stock-total').textContent()).toBe('共2张，总库存8');
    await page.getByTestId('collectible-form-save').click();
    await page.waitForURL(/\/nft\/goods(\?|$)/);
    const multi = page.getByTestId('collectible-row').filter({ hasText: '四季' });
    await expect.poll(() => multi.getByTestId('collectible-stock').textContent()).toBe('8');
    expect(await multi.getByTestId('collectible-residue').textContent()).toBe('8');
    // Names, not hash words or numbered ids: the list speaks of 防篡改凭证.
    const listed = await page.getByTestId('collectible-page').textContent();
    expect(listed).toContain('防篡改凭证');
    expect(listed).not.toMatch(/sha|哈希|#\d/i);
    await shot(page, 'collectible-list');

    // 设置合辑: an album must be chosen.
    await multi.getByTestId('collectible-pick').click();
    await page.getByTestId('collectible-set-album').click();
    await expect.poll(() => page.getByTestId('collectible-album-dialog').isVisible()).toBe(true);
    await page.getByTestId('collectible-album-save').click();
    await expect.poll(() => fieldError(page, 'catalog_id').textContent()).toBe('请选择数字藏品合辑');
    await shot(page, 'collectible-set-album');
    await page.keyboard.press('Escape');

    // Batch delete, confirmed: the picked row goes.
    await page.getByTestId('collectible-delete').click();
    await expect.poll(() => page.getByTestId('confirm-message').textContent()).toBe('确定要删除选中的数字藏品吗？');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '删除成功！').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('collectible-row').filter({ hasText: '四季' }).count()).toBe(0);
    expect(await page.getByTestId('collectible-row').count()).toBe(2);
  });
  it('composes a 3×3×3 set: the group rules, progress, 27 images with coordinates, the zip, then one collectible of 27', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 1000 });
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      '/login?redirect=%2Fnft%2FgoodsAdd%3Ftype%3D3',
    );
    await page.waitForURL(/\/nft\/goodsAdd\?type=3/);
    await pickBrand(page);
    const group = (n: number) => page.getByTestId(`composed-group-${n}`);
    const layers = async (n: number, count: number, size = 300) =>
      Promise.all(Array.from({ length: count }, (_, i) => pngFile(size, size, `layer-${n}-${i}-${size}.png`)));
    const upload = async (n: number, files: string[]) => {
      await group(n).getByTestId(`composed-group-${n}-input`).setInputFiles(files);
      await expect.poll(() => group(n).getByTestId(`composed-group-${n}-item`).count()).toBe(files.length);
    };

    await upload(1, await layers(1, 3));
    await page.getByTestId('composed-add-group').click();
    // An empty group is named by its number.
    await page.getByTestId('composed-generate').click();
    await expect.poll(() => toast(page, '请上传第2组图片').isVisible()).toBe(true);
    await upload(2, await layers(2, 3));
    await page.getByTestId('composed-add-group').click();
    // A layer of another size is refused before anything is composed.
    await upload(3, await layers(3, 1, 200));
    await page.getByTestId('composed-generate').click();
    await expect.poll(() => toast(page, '图片尺寸不统一，请修改后重新上传').isVisible()).toBe(true);
    await group(3).getByTestId('composed-group-3-remove').first().click();
    await upload(3, await layers(3, 3));
    await expect.poll(() => page.getByTestId('composed-combos').textContent()).toBe('组合数 27');

    await page.getByTestId('composed-generate').click();
    await expect.poll(() => page.getByTestId('composed-result').isVisible(), { timeout: longest(60_000) }).toBe(true);
    expect(await page.getByTestId('composed-coord').first().textContent()).toContain('1-1-1');
    await shot(page, 'collectible-composed');
    // The zip holds the 27 PNGs (its end-of-directory record counts the entries).
    const href = await page.getByTestId('composed-zip').getAttribute('href');
    const zip = Buffer.from(await (await context.request.get(new URL(href!, page.url()).toString())).body());
    expect(zip.readUInt16LE(zip.length - 22 + 10)).toBe(27);

    await page.getByTestId('collectible-form-title').fill('星座合成');
    await page.getByTestId('collectible-form-royalty').fill('5');
    await page.getByTestId('collectible-form-agreement').click();
    await page.getByTestId('collectible-form-save').click();
    await expect.poll(() => toast(page, '创建成功').isVisible()).toBe(true);
    await page.waitForURL(/\/nft\/goods(\?|$)/);
    const row = page.getByTestId('collectible-row').filter({ hasText: '星座合成' });
    await expect.poll(() => row.getByTestId('collectible-stock').textContent()).toBe('27');
    await context.close();
  });
});
