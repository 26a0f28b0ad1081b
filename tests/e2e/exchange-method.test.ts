// 壁纸 and 领取专区 as a merchant would try them: five wallpapers uploaded at once with their
// previews, then an exchange set made through the component chooser with the messages of §5 in
// order, the related-activity chooser, the 60-day advice, and the row put off and on shelf.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { saveAndExpect, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const fmt = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

async function fillTime(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).fill(value);
  await page.getByTestId(testId).press('Enter');
}

describe.skipIf(!hasBrowser)('wallpapers and exchange methods', () => {
  const suite = useBrowserStack();

  it('uploads 5 wallpapers, creates a set through the chooser with its messages in order, puts it off and on shelf', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Ftoy%2Fwallpaper');
    await page.waitForURL(/\/toy\/wallpaper\?ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));
    expect(await page.getByRole('heading', { name: '壁纸' }).isVisible()).toBe(true);

    // Wallpapers: name, then pictures; five at once, each previewed, one wallpaper each.
    await page.getByTestId('wallpaper-add').click();
    await expect.poll(() => page.getByTestId('wallpaper-dialog').isVisible()).toBe(true);
    await saveAndExpect(page, 'wallpaper-save', 'name', '请输入组件名称');
    await page.getByTestId('wallpaper-name').fill('星空壁纸');
    await saveAndExpect(page, 'wallpaper-save', 'images', '请上传组件图');
    const files = await Promise.all([1, 2, 3, 4, 5].map((i) => pngFile(600, 600, `wallpaper-${i}.png`)));
    await page.getByTestId('wallpaper-images-input').setInputFiles(files);
    await expect.poll(() => page.getByTestId('wallpaper-images-item').count(), { timeout: longest(20_000) }).toBe(5);
    await page.getByTestId('wallpaper-type-2').click();
    await shot(page, 'exchange-wallpaper-upload');
    await page.getByTestId('wallpaper-save').click();
    await expect.poll(() => toast(page, '创建成功').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('wallpaper-row').filter({ hasText: '星空壁纸' }).count()).toBe(5);
    await shot(page, 'exchange-wallpaper-list');

    // The components: approved toys and scenes of the brand (another feature's screens make them),
    // pictured with the wallpapers' uploads; a scratch card to relate to.
    const keys = (await suite.stack.sql('select image_url from wallpapers where ip_id = $1 order by id', [ipId])).map(
      (r) => String(r.image_url),
    );
    for (const [i, name] of ['星河精灵', '月光精灵', '银河场景'].entries())
      await suite.stack.sql('insert into toys (ip_id, type, name, image_url, status) values ($1, $2, $3, $4, 1)', [
        ipId,
        i === 2 ? 2 : 1,
        name,
        keys[i],
      ]);
    await suite.stack.sql(`insert into scratch_cards (ip_id, title) values ($1, '春日刮刮卡')`, [ipId]);

    // The exchange set: each rule of §5 in order.
    await page.goto(`${suite.stack.consoleUrl}/toy/get?ip_id=${ipId}`);
    await expect.poll(() => page.getByTestId('exchange-summary').textContent()).toContain('套装 0 个');
    await page.getByTestId('exchange-add').click();
    await expect.poll(() => page.getByTestId('exchange-dialog').isVisible()).toBe(true);
    await page.getByTestId('exchange-type-2').click();
    await saveAndExpect(page, 'exchange-save', 'doll_str', '请选择组件');
    await page.getByTestId('exchange-pick').click();
    await expect.poll(() => page.getByTestId('component-row').count()).toBe(2);
    await page.getByTestId('component-row').filter({ hasText: '星河精灵' }).getByTestId('component-pick').click();
    await page.getByTestId('component-picker-close').click();
    await saveAndExpect(page, 'exchange-save', 'doll_str', '套装类型需添加至少两个组件');
    await page.getByTestId('exchange-pick').click();
    await page.getByTestId('component-type-2').click();
    await expect.poll(() => page.getByTestId('component-row').count()).toBe(1);
    await page.getByTestId('component-row').filter({ hasText: '银河场景' }).getByTestId('component-pick').click();
    await page.getByTestId('component-type-1').click();
    await page.getByTestId('component-row').filter({ hasText: '月光精灵' }).getByTestId('component-pick').click();
    await shot(page, 'exchange-component-picker');
    await page.getByTestId('component-picker-close').click();
    await expect
      .poll(() => page.getByTestId('exchange-component').allTextContents())
      .toEqual(['星河精灵', '银河场景', '月光精灵']);
    await saveAndExpect(page, 'exchange-save', 'name', '请输入组件名称');
    await page.getByTestId('exchange-name').fill('星河套装');
    await saveAndExpect(page, 'exchange-save', 'pic', '请上传封面图');
    await page.getByTestId('exchange-cover-input').setInputFiles(await pngFile(1125, 1125, 'exchange-cover.png'));
    await expect.poll(() => page.getByTestId('exchange-cover-item').count(), { timeout: longest(20_000) }).toBe(1);
    await page.getByTestId('exchange-relation-1').click();
    await saveAndExpect(page, 'exchange-save', 'relation_order', '请添加关联活动订单');
    await page.getByTestId('exchange-pick-activity').click();
    // The picker has opened and listed the first type's activities (as a merchant sees it) before
    // the type is changed.
    const picker = page.getByTestId('activity-picker');
    await picker.getByTestId('activity-row').first().or(picker.getByText('暂无可关联的活动')).waitFor();
    await page.getByTestId('activity-type-7').click();
    await expect.poll(() => page.getByTestId('activity-type-7').locator('input').isChecked()).toBe(true);
    await page.getByTestId('activity-row').filter({ hasText: '春日刮刮卡' }).getByTestId('activity-pick').click();
    await page.getByTestId('activity-picker-close').click();
    await expect.poll(() => page.getByTestId('exchange-activity').allTextContents()).toEqual(['春日刮刮卡']);
    await saveAndExpect(page, 'exchange-save', 'begin_at', '请选择开始时间');
    await fillTime(page, 'exchange-begin', fmt(-1));
    await saveAndExpect(page, 'exchange-save', 'end_at', '请选择结束时间');
    await fillTime(page, 'exchange-end', fmt(90));
    await expect
      .poll(() => page.getByTestId('exchange-end-advice').textContent())
      .toBe('建议结束时间设置在开始时间后60天内');
    await saveAndExpect(page, 'exchange-save', 'points', '请输入消耗积分');
    await fillTime(page, 'exchange-end', fmt(30));
    await expect.poll(() => page.getByTestId('exchange-end-advice').count()).toBe(0);
    await page.getByTestId('exchange-points').fill('20');
    await shot(page, 'exchange-form');
    await page.getByTestId('exchange-save').click();
    await expect.poll(() => toast(page, '保存成功').isVisible()).toBe(true);
    const row = page.getByTestId('exchange-row').filter({ hasText: '星河套装' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => page.getByTestId('exchange-summary').textContent()).toContain('套装 1 个');
    expect(await row.getByTestId('exchange-time-status').textContent()).toBe('进行中');

    // Off shelf: 下架 sends off=1; then the button says 上架 and sends off=0.
    expect(await row.getByTestId('exchange-toggle').textContent()).toBe('下架');
    await row.getByTestId('exchange-toggle').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '下架成功').isVisible()).toBe(true);
    await expect.poll(() => row.getByTestId('exchange-off').textContent()).toBe('已下架');
    expect(await row.getByTestId('exchange-toggle').textContent()).toBe('上架');
    await shot(page, 'exchange-list-off');
    await row.getByTestId('exchange-toggle').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '上架成功').isVisible()).toBe(true);
    await expect.poll(() => row.getByTestId('exchange-off').textContent()).toBe('上架中');
    const [saved] = await suite.stack.sql('select off, type, relation_order from exchange_methods where name = $1', [
      '星河套装',
    ]);
    expect(saved).toMatchObject({ off: 0, type: 2, relation_order: 1 });
    await shot(page, 'exchange-list');
    await context.close();
  }, 180_000);
});
