// What the console's pages show, found the same way in every browser test.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A form field's message (FormField's `error-<field>` test id). */
export const fieldError = (page: Page, field: string) => page.getByTestId(`error-${field}`);

/**
 * A toast of exactly `text`: only a toast, so a tab or a badge with the same words (已通过 on the
 * review page) is not taken for the answer.
 */
export const toast = (page: Page, text: string) =>
  page.locator('[data-scope="toast"][data-part="root"]').getByText(text, { exact: true }).first();

/** Press a save button and wait for the field's message: the first failing rule of its form. */
export async function saveAndExpect(page: Page, button: string, field: string, message: string) {
  await page.getByTestId(button).click();
  await expect.poll(() => fieldError(page, field).textContent()).toBe(message);
}
