// 一番赏, after publishing: the detail dialog's per-row actions (lucky switch, price, in stock /
// pre-sale with its description), its coin, cover, sale-time and stock dialogs, the reviewer
// rejecting a kuji with a reason, the 官方 type of the publish form, and a kuji drawn out by players
// as the merchant's list shows it. Kujis are published and approved through the API; the browser
// does what is tested.
import { api, messages, OFFICIAL_KUJI_BRAND_ID, SPECIAL_BRAND_REMARK } from '@toy/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { pngFile } from '../support/images.js';
import { holdRoute, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { playerClient } from '../support/player.js';
import { useBrowserStack } from '../support/suite.js';

/** 设置成功 (spec 03 says it without the ！). */
const SET = messages.success.setPlain;
const seen = (page: Page, text: string) => expect.poll(() => toast(page, text).isVisible()).toBe(true);

interface Row {
  title: string;
  level: number;
  stock: number;
}
/** Last, then A, B, C with the given stock per box; B and C may share a goods title. */
const rows = (titles: [string, string, string, string], stock = [1, 1, 1]): Row[] =>
  titles.map((title, i) => ({ title, level: i, stock: i === 0 ? 1 : stock[i - 1]! }));

describe.skipIf(!hasBrowser)('ichiban-kuji detail, review and sell-out', () => {
  const suite = useBrowserStack();
  let merchant: string;
  let reviewer: string;
  let ipId: number;

  beforeAll(async () => {
    merchant = await suite.stack.login('brand@demo.local');
    reviewer = await suite.stack.login('reviewer@demo.local');
    const ips = await suite.stack.call<{ ips: { id: number }[] }>('GET', api.kuji.brandSearch.path, {}, merchant);
    ipId = ips.body.data.ips[0]!.id;
  });

  const info = async (id: number) =>
    (
      await suite.stack.call<{ info: { audit_status: number; off: number; pic: string; shelves_time: string } }>(
        'GET',
        api.kuji.info.path,
        { active_id: id },
        merchant,
      )
    ).body.data.info;

  /** Publish through the API: pending review unless `approve`; then listed when `list`. */
  async function publish(
    title: string,
    prizes: Row[],
    opts: { boxes?: number; approve?: boolean; list?: boolean } = {},
  ): Promise<number> {
    const res = await suite.stack.call<{ id: number }>(
      'POST',
      api.kuji.publish.path,
      {
        ip_id: ipId,
        title,
        price: 10,
        stock: opts.boxes ?? 2,
        bean: 0,
        pic: 'seed/goods-01.png',
        shelves_time: '2026-01-01 10:00:00',
        goods: JSON.stringify(
          prizes.map((r) => ({
            goods_title: r.title,
            goods_price: 50,
            cost_price: 20,
            stock: r.stock,
            level: r.level,
          })),
        ),
      },
      merchant,
    );
    expect(res.body.status, res.body.msg).toBe(0);
    const id = res.body.data.id;
    if (opts.approve === false) return id;
    const decided = await suite.stack.call('POST', api.review.kujiDecide.path, { id, status: 1, reason: '' }, reviewer);
    expect(decided.body.status, decided.body.msg).toBe(0);
    await expect.poll(async () => (await info(id)).audit_status, { timeout: longest(20_000) }).toBe(1);
    if (opts.list) {
      const listed = await suite.stack.call('POST', api.kuji.update.path, { id, off: 0 }, merchant);
      expect(listed.body.status, listed.body.msg).toBe(0);
    }
    return id;
  }

  /** The merchant's list filtered to one kuji: its row. */
  async function listRow(title: string, height = 1000): Promise<{ context: BrowserContext; page: Page }> {
    const { context, page } = await newPage(suite.browser, { height });
    const path = `/jackpot/list?${new URLSearchParams({ ip_id: String(ipId), title })}`;
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      `/login?redirect=${encodeURIComponent(path)}`,
    );
    await expect.poll(() => page.getByTestId('kuji-row').filter({ hasText: title }).count()).toBe(1);
    return { context, page };
  }

  async function openDetail(page: Page, title: string) {
    await page.getByTestId('kuji-row').filter({ hasText: title }).getByTestId('kuji-view').click();
    const detail = page.getByTestId('kuji-dialog');
    await detail.getByTestId('kuji-basic-status').waitFor();
    return detail;
  }

  it('goods tab: the lucky switch (off while in flight, never for a goods of several levels), price, pre-sale', async () => {
    const title = '详情 商品数据 一番赏';
    const id = await publish(title, rows(['Last赏 手办', 'A赏 立牌', '同款徽章', '同款徽章']));
    const { context, page } = await listRow(title);
    const detail = await openDetail(page, title);
    await detail.getByTestId('kuji-tab-goods').click();
    const goodsRows = detail.getByTestId('kuji-goods-row');
    await expect
      .poll(() => detail.getByTestId('kuji-goods-level').allTextContents())
      .toEqual(['Last', 'A', 'B / C', 'B / C']);
    const switchOf = (i: number) => goodsRows.nth(i).getByTestId('kuji-goods-lucky').locator('input');
    expect(await switchOf(1).isDisabled()).toBe(false);
    expect(await switchOf(2).isDisabled()).toBe(true);
    expect(await switchOf(3).isDisabled()).toBe(true);

    // The switch waits for the answer: held back here, the row's switch is disabled meanwhile.
    const release = await holdRoute(page, '**/web/goods/first/lucky');
    expect(await switchOf(1).isChecked()).toBe(false);
    await goodsRows.nth(1).getByTestId('kuji-goods-lucky').click();
    await expect.poll(() => switchOf(1).isDisabled()).toBe(true);
    release();
    await seen(page, SET);
    await expect.poll(() => switchOf(1).isDisabled()).toBe(false);
    expect(await switchOf(1).isChecked()).toBe(true);
    await page.unroute('**/web/goods/first/lucky');
    const goods = async () =>
      (
        await suite.stack.call<{
          list: { level: number; is_lucky: number; price: number; is_shelves: number; shelves: string }[];
        }>('GET', api.kuji.goods.path, { active_id: id }, merchant)
      ).body.data.list;
    expect((await goods()).map((g) => g.is_lucky)).toEqual([0, 1, 0, 0]);

    // 设置价格: a price is required, then the cell shows it.
    await goodsRows.nth(1).getByTestId('kuji-goods-price').click();
    const priceDialog = page.getByTestId('kuji-price-dialog');
    await priceDialog.getByTestId('kuji-price-input').fill('0');
    await page.getByTestId('kuji-price-submit').click();
    await seen(page, '请完善商品市价');
    await priceDialog.getByTestId('kuji-price-input').fill('88.5');
    await page.getByTestId('kuji-price-submit').click();
    await seen(page, SET);
    await expect.poll(() => goodsRows.nth(1).getByTestId('kuji-goods-price').textContent()).toBe('¥88.50');
    expect((await goods())[1]!.price).toBe(88.5);

    // 现货/预售 with its description (at most 50 characters).
    const shelvesCell = goodsRows.nth(1).getByTestId('kuji-goods-shelves-edit');
    expect(await shelvesCell.textContent()).toBe('现货');
    await shelvesCell.click();
    const shelvesDialog = page.getByTestId('kuji-goods-shelves-dialog');
    await shelvesDialog.getByTestId('kuji-goods-shelves-1').click();
    await shelvesDialog.getByTestId('kuji-goods-shelves-desc').fill('预'.repeat(51));
    await page.getByTestId('kuji-goods-shelves-submit').click();
    await seen(page, '说明不能超过50个字符');
    await shelvesDialog.getByTestId('kuji-goods-shelves-desc').fill('预计30天内发货');
    await page.getByTestId('kuji-goods-shelves-submit').click();
    await seen(page, SET);
    await expect.poll(() => shelvesCell.textContent()).toBe('预售（预计30天内发货）');
    expect((await goods())[1]).toMatchObject({ is_shelves: 1, shelves: '预计30天内发货' });
    await shot(page, 'kuji-detail-goods');
    // Other rows are untouched.
    expect(await goodsRows.nth(0).getByTestId('kuji-goods-shelves-edit').textContent()).toBe('现货');
    expect(await goodsRows.nth(0).getByTestId('kuji-goods-price').textContent()).toBe('¥50.00');
    await context.close();
  }, 120_000);

  it('coin usage, cover image, sale time and stock: each refused with its message, then done', async () => {
    const title = '详情 操作 一番赏';
    const id = await publish(title, rows(['Last赏 手办', 'A赏 立牌', 'B赏 徽章', 'C赏 挂件']));
    const { context, page } = await listRow(title, 1100);
    const detail = await openDetail(page, title);

    // 金币抵扣: using coins needs an amount; not using sends 0.
    expect(await detail.getByTestId('kuji-basic-bean').textContent()).toBe('不使用');
    await detail.getByTestId('kuji-action-bean').click();
    await page.getByTestId('kuji-bean-use-1').click();
    await page.getByTestId('kuji-bean-submit').click();
    await seen(page, '请输入金币最高可抵扣金额');
    await page.getByTestId('kuji-bean-input').fill('3');
    await page.getByTestId('kuji-bean-submit').click();
    await seen(page, SET);
    await expect.poll(() => detail.getByTestId('kuji-basic-bean').textContent()).toBe('使用（最高抵扣 ¥3.00）');
    // The dialog closes once every read its save changed is refreshed (the detail's figure may come
    // first); the merchant opens it again once it is gone.
    await page.getByTestId('kuji-bean-dialog').waitFor({ state: 'hidden' });
    await detail.getByTestId('kuji-action-bean').click();
    await page.getByTestId('kuji-bean-use-0').click();
    await page.getByTestId('kuji-bean-submit').click();
    await expect.poll(() => detail.getByTestId('kuji-basic-bean').textContent()).toBe('不使用');

    // 修改封面: removing the picture is refused, a new 1200×1200 one is kept.
    const before = (await info(id)).pic;
    await detail.getByTestId('kuji-action-pic').click();
    const picDialog = page.getByTestId('kuji-pic-dialog');
    await expect.poll(() => picDialog.getByTestId('kuji-pic-upload-item').count()).toBe(1);
    await picDialog.getByTestId('kuji-pic-upload-remove').click();
    await page.getByTestId('kuji-pic-submit').click();
    await seen(page, '请上传封面图');
    await picDialog.getByTestId('kuji-pic-upload-input').setInputFiles(await pngFile(1200, 1200, 'kuji-cover.png'));
    await expect.poll(() => picDialog.getByTestId('kuji-pic-upload-item').count()).toBe(1);
    await shot(page, 'kuji-detail-cover');
    await page.getByTestId('kuji-pic-submit').click();
    await seen(page, '修改成功');
    await expect.poll(async () => (await info(id)).pic).not.toBe(before);
    const rowPic = page.getByTestId('kuji-row').filter({ hasText: title }).locator('img').first();
    await expect
      .poll(async () => decodeURIComponent((await rowPic.getAttribute('src')) ?? ''))
      .toContain((await info(id)).pic.split('/').pop());

    // 调整发售时间: refused while listed (here it is listed behind the open dialog's back), done off shelf.
    await detail.getByTestId('kuji-action-shelves').click();
    const listed = await suite.stack.call('POST', api.kuji.update.path, { id, off: 0 }, merchant);
    expect(listed.body.status).toBe(0);
    await page.getByTestId('kuji-shelves-time').fill('2026-12-24 20:00:00');
    await page.getByTestId('kuji-shelves-submit').click();
    await seen(page, '调整发售时间需先下架一番赏');
    expect((await info(id)).shelves_time).toBe('2026-01-01 10:00:00');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('kuji-shelves-dialog').isVisible()).toBe(false);
    // The detail read before the kuji was listed elsewhere: opened again, it is on shelf.
    await page.reload();
    await openDetail(page, title);
    await expect.poll(() => detail.getByTestId('kuji-basic-status').textContent()).toBe('已上架');
    expect(await detail.getByTestId('kuji-action-shelves').isDisabled()).toBe(true);
    expect(await detail.getByTestId('kuji-shelves-hint').textContent()).toBe('调整发售时间需先下架一番赏');
    await detail.getByTestId('kuji-toggle').click();
    await page.getByTestId('confirm-ok').click();
    await seen(page, '下架成功！');
    await expect.poll(() => detail.getByTestId('kuji-action-shelves').isDisabled()).toBe(false);
    await detail.getByTestId('kuji-action-shelves').click();
    await page.getByTestId('kuji-shelves-time').fill('');
    await page.getByTestId('kuji-shelves-submit').click();
    await seen(page, '请设置发售时间');
    await page.getByTestId('kuji-shelves-time').fill('2026-12-24 20:00:00');
    await page.getByTestId('kuji-shelves-submit').click();
    await seen(page, '调整成功');
    await expect.poll(() => detail.getByTestId('kuji-basic-shelves').textContent()).toBe('2026-12-24 20:00:00');
    expect((await info(id)).shelves_time).toBe('2026-12-24 20:00:00');

    // 调整库存: add a box, then reduce by no more than the boxes nobody has drawn from.
    await detail.getByTestId('kuji-action-stock').click();
    await page.getByTestId('kuji-stock-submit').click();
    await seen(page, '请输入增加库存');
    await page.getByTestId('kuji-stock-num').fill('1');
    await page.getByTestId('kuji-stock-submit').click();
    await seen(page, '调整成功');
    await expect.poll(() => detail.getByTestId('kuji-basic-stock').textContent()).toMatch(/^3 箱/);
    await detail.getByTestId('kuji-tab-boxes').click();
    await expect.poll(() => detail.getByTestId('kuji-box-row').count()).toBe(3);
    expect(await detail.getByTestId('kuji-box-left').allTextContents()).toEqual(['3', '3', '3']);
    await page.getByTestId('kuji-stock-dialog').waitFor({ state: 'hidden' });
    await detail.getByTestId('kuji-action-stock').click();
    await page.getByTestId('kuji-stock-type').selectOption('2');
    await page.getByTestId('kuji-stock-num').fill('4');
    await page.getByTestId('kuji-stock-submit').click();
    await seen(page, '减少库存不可大于当前剩余库存');
    await page.getByTestId('kuji-stock-num').fill('2');
    await page.getByTestId('kuji-stock-submit').click();
    await expect.poll(() => detail.getByTestId('kuji-box-row').count()).toBe(1);
    await detail.getByTestId('kuji-tab-basic').click();
    await expect.poll(() => detail.getByTestId('kuji-basic-stock').textContent()).toMatch(/^1 箱/);
    await shot(page, 'kuji-detail-basic-after');
    await context.close();
  }, 150_000);

  it('the reviewer rejects a kuji with a reason; the merchant sees it rejected', async () => {
    const title = '待驳回 一番赏';
    const id = await publish(title, rows(['Last赏 手办', 'A赏 立牌', 'B赏 徽章', 'C赏 挂件']), { approve: false });
    const { context, page } = await newPage(suite.browser, { height: 1000 });
    await passwordLogin(page, suite.stack.consoleUrl, 'reviewer@demo.local', '/login?redirect=%2Freview%2FblindBox');
    await page.getByTestId('review-tab-kuji').click();
    const card = page.getByTestId('kuji-review-card').filter({ hasText: title });
    await expect.poll(() => card.count()).toBe(1);
    await card.getByTestId('kuji-review-reject').click();
    const dialog = page.getByTestId('kuji-reject-dialog');
    await expect.poll(() => dialog.getByText(`驳回：${title}`).isVisible()).toBe(true);
    await page.getByTestId('kuji-reject-submit').click();
    await seen(page, '请输入驳回原因');
    expect((await info(id)).audit_status).toBe(0);
    const reason = '赏品图片不清晰，请重新上传';
    await dialog.getByTestId('kuji-reject-reason').fill(reason);
    await page.getByTestId('kuji-reject-submit').click();
    await seen(page, '已驳回');
    await expect.poll(() => card.count()).toBe(0);
    await page.getByTestId('review-filter-status').getByText('已驳回', { exact: true }).click();
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.getByText(`驳回原因：${reason}`).isVisible()).toBe(true);
    expect(await card.getByTestId('kuji-review-approve').count()).toBe(0);
    await shot(page, 'kuji-review-rejected');
    await context.close();

    const stored = await suite.stack.call<{ list: { id: number; audit_status: number; reason: string }[] }>(
      'GET',
      api.kuji.list.path,
      { ip_id: ipId, title },
      merchant,
    );
    expect(stored.body.data.list.find((k) => k.id === id)).toMatchObject({ audit_status: 2, reason });
    const merchantPage = await listRow(title);
    const row = merchantPage.page.getByTestId('kuji-row').filter({ hasText: title });
    expect(await row.getByTestId('kuji-status').textContent()).toBe('已驳回');
    expect(await row.getByTestId('kuji-delete').count()).toBe(0);
    await merchantPage.context.close();
  }, 120_000);

  it('players draw a listed kuji out: the list shows its sales, stored prizes, no stock left and sold out', async () => {
    const title = '售罄 一番赏';
    // Two boxes of 3 tickets (A, B, C) and a Last each.
    const id = await publish(title, rows(['Last赏 手办', 'A赏 立牌', 'B赏 徽章', 'C赏 挂件']), { list: true });
    const { context, page } = await listRow(title);
    const row = page.getByTestId('kuji-row').filter({ hasText: title });
    expect(await row.getByTestId('kuji-status').textContent()).toBe('已上架');
    expect(await row.getByTestId('kuji-stock').textContent()).toBe('6');
    expect(await row.getByTestId('kuji-sales').textContent()).toBe('¥0.00');

    const players = playerClient(suite.stack.apiUrl);
    const [a, b] = [await players.login('13900001001'), await players.login('13900001002')];
    for (const [token, box_no, num] of [
      [a, 1, 3],
      [b, 2, 2],
      [a, 2, 1],
    ] as const) {
      const res = await players.call(api.player.kujiDraw, { active_id: id, box_no, num, use_bean: 0 }, token);
      expect(res.status, res.msg).toBe(0);
    }

    await page.reload();
    await expect.poll(() => row.getByTestId('kuji-status').textContent()).toBe('已售罄');
    expect(await row.getByTestId('kuji-sales').textContent()).toBe('¥60.00');
    expect(await row.getByTestId('kuji-stock').textContent()).toBe('0');
    // Six tickets and two Last prizes, all in the players' cabinets; none asked for shipping yet.
    expect(await row.getByTestId('kuji-deposit').textContent()).toBe('8');
    expect(await row.getByTestId('kuji-send').textContent()).toBe('0');
    await shot(page, 'kuji-sold-out-list');

    await row.getByTestId('kuji-stock-view').click();
    const detail = page.getByTestId('kuji-dialog');
    await expect.poll(() => detail.getByTestId('kuji-box-row').count()).toBe(2);
    expect(await detail.getByTestId('kuji-box-left').allTextContents()).toEqual(['0', '0']);
    const perLevel = await detail
      .getByTestId('kuji-box-row')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(2).map((td) => td.textContent)));
    expect(perLevel).toEqual([
      ['0/1', '0/1', '0/1'],
      ['0/1', '0/1', '0/1'],
    ]);
    await shot(page, 'kuji-sold-out-boxes');
    await detail.getByTestId('kuji-tab-basic').click();
    await expect.poll(() => detail.getByTestId('kuji-basic-status').textContent()).toBe('已售罄');
    // 已售 counts the six tickets; the two Last prizes given with them are not sales.
    expect(await detail.getByTestId('kuji-basic-sold').textContent()).toBe('6');
    expect(await detail.getByTestId('kuji-toggle').count()).toBe(0);
    await context.close();
  }, 120_000);

  // Last: it adds the official brand to the demo merchant.
  it('the 官方 type: only a signed merchant, only the official brand; another brand resets it to 自制', async () => {
    const merchantId = (await suite.stack.sql(`select id from users where email = 'brand@demo.local'`))[0]!.id;
    await suite.stack.sql(`insert into brands (id, title) values ($1, '官方一番赏品牌')`, [OFFICIAL_KUJI_BRAND_ID]);
    await suite.stack.sql(`insert into user_brands (user_id, brand_id, per_id) values ($1, $2, 14)`, [
      merchantId,
      OFFICIAL_KUJI_BRAND_ID,
    ]);
    const { context, page } = await newPage(suite.browser, { height: 1000 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Fjackpot%2Fadd');
    const brand = page.getByTestId('kuji-form-brand');
    const official = page.getByTestId('kuji-form-official');
    const choices = () => official.locator('[data-part="item"]').allTextContents();
    const picked = () => official.locator('[data-part="item"][data-state="checked"]').textContent();
    await expect.poll(() => brand.locator(`option[value="${OFFICIAL_KUJI_BRAND_ID}"]`).count()).toBe(1);

    // Not signed: even the official brand offers only 自制; the hint says why.
    await brand.selectOption(String(OFFICIAL_KUJI_BRAND_ID));
    expect(await choices()).toEqual(['自制']);
    expect(await page.getByText('仅限签约商家发布官方一番赏', { exact: true }).isVisible()).toBe(true);
    // The official brand's remark is filled in.
    expect(await page.getByTestId('kuji-form-desc').inputValue()).toBe(SPECIAL_BRAND_REMARK);

    // Signed: 官方 for the official brand only.
    await suite.stack.sql('update users set is_signed = true where id = $1', [merchantId]);
    await page.reload();
    await expect.poll(() => brand.locator(`option[value="${OFFICIAL_KUJI_BRAND_ID}"]`).count()).toBe(1);
    await brand.selectOption(String(OFFICIAL_KUJI_BRAND_ID));
    await expect.poll(choices).toEqual(['自制', '官方']);
    await official.getByText('官方', { exact: true }).click();
    await expect.poll(picked).toBe('官方');
    await shot(page, 'kuji-form-official');
    await brand.selectOption(String(ipId));
    await expect.poll(choices).toEqual(['自制']);
    expect(await picked()).toBe('自制');
    await brand.selectOption(String(OFFICIAL_KUJI_BRAND_ID));
    await expect.poll(choices).toEqual(['自制', '官方']);
    expect(await picked()).toBe('自制');
    await context.close();
  }, 120_000);
});
