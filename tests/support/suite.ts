// One stack for a describe block, started before its tests and closed after, and the worker's browser,
// whose contexts the block closes when it ends.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { closeContexts, failureShotsDir, shot, workerChromium } from './browser.js';
import { type Stack, startStack } from './stack.js';

export interface BrowserSuite {
  readonly stack: Stack;
  readonly browser: Browser;
}

export function useBrowserStack(env: Record<string, string> = {}): BrowserSuite {
  const suite = {} as { stack: Stack; browser: Browser };
  beforeAll(async () => {
    suite.stack = await startStack(env);
    suite.browser = await workerChromium();
  });
  // A failing test leaves a picture of each page it had open (tests/artifacts/failures).
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      const pages = suite.browser?.contexts().flatMap((c) => c.pages()) ?? [];
      const name = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
      for (const [i, page] of pages.entries())
        await shot(page, `${name}-${i + 1}`, failureShotsDir).catch(() => undefined);
    });
  });
  afterAll(async () => {
    await closeContexts(suite.browser);
    await suite.stack?.close();
  });
  return suite;
}
