import { mkdirSync } from 'node:fs';
import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectConsoleError,
  expectNoAxeViolations,
  portalUrl,
  settleAnimations,
  useBrowser,
} from './support/browser.ts';
import { checkTimeClearOfNotice } from './support/booking.ts';
import { reasonsLoaded } from './support/manage-page.ts';
import { desktop } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/**
 * Issue 35 item 2 (decision 0084): the manage link of a booking's confirmation, opened from the development
 * mailbox in a browser with no session: the appointment, "I'll be there", and a cancellation with a reason.
 */

/** The API's refusal of a link, as the browser's console reports the failed request. */
const refused = /404 .*\/bff\/manage-link\/appointment/;
const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-manage-link';
mkdirSync(shots, { recursive: true });

async function shoot(page: Page, name: string): Promise<void> {
  await settleAnimations(page);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

async function press(locator: Locator, key = 'Enter'): Promise<void> {
  await locator.focus();
  await locator.press(key);
}

async function typeInto(select: Locator, text: string, expected: RegExp): Promise<void> {
  await select.focus();
  await select.page().keyboard.type(text);
  await expect.poll(() => select.locator('option:checked').innerText()).toMatch(expected);
}

/** Olivia books Pickle's dental check at the second free time, through the portal. */
async function bookThroughThePortal(page: Page): Promise<string> {
  await signIn(page, DEMO_ACCOUNT.manyPets, '/appointments/book');
  const dialog = page.getByRole('dialog', { name: 'Emergency appointment information' });
  await press(dialog.getByRole('button', { name: 'Proceed with appointment booking' }));
  await dialog.waitFor({ state: 'hidden' });
  await typeInto(page.getByLabel('Pet'), 'Pickle', /^Pickle$/);
  await typeInto(page.getByLabel('Reason for the appointment'), 'Dent', /^Dental check/);
  await page.getByRole('tablist', { name: 'Days' }).waitFor();
  const radio = await checkTimeClearOfNotice(page);
  const chosen = (await radio.getAttribute('aria-label')) ?? '';
  await press(page.getByRole('button', { name: 'Continue' }));
  await press(page.getByRole('button', { name: 'Confirm booking' }));
  await page.getByRole('heading', { level: 2, name: 'Your appointment is booked' }).waitFor();
  return chosen;
}

/** The manage link of Olivia's newest e-mail, as the development mailbox shows it. */
async function manageLinkFromMailbox(page: Page): Promise<string> {
  await page.goto('/dev/mailbox');
  const entry = page.getByRole('button', { name: `To ${DEMO_ACCOUNT.manyPets.email}` }).first();
  await entry.waitFor({ timeout: 15_000 });
  await entry.click();
  await page.getByText('Your appointment is booked').first().waitFor();
  const link = page.getByRole('link', { name: /\/manage#/ });
  await link.waitFor();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^${portalUrl()}/manage#\\d+\\.[\\w-]{43}$`));
  return href;
}

describe('the manage link of a confirmation', () => {
  const { newPage } = useBrowser();

  it('opens the booked appointment without a session; "I’ll be there", then cancel with a reason', async () => {
    const booking = await newPage(desktop);
    const chosen = await bookThroughThePortal(booking);
    const href = await manageLinkFromMailbox(booking);
    const [day, time] = chosen.split(', ');

    // A phone with no session: the page shows the appointment, and opening it changed nothing.
    const mobile = await newPage(phone);
    await mobile.goto(href);
    await mobile.getByRole('heading', { level: 2, name: 'Your appointment' }).waitFor();
    await reasonsLoaded(mobile);
    const shown = await mobile.getByRole('main').innerText();
    for (const value of ['Pickle', 'Dental check', 'Willowbrook Vets Clapham', time ?? ''])
      expect(shown).toContain(value);
    expect(shown).toContain((day ?? '').split(' ').slice(1).join(' '));
    expect(await mobile.getByRole('link', { name: 'Change the time' }).getAttribute('href')).toMatch(
      /^\/appointments\/book\?change=1&appointmentId=\d+$/,
    );
    await expectNoAxeViolations(mobile);
    await shoot(mobile, 'opened');
    await press(mobile.getByRole('button', { name: 'I’ll be there' }));
    await mobile.getByText('You have told the practice you will be there.').waitFor();
    await expectNoAxeViolations(mobile);
    await shoot(mobile, 'attending');

    // A desktop with no session: the link still works, and remembers the answer.
    const page = await newPage(desktop);
    await page.goto(href);
    await page.getByText('You have told the practice you will be there.').waitFor();
    await reasonsLoaded(page);
    const cancel = page.getByRole('button', { name: 'Cancel appointment' });
    await press(cancel);
    await page.getByText('Choose a reason for cancelling.').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'reason-missing');
    const reason = page.getByLabel('Reason for cancelling');
    await reason.selectOption({ index: 1 });
    await press(cancel);
    await page.getByText('Your appointment is cancelled').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'cancelled');

    // Used up: the same link now answers the plain page, on both.
    for (const used of [page, mobile]) {
      // The refusal is the API's 404, which the browser reports as a failed resource.
      expectConsoleError(used, refused);
      await used.reload();
      await used.getByText('This link no longer works').waitFor();
      for (const name of ['I’ll be there', 'Cancel appointment'])
        expect(await used.getByRole('button', { name }).count()).toBe(0);
      expect(await used.getByRole('link', { name: 'Change the time' }).count()).toBe(0);
    }
    await expectNoAxeViolations(mobile);
    await shoot(mobile, 'used');

    // The portal shows it cancelled too.
    await booking.goto('/appointments');
    const past = booking.getByRole('region', { name: 'Past and cancelled' });
    await past.getByRole('listitem').first().waitFor();
    const items = await past.getByRole('listitem').allInnerTexts();
    // By day and time: other journeys leave cancelled dental checks of Pickle's at other days' times.
    const ours = items.filter(
      (item) =>
        item.includes('Pickle: Dental check') && item.includes(day ?? '') && item.includes(`, ${time} `),
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain('Cancelled');
  });

  it('answers a tampered link with the same plain page', async () => {
    const page = await newPage(desktop);
    expectConsoleError(page, refused);
    await page.goto('/manage#1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await page.getByText('This link no longer works').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'tampered');
  });
});
