// The console finds the API on the hostname its page came from when /config.js names no address,
// so a merchant on another machine reaches the API the page was served beside.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEV_APP_SECRET } from '@toy/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiHandle, freePort, repoRoot, startApiOnly } from '../support/api.js';
import { hasBrowser, launch, newPage, passwordLogin } from '../support/browser.js';

describe.skipIf(!hasBrowser)('the console without a configured API address', () => {
  let api: ApiHandle;
  let web: { url: string; close(): Promise<void> };
  let browser: Browser;
  beforeAll(async () => {
    // As `npm start` runs them: no address configured anywhere, only the console's port.
    const consolePort = await freePort();
    api = await startApiOnly({ CONSOLE_PORT: String(consolePort) });
    const { startConsoleServer } = await import(pathToFileURL(join(repoRoot, 'console', 'serve.mjs')).href);
    web = await startConsoleServer({
      host: '127.0.0.1',
      port: consolePort,
      apiPort: Number(new URL(api.apiUrl).port),
      appSecret: DEV_APP_SECRET,
      distDir: process.env.CONSOLE_DIST || join(repoRoot, 'console', 'dist'),
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await web?.close();
    await api?.close();
  });

  it("calls the API on the page's own hostname and logs in", async () => {
    // Served on 127.0.0.1, opened as localhost: the API is looked for on localhost.
    const consoleUrl = String(web.url).replace(/\/$/, '').replace('127.0.0.1', 'localhost');
    const config = await (await fetch(`${consoleUrl}/config.js`)).text();
    expect(config).not.toContain('apiBase');
    const { context, page } = await newPage(browser);
    const hosts = new Set<string>();
    page.on('request', (r) => {
      if (r.url().includes('/web/')) hosts.add(new URL(r.url()).host);
    });
    await passwordLogin(page, consoleUrl, 'brand@demo.local');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    expect([...hosts]).toEqual([`localhost:${new URL(api.apiUrl).port}`]);
    await context.close();
  });
});
