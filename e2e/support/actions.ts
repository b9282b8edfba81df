import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Activates a control from the keyboard: focus moves to it (as Tab would), Enter or Space acts. */
export async function press(locator: Locator, key = 'Enter'): Promise<void> {
  await locator.focus();
  await locator.press(key);
}

/** Picks an option of a native select by typing its start, as a keyboard user does. */
export async function typeInto(select: Locator, text: string, expected: RegExp): Promise<void> {
  await select.focus();
  await select.page().keyboard.type(text);
  await expect.poll(() => select.locator('option:checked').innerText()).toMatch(expected);
}
