import { DEMO_ACCOUNT, type DemoAccount } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { seededBookedStart } from './support/seeded-database.ts';
import { desktop, phone } from './support/shell.ts';
import { expectWelcome, signIn, skipContactPreferencesRedirect } from './support/sign-in.ts';

/** The dashboard (/): the next appointment, the pets, and the actions with the dialogs of R2.28 to R2.30. */

async function openAction(page: Page, action: string, dialogName: string) {
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  return dialog;
}

/** "Tuesday 24 November 2026, 10:30": the practice's (UK) clock in the dashboard's words, written out here. */
function ukDateTime(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

describe('the dashboard', () => {
  const { newPage } = useBrowser();

  it('greets Olivia, shows her next appointment and her pets, and links the actions', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets);
    expect(await page.title()).toBe('Dashboard | Harbour Vets Client Portal');
    // The demo seed (packages/db/src/seed/data/demo-clients.ts): Olivia's soonest Booked appointment is
    // Biscuit's nail clip, three days after the seed ran, with a nurse at her home practice; her later
    // ones (days 5, 9 and 12) and the cancelled weight clinic must not show. The seed planned its time.
    const startsAt = await seededBookedStart(DEMO_ACCOUNT.manyPets, 'Biscuit', 'Nail clip');

    const card = page.getByRole('region', { name: 'Your next appointment' });
    const time = card.locator('time');
    await time.waitFor();
    expect(await time.innerText()).toBe(ukDateTime(startsAt));
    expect(Date.parse((await time.getAttribute('datetime')) ?? '')).toBe(startsAt.getTime());
    const details = await card.innerText();
    expect(details).toContain('Nail clip for Biscuit');
    expect(details).toContain('Willowbrook Vets Clapham · With a nurse');

    const pets = page.getByRole('region', { name: 'Your pets' }).getByRole('article');
    await pets.first().waitFor();
    const names = await pets.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(names).toEqual(['Biscuit', 'Bramble', 'Clover', 'Pickle', 'Smudge']);
    expect(await pets.last().innerText()).toContain('Deceased');
    expect(await pets.getByRole('link', { name: 'Pickle' }).getAttribute('href')).toMatch(/^\/pets\/\d+$/);

    const href = (name: string) => page.getByRole('link', { name, exact: true }).getAttribute('href');
    expect(await href('Book an appointment')).toBe('/appointments/book');
    expect(await href('Register a pet')).toBe('/pets/register');
    expect(await href('Update your details')).toBe('/client-detail');
    await expectNoAxeViolations(page);
  });

  const bookingOff = [
    'Book an appointment',
    'Online appointment booking unavailable',
    'Online appointment booking is currently unavailable. Please contact your practice.',
  ] as const;
  const registrationOff = [
    'Register a pet',
    'New pet registration unavailable',
    'New pet registration is currently unavailable. Please contact your practice.',
  ] as const;
  it.each([
    ['Tom (online booking off at his practice)', DEMO_ACCOUNT.bookingOff, [bookingOff]],
    ['Hannah (pet registration off at her practice)', DEMO_ACCOUNT.preferencesDue, [registrationOff]],
    [
      'Daniel (booking and registration not allowed)',
      DEMO_ACCOUNT.bookingBlocked,
      [bookingOff, registrationOff],
    ],
    [
      'James (his only pet awaits its initial consultation)',
      DEMO_ACCOUNT.awaitingInitialConsultation,
      [
        [
          'Book an appointment',
          'Booking unavailable',
          'Your new pet needs to attend the initial consultation that you have booked, before you can make any further appointments.',
        ],
      ],
    ],
  ] as [string, DemoAccount, (readonly [string, string, string])[]][])(
    'explains to %s why not',
    async (_who, account, refusals) => {
      const page = await newPage(desktop);
      await skipContactPreferencesRedirect(page);
      await signIn(page, account);
      for (const [action, title, text] of refusals) {
        const dialog = await openAction(page, action, title);
        expect(await dialog.innerText()).toContain(text);
        await dialog.getByRole('button', { name: 'OK' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect(new URL(page.url()).pathname).toBe('/');
      }
    },
  );

  it('asks Priya, who has no pets, to register one before booking, at 1440 and 390 px', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.noPets);
    for (const size of [desktop, phone]) {
      if (size === phone) {
        await page.setViewportSize(size);
        await page.goto('/');
      }
      await page.getByText('You have not registered any pets with us yet.').waitFor();
      await expectNoAxeViolations(page);
      const dialog = await openAction(page, 'Book an appointment', 'Register your pet');
      expect(await dialog.innerText()).toContain('To book an appointment with us, please register your pet.');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await (
        await openAction(page, 'Book an appointment', 'Register your pet')
      )
        .getByRole('button', { name: 'Register your pet' })
        .click();
      await page.waitForURL('**/pets/register');
    }
  });

  it('is drawn again when the back button brings it back, not shown as it was before', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.manyPets);
    await page.getByRole('link', { name: 'See all your pets' }).click();
    await page.waitForURL('**/pets');
    await page.getByRole('heading', { level: 1, name: 'Your pets' }).waitFor();
    // Drawn on the server (decision 0118), the dashboard has no queries to catch up: what history
    // restores from the router cache is asked of the server again.
    const redrawn = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/' && request.headers()['rsc'] === '1',
    );
    await page.goBack();
    await redrawn;
    await expectWelcome(page, 'Olivia');
    await expectNoAxeViolations(page);
  });
});
