// One stack and one browser for a describe block: started before its tests, closed after.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from './browser.js';
import { type Stack, startStack } from './stack.js';

export interface BrowserSuite {
  readonly stack: Stack;
  readonly browser: Browser;
}

export function useBrowserStack(env: Record<string, string> = {}): BrowserSuite {
  const suite = {} as { stack: Stack; browser: Browser };
  beforeAll(async () => {
    suite.stack = await startStack(env);
    suite.browser = await launch();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.stack?.close();
  });
  return suite;
}
