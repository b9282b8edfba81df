import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { portalUrl } from './browser.ts';

/**
 * Waits until the manage page's reasons for cancelling have loaded. Until then the reason's field is
 * disabled, greyed as disabled text; its label's colour then fades over 200 ms, and an axe check that
 * began before the fade measured a half-grey label (a combined e2e run failed so).
 */
export async function reasonsLoaded(page: Page): Promise<void> {
  await expect.poll(() => page.getByLabel('Reason for cancelling').isEnabled()).toBe(true);
}

/**
 * Opens a manage link and waits for the appointment it shows: `values` (pet, reason, practice, time) and
 * the slot's day ("Friday 27 November") less its weekday. The reasons for cancelling have loaded too.
 */
export async function openManageLink(page: Page, href: string, values: string[], day: string): Promise<void> {
  await page.goto(href);
  await page.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
  await reasonsLoaded(page);
  const shown = await page.getByRole('main').innerText();
  for (const value of values) expect(shown).toContain(value);
  expect(shown).toContain(day.split(' ').slice(1).join(' '));
}

/** Where a manage link in an e-mail points, once shown: the portal's /manage#<id>.<43-character token>. */
export async function manageHref(link: Locator): Promise<string> {
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^${portalUrl()}/manage#\\d+\\.[\\w-]{43}$`));
  return href;
}

/** The plain page of a used-up link: it says so, with nothing to press or follow. */
export async function expectLinkUsedUp(page: Page): Promise<void> {
  await page.getByText('This link no longer works').waitFor();
  for (const name of ['I’ll be there', 'Cancel appointment'])
    expect(await page.getByRole('button', { name }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'Change the time' }).count()).toBe(0);
}
