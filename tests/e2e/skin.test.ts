// 装扮 as a merchant would make one: a folder of named images through 批量上传 (three wrong files
// refused with their reasons, one named by the image's other name told the name to use), the slots
// showing both names, the step rules, a draft saved and resumed from the draft box, the
// preview code opened as a phone would (and refused once expired; its link on this machine's address
// said to be out of a phone's reach), submit, the reviewer's approval,
// then list, the drop switch and the admin claim.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, SKIN_IMAGES } from '@toy/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.js';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { playerClient } from '../support/player.js';
import { useBrowserStack } from '../support/suite.js';

/** A PNG of this size; `clear` leaves a transparent centre of that side (the avatar widget's). */
async function png(path: string, width: number, height: number, clear = 0) {
  const data = Buffer.alloc(width * height * 4);
  const inset = (width - clear) / 2;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const centre = clear > 0 && x >= inset && x < width - inset && y >= inset && y < height - inset;
      data.set(centre ? [0, 0, 0, 0] : [136, 102, 170, 220], (y * width + x) * 4);
    }
  await sharp(data, { raw: { width, height, channels: 4 } })
    .png()
    .toFile(path);
  return path;
}

/**
 * A designer's folder: every slot at its size, except 品牌铭牌 at a wrong size, a file wrongly named
 * and one named as the missing-image message calls the slot (首页标签栏背景, not 底部标签栏背景).
 */
async function folders() {
  const root = join(tmpdir(), `skin-e2e-${Date.now()}`);
  const a = join(root, 'a');
  const b = join(root, 'b');
  mkdirSync(a, { recursive: true });
  mkdirSync(b, { recursive: true });
  const first: string[] = [];
  for (const slot of SKIN_IMAGES) {
    const wrong = slot.key === 'ip_brand';
    const clear = slot.key === 'avatar_widget' ? 480 : 0;
    first.push(await png(join(a, `${slot.name}.png`), wrong ? 200 : slot.width, wrong ? 200 : slot.height, clear));
  }
  first.push(await png(join(a, 'logo.png'), 216, 216));
  first.push(await png(join(a, '首页标签栏背景.png'), 2250, 540));
  const second = [await png(join(b, '品牌铭牌.png'), 216, 216)];
  return { root, first, second };
}

describe.skipIf(!hasBrowser)('brand skins', () => {
  const suite = useBrowserStack();

  it('batch upload, draft, preview, submit, review, list, drop and claim', async () => {
    const files = await folders();
    const { page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Ftoy%2Fskin');
    await page.waitForURL(/\/toy\/skin\?ip_id=\d+/);
    expect(await page.getByRole('heading', { name: '装扮管理' }).isVisible()).toBe(true);
    await page.getByTestId('skin-add').click();
    await page.waitForURL(/\/skin\/add/);
    await expect.poll(() => page.getByText('品牌上传说明').isVisible()).toBe(true);

    // Nothing yet: step 0's first rule, and the preview's.
    await page.getByTestId('skin-next').click();
    await expect.poll(() => toast(page, '请上传头像挂件').isVisible()).toBe(true);
    await page.getByTestId('skin-preview').click();
    await expect.poll(() => toast(page, '请上传图片后预览').isVisible()).toBe(true);

    // Each slot shows its name and, where the messages call it otherwise, that name too.
    expect(await page.getByTestId('skin-slot-name-index_nav').textContent()).toBe(
      '* 底部标签栏背景又称 首页标签栏背景',
    );
    expect(await page.getByTestId('skin-slot-name-message_background').textContent()).toContain('又称 消息形象');
    expect(await page.getByTestId('skin-slot-name-avatar_widget').textContent()).toBe('* 头像挂件');

    // The folder: 16 land in their slots, three are refused with their reasons.
    await page.getByTestId('skin-batch-input').setInputFiles(files.first);
    await expect
      .poll(() => page.getByTestId('skin-batch-failures').isVisible(), { timeout: longest(30_000) })
      .toBe(true);
    const failures = page.getByTestId('skin-batch-failure');
    await expect.poll(() => failures.count()).toBe(3);
    expect(await failures.filter({ hasText: '品牌铭牌.png' }).textContent()).toContain(
      '尺寸不正确,请上传216*216px图片',
    );
    expect(await failures.filter({ hasText: 'logo.png' }).textContent()).toContain('文件命名不正确，未找到对应位置');
    expect(await failures.filter({ hasText: '首页标签栏背景.png' }).textContent()).toContain(
      '文件命名不正确，未找到对应位置：「首页标签栏背景」请命名为「底部标签栏背景」',
    );
    expect(await page.getByText('批量上传失败文件').isVisible()).toBe(true);
    await shot(page, 'skin-batch-failures');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('skin-batch-failures').count()).toBe(0);
    await expect.poll(() => page.getByTestId('skin-image-avatar_widget-item').count()).toBe(1);
    expect(await page.getByTestId('skin-image-ip_brand-item').count()).toBe(0);
    await page.getByTestId('skin-next').click();
    await expect.poll(() => toast(page, '请上传品牌铭牌').isVisible()).toBe(true);
    await page.getByTestId('skin-batch-input').setInputFiles(files.second);
    await expect.poll(() => page.getByTestId('skin-image-ip_brand-item').count(), { timeout: longest(20_000) }).toBe(1);
    await page.getByTestId('skin-next').click();
    await expect.poll(() => toast(page, '请输入字体色值').isVisible()).toBe(true);
    await page.getByTestId('skin-font-tone').fill('#8866AA');
    await shot(page, 'skin-form-step0');

    // A draft, saved and resumed from the draft box.
    await page.getByTestId('skin-save-draft').click();
    await expect.poll(() => toast(page, '保存成功').isVisible()).toBe(true);
    await page.goto(`${suite.stack.consoleUrl}/toy/skin`);
    await expect.poll(() => page.getByTestId('skin-drafts').textContent()).toContain('（1）');
    await page.getByTestId('skin-drafts').click();
    await expect.poll(() => page.getByTestId('skin-draft-row').count()).toBe(1);
    await shot(page, 'skin-draft-box');
    await page.getByTestId('skin-draft-edit').click();
    await page.waitForURL(/\/skin\/add\?id=\d+&type=draft/);
    await expect.poll(() => page.getByTestId('skin-font-tone').inputValue()).toBe('#8866AA');
    for (const slot of SKIN_IMAGES)
      await expect.poll(() => page.getByTestId(`skin-image-${slot.key}-item`).count()).toBe(1);

    // The preview code: a QR valid 10 minutes; its page renders the skin on a phone; expired, refused.
    await page.getByTestId('skin-preview').click();
    await expect.poll(() => page.getByTestId('skin-preview-dialog').isVisible()).toBe(true);
    expect(await page.getByText('微信扫码预览').first().isVisible()).toBe(true);
    expect(await page.getByTestId('skin-preview-expiry').textContent()).toMatch(
      /^有效期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（10分钟内有效）$/,
    );
    expect(
      await page.getByTestId('skin-preview-qr').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(100);
    // The stack's API is on 127.0.0.1: the dialog says a phone cannot open that address.
    expect(await page.getByTestId('skin-preview-local').textContent()).toBe(
      '预览地址为本机地址，手机无法打开：请将 PUBLIC_URL 设置为手机可访问的地址',
    );
    await shot(page, 'skin-preview-dialog');
    const link = (await page.getByTestId('skin-preview-link').textContent())!;
    expect(link).toMatch(/\/m\/skin\/preview\?code=[0-9a-f]{32}$/);
    const phone = await newPage(suite.browser, { width: 390, height: 844 });
    await phone.page.goto(link);
    await expect.poll(() => phone.page.getByTestId('skin-preview-nav').isVisible()).toBe(true);
    expect(await phone.page.getByTestId('skin-preview-profile').count()).toBe(1);
    const loaded = await phone.page.evaluate(() =>
      [...document.images].every((img) => img.complete && img.naturalWidth > 0),
    );
    expect(loaded).toBe(true);
    await shot(phone.page, 'skin-preview-phone');
    const code = new URL(link).searchParams.get('code');
    await suite.stack.sql(`update skin_previews set expires_at = now() - interval '1 second' where code = $1`, [code]);
    await phone.page.reload();
    await expect.poll(() => phone.page.getByTestId('skin-preview-refused').textContent()).toContain('预览码已过期');
    await shot(phone.page, 'skin-preview-expired');
    await phone.context.close();
    await page.keyboard.press('Escape');

    // Step 1 and submit (the draft goes with it).
    await page.getByTestId('skin-next').click();
    await expect.poll(() => page.getByTestId('skin-title').isVisible()).toBe(true);
    await page.getByTestId('skin-submit').click();
    await expect.poll(() => toast(page, '请输入装扮名称').isVisible()).toBe(true);
    const title = `装扮${String(Date.now()).slice(-4)}`;
    await page.getByTestId('skin-title').fill(title);
    await page.getByTestId('skin-content').fill('春天的主题装扮');
    await shot(page, 'skin-form-step1');
    await page.getByTestId('skin-submit').click();
    await expect.poll(() => toast(page, '已提交申请').isVisible()).toBe(true);
    await page.waitForURL(/\/toy\/skin/);
    const row = page.getByTestId('skin-row').filter({ hasText: title });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('skin-process').textContent()).toBe('待审核');
    expect(await row.getByTestId('skin-toggle').count()).toBe(0);
    expect(await row.getByTestId('skin-edit').count()).toBe(0);
    await expect.poll(() => page.getByTestId('skin-drafts').textContent()).toContain('（0）');

    // The reviewer approves it.
    const reviewer = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(
      reviewer.page,
      suite.stack.consoleUrl,
      'reviewer@demo.local',
      '/login?redirect=%2Freview%2FblindBox',
    );
    await reviewer.page.waitForURL(/\/review\/blindBox/);
    await reviewer.page.getByTestId('review-tab-skin').click();
    const card = reviewer.page.getByTestId('skin-review-card').filter({ hasText: title });
    await expect.poll(() => card.count()).toBe(1);
    await shot(reviewer.page, 'skin-review');
    await card.getByTestId('skin-review-approve').click();
    await reviewer.page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(reviewer.page, '已通过').isVisible()).toBe(true);
    await reviewer.context.close();

    // Listed (with its confirmation), dropped, claimed.
    await page.reload();
    await expect.poll(() => row.getByTestId('skin-process').textContent()).toBe('已通过');
    await row.getByTestId('skin-toggle').click();
    await expect.poll(() => page.getByTestId('confirm-message').textContent()).toBe('确定要上架此装扮吗？');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '上架成功！').isVisible()).toBe(true);
    await expect.poll(() => row.getByTestId('skin-status').textContent()).toBe('已上架');
    await row.getByTestId('skin-drop').click();
    await expect.poll(() => toast(page, '设置成功').isVisible()).toBe(true);
    const players = playerClient(suite.stack.apiUrl);
    await players.login('13700001234');
    // The activity is one of the brand's draw machines, by the id its list shows.
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));
    const merchant = apiClient(suite.stack.apiUrl);
    const token = await merchant.login('brand@demo.local');
    const machines = await merchant.call<{ lists: { id: number }[] }>(
      'GET',
      api.exchange.activities.path,
      { ip_id: ipId, type: 1 },
      token,
    );
    const machineId = machines.body.data.lists[0]!.id;
    await row.getByTestId('skin-claim').click();
    await page.getByTestId('skin-claim-active').fill('2000000000');
    await page.getByTestId('skin-claim-phone').fill('13700001234');
    await page.getByTestId('skin-claim-submit').click();
    await expect.poll(() => toast(page, '活动不存在：请填写本品牌抽盒机或一番赏的ID').isVisible()).toBe(true);
    await page.getByTestId('skin-claim-active').fill(String(machineId));
    await page.getByTestId('skin-claim-phone').fill('1270000123');
    await page.getByTestId('skin-claim-submit').click();
    await expect.poll(() => page.getByTestId('error-phone').textContent()).toBe('手机号格式不正确');
    await page.getByTestId('skin-claim-phone').fill('13700001234');
    await shot(page, 'skin-claim');
    await page.getByTestId('skin-claim-submit').click();
    await expect.poll(() => toast(page, '领取成功').isVisible()).toBe(true);
    await expect.poll(() => row.getByTestId('skin-received').textContent()).toBe('1');
    await shot(page, 'skin-list');
    rmSync(files.root, { recursive: true, force: true });
  }, 180_000);
});
