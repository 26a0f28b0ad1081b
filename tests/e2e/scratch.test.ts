// 刮刮卡 as a merchant would try it: the create dialog's messages in order, add codes, the code
// download followed to its xlsx, a player's redemption counted, the activity QR, linking to one of
// the brand's activities and unlinking, delete with its confirmation.
import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { deleteAfterCancel, hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fetchSheet } from '../support/goods.js';
import { saveAndExpect, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { playerClient } from '../support/player.js';
import { useBrowserStack } from '../support/suite.js';

describe.skipIf(!hasBrowser)('scratch cards', () => {
  const suite = useBrowserStack();

  it('creates with its messages in order, adds codes, downloads them, shows the QR and deletes', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await context.addInitScript(() => {
      const w = window as unknown as { opened: string[] };
      w.opened = [];
      window.open = (url?: string | URL) => {
        w.opened.push(String(url));
        return null;
      };
    });
    const opened = () => page.evaluate(() => (window as unknown as { opened: string[] }).opened);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FqrCode%2FqrCode');
    await page.waitForURL(/\/qrCode\/qrCode\?ip_id=\d+/);
    expect(await page.getByRole('heading', { name: '刮刮卡' }).isVisible()).toBe(true);

    // Create: each rule of §5 in order.
    const title = `刮卡${String(Date.now()).slice(-6)}`;
    await page.getByTestId('scratch-add').click();
    await expect.poll(() => page.getByTestId('scratch-dialog').isVisible()).toBe(true);
    await saveAndExpect(page, 'scratch-save', 'title', '请输入刮刮卡名称');
    await page.getByTestId('scratch-title').fill('一二三四五六七八九十一');
    await saveAndExpect(page, 'scratch-save', 'title', '刮刮卡名称不能超过10个字符');
    await page.getByTestId('scratch-title').fill(title);
    await saveAndExpect(page, 'scratch-save', 'stock', '请输入库存');
    await page.getByTestId('scratch-stock').fill('0');
    await saveAndExpect(page, 'scratch-save', 'stock', '库存须大于0');
    await page.getByTestId('scratch-stock').fill('10001');
    await saveAndExpect(page, 'scratch-save', 'stock', '库存不能超过10000');
    await page.getByTestId('scratch-stock').fill('2500');
    await shot(page, 'scratch-create-dialog');
    await page.getByTestId('scratch-save').click();
    await expect.poll(() => toast(page, '创建成功').isVisible()).toBe(true);
    const row = page.getByTestId('scratch-row').filter({ hasText: title });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.getByTestId('scratch-total').textContent()).toBe('2500');

    // Add codes: a nonzero number.
    await row.getByTestId('scratch-add-codes').click();
    await expect.poll(() => page.getByTestId('scratch-codes-current').textContent()).toBe('2500');
    await saveAndExpect(page, 'scratch-codes-save', 'num', '请输入要增加的兑换码数量');
    await page.getByTestId('scratch-codes-num').fill('0');
    await saveAndExpect(page, 'scratch-codes-save', 'num', '请输入要增加的兑换码数量');
    await page.getByTestId('scratch-codes-num').fill('500');
    await page.getByTestId('scratch-codes-save').click();
    await expect.poll(() => toast(page, '已添加').isVisible()).toBe(true);
    await expect.poll(() => row.getByTestId('scratch-total').textContent()).toBe('3000');
    await shot(page, 'scratch-list');

    // Download: a job followed with its progress, then the xlsx of every code.
    await row.getByTestId('scratch-download').click();
    await expect.poll(() => page.getByTestId('scratch-export-progress').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('scratch-export-count').textContent()).toMatch(/^\d+ \/ 3000$/);
    await shot(page, 'scratch-export-progress');
    await expect
      .poll(() => page.getByTestId('scratch-export-link').isVisible(), { timeout: longest(20_000) })
      .toBe(true);
    expect(await page.getByTestId('scratch-export-count').textContent()).toBe('3000 / 3000');
    const href = (await page.getByTestId('scratch-export-link').getAttribute('href'))!;
    expect(await opened()).toContain(href);
    await shot(page, 'scratch-export-done');
    const sheet = await fetchSheet(href);
    expect(sheet[0]).toEqual(['序号', '兑换码', '状态', '兑换时间']);
    expect(sheet.length).toBe(3001);
    const codes = sheet.slice(1).map((r) => String(r[1]));
    expect(new Set(codes).size).toBe(3000);
    await page.keyboard.press('Escape');

    // A player redeems one code (a second time is refused): the row's counts move.
    const players = playerClient(suite.stack.apiUrl);
    const token = await players.login('13912340001');
    expect((await players.call(api.player.redeemScratch, { code: codes[0]! }, token)).status).toBe(0);
    const again = await players.call(api.player.redeemScratch, { code: codes[0]! }, token);
    expect(again.msg).toBe('兑换码已被使用');
    await page.reload();
    await expect.poll(() => row.getByTestId('scratch-used').textContent()).toBe('1');
    expect(await row.getByTestId('scratch-remaining').textContent()).toBe('2999');

    // The activity QR: a PNG image with a download.
    await row.getByTestId('scratch-qr').click();
    await expect.poll(() => page.getByTestId('scratch-qr-image').isVisible()).toBe(true);
    expect(await page.getByTestId('scratch-qr-image').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(
      await page.getByTestId('scratch-qr-image').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(100);
    expect(await page.getByTestId('scratch-qr-download').getAttribute('download')).toMatch(/\.png$/);
    expect(await page.getByTestId('scratch-qr-link').textContent()).toMatch(/\/m\/scratch\?card=\d+$/);
    await shot(page, 'scratch-qr');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('scratch-qr-dialog').count()).toBe(0);

    // 关联活动: one of the brand's draw machines; linked, the card is neither edited, topped up nor
    // deleted until 解除关联.
    await row.getByTestId('scratch-link').click();
    await expect.poll(() => page.getByTestId('activity-picker').isVisible()).toBe(true);
    expect(await page.getByTestId('activity-type').textContent()).toBe('抽盒机一番赏');
    const activity = page.getByTestId('activity-row').first();
    await expect.poll(() => activity.count()).toBe(1);
    const activityTitle = (await activity.locator('td').nth(1).textContent())!.trim();
    await shot(page, 'scratch-link-picker');
    await activity.getByTestId('activity-pick').click();
    await expect.poll(() => toast(page, '关联成功').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('activity-picker').count()).toBe(0);
    await expect.poll(() => row.getByTestId('scratch-activity').textContent()).toContain(activityTitle);
    for (const locked of ['scratch-edit', 'scratch-add-codes', 'scratch-delete', 'scratch-link'])
      expect(await row.getByTestId(locked).count(), locked).toBe(0);
    await shot(page, 'scratch-linked');
    const filtered = `${new URL(page.url()).pathname}?ip_id=${new URL(page.url()).searchParams.get('ip_id')}&active_title=${encodeURIComponent(activityTitle)}`;
    await page.goto(new URL(filtered, page.url()).href);
    await expect.poll(() => row.count()).toBe(1);
    await row.getByTestId('scratch-unlink').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '已解除关联').isVisible()).toBe(true);
    await page.goBack();
    await expect.poll(() => row.getByTestId('scratch-delete').count()).toBe(1);

    // Delete: cancel first, then confirm.
    await deleteAfterCancel(page, row, 'scratch-delete', {
      confirm: '确定要删除此刮刮卡吗？',
      picture: 'scratch-delete-confirm',
    });
    await context.close();
  }, 120_000);
});
