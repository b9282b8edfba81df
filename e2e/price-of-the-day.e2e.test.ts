import { addDays, calendarDay, shortMonthNames, shortWeekdayNames } from '@vet/contracts/practice-clock';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import { DEMO_PRICE_RISE_FROM } from '@vet/practice-import/demo/demo-prices';
import { weeksFromAnchor } from '@vet/practice-import/demo/rebase-demo-export';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { press, typeInto } from './support/actions.ts';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { deleteAppointment } from './support/manage-page.ts';
import { desktop, phone390 } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Issue 62: the price of the day booked, on the step that commits. Olivia's home practice is Clapham, in
 * London: its general consultation is from £51.00 until the demo's rise, from £54.00 after it
 * (packages/practice-import/src/demo/demo-prices.ts: the rise's date moved by whole weeks onto the week
 * the seed ran, as the seed moves it). She books a day after the rise and sees £54.00 on the check step,
 * on the confirmation page and in the e-mail; she moves it to a day before the rise and the check step
 * says the price is now £51.00 (was £54.00).
 */
const olivia = DEMO_ACCOUNT.manyPets;
const riseDay = addDays(DEMO_PRICE_RISE_FROM, 7 * weeksFromAnchor(new Date()));
const laterPrice = 'Price: From £54.00 · Includes: A 15-minute examination and advice';
const laterPriceInEmail = 'Price: From £54.00 (includes: A 15-minute examination and advice).';

/** "Tue 8 Dec": a day's tab, by the words on it (written here, not by the web's own code). */
function shortDay(date: string): string {
  const { weekday, day, month } = calendarDay(date);
  return `${shortWeekdayNames[weekday]} ${day} ${shortMonthNames[month - 1]}`;
}

/** Opens the first of `dates` that has a free time, and checks its second time (else its first). */
async function checkTimeOn(page: Page, dates: readonly string[]): Promise<void> {
  const tabs = page.getByRole('tablist', { name: 'Days' });
  await tabs.waitFor();
  for (const date of dates) {
    const tab = tabs.getByRole('tab', { name: new RegExp(`^${shortDay(date)}, \\d+ free$`) });
    if ((await tab.count()) === 0) continue;
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    const times = page.getByRole('tabpanel').getByRole('radio');
    await times.first().waitFor();
    await ((await times.count()) > 1 ? times.nth(1) : times.first()).check();
    return;
  }
  throw new Error(`No free time on ${dates.join(', ')}`);
}

/** The days after the rise, nearest first; the six before it, nearest first (the rise is 8 to 14 days ahead). */
const afterRise = Array.from({ length: 14 }, (_, index) => addDays(riseDay, index + 1));
const beforeRise = Array.from({ length: 6 }, (_, index) => addDays(riseDay, -1 - index));

describe('the price of the day booked (issue 62)', () => {
  const { newPage } = useBrowser();

  it('shows Olivia the later price on the check step, the confirmation and the e-mail', async () => {
    const page = await newPage(phone390);
    await signIn(page, olivia, '/appointments/book');
    const notice = page.getByRole('dialog', { name: 'Emergency appointment information' });
    await press(notice.getByRole('button', { name: 'Proceed with appointment booking' }));
    await notice.waitFor({ state: 'hidden' });
    await typeInto(page.getByLabel('Pet'), 'Biscuit', /^Biscuit$/);
    await typeInto(page.getByLabel('Reason for the appointment'), 'Gen', /^General consultation/);
    await checkTimeOn(page, afterRise);
    // The choose step's line says the chosen day's price too, not today's list.
    await expect.poll(() => page.getByRole('main').innerText()).toMatch(/On \d+ \w+ \d{4}: From £54\.00/);
    await press(page.getByRole('button', { name: 'Continue' }));

    // Before she commits: the price of the chosen day, not today's £51.00.
    await page.getByRole('heading', { level: 2, name: 'Check your appointment' }).waitFor();
    const main = page.getByRole('main');
    await expect.poll(() => main.innerText()).toContain(laterPrice);
    expect(await main.innerText()).not.toContain('£51.00');
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);
    await expectNoAxeViolations(page);
    await page.setViewportSize(phone390);
    await press(page.getByRole('button', { name: 'Confirm booking' }));

    await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
    const appointmentId = Number(new URL(page.url()).searchParams.get('appointmentId'));
    try {
      await expect.poll(() => main.innerText()).toContain(laterPrice);
      await expectNoAxeViolations(page);

      // The confirmation e-mail of this very booking (its manage link names the appointment's id).
      await page.goto('/dev/mailbox');
      const confirmation = page.getByRole('article', { name: 'Your appointment is booked' });
      const emailText = async () => {
        await page
          .getByRole('button', { name: `To ${olivia.email}` })
          .filter({ hasText: 'Your appointment is booked' })
          .first()
          .click({ timeout: 5_000 });
        return confirmation.locator('pre').innerText({ timeout: 5_000 });
      };
      await expect.poll(emailText, { timeout: 20_000 }).toContain(`/manage#${appointmentId}.`);
      const text = await emailText();
      expect(text).toContain(laterPriceInEmail);
      expect(text).not.toContain('£51.00');

      // Moved to a day before the rise: re-priced, and the check step says so before she commits.
      await page.goto(`/appointments/book?change=1&appointmentId=${appointmentId}`);
      await page.getByRole('heading', { level: 1, name: 'Change your appointment' }).waitFor();
      await checkTimeOn(page, beforeRise);
      await press(page.getByRole('button', { name: 'Continue' }));
      await page.getByRole('heading', { level: 2, name: 'Check the new time' }).waitFor();
      await expect.poll(() => main.innerText()).toContain('The price is now From £51.00 (was From £54.00).');
      await expectNoAxeViolations(page);
      await press(page.getByRole('button', { name: 'Confirm change' }));
      await page.getByRole('heading', { level: 2, name: 'Your appointment has been changed' }).waitFor();
      await expect
        .poll(() => main.innerText())
        .toContain('Price: From £51.00 · Includes: A 15-minute examination and advice');
    } finally {
      // Other journeys count Olivia's upcoming appointments as seeded.
      await deleteAppointment(appointmentId);
    }
  });
});
