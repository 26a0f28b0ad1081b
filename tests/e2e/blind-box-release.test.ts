// The release page: each of the eleven rules in order, the overseas switch's warnings, allocation
// with its commitment and hidden stock, 发布成功; the freight and cabinet prompts; and the cabinet
// and box-machine settings dialogs.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fieldError, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { type BrowserSuite, useBrowserStack } from '../support/suite.js';

async function publishExpect(page: Page, field: string, message: string) {
  await page.getByTestId('release-submit').click();
  await expect.poll(() => fieldError(page, field).textContent()).toBe(message);
}

async function pickTemplate(page: Page, title: string) {
  // The option list reloads as the search settles and can move or detach under load: type again
  // and retry a few times rather than wait on one element.
  for (let attempt = 1; ; attempt++) {
    await page.getByTestId('release-template-search').click();
    await page.getByTestId('release-template-search').fill(title);
    try {
      await page
        .getByTestId('release-template-option')
        .filter({ hasText: title })
        .click({ timeout: longest(8000) });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/** The merchant's box brands by title: MOLLY and PETS below. */
async function brandIds(suite: BrowserSuite, email: string) {
  const token = await suite.stack.login(email);
  const res = await suite.stack.call<{ ips: { id: number; title: string }[] }>(
    'GET',
    '/web/helper/seller/ips',
    { per_id: 14 },
    token,
  );
  return new Map(res.body.data.ips.map((b) => [b.title, b.id]));
}
/** Words of the machinery a merchant should not read: hash names, ids written as #123. */
const JARGON = /sha|哈希|#\d/i;

const MOLLY = 'Molly 梦工厂';
const PETS = '星际萌宠';

describe.skipIf(!hasBrowser)('blind-box release', () => {
  const suite = useBrowserStack();

  it('checks the eleven rules in order, warns on overseas, allocates with hidden stock and publishes', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1100 });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2FblindBox%2FboxAdd');
    await page.waitForURL(/boxAdd\?ipId=\d+/);
    const ipId = new URL(page.url()).searchParams.get('ipId')!;

    // The form fills in the brand of the address once the brands are read; clear it after that.
    await expect.poll(() => page.getByTestId('release-brand').inputValue()).toBe(ipId);
    await page.getByTestId('release-brand').selectOption('');
    await publishExpect(page, 'ip_id', '请选择所属品牌');
    await page.getByTestId('release-brand').selectOption(ipId);
    await publishExpect(page, 'template_id', '请选择售卖的盲盒');
    await pickTemplate(page, 'Molly 甜品派对系列');
    await expect.poll(() => page.getByTestId('release-template-preview').textContent()).toContain('官方售价 ¥59');

    // The overseas switch would clear a template that is not overseas: it asks first.
    await page.getByTestId('release-overseas').click();
    await expect
      .poll(() => page.getByText('当前盲盒不支持海外售卖，开启后将清空已选盲盒和盒机分配，是否继续？').isVisible())
      .toBe(true);
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, '已取消操作').isVisible()).toBe(true);
    expect(await page.getByTestId('release-overseas').getAttribute('data-state')).toBe('unchecked');
    expect(await page.getByTestId('release-template-preview').textContent()).toContain('官方售价 ¥59');
    await shot(page, 'blind-box-release-overseas-cancelled');
    await page.getByTestId('release-overseas').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => page.getByTestId('release-template-preview').count()).toBe(0);
    expect(await page.getByTestId('release-overseas').getAttribute('data-state')).toBe('checked');
    await pickTemplate(page, 'Molly 甜品派对系列');
    await expect.poll(() => page.getByTestId('release-template-preview').count()).toBe(0);
    await pickTemplate(page, 'Molly 星愿旅行系列');
    await expect.poll(() => page.getByTestId('release-template-preview').textContent()).toContain('支持海外');

    await publishExpect(page, 'shelves_time', '请选择上架时间');
    await page.getByTestId('release-shelves-time').fill('2026-12-01 20:00:00');
    await page.getByTestId('release-presale').click();
    await publishExpect(page, 'delivery_time', '请选择预计发货时间');
    await page.getByTestId('release-delivery-time').fill('2027-01-15 12:00:00');
    expect(await page.getByTestId('release-service-charge').inputValue()).toBe('5');
    await page.getByTestId('release-service-charge').fill('4');
    await publishExpect(page, 'service_charge', '服务费不可小于5');
    await page.getByTestId('release-service-charge').fill('6');
    await publishExpect(page, 'price', '盲盒售价不可小于官方售价¥69');
    await page.getByTestId('release-price').fill('68.9');
    await publishExpect(page, 'price', '盲盒售价不可小于官方售价¥69');
    await page.getByTestId('release-price').fill('79');
    await publishExpect(page, 'price_us', '请输入盲盒美元售价');
    await page.getByTestId('release-price-us').fill('10.9');
    await page.getByTestId('release-price-th').fill('19');
    await publishExpect(page, 'price_th', '盲盒泰铢售价不可小于20泰铢');
    await page.getByTestId('release-price-th').fill('389');
    await publishExpect(page, 'desc', '请输入描述');
    await page.getByTestId('release-desc').fill('星愿旅行 海外同步发售');
    await publishExpect(page, 'box_num', '请输入售卖库存');
    await page.getByTestId('release-box-num').fill('20');
    // 金币抵扣 starts off (nothing to fill); switched on, an amount is required.
    expect(await page.getByTestId('release-bean-switch').locator('input').isChecked()).toBe(false);
    await page.getByTestId('release-bean-switch').click();
    await publishExpect(page, 'bean', '请输入金币最高可抵扣金额');
    await page.getByTestId('release-bean').fill('5');
    expect(await page.getByTestId('release-wrap').locator('input:checked').getAttribute('value')).toBe('拆盒未拆袋');
    await page.getByTestId('release-wrap').getByText('全新未拆').click();
    await publishExpect(page, 'box_sign', '请点击分配盒机生成盲盒库存');
    await shot(page, 'blind-box-release-rules');

    // Allocation: 20 cases of 12; hidden stock is taken from the basic styles, the total unchanged.
    await page.getByTestId('release-allocate').click();
    await expect.poll(() => page.getByTestId('allocation-total').textContent()).toBe('240');
    await expect.poll(() => page.getByTestId('allocation-row').count()).toBe(8);
    expect(await page.getByTestId('allocation-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    const stocks = async () => (await page.getByTestId('allocation-stock').allTextContents()).map(Number);
    expect((await stocks()).reduce((a, b) => a + b, 0)).toBe(240);
    const moon = page.getByTestId('allocation-row').filter({ hasText: '月球' });
    await moon.getByTestId('hide-stock-open').click();
    await page.getByTestId('hide-stock-input').fill('');
    await page.getByTestId('hide-stock-save').click();
    await expect.poll(() => fieldError(page, 'hide_stock').textContent()).toBe('请输入隐藏款库存');
    await page.getByTestId('hide-stock-input').fill('12');
    await page.getByTestId('hide-stock-save').click();
    await expect.poll(() => moon.getByTestId('allocation-stock').textContent()).toBe('12');
    expect((await stocks()).reduce((a, b) => a + b, 0)).toBe(240);
    // The commitment in merchant words: 公示 and 防篡改凭证, no hash names or numbered ids.
    const allocation = await page.getByTestId('allocation').textContent();
    expect(allocation).toContain('防篡改凭证即时公示');
    expect(await page.locator('body').textContent()).not.toMatch(JARGON);
    await shot(page, 'blind-box-release-allocation');

    // 保存 creates the machine delisted; the result says how players verify its draws.
    await page.getByTestId('release-save').click();
    await expect.poll(() => toast(page, '保存成功').isVisible()).toBe(true);
    expect(await page.getByTestId('release-published-title').textContent()).toBe('保存成功');
    await page.getByTestId('release-published-fairness-how').click();
    await expect
      .poll(() => page.getByTestId('release-published-fairness-hash').textContent())
      .toMatch(/^[0-9a-f]{64}$/);
    expect(await page.getByTestId('release-published-fairness-steps').textContent()).toContain('防篡改凭证');
    expect(await page.locator('body').textContent()).not.toMatch(JARGON);
    await shot(page, 'blind-box-release-published');
    const token = await suite.stack.login('brand@demo.local');
    const machines = await suite.stack.call<{ list: { title: string; off: number; stock: number }[] }>(
      'GET',
      '/web/goods/box/list',
      { ip_id: ipId, keyword: '星愿旅行' },
      token,
    );
    expect(machines.body.data.list[0]).toMatchObject({ title: 'Molly 星愿旅行系列', off: 1, stock: 20 });
    await context.close();
  });

  it('the overseas switch is enabled only for a whitelisted brand', async () => {
    const { context, page } = await newPage(suite.browser);
    const ids = await brandIds(suite, 'brand@demo.local');
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      `/login?redirect=${encodeURIComponent(`/blindBox/boxAdd?ipId=${ids.get(PETS)}`)}`,
    );
    await page.waitForURL(/boxAdd/);
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => page.getByTestId('release-overseas').locator('input').isDisabled()).toBe(true);
    await context.close();
  });

  it('prompts for a brand without freight (go-set opens the settings in a new tab) and without a cabinet', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1000 });
    const ids = await brandIds(suite, 'brand@demo.local');
    const pets = ids.get(PETS)!;
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      `/login?redirect=${encodeURIComponent(`/blindBox/boxAdd?ipId=${pets}`)}`,
    );
    await expect.poll(() => page.getByTestId('confirm-message').textContent()).toBe('当前品牌暂未设置运费');
    await shot(page, 'blind-box-release-freight-prompt');
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByTestId('confirm-ok').click()]);
    await tab!.waitForLoadState();
    expect(new URL(tab!.url()).pathname + new URL(tab!.url()).search).toBe(`/blindBox/admin?ipId=${pets}`);
    await tab!.close();
    expect(await page.getByTestId('release-freight-alert').isVisible()).toBe(true);

    await pickTemplate(page, '太空漫步');
    await page.getByTestId('release-shelves-time').fill('2026-12-01 20:00:00');
    await page.getByTestId('release-price').fill('49');
    await page.getByTestId('release-desc').fill('太空漫步首发');
    await page.getByTestId('release-box-num').fill('3');
    await page.getByTestId('release-allocate').click();
    await expect.poll(() => page.getByTestId('allocation-total').textContent()).toBe('24');
    await page.getByTestId('release-submit').click();
    await expect
      .poll(() => page.getByTestId('confirm-message').textContent())
      .toBe('当前品牌暂未设置寄存盒柜，请先完成设置后再发布盒机');
    await shot(page, 'blind-box-release-cabinet-prompt');
    await page.getByTestId('confirm-cancel').click();
    await context.close();
  });

  it('sets the cabinet and the box-machine settings through their dialogs, with their rules', async () => {
    const { context, page } = await newPage(suite.browser, { height: 1000 });
    const ids = await brandIds(suite, 'brand@demo.local');
    await passwordLogin(
      page,
      suite.stack.consoleUrl,
      'brand@demo.local',
      `/login?redirect=${encodeURIComponent(`/blindBox/admin?ipId=${ids.get(PETS)}`)}`,
    );
    await expect.poll(() => page.getByTestId('settings-freight-alert').isVisible()).toBe(true);
    await shot(page, 'blind-box-settings-unset');
    await page.getByTestId('cabinet-card-edit').click();
    expect(await page.getByTestId('cabinet-days').inputValue()).toBe('3650');
    expect(await page.getByTestId('cabinet-free-num').inputValue()).toBe('3');
    await page.getByTestId('cabinet-days').selectOption('');
    await page.getByTestId('cabinet-save').click();
    await expect.poll(() => fieldError(page, 'free_days').textContent()).toBe('请选择用户可寄存天数');
    await page.getByTestId('cabinet-days').selectOption('180');
    await page.getByTestId('cabinet-free-num').selectOption('');
    await page.getByTestId('cabinet-save').click();
    await expect.poll(() => fieldError(page, 'free_num').textContent()).toBe('请输入取回包邮数量');
    await page.getByTestId('cabinet-free-num').selectOption('5');
    await page.getByTestId('cabinet-save').click();
    await expect.poll(() => fieldError(page, 'unit_price').textContent()).toBe('请输入取回运费');
    await page.getByTestId('cabinet-unit-price').fill('15');
    await page.getByTestId('cabinet-save').click();
    await expect.poll(() => toast(page, '设置成功').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('cabinet-card').textContent()).toContain('180天');
    expect(await page.getByTestId('settings-freight-alert').count()).toBe(0);

    // Box-machine settings on the brand with coupons.
    await page.getByTestId('settings-brand').selectOption(String(ids.get(MOLLY)));
    await expect.poll(() => page.getByTestId('machine-card').textContent()).toContain('猜错安慰券');
    await page.getByTestId('machine-card-edit').click();
    await page.getByTestId('bm-prompt-points').fill('');
    await page.getByTestId('box-machine-save').click();
    await expect.poll(() => fieldError(page, 'excharge_propmt').textContent()).toBe('请输入兑换提示卡所需积分');
    await page.getByTestId('bm-prompt-points').fill('40');
    await page.getByTestId('bm-pers-points').fill('');
    await page.getByTestId('box-machine-save').click();
    await expect.poll(() => fieldError(page, 'excharge_pers').textContent()).toBe('请输入兑换透视卡所需积分');
    await page.getByTestId('bm-pers-points').fill('90');
    await page.getByTestId('bm-suc-points').fill('');
    await page.getByTestId('box-machine-save').click();
    await expect.poll(() => fieldError(page, 'suc_award_content').textContent()).toBe('请输入猜对奖励积分');
    await page.getByTestId('bm-suc-points').fill('30');
    await page.getByTestId('bm-err-type').getByText('积分').click();
    await page.getByTestId('box-machine-save').click();
    await expect.poll(() => fieldError(page, 'err_award_content').textContent()).toBe('请输入猜错奖励积分');
    await page.getByTestId('bm-err-type').getByText('优惠券').click();
    await page.getByTestId('box-machine-save').click();
    await expect.poll(() => fieldError(page, 'err_award_content').textContent()).toBe('请选择猜错奖励优惠券');
    await page.getByTestId('bm-err-coupon').click();
    await expect.poll(() => page.getByTestId('coupon-row').count()).toBe(3);
    await shot(page, 'blind-box-settings-coupons');
    await page.getByTestId('coupon-row').filter({ hasText: '盲盒八五折券' }).getByTestId('coupon-pick').click();
    await expect.poll(() => page.getByTestId('bm-err-coupon-title').textContent()).toBe('盲盒八五折券（8.5折）');
    await shot(page, 'blind-box-settings-machine-dialog');
    // Identical toasts collapse into one: let the cabinet's 设置成功 go before saving again.
    await expect.poll(() => page.getByText('设置成功', { exact: true }).count()).toBe(0);
    await page.getByTestId('box-machine-save').click();
    await expect.poll(() => toast(page, '设置成功').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('machine-card').textContent()).toContain('盲盒八五折券');
    expect(await page.getByTestId('machine-card').textContent()).toContain('30 积分');
    await expect.poll(() => page.getByTestId('box-machine-dialog').count()).toBe(0);
    await shot(page, 'blind-box-settings');
    await context.close();
  });
});
