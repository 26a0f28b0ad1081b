// axe (WCAG 2.1 AA, from npm, injected into the page) on the login page, the dashboard, a list and a
// form: no violations, an h1 on every page, landmarks on the login page, navbar buttons named by
// their text, and grey text with enough contrast.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, newPage, passwordLogin } from '../support/browser.js';
import { longest } from '../support/patience.js';
import { useBrowserStack } from '../support/suite.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** WCAG 2.1 A and AA, and the rules of the issue outside them: one h1, content in landmarks, names. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const RULES = ['page-has-heading-one', 'landmark-one-main', 'region', 'label-content-name-mismatch'];

async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(
    async ({ tags, rules }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const byTag = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
      const byRule = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
      return [...byTag.violations, ...byRule.violations].map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 4)
            .join(' | ')}`,
      );
    },
    { tags: TAGS, rules: RULES },
  );
}

describe.skipIf(!hasBrowser)('accessibility', () => {
  const suite = useBrowserStack();

  it('finds no axe violations on the login page, the dashboard, a list and a form', async () => {
    // The console's CSP refuses the inline script axe is injected as; everything else is as served.
    const { context, page } = await newPage(suite.browser, { bypassCSP: true });
    await page.goto(`${suite.stack.consoleUrl}/login`);
    await expect.poll(() => page.getByTestId('login-email').isVisible()).toBe(true);
    const found: Record<string, string[]> = { login: await violations(page) };

    await passwordLogin(page, suite.stack.consoleUrl, 'brand@demo.local');
    await page.waitForURL(/\/dashboard(\?|$)/);
    await expect.poll(() => page.getByTestId('dash-draws').isVisible(), { timeout: longest(60_000) }).toBe(true);
    found.dashboard = await violations(page);

    await page.goto(`${suite.stack.consoleUrl}/order/boxList`);
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: longest(20_000) }).toBeGreaterThan(0);
    found.list = await violations(page);

    await page.goto(`${suite.stack.consoleUrl}/blindBox/couponAdd`);
    await expect.poll(() => page.locator('main h1').count(), { timeout: longest(20_000) }).toBe(1);
    await page.waitForLoadState('networkidle');
    found.form = await violations(page);

    expect(found).toEqual({ login: [], dashboard: [], list: [], form: [] });
    await context.close();
  });
});
