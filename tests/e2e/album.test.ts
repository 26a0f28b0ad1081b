// 数字藏品合辑 as a merchant would try it: the create dialog's messages of §5 in order with its size
// hints, a card with the counts of its collectibles, stock and likes, 12 cards a page with the page
// in the address, edit from the card's menu, and delete after a cancel; then 设置合辑 on the
// collectible, coupon and gacha lists.
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { fieldError, saveAndExpect, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

describe.skipIf(!hasBrowser)('albums', () => {
  const suite = useBrowserStack();

  it('creates an album with the messages in order, shows its counts, pages by 12, edits and deletes it', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      '/login?redirect=%2Fnft%2Fgoods%3Ftab%3Dalbum',
    );
    await page.waitForURL(/\/nft\/goods\?.*ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('album');
    await expect.poll(() => page.getByTestId('list-empty').isVisible()).toBe(true);

    // The dialog: brand, name, logo, background, in that order, with the size hints.
    await page.getByTestId('album-add').click();
    await expect.poll(() => page.getByTestId('album-dialog').isVisible()).toBe(true);
    expect(await page.getByTestId('album-dialog').getByText('创建合辑', { exact: true }).count()).toBe(1);
    expect(await page.getByText('建议尺寸600x600', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('建议尺寸1400x600', { exact: true }).isVisible()).toBe(true);
    // The dialog starts on the page's brand once it has it; then the brand is cleared.
    await expect.poll(() => page.getByTestId('album-brand').inputValue()).toBe(String(ipId));
    await page.getByTestId('album-brand').selectOption('');
    await saveAndExpect(page, 'album-save', 'ip_id', '请选择所属品牌');
    await page.getByTestId('album-brand').selectOption(String(ipId));
    await saveAndExpect(page, 'album-save', 'title', '请输入数字藏品合辑名称');
    await page.getByTestId('album-title').fill('星空合辑');
    await saveAndExpect(page, 'album-save', 'pic', '请上传数字合辑LOGO');
    await page.getByTestId('album-logo-input').setInputFiles(await pngFile(600, 600, 'album-logo.png'));
    await expect.poll(() => page.getByTestId('album-logo-item').count(), { timeout: longest(20_000) }).toBe(1);
    await saveAndExpect(page, 'album-save', 'bg_pic', '请上传数字合辑背景图');
    await page.getByTestId('album-bg-input').setInputFiles(await pngFile(1400, 600, 'album-bg.png'));
    await expect.poll(() => page.getByTestId('album-bg-item').count(), { timeout: longest(20_000) }).toBe(1);
    await page.getByTestId('album-content').fill('夜空下的星座系列');
    await shot(page, 'album-dialog');
    await page.getByTestId('album-save').click();
    await expect.poll(() => toast(page, '创建成功').isVisible()).toBe(true);
    const card = page.getByTestId('album-card').filter({ hasText: '星空合辑' });
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByTestId('album-goods').textContent()).toBe('0');

    // Counts: a collectible of the album with 5 + 3 copies, 2 of them issued; a player's like.
    const [album] = await suite.stack.sql('select id, pic from albums where ip_id = $1 and title = $2', [
      ipId,
      '星空合辑',
    ]);
    const [goods] = await suite.stack.sql(
      `insert into collectibles (ip_id, catalog_id, type, title, pic) values ($1, $2, 2, '星座', $3) returning id`,
      [ipId, album!.id, album!.pic],
    );
    const items = await suite.stack.sql(
      `insert into collectible_items (collectible_id, serial, title, pic, file_path, file_hash, stock)
       values ($1, 1, '星座#1', $2, $2, 'h', 5), ($1, 2, '星座#2', $2, $2, 'h', 3) returning id`,
      [goods!.id, album!.pic],
    );
    const [fan] = await suite.stack.sql(
      `insert into players (phone, nickname) values ('13900001111', '星迷') returning id`,
    );
    for (const token of [1, 2])
      await suite.stack.sql(
        `insert into collectible_holdings (player_id, item_id, collectible_id, token_no, source) values ($1, $2, $3, $4, 'drop')`,
        [fan!.id, items[0]!.id, goods!.id, token],
      );
    await suite.stack.sql('insert into album_likes (album_id, player_id) values ($1, $2)', [album!.id, fan!.id]);
    await page.reload();
    await expect.poll(() => card.getByTestId('album-goods').textContent()).toBe('1');
    expect(await card.getByTestId('album-stock').textContent()).toBe('6/8');
    expect(await card.getByTestId('album-likes').textContent()).toBe('1');

    // Twelve more: 12 cards a page, the page in the address.
    for (let i = 1; i <= 12; i++)
      await suite.stack.sql(
        'insert into albums (ip_id, title, pic, bg_pic) select ip_id, $2, pic, bg_pic from albums where id = $1',
        [album!.id, `系列${i}`],
      );
    await page.reload();
    await expect.poll(() => page.getByTestId('album-card').count()).toBe(12);
    expect(await page.getByTestId('pagination').textContent()).toContain('共 13 条');
    await shot(page, 'album-grid');
    await page.getByRole('button', { name: '第 2 页' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByTestId('album-card').count()).toBe(1);
    await page.reload();
    await expect.poll(() => card.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('album');

    // Edit from the card's menu: the brand is locked.
    await card.getByTestId('album-menu').click();
    await page.getByTestId('album-edit').click();
    await expect.poll(() => page.getByTestId('album-dialog').isVisible()).toBe(true);
    expect(await page.getByTestId('album-brand').isDisabled()).toBe(true);
    expect(await page.getByTestId('album-title').inputValue()).toBe('星空合辑');
    await page.getByTestId('album-title').fill('银河合辑');
    await page.getByTestId('album-save').click();
    await expect.poll(() => toast(page, '编辑成功').isVisible()).toBe(true);
    const edited = page.getByTestId('album-card').filter({ hasText: '银河合辑' });
    await expect.poll(() => edited.count()).toBe(1);

    // Delete: cancelled first, then confirmed; its collectible leaves the album.
    await edited.getByTestId('album-menu').click();
    await page.getByTestId('album-delete').click();
    await expect
      .poll(() => page.getByTestId('confirm-message').textContent())
      .toBe('确定要删除此合辑吗？合辑内的藏品将移出合辑');
    await shot(page, 'album-delete-confirm');
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消删除').isVisible()).toBe(true);
    expect(await edited.count()).toBe(1);
    await edited.getByTestId('album-menu').click();
    await page.getByTestId('album-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '删除成功！').isVisible()).toBe(true);
    await expect.poll(() => edited.count()).toBe(0);
    const [left] = await suite.stack.sql('select catalog_id from collectibles where id = $1', [goods!.id]);
    expect(left!.catalog_id).toBeNull();
    await context.close();
  }, 120_000);

  it('sets the album of a collectible, a coupon and a gacha goods from their lists', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fnft%2Fgoods');
    await page.waitForURL(/\/nft\/goods\?.*ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));
    await suite.stack.sql(
      `insert into albums (ip_id, title, pic, bg_pic) values ($1, '四季合辑', 'a.png', 'b.png'), ($1, '节日合辑', 'a.png', 'b.png')`,
      [ipId],
    );
    const [album] = await suite.stack.sql(`select id from albums where ip_id = $1 and title = '四季合辑'`, [ipId]);
    await suite.stack.sql(`insert into collectibles (ip_id, type, title, pic) values ($1, 1, '春樱', 'a.png')`, [ipId]);
    await suite.stack.sql(
      `insert into coupons (ip_id, title, coupon_type, face_value, start_time, end_time, total_num)
       values ($1, '合辑专享券', 5, 300, now() - interval '1 day', now() + interval '30 days', 100)`,
      [ipId],
    );
    const chosen = String(album!.id);

    // Collectibles: rows are picked first, then the album is required.
    await page.reload();
    const row = page.getByTestId('collectible-row').filter({ hasText: '春樱' });
    await expect.poll(() => row.count()).toBe(1);
    await page.getByTestId('collectible-set-album').click();
    await expect.poll(() => toast(page, '请选择要设置合辑的数字藏品').isVisible()).toBe(true);
    await row.getByTestId('collectible-pick').click();
    await page.getByTestId('collectible-set-album').click();
    await expect
      .poll(() => page.getByTestId('collectible-album-dialog').textContent())
      .toContain('已选择 1 个数字藏品');
    await page.getByTestId('collectible-album-save').click();
    await expect.poll(() => fieldError(page, 'catalog_id').textContent()).toBe('请选择数字藏品合辑');
    await page.getByTestId('collectible-album-select').selectOption(chosen);
    await page.getByTestId('collectible-album-save').click();
    await expect.poll(() => toast(page, '设置成功').isVisible()).toBe(true);
    await expect.poll(() => row.getByTestId('collectible-album').textContent()).toBe('四季合辑');
    await page.getByTestId('collectible-filter-album').selectOption(chosen);
    await page.waitForURL(new RegExp(`catalog_id=${chosen}`));
    await expect.poll(() => page.getByTestId('collectible-row').count()).toBe(1);

    // Coupons: a row's 设置合辑.
    await page.goto(`${suite.stack.consoleUrl}/blindBox/coupon?ip_id=${ipId}`);
    const coupon = page.getByTestId('coupon-row').filter({ hasText: '合辑专享券' });
    await expect.poll(() => coupon.count()).toBe(1);
    expect(await coupon.getByText('—').count()).toBeGreaterThan(0);
    await coupon.getByTestId('coupon-set-album').click();
    await expect.poll(() => page.getByTestId('coupon-album-dialog').textContent()).toContain('已选择 1 个优惠券');
    await page.getByTestId('coupon-album-save').click();
    await expect.poll(() => fieldError(page, 'catalog_id').textContent()).toBe('请选择数字藏品合辑');
    await page.getByTestId('coupon-album-select').selectOption(chosen);
    await page.getByTestId('coupon-album-save').click();
    await expect.poll(() => toast(page, '设置成功').isVisible()).toBe(true);
    await expect.poll(() => coupon.getByTestId('coupon-album').textContent()).toBe('四季合辑');
    await shot(page, 'coupon-album');

    // Gacha goods: the same from the gacha list.
    await page.goto(`${suite.stack.consoleUrl}/goods/gacha?ip_id=${ipId}`);
    const gacha = page.getByTestId('gacha-row').first();
    await expect.poll(() => gacha.isVisible()).toBe(true);
    await gacha.getByTestId('gacha-set-album').click();
    await expect.poll(() => page.getByTestId('gacha-album-dialog').textContent()).toContain('已选择 1 个扭蛋商品');
    await page.getByTestId('gacha-album-select').selectOption(chosen);
    await page.getByTestId('gacha-album-save').click();
    await expect.poll(() => toast(page, '设置成功').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('gacha-album').allTextContents()).toEqual(['四季合辑']);
    const [coupons] = await suite.stack.sql(`select catalog_id from coupons where title = '合辑专享券'`);
    expect(coupons!.catalog_id).toBe(album!.id);
    await context.close();
  }, 120_000);
});
