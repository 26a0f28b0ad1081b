// What the console's pages show, found the same way in every browser test.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A form field's message (FormField's `error-<field>` test id). */
export const fieldError = (page: Page, field: string) => page.getByTestId(`error-${field}`);

/**
 * A toast of exactly `text`: only a toast, so a tab or a badge with the same words (已通过 on the
 * review page) is not taken for the answer. `isVisible()` is true while it is on screen, or once
 * after it was shown in the last 30 s and gone (pages of `newPage` record their toasts: a busy
 * machine can look slower than a toast lasts); the look that finds it that way uses the record up,
 * so the same words shown again are waited for again.
 */
export const toast = (page: Page, text: string) => ({
  isVisible: async () => {
    const live = await page
      .locator('[data-scope="toast"][data-part="root"]')
      .getByText(text, { exact: true })
      .first()
      .isVisible();
    const seen = await page.evaluate(
      ({ text, since }) => {
        const w = window as unknown as { __toasts?: { text: string; at: number }[] };
        const log = w.__toasts ?? [];
        const found = log.some((e) => e.text === text && e.at >= since);
        w.__toasts = log.filter((e) => e.text !== text);
        return found;
      },
      { text, since: Date.now() - 30_000 },
    );
    return live || seen;
  },
});

/** Press a save button and wait for the field's message: the first failing rule of its form. */
export async function saveAndExpect(page: Page, button: string, field: string, message: string) {
  await page.getByTestId(button).click();
  await expect.poll(() => fieldError(page, field).textContent()).toBe(message);
}

/**
 * Holds the page's calls matching `url` until the returned function is called: what a page shows
 * while its answer is on the way.
 */
export async function holdRoute(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
