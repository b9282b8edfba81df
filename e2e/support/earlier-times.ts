import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { portalUrl } from './browser.ts';

/**
 * Helpers of the earlier-times journeys (R2.41, decision 0086): the time a journey books later than
 * another, and the offer's link as the person receives it.
 */

/** The first time of the third day shown that has times (a day later than the time clear of notice). */
export async function checkThirdDaysTime(page: Page): Promise<Locator> {
  const tabs = page.getByRole('tablist', { name: 'Days' }).getByRole('tab');
  const times = page.getByRole('tabpanel').getByRole('radio');
  await times.first().waitFor();
  // The days' times are loaded together, so a day without times shows none at once.
  let day = 0;
  while ((await tabs.nth(day).getAttribute('aria-selected')) !== 'true') day += 1;
  for (let withTimes = 1; withTimes < 3;) {
    day += 1;
    await tabs.nth(day).click();
    await expect.poll(() => tabs.nth(day).getAttribute('aria-selected')).toBe('true');
    if ((await times.count()) > 0) withTimes += 1;
  }
  await times.first().check();
  return times.first();
}

/** The offer's link in the newest "An earlier time has come up" e-mail to `to`, from the dev mailbox. */
export async function offerLinkFromMailbox(page: Page, to: string): Promise<string> {
  await page.goto('/dev/mailbox');
  const entry = page
    .getByRole('button', { name: `To ${to}` })
    .filter({ hasText: 'An earlier time has come up' })
    .first();
  await entry.waitFor({ timeout: 15_000 });
  await entry.click();
  const link = page.getByRole('link', { name: /\/earlier-time#/ });
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^${portalUrl()}/earlier-time#[\\w-]{43}$`));
  return href;
}
