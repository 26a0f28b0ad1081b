// Debian's Chromium driven by playwright-core, with the launch flags of DESIGN.md.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { repoRoot } from './api.js';

export const chromiumPath = process.env.CHROMIUM_PATH || null;
/** Browser tests run only where a Chromium exists; `npm test` says loudly when they are skipped. */
export const hasBrowser = Boolean(chromiumPath);

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath!, args: LAUNCH_ARGS, headless: true });
}

let workerBrowser: Promise<Browser> | undefined;
/**
 * One Chromium for all the files a test worker runs (files share a worker's modules: vitest.config.ts,
 * isolate: false). Each file opens contexts of its own and closes them (`closeContexts`), so no
 * cookie, storage or page outlives its file; the browser ends with the worker.
 */
export function workerChromium(): Promise<Browser> {
  workerBrowser ??= launch().then((browser) => {
    browser.on('disconnected', () => {
      workerBrowser = undefined;
    });
    return browser;
  });
  return workerBrowser;
}

/** Closes every context (and so every page) a file opened in the worker's browser. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close().catch(() => undefined)));
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The console honours prefers-reduced-motion: no dialog or toast animation to wait out.
    reducedMotion: process.env.NO_REDUCE ? 'no-preference' : 'reduce',
    // Only for a tool the test injects (axe): the console's CSP refuses inline scripts.
    bypassCSP: opts.bypassCSP ?? false,
  });
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Runs in the page: the words of every toast as it appears, in `window.__toasts`, for `toast()` of
 * support/page.ts. A success toast lasts 2.5 s; on a busy machine one look at the page can take
 * longer than that, and a toast shown and gone between two looks would be missed.
 */
function recordToasts() {
  const w = window as unknown as { __toasts: { text: string; at: number }[] };
  w.__toasts = [];
  const recorded = new WeakSet<Element>();
  const scan = () => {
    for (const root of document.querySelectorAll('[data-scope="toast"][data-part="root"]')) {
      if (recorded.has(root)) continue;
      const texts = [...root.querySelectorAll('[data-part="title"], [data-part="description"]')]
        .map((e) => (e.textContent ?? '').trim())
        .filter(Boolean);
      if (texts.length === 0) continue;
      recorded.add(root);
      for (const text of texts) w.__toasts.push({ text, at: Date.now() });
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

const shotsDir = join(repoRoot, 'tests', 'artifacts', 'screenshots');
/** Screenshots are written when asked for (`TEST_SCREENSHOTS=1`) and for a failing test (suite.ts). */
export const screenshotsWanted = process.env.TEST_SCREENSHOTS === '1';

/** Until every finite animation of the page (a dialog opening, a drawer sliding in) has finished. */
export async function animationsDone(page: Page): Promise<void> {
  await page
    .waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    )
    .catch(() => undefined);
}

/**
 * A screenshot under tests/artifacts/screenshots for a person to look at, once the page's
 * animations have finished; only when asked for (`TEST_SCREENSHOTS=1`).
 */
export async function shot(page: Page, name: string, dir = shotsDir): Promise<void> {
  if (!screenshotsWanted && dir === shotsDir) return;
  mkdirSync(dir, { recursive: true });
  await animationsDone(page);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: false });
}

/** Where a failing test's pages are pictured (suite.ts). */
export const failureShotsDir = join(repoRoot, 'tests', 'artifacts', 'failures');

/** Sign in through the password form and wait for the dashboard. */
export async function passwordLogin(page: Page, consoleUrl: string, email: string, path = '/login') {
  await page.goto(consoleUrl + path);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('demo1234');
  await page.getByTestId('login-submit').click();
}

/**
 * A row's delete as a merchant tries it: 取消 first (已取消删除, the row stays), then 确定 (删除成功！,
 * the row goes). `confirm` is the question the dialog must ask; `picture` names a screenshot of it.
 */
export async function deleteAfterCancel(
  page: Page,
  row: Locator,
  button: string,
  opts: { confirm?: string; picture?: string } = {},
) {
  const toast = (text: string) => page.getByText(text, { exact: true }).first();
  await row.getByTestId(button).click();
  if (opts.confirm) {
    await expect.poll(() => page.getByTestId('confirm-message').textContent()).toBe(opts.confirm);
  }
  if (opts.picture) await shot(page, opts.picture);
  await page.getByTestId('confirm-cancel').click();
  await expect.poll(() => toast('已取消删除').isVisible()).toBe(true);
  expect(await row.count()).toBe(1);
  await row.getByTestId(button).click();
  await page.getByTestId('confirm-ok').click();
  await expect.poll(() => toast('删除成功！').isVisible()).toBe(true);
  await expect.poll(() => row.count()).toBe(0);
}
