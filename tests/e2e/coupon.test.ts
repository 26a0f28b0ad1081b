// 优惠券管理 and the coupon form (spec 02 screen 11): the coupon manager's menu, each coupon type
// with the rules' messages in order, copy, delete with its confirmation, and a player's claim
// moving the list's counts and locking edit and delete; and the end to end: a coupon made
// in the console, claimed and spent by a player on a draw, its discount on the merchant's order and
// its claimed/used counts on the list.
import { api, type DrawMachine } from '@toy/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fieldError, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { playerClient } from '../support/player.js';
import { useBrowserStack } from '../support/suite.js';

const fmt = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

async function fillTime(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).fill(value);
  await page.getByTestId(testId).press('Enter');
}

describe.skipIf(!hasBrowser)('coupons', () => {
  const suite = useBrowserStack();

  it('creates each coupon type, showing the rules in order; copies; a claim locks edit and delete', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'coupon@demo.local');
    // The coupon manager's menu is no longer empty.
    await page.getByRole('link', { name: '优惠券管理' }).first().click();
    await page.waitForURL(/\/blindBox\/coupon\?.*ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));

    await page.getByTestId('coupon-add').click();
    await page.waitForURL(/couponAdd/);
    const save = page.getByTestId('coupon-save');
    const expectError = async (field: string, message: string) => {
      await save.click();
      await expect.poll(() => fieldError(page, field).textContent()).toBe(message);
    };
    await expectError('ip_id', '请选择品牌');
    await page.getByTestId('coupon-brand').selectOption(String(ipId));
    await expectError('title', '请输入优惠券名称');
    await page.getByTestId('coupon-title').fill('满百减十');
    await expectError('full_amount', '请设置满减');
    await page.getByTestId('coupon-full').fill('100');
    await page.getByTestId('coupon-face-value').fill('10');
    await expectError('start_time', '请选择有效期');
    await fillTime(page, 'coupon-start', fmt(Date.now() - 86_400_000));
    await fillTime(page, 'coupon-end', fmt(Date.now() + 30 * 86_400_000));
    await expectError('total_num', '请输入发放数量');
    await page.getByTestId('coupon-total').fill('50');
    await page.getByTestId('coupon-condition').selectOption('1');
    await expect.poll(() => page.getByTestId('coupon-limit').isDisabled()).toBe(false);
    await page.getByTestId('coupon-limit').fill('');
    await expectError('limit_num', '请输入每人限领');
    await page.getByTestId('coupon-limit').fill('2');
    await expectError('need_points', '请输入兑换消耗积分');
    await page.getByTestId('coupon-condition').selectOption('6');
    await expect.poll(() => page.getByTestId('coupon-limit').isDisabled()).toBe(true);
    expect(await page.getByTestId('coupon-limit').inputValue()).toBe('1');

    // The discount type: its two rules, the range, then the cap.
    await page.getByTestId('coupon-type-3').click();
    await expectError('face_value', '请设置折扣');
    await page.getByTestId('coupon-discount').fill('100');
    await expectError('face_value', '请输入0-100内折扣');
    await page.getByTestId('coupon-discount').fill('85');
    await expectError('max_face_value', '请设置折扣最大优惠金额');
    await page.getByTestId('coupon-type-5').click();
    await page.getByTestId('coupon-amount').fill('');
    await expectError('face_value', '请输入优惠金额');
    await page.getByTestId('coupon-amount').fill('5');
    await page.getByTestId('coupon-validity-2').click();
    await expectError('invalid_time', '请输入有效天数');
    await page.getByTestId('coupon-days').fill('7');
    await page.getByTestId('coupon-business-1').click();
    await page.getByTestId('coupon-first-only-1').click();
    await shot(page, 'coupon-form');
    await save.click();
    await expect.poll(() => toast(page, '已创建').isVisible()).toBe(true);
    await page.waitForURL(/\/blindBox\/coupon(\?|$)/);
    const row = page.getByTestId('coupon-row').filter({ hasText: '满百减十' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('coupon-face').textContent()).toBe('无门槛减5');
    expect(await row.getByTestId('coupon-counts').textContent()).toBe('0 / 0 / 50');

    // Copy opens the form filled, without the id; saving makes a second coupon.
    await row.getByTestId('coupon-copy').click();
    await page.waitForURL(/copy=1/);
    await expect.poll(() => page.getByTestId('coupon-title').inputValue()).toBe('满百减十');
    await page.getByTestId('coupon-title').fill('满百减十（副本）');
    await save.click();
    await page.waitForURL(/\/blindBox\/coupon(\?|$)/);
    const copyRow = page.getByTestId('coupon-row').filter({ hasText: '副本' });
    await expect.poll(() => copyRow.count()).toBe(1);

    // Edit while nobody has claimed it: saving says 已编辑.
    await copyRow.getByTestId('coupon-edit').click();
    await page.waitForURL(/couponAdd\?id=\d+/);
    await expect.poll(() => page.getByTestId('coupon-title').inputValue()).toBe('满百减十（副本）');
    await page.getByTestId('coupon-title').fill('满百减十（副本二）');
    await save.click();
    await expect.poll(() => toast(page, '已编辑').isVisible()).toBe(true);
    await page.waitForURL(/\/blindBox\/coupon(\?|$)/);
    await expect.poll(() => page.getByTestId('coupon-row').filter({ hasText: '副本二' }).count()).toBe(1);

    // Delete: cancel says 已取消删除; confirm removes it.
    await copyRow.getByTestId('coupon-delete').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消删除').isVisible()).toBe(true);
    await copyRow.getByTestId('coupon-delete').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '删除成功').isVisible()).toBe(true);
    await expect.poll(() => copyRow.count()).toBe(0);

    // A player claims the coupon: the counts move; edit and delete are no longer offered.
    const players = playerClient(suite.stack.apiUrl);
    const token = await players.login('13500000001');
    const { claimable } = (await players.call(api.player.coupons, { ip_id: ipId }, token)).data as {
      claimable: { id: number; title: string }[];
    };
    const coupon = claimable.find((c) => c.title === '满百减十')!;
    expect((await players.call(api.player.claimCoupon, { coupon_id: coupon.id }, token)).status).toBe(0);
    await page.reload();
    await expect.poll(() => row.getByTestId('coupon-counts').textContent()).toBe('1 / 0 / 50');
    expect(await row.getByTestId('coupon-edit').count()).toBe(0);
    expect(await row.getByTestId('coupon-delete').count()).toBe(0);
    expect(await row.getByTestId('coupon-copy').count()).toBe(1);
    await shot(page, 'coupon-list');
    await context.close();
  }, 180_000);

  it('done when: a coupon made in the console is claimed and used on a draw; the merchant sees the discount and 1 / 1', async () => {
    const { context, page } = await newPage(suite.browser);
    // The brand owner holds the coupon permission (per_id 15) and the box machines of the same brand.
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local');
    await page.getByRole('link', { name: '优惠券管理' }).first().click();
    await page.waitForURL(/\/blindBox\/coupon\?.*ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));

    // A threshold coupon (满10减3) for the blind-box machine, claimable by anyone, 10 issued.
    await page.getByTestId('coupon-add').click();
    await page.waitForURL(/couponAdd/);
    await page.getByTestId('coupon-brand').selectOption(String(ipId));
    await page.getByTestId('coupon-title').fill('抽盒满10减3');
    await page.getByTestId('coupon-full').fill('10');
    await page.getByTestId('coupon-face-value').fill('3');
    await fillTime(page, 'coupon-start', fmt(Date.now() - 86_400_000));
    await fillTime(page, 'coupon-end', fmt(Date.now() + 30 * 86_400_000));
    await page.getByTestId('coupon-total').fill('10');
    await page.getByTestId('coupon-condition').selectOption('6');
    await page.getByTestId('coupon-business-1').click();
    await page.getByTestId('coupon-save').click();
    await expect.poll(() => toast(page, '已创建').isVisible()).toBe(true);
    await page.waitForURL(/\/blindBox\/coupon(\?|$)/);
    const row = page.getByTestId('coupon-row').filter({ hasText: '抽盒满10减3' });
    await expect.poll(() => row.getByTestId('coupon-counts').textContent()).toBe('0 / 0 / 10');
    expect(await row.getByTestId('coupon-face').textContent()).toBe('满10减3');

    // A machine of that brand on sale, priced above the threshold.
    const token = await suite.stack.login('brand@demo.local');
    const machines = await suite.stack.call<{ list: DrawMachine[] }>(
      'GET',
      api.drawMachine.list.path,
      { ip_id: ipId, page: 1, limit: 100 },
      token,
    );
    const machine = machines.body.data.list.find(
      (d) =>
        d.off === 0 &&
        d.surplus_num > 0 &&
        d.price >= 10 &&
        new Date(`${d.shelves_time.replace(' ', 'T')}+08:00`).getTime() <= Date.now(),
    )!;
    expect(machine).toBeDefined();

    // The player claims it and pays a draw of that machine with it (no coins, so the whole price).
    const players = playerClient(suite.stack.apiUrl);
    const player = await players.login('13500000002');
    const { claimable } = (await players.call(api.player.coupons, { ip_id: ipId }, player)).data as {
      claimable: { id: number; title: string }[];
    };
    const coupon = claimable.find((c) => c.title === '抽盒满10减3')!;
    const claimed = await players.call(api.player.claimCoupon, { coupon_id: coupon.id }, player);
    expect(claimed.status).toBe(0);
    const { mine } = (await players.call(api.player.coupons, { ip_id: ipId }, player)).data as {
      mine: { id: number; title: string }[];
    };
    const claim = mine.find((c) => c.title === '抽盒满10减3')!;
    const drawn = await players.call(
      api.player.draw,
      { batch_id: machine.id, use_bean: 0, coupon_id: claim.id },
      player,
    );
    expect(drawn.status).toBe(0);
    const orderSn = drawn.data.order_sn;
    expect(drawn.data.discount).toBe(3);
    expect(drawn.data.paid).toBeCloseTo(machine.price - 3, 2);

    // The merchant finds the order in the order list: the amount paid and the discount under it.
    await page.goto(`${suite.stack.consoleUrl}/order/boxList?ip_id=${ipId}&keyword=${orderSn}`);
    const listed = page.getByTestId('order-row').filter({ hasText: orderSn });
    await expect.poll(() => listed.count(), { timeout: longest(20_000) }).toBe(1);
    expect(await listed.getByTestId('order-discount').textContent()).toBe('优惠 -¥3.00');
    expect(await listed.getByTestId('order-amount').textContent()).toBe(`¥${(machine.price - 3).toFixed(2)}`);

    await shot(page, 'coupon-order-list');

    // The order detail shows the discount among the price fields.
    await listed.getByTestId('order-view').click();
    await page.waitForURL(/\/order\/detail\?id=/);
    await expect.poll(() => page.getByTestId('order-discount').textContent()).toBe('优惠¥3.00');
    expect(await page.getByTestId('order-received').textContent()).toBe(`¥${(machine.price - 3).toFixed(2)}`);
    await shot(page, 'coupon-order-detail');

    // The coupon list: claimed 1, used 1 of 10.
    await page.goto(`${suite.stack.consoleUrl}/blindBox/coupon?ip_id=${ipId}`);
    await expect.poll(() => row.getByTestId('coupon-counts').textContent()).toBe('1 / 1 / 10');
    await shot(page, 'coupon-list-used');
    await context.close();
  }, 180_000);
});
