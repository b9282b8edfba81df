import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** Activates a control from the keyboard: focus moves to it (as Tab would), Enter or Space acts. */
export async function press(locator: Locator, key = 'Enter'): Promise<void> {
  // As a keyboard user waits for a busy button (a check step still reading what booking asks, issue 64):
  // a key pressed on a disabled control does nothing, and locator.press does not wait by itself.
  await expect.poll(() => locator.isEnabled(), { timeout: 10_000 }).toBe(true);
  await locator.focus();
  await locator.press(key);
}

/** Picks an option of a native select by typing its start, as a keyboard user does. */
export async function typeInto(select: Locator, text: string, expected: RegExp): Promise<void> {
  await select.focus();
  await select.page().keyboard.type(text);
  await expect.poll(() => select.locator('option:checked').innerText()).toMatch(expected);
}
