// 运费模板 and 订阅申请 (spec 02 screens 8 and 12): the freight rules in order, free_num 1 forcing
// both prices to 0; applications made by players, approved and rejected with their confirmations.
import { api } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fieldError, toast } from '../support/page.js';
import { playerClient } from '../support/player.js';
import { useBrowserStack } from '../support/suite.js';

describe.skipIf(!hasBrowser)('freight templates and subscription applications', () => {
  const suite = useBrowserStack();

  it('adds a template, showing each message in order; 包邮数量 1 sets both prices to 0', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      '/login?redirect=%2FblindBox%2FoverseasFreight',
    );
    await page.waitForURL(/overseasFreight.*ip_id=\d+/);
    const ipId = new URL(page.url()).searchParams.get('ip_id')!;

    await page.getByTestId('freight-add').click();
    const save = page.getByTestId('freight-save');
    // The dialog starts on the page's brand once it has it; then the brand is cleared.
    await expect.poll(() => page.getByTestId('freight-brand').inputValue()).toBe(ipId);
    await page.getByTestId('freight-brand').selectOption('');
    const steps: [() => Promise<unknown>, string, string][] = [
      [async () => undefined, 'ip_id', '请选择品牌'],
      [() => page.getByTestId('freight-brand').selectOption(ipId), 'country', '请选择国家'],
      [() => page.getByTestId('freight-country').selectOption('my'), 'free_num', '请输入包邮数量'],
      [() => page.getByTestId('freight-free-num').fill('2'), 'price_us', '请输入美元价格'],
      [() => page.getByTestId('freight-price-us').fill('0'), 'price_th', '请输入泰铢价格'],
      [() => page.getByTestId('freight-price-th').fill('30'), 'price_us', '包邮数量大于1时，运费不能为0'],
    ];
    for (const [act, field, message] of steps) {
      await act();
      await save.click();
      await expect.poll(() => fieldError(page, field).textContent()).toBe(message);
    }
    await shot(page, 'freight-dialog-validation');
    await page.getByTestId('freight-price-us').fill('4.5');
    await save.click();
    await expect.poll(() => toast(page, '保存成功').isVisible()).toBe(true);
    const row = page.getByTestId('freight-row').filter({ hasText: '马来西亚' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('4.50 USD');
    expect(await row.textContent()).toContain('30.00 THB');

    // A second template for the same country is refused by the API; nothing changes.
    await page.getByTestId('freight-add').click();
    await page.getByTestId('freight-country').selectOption('my');
    await page.getByTestId('freight-free-num').fill('3');
    await page.getByTestId('freight-price-us').fill('1');
    await page.getByTestId('freight-price-th').fill('1');
    await save.click();
    await expect.poll(() => toast(page, '该品牌在此国家已有运费模板，请直接编辑').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('freight-dialog').isVisible()).toBe(false);

    await row.getByTestId('freight-edit').click();
    // The refused add's answer does not follow the merchant into the next dialog.
    await expect.poll(() => page.getByTestId('freight-free-num').inputValue()).toBe('2');
    expect(await page.getByTestId('freight-dialog').textContent()).not.toContain('已有运费模板');
    await page.getByTestId('freight-free-num').fill('1');
    await expect.poll(() => page.getByTestId('freight-price-us').isDisabled()).toBe(true);
    expect(await page.getByTestId('freight-price-th').isDisabled()).toBe(true);
    expect(await page.getByTestId('freight-price-us').inputValue()).toBe('0');
    await shot(page, 'freight-dialog-free');
    await save.click();
    await expect.poll(() => row.textContent()).toContain('始终包邮');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('freight-row').filter({ hasText: '马来西亚' }).textContent())
      .toContain('始终包邮');
    await shot(page, 'freight-list');
    await context.close();
  });

  it('approves and rejects applications that players made, each after a confirmation', async () => {
    const players = playerClient(suite.stack.apiUrl);
    const token = await suite.stack.login('brand@demo.local');
    const brands = await suite.stack.call<{ ips: { id: number }[] }>(
      'GET',
      '/web/helper/seller/ips',
      { per_id: 14 },
      token,
    );
    const ipId = brands.body.data.ips[0]!.id;
    for (const [i, email] of ['lin@example.com', 'tan@example.com', 'wong@example.com'].entries()) {
      const p = await players.login(`1370000000${i}`);
      const res = await players.call(
        api.player.subscribe,
        { ip_id: ipId, email, wechat_id: `wx${i}`, ig_id: '', country: 'sg' },
        p,
      );
      expect(res.status).toBe(0);
    }

    const { context, page } = await newPage(suite.browser);
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      `/login?redirect=${encodeURIComponent(`/buyUser/buyUser?ip_id=${ipId}&status=0`)}`,
    );
    await page.waitForURL(/buyUser\/buyUser/);
    const rowOf = (email: string) => page.getByTestId('subscription-row').filter({ hasText: email });
    await expect.poll(() => page.getByTestId('subscription-row').count()).toBe(3);
    await shot(page, 'subscription-list');

    await rowOf('lin@example.com').getByTestId('subscription-approve').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '已通过').isVisible()).toBe(true);
    // The pending filter no longer shows it.
    await expect.poll(() => rowOf('lin@example.com').count()).toBe(0);

    await rowOf('tan@example.com').getByTestId('subscription-reject').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => toast(page, '已驳回').isVisible()).toBe(true);

    await rowOf('wong@example.com').getByTestId('subscription-approve').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消').isVisible()).toBe(true);
    expect(await rowOf('wong@example.com').getByTestId('subscription-status').textContent()).toBe('待审核');

    await page.getByTestId('subscription-filter-status--1').click();
    // 全部 is the default: it leaves the URL.
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await expect.poll(() => rowOf('lin@example.com').getByTestId('subscription-status').textContent()).toBe('已通过');
    // Approved: only 驳回 is offered; rejected: neither.
    expect(await rowOf('lin@example.com').getByTestId('subscription-approve').count()).toBe(0);
    expect(await rowOf('lin@example.com').getByTestId('subscription-reject').count()).toBe(1);
    expect(await rowOf('tan@example.com').getByTestId('subscription-status').textContent()).toBe('已驳回');
    expect(await rowOf('tan@example.com').getByTestId('subscription-reject').count()).toBe(0);
    await page.reload();
    await expect.poll(() => rowOf('tan@example.com').count()).toBe(1);
    await shot(page, 'subscription-list-all');
    await context.close();
  });
});
