import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { press, typeInto } from './actions.ts';

/**
 * The second time offered from the open day on (that day's second, else the next day's first), checked.
 * Not the soonest: it sits at the practice's minimum notice, an edge that moves on every quarter hour, so a
 * journey that books it and then confirms, changes or cancels (the cut-off equals the notice in the demo
 * group) can cross the edge and be refused for a reason it does not test. The second time is a quarter of
 * an hour clear of it.
 */
export async function checkTimeClearOfNotice(page: Page): Promise<Locator> {
  const times = page.getByRole('tabpanel').getByRole('radio');
  await times.first().waitFor();
  let time = times.nth(1);
  if ((await times.count()) < 2) {
    const tabs = page.getByRole('tablist', { name: 'Days' }).getByRole('tab');
    const count = await tabs.count();
    let open = 0;
    while (open < count - 1 && (await tabs.nth(open).getAttribute('aria-selected')) !== 'true') open += 1;
    // The days' times are loaded together, so a day without times shows none at once.
    do {
      open += 1;
      await tabs.nth(open).click();
      await expect.poll(() => tabs.nth(open).getAttribute('aria-selected')).toBe('true');
    } while ((await times.count()) === 0 && open < count - 1);
    time = times.first();
  }
  await time.check();
  return time;
}

/** What a journey books: the pet (typed in full), and the reason as typed and the option it then checks. */
export interface BookingChoice {
  pet: string;
  reason: [typed: string, checked: RegExp];
}

/**
 * Books with the keyboard from the booking page's emergency notice: past the notice, the pet and the
 * reason typed into their selects, the time `choose` checks, Continue, then Confirm booking. Returns the
 * chosen time's label ("Friday 27 November, 09:15, with a vet").
 */
export async function bookFromTheNotice(
  page: Page,
  { pet, reason: [reasonTyped, reasonChecked] }: BookingChoice,
  choose: (page: Page) => Promise<Locator> = checkTimeClearOfNotice,
): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Emergency appointment information' });
  await press(dialog.getByRole('button', { name: 'Proceed with appointment booking' }));
  await dialog.waitFor({ state: 'hidden' });
  await typeInto(page.getByLabel('Pet'), pet, new RegExp(`^${pet}$`));
  await typeInto(page.getByLabel('Reason for the appointment'), reasonTyped, reasonChecked);
  await page.getByRole('tablist', { name: 'Days' }).waitFor();
  const radio = await choose(page);
  const chosen = (await radio.getAttribute('aria-label')) ?? '';
  await press(page.getByRole('button', { name: 'Continue' }));
  await press(page.getByRole('button', { name: 'Confirm booking' }));
  await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
  // The page asks for its earlier-times control after the heading shows: a journey that changes the
  // appointment before that answer came would see the page's request refused (a 404 once it is not hers).
  await page.getByRole('button', { name: /^Tell me if an earlier time comes up for / }).waitFor();
  return chosen;
}
