// 平台店铺绑定 and the console's own protection: the merchant links a marketplace shop to a brand,
// sees its secret once, the shop pushes with it, a rotated secret replaces it; the console is
// served with a content security policy it runs under, and a page of another origin cannot frame it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MarketPushOrder, marketRequest, messages } from '@toy/shared';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin, shot } from '../support/browser.js';
import { fieldError, toast } from '../support/page.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const order = (ipId: number, i: number): MarketPushOrder => ({
  order_sn: `LNK${Date.now().toString(36).toUpperCase()}${i}`,
  ip_id: ipId,
  freight: 0,
  receiver: { username: '买家', phone: '13800138000', province: '', city: '', area: '', address: '宜山路 1 号' },
  goods: [{ template_title: '星河系列', goods_title: '基础款', nums: 1, goods_pic: '' }],
});

describe.skipIf(!hasBrowser)('marketplace links and the console’s headers', () => {
  const suite = useBrowserStack();

  /** A push of the shop `shopId` signed with `secret`: the answer's status. */
  async function push(platform: string, shopId: string, secret: string, ipId: number, i: number) {
    const { url, init } = marketRequest(
      platform,
      secret,
      'orders',
      { shop_id: shopId, orders: [order(ipId, i)] },
      { baseUrl: suite.stack.apiUrl },
    );
    return ((await (await fetch(url, init)).json()) as { status: number }).status;
  }

  it('serves the console unframeable, with a policy it logs in and renders under', async () => {
    const res = await fetch(`${suite.stack.consoleUrl}/login`);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' blob: data: ${new URL(suite.stack.apiUrl).origin}`);

    // A page of another (local) origin framing the console gets nothing of it.
    const framing = createServer((req, res) => {
      const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<iframe src="${src}" width="600" height="400"></iframe>`);
    });
    await new Promise<void>((done) => framing.listen(0, '127.0.0.1', done));
    const framingUrl = `http://127.0.0.1:${(framing.address() as AddressInfo).port}/?src=`;
    const { context, page } = await newPage(suite.browser);
    /** Whether the framed page's own document loaded inside the frame (holding `marker`). */
    const framedHas = async (src: string, marker: string) => {
      await page.goto(framingUrl + encodeURIComponent(src), { waitUntil: 'load' });
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      return frame.evaluate((m) => document.documentElement.outerHTML.includes(m), marker).catch(() => false);
    };
    // The same page frames a page that allows it (the API's health check), so the check can see one.
    expect(await framedHas(`${suite.stack.apiUrl}/healthz`, '"status"')).toBe(true);
    expect(await framedHas(`${suite.stack.consoleUrl}/login`, 'id="root"')).toBe(false);
    framing.close();
    await context.close();
  });

  it('links a shop to a brand, shows its secret once, accepts its pushes and refuses an old secret', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1440, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Everything the policy refuses is recorded (zod's eval probe aside, which falls back by design).
    await context.addInitScript(() => {
      const w = window as unknown as { blocked: string[] };
      w.blocked = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        if (e.blockedURI !== 'eval') w.blocked.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local', '/login?redirect=%2Forder%2FsendListMarket');
    await page.waitForURL(/sendListMarket/);
    await page.getByTestId('market-links').click();
    await page.waitForURL(/marketLink\?.*ip_id=\d+/);
    const ipId = Number(new URL(page.url()).searchParams.get('ip_id'));
    // The seed's demo shops of the brand, one per platform, each showing only the end of its secret.
    await expect.poll(() => page.getByTestId('market-link-row').count()).toBe(3);
    expect(await page.getByTestId('market-link-demo').count()).toBe(3);

    await page.getByTestId('market-link-add').click();
    await page.getByTestId('market-link-save').click();
    await expect.poll(() => fieldError(page, 'platform').textContent()).toBe(messages.marketLink.platformRequired);
    await page.getByTestId('market-link-platform').selectOption('shopee');
    await page.getByTestId('market-link-save').click();
    await expect.poll(() => fieldError(page, 'shop_id').textContent()).toBe(messages.marketLink.shopRequired);
    await page.getByTestId('market-link-shop').fill('molly-sg-e2e');
    await page.getByTestId('market-link-save').click();
    const secretBox = page.getByTestId('market-secret');
    await expect.poll(() => secretBox.isVisible()).toBe(true);
    const secret = (await secretBox.textContent())!.trim();
    expect(secret).toMatch(/^mks_/);
    await page.getByTestId('market-secret-copy').click();
    await expect.poll(() => toast(page, messages.success.copied).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, 'market-link-secret');
    expect(await push('shopee', 'molly-sg-e2e', secret, ipId, 1)).toBe(0);

    await page.getByTestId('market-secret-done').click();
    const row = page.getByTestId('market-link-row').filter({ hasText: 'molly-sg-e2e' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('market-link-hint').textContent()).toBe(`••••${secret.slice(-4)}`);
    expect(await row.getByTestId('market-link-demo').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    await shot(page, 'market-link-list');

    // Rotating and unlinking each ask first; not confirmed, they say 已取消 and change nothing.
    await row.getByTestId('market-link-rotate').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, messages.cancelled.plain).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
    expect(await push('shopee', 'molly-sg-e2e', secret, ipId, 4)).toBe(0);
    // The same words again: the first toast goes before the second is looked for.
    const cancelledToast = page
      .locator('[data-scope="toast"][data-part="root"]')
      .getByText(messages.cancelled.plain, { exact: true });
    await expect.poll(() => cancelledToast.count(), { timeout: longest(10_000) }).toBe(0);
    await row.getByTestId('market-link-remove').click();
    await page.getByTestId('confirm-cancel').click();
    await expect.poll(() => toast(page, messages.cancelled.plain).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('confirm-dialog').count()).toBe(0);
    expect(await row.count()).toBe(1);

    await row.getByTestId('market-link-rotate').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => secretBox.isVisible()).toBe(true);
    const rotated = (await secretBox.textContent())!.trim();
    expect(rotated).not.toBe(secret);
    await page.getByTestId('market-secret-done').click();
    expect(await push('shopee', 'molly-sg-e2e', secret, ipId, 2)).toBe(403);
    expect(await push('shopee', 'molly-sg-e2e', rotated, ipId, 3)).toBe(0);

    expect(await page.evaluate(() => (window as unknown as { blocked: string[] }).blocked)).toEqual([]);
    await context.close();
  });
});
