// What the console's pages show, found the same way in every browser test.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A form field's message (FormField's `error-<field>` test id). */
export const fieldError = (page: Page, field: string) => page.getByTestId(`error-${field}`);

/** A toast or any other text shown exactly. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Press a save button and wait for the field's message: the first failing rule of its form. */
export async function saveAndExpect(page: Page, button: string, field: string, message: string) {
  await page.getByTestId(button).click();
  await expect.poll(() => fieldError(page, field).textContent()).toBe(message);
}
