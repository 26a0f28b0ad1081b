// 欧气精灵/场景 and 精彩时刻 as a merchant and the reviewer would try them: a toy (a GIF) and a scene
// created with the dialog's messages in order, the reviewer rejecting one with a remark and
// approving the other, the merchant reading the remark and editing the rejected one; a moment saved
// once its watermarked version is made (the watermark looked at in a screenshot).
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { fieldError, saveAndExpect, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const fixtures = () => {
  const dir = join(tmpdir(), 'toy-fixtures');
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** A transparent 720×960 GIF: a round sprite. */
async function gifFile(name: string, color: string): Promise<string> {
  const path = join(fixtures(), name);
  await sharp({ create: { width: 720, height: 960, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="960"><circle cx="360" cy="480" r="260" fill="${color}"/></svg>`,
        ),
      },
    ])
    .gif()
    .toFile(path);
  return path;
}

/** A 1200×800 JPEG photo with a soft gradient. */
async function photoFile(name: string): Promise<string> {
  const path = join(fixtures(), name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#36d1dc"/><stop offset="1" stop-color="#5b86e5"/></linearGradient></defs><rect width="1200" height="800" fill="url(#g)"/><circle cx="600" cy="400" r="180" fill="#ffd200"/></svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toFile(path);
  return path;
}

describe.skipIf(!hasBrowser)('toys, scenes and highlight moments', () => {
  const suite = useBrowserStack();

  it('creates a toy and a scene, the reviewer rejects one and approves the other, the merchant edits', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Ftoy%2Flist');
    await page.waitForURL(/\/toy\/list\?ip_id=\d+/);
    expect(await page.getByRole('heading', { name: '欧气精灵/场景' }).isVisible()).toBe(true);

    // The toy: each rule of §5 in order.
    const stamp = String(Date.now()).slice(-4);
    const toyName = `精灵${stamp}`;
    await page.getByTestId('toy-add').click();
    await expect.poll(() => page.getByTestId('toy-dialog').isVisible()).toBe(true);
    await saveAndExpect(page, 'toy-save', 'name', '请输入名称');
    await page.getByTestId('toy-name').fill('一二三四五六七八九十一');
    await saveAndExpect(page, 'toy-save', 'name', '名称不能超过10个字符');
    await page.getByTestId('toy-name').fill(toyName);
    await saveAndExpect(page, 'toy-save', 'image_url', '请上传欧气精灵');
    await page.getByTestId('toy-image-input').setInputFiles(await pngFile(720, 960, 'toy-not-gif.png'));
    await expect.poll(() => page.getByTestId('toy-image-item').count()).toBe(1);
    await saveAndExpect(page, 'toy-save', 'image_url', '欧气精灵仅限GIF图片');
    await page.getByTestId('toy-image-remove').click();
    await page.getByTestId('toy-image-input').setInputFiles(await gifFile('toy.gif', '#ff7ab6'));
    await expect.poll(() => page.getByTestId('toy-image-item').count()).toBe(1);
    expect(await page.getByTestId('toy-sample').getAttribute('href')).toMatch(/samples\/toy-sample\.gif$/);
    const sample = await fetch(new URL((await page.getByTestId('toy-sample').getAttribute('href'))!, page.url()));
    expect(sample.status).toBe(200);
    expect(
      Buffer.from(await sample.arrayBuffer())
        .subarray(0, 3)
        .toString(),
    ).toBe('GIF');
    expect(await page.getByTestId('toy-rules').textContent()).toContain('720x960');
    await page.getByTestId('toy-short').fill('一只会发光的小精灵');
    await shot(page, 'toy-create-dialog');
    await page.getByTestId('toy-save').click();
    await expect.poll(() => toast(page, '已提交申请').isVisible()).toBe(true);
    const toyRow = page.getByTestId('toy-row').filter({ hasText: toyName });
    await expect.poll(() => toyRow.count()).toBe(1);
    expect(await toyRow.getByTestId('toy-status').textContent()).toBe('待审核');
    expect(await toyRow.getByTestId('toy-edit').count()).toBe(0);
    expect(await toyRow.getByTestId('toy-delete').count()).toBe(0);

    // The scene.
    const sceneName = `场景${stamp}`;
    await page.getByTestId('toy-add').click();
    await page.getByTestId('toy-type-2').click();
    await page.getByTestId('toy-name').fill(sceneName);
    await saveAndExpect(page, 'toy-save', 'image_url', '请上传场景');
    await page.getByTestId('toy-image-input').setInputFiles(await pngFile(1500, 2600, 'scene.png'));
    await expect.poll(() => page.getByTestId('toy-image-item').count()).toBe(1);
    await page.getByTestId('toy-drop').click();
    await page.getByTestId('toy-save').click();
    await expect.poll(() => toast(page, '已提交申请').isVisible()).toBe(true);
    const sceneRow = page.getByTestId('toy-row').filter({ hasText: sceneName });
    await expect.poll(() => sceneRow.count()).toBe(1);
    await shot(page, 'toy-list-pending');

    // The reviewer: reject the toy with a remark, approve the scene.
    const review = await newPage(suite.browser, { width: 1440, height: 900 });
    const rp = review.page;
    await passwordLogin(rp, suite.stack.consoleUrl, 'reviewer@demo.local', '/login?redirect=%2Freview%2FblindBox');
    await rp.waitForURL(/\/review\/blindBox/);
    await rp.getByTestId('review-tab-toy').click();
    const toyCard = rp.getByTestId('toy-review-card').filter({ hasText: toyName });
    await expect.poll(() => toyCard.count()).toBe(1);
    await shot(rp, 'toy-review-pending');
    await toyCard.getByTestId('toy-review-reject').click();
    await rp.getByTestId('toy-reject-submit').click();
    await expect.poll(() => fieldError(rp, 'remark').textContent()).toBe('请输入驳回原因');
    await rp.getByTestId('toy-reject-remark').fill('背景需要透明');
    await rp.getByTestId('toy-reject-submit').click();
    await expect.poll(() => toast(rp, '已驳回').isVisible()).toBe(true);
    const sceneCard = rp.getByTestId('toy-review-card').filter({ hasText: sceneName });
    await sceneCard.getByTestId('toy-review-approve').click();
    await rp.getByRole('button', { name: '通过' }).last().click();
    await expect.poll(() => toast(rp, '已通过').isVisible()).toBe(true);
    await shot(rp, 'toy-review');
    await review.context.close();

    // The merchant reads the remark and edits the rejected toy; the approved scene is not editable.
    await page.reload();
    await expect.poll(() => toyRow.getByTestId('toy-status').textContent()).toBe('已驳回');
    expect(await toyRow.getByTestId('toy-remark').textContent()).toBe('驳回原因：背景需要透明');
    expect(await sceneRow.getByTestId('toy-status').textContent()).toBe('已通过');
    expect(await sceneRow.getByTestId('toy-edit').count()).toBe(0);
    expect(await sceneRow.getByTestId('toy-delete').count()).toBe(1);
    await shot(page, 'toy-list-reviewed');
    await toyRow.getByTestId('toy-edit').click();
    await expect.poll(() => page.getByTestId('toy-name').inputValue()).toBe(toyName);
    await page.getByTestId('toy-image-remove').click();
    await page.getByTestId('toy-image-input').setInputFiles(await gifFile('toy-2.gif', '#8b6cff'));
    await expect.poll(() => page.getByTestId('toy-image-item').count()).toBe(1);
    await page.getByTestId('toy-short').fill('透明背景的新版本');
    await page.getByTestId('toy-save').click();
    await expect.poll(() => toast(page, '已提交申请').isVisible()).toBe(true);
    await expect.poll(() => toyRow.getByTestId('toy-status').textContent()).toBe('待审核');
    expect(await toyRow.getByTestId('toy-remark').count()).toBe(0);
    await context.close();
  }, 180_000);

  it('creates a moment once its watermarked version is ready', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    // The versions take a moment to make: hold the answer so the form is seen waiting.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/web/helper/moment/prepare', async (route) => {
      await held;
      await route.continue();
    });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Ftoy%2Falbum');
    await page.waitForURL(/\/toy\/album\?ip_id=\d+/);
    const name = `时刻${String(Date.now()).slice(-4)}`;
    await page.getByTestId('moment-add').click();
    await expect.poll(() => page.getByTestId('moment-dialog').isVisible()).toBe(true);
    await saveAndExpect(page, 'moment-save', 'name', '请输入名称');
    await page.getByTestId('moment-name').fill(name);
    await saveAndExpect(page, 'moment-save', 'image_url', '请上传精彩时刻');
    await page.getByTestId('moment-image-input').setInputFiles(await photoFile('moment.jpg'));
    await expect.poll(() => page.getByTestId('moment-preparing').isVisible()).toBe(true);
    await saveAndExpect(page, 'moment-save', 'image_url', '请等待图片上传完成');
    release();
    await expect.poll(() => page.getByTestId('moment-watermark').isVisible(), { timeout: longest(20_000) }).toBe(true);
    await saveAndExpect(page, 'moment-save', 'short', '请输入精彩时刻描述');
    await page.getByTestId('moment-short').fill('第一次抽到隐藏款的瞬间');
    expect(await page.getByTestId('moment-rules').textContent()).toContain('1200x800');
    await shot(page, 'moment-create-dialog');
    const src = (await page.getByTestId('moment-watermark').getAttribute('src'))!;
    await page.getByTestId('moment-save').click();
    await expect.poll(() => toast(page, '已提交申请').isVisible()).toBe(true);
    const row = page.getByTestId('moment-row').filter({ hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('toy-status').textContent()).toBe('待审核');
    await shot(page, 'moment-list');

    // The watermarked picture itself, full size: the brand's name written across it.
    const full = new URL(src, page.url());
    full.search = '';
    await page.goto(full.toString());
    await shot(page, 'moment-watermark');
    const picture = Buffer.from(await (await fetch(full)).arrayBuffer());
    expect(await sharp(picture).metadata()).toMatchObject({ width: 1200, height: 800, format: 'jpeg' });
    await context.close();
  }, 120_000);
});
