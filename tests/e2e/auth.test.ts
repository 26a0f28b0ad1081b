// Sign-in as a merchant would do it: the QR confirmed from a phone, the password form with a
// redirect back, the QR expiring, and a session revoked on the server while the console is open.
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

describe.skipIf(!hasBrowser)('signing in', () => {
  const suite = useBrowserStack();

  it('logs in by QR confirmed from a second page acting as the phone', async () => {
    const { context, page } = await newPage(suite.browser);
    const tokenAnswer = page.waitForResponse(
      (r) => r.url().includes('/web/helper/web/token') && r.request().method() === 'GET',
    );
    await page.goto(`${suite.stack.consoleUrl}/login?nav=shop`);
    const { data } = await (await tokenAnswer).json();
    await expect.poll(() => page.getByTestId('qr-code').isVisible()).toBe(true);
    await shot(page, 'login-qr');
    expect(data.qr_url).toContain(`/m/login?token=${data.token}`);

    const phone = await suite.browser.newContext({ viewport: { width: 390, height: 760 }, isMobile: true });
    const phonePage = await phone.newPage();
    await phonePage.goto(data.qr_url);
    await phonePage.locator('input[type=email], input[name=email]').first().fill('brand@demo.local');
    await phonePage.locator('input[type=password]').first().fill('demo1234');
    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await expect.poll(() => phonePage.getByText('登录成功').first().isVisible()).toBe(true);
    await shot(phonePage, 'login-phone-confirmed');

    // The console polls every 3 s and lands on the dashboard with the user's name.
    await page.waitForURL(/\/dashboard(\?|$)/, { timeout: longest(15_000) });
    await expect.poll(() => page.getByTestId('welcome').textContent()).toContain('品牌主演示');
    await phone.close();
    await context.close();
  });

  it('logs in with the password and returns to the page asked for', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.stack.consoleUrl}/blindBox/overseasWarehouse`);
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe(
      '/blindBox/overseasWarehouse',
    );
    await page.getByTestId('login-email').fill('brand@demo.local');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('账号或密码错误').first().isVisible()).toBe(true);
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/blindBox\/overseasWarehouse/);
    await expect.poll(() => page.getByTestId('warehouse-page').isVisible()).toBe(true);
    // A signed-in user who opens /login goes home.
    await page.goto(`${suite.stack.consoleUrl}/login`);
    await page.waitForURL(/\/dashboard(\?|$)/);
    await context.close();
  });

  it('shows 操作过于频繁，请稍后再试 on the login page after too many failed logins', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.stack.consoleUrl}/login`);
    await page.getByTestId('login-email').fill('coupon@demo.local');
    for (let i = 0; i < 5; i++) {
      await page.getByTestId('login-password').fill(`wrong-${i}`);
      await page.getByTestId('login-submit').click();
      await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('账号或密码错误');
      await expect.poll(() => page.getByTestId('login-submit').isEnabled()).toBe(true);
    }
    // The right password is refused too while the account is throttled.
    await page.getByTestId('login-password').fill('demo1234');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('操作过于频繁，请稍后再试');
    await shot(page, 'login-throttled');
    expect(page.url()).toContain('/login');
    await context.close();
  });

  it('prompts 登录失效 once when the session is revoked on the server, and go-login returns to /login', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local');
    await page.waitForURL(/\/dashboard(\?|$)/);
    // Revoke only once the dashboard has loaded with the session; its own first calls would
    // otherwise be the ones to fail and open the prompt before the move below.
    await page.getByTestId('sidebar').getByText('仓库管理').waitFor();
    await page.getByTestId('dash-updated').waitFor();
    await page.getByTestId('dash-sales-chart').or(page.getByTestId('dash-trend-empty')).waitFor();
    await page.waitForLoadState('networkidle');
    const token = (await context.cookies()).find((c) => c.name === 'web_token')?.value;
    expect(token).toBeTruthy();
    const revoked = await suite.stack.call('POST', '/auth/logout', {}, token);
    expect(revoked.body.status).toBe(0);

    // Moving inside the open console makes two calls (brands, warehouses); both fail with 401 and
    // one prompt opens.
    await page.getByTestId('sidebar').getByText('仓库管理').click();
    await expect.poll(() => page.getByTestId('session-expired').isVisible(), { timeout: longest(15_000) }).toBe(true);
    // Both calls have answered before the prompts are counted.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('session-expired').count()).toBe(1);
    expect(await page.getByTestId('session-expired').textContent()).toContain('登录失效，请重新登录');
    await shot(page, 'session-expired');
    await page.getByTestId('session-go-login').click();
    await page.waitForURL(/\/login/);
    expect((await context.cookies()).find((c) => c.name === 'web_token')?.value ?? '').toBe('');
    await context.close();
  });
});

describe.skipIf(!hasBrowser)('the account menu', () => {
  const suite = useBrowserStack();

  it('changes the password (typed twice, shown on demand), signs out with a word, and signs in with the new one', async () => {
    const { context, page } = await newPage(suite.browser);
    await passwordLogin(page, suite.stack.consoleUrl, 'coupon@demo.local');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('change-password').click();
    const error = (name: string) => page.getByTestId(`error-${name}`);
    await page.getByTestId('old-password').fill('demo1234');
    await page.getByTestId('new-password').fill('newpass88');
    await page.getByTestId('confirm-password').fill('newpass89');
    await page.getByTestId('password-save').click();
    await expect.poll(() => error('confirm_password').textContent()).toBe('两次输入的新密码不一致');
    expect(await page.getByTestId('confirm-password').getAttribute('type')).toBe('password');
    await page.getByTestId('confirm-password-toggle').click();
    expect(await page.getByTestId('confirm-password').getAttribute('type')).toBe('text');
    await shot(page, 'password-dialog');
    await page.getByTestId('confirm-password').fill('newpass88');
    await page.getByTestId('password-save').click();
    await expect.poll(() => toast(page, '修改成功').isVisible()).toBe(true);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByTestId('logged-out').textContent()).toBe('已退出登录');
    await shot(page, 'logged-out');

    await page.getByTestId('tab-shop').click();
    await page.getByTestId('login-email').fill('coupon@demo.local');
    await page.getByTestId('login-password').fill('newpass88');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await context.close();
  });
});

describe.skipIf(!hasBrowser)('an expiring QR', () => {
  const suite = useBrowserStack({ QR_TTL_SECONDS: '4' });

  it('dims with 二维码已失效 at expire_time and reloads on click', async () => {
    const { context, page } = await newPage(suite.browser);
    const first = page.waitForResponse(
      (r) => r.url().includes('/web/helper/web/token') && r.request().method() === 'GET',
    );
    await page.goto(`${suite.stack.consoleUrl}/login?nav=shop`);
    const firstToken = (await (await first).json()).data.token;
    await expect.poll(() => page.getByTestId('qr-expired').isVisible(), { timeout: longest(15_000) }).toBe(true);
    await expect.poll(() => page.getByText('二维码已失效').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('点击重新加载').isVisible()).toBe(true);
    await shot(page, 'login-qr-expired');

    const second = page.waitForResponse(
      (r) => r.url().includes('/web/helper/web/token') && r.request().method() === 'GET',
    );
    await page.getByTestId('qr-reload').click();
    const secondToken = (await (await second).json()).data.token;
    expect(secondToken).not.toBe(firstToken);
    await expect.poll(() => page.getByTestId('qr-expired').isVisible()).toBe(false);
    await context.close();
  });
});
