import type { AppointmentSummary } from '@vet/contracts/appointments';
import { DEMO_ACCOUNT, type DemoAccount } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatAppointmentTime } from '../apps/web/src/features/dashboard/next-appointment.ts';
import { expectNoAxeViolations, expectNoConsoleErrors, useBrowser } from './support/browser.ts';
import { desktop, phone } from './support/shell.ts';
import { signIn } from './support/sign-in.ts';

/** The dashboard (/): the next appointment, the pets, and the actions with spec 2's dialogs. */

async function openAction(page: Page, action: string, dialogName: string) {
  await page.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  return dialog;
}

/** Script bytes as sent over the wire (compressed), as scripts/bench.ts counts them. */
async function measureScripts(page: Page, load: () => Promise<void>): Promise<{ kB: number; count: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  await load();
  await cdp.detach();
  return { kB: Math.round((bytes / 1024) * 10) / 10, count: scripts.size };
}

describe('the dashboard', () => {
  const { newPage } = useBrowser();

  it('greets Olivia, shows her next appointment and her pets, and links the actions', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets);
    const appointments = (await (await page.request.get('/bff/appointments')).json()) as AppointmentSummary[];
    const next = appointments
      .filter((a) => a.status === 'Booked' && Date.parse(a.startsAt) > Date.now())
      .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0]!;

    const card = page.getByRole('region', { name: 'Your next appointment' });
    await card.getByText(formatAppointmentTime(next.startsAt)).waitFor();
    expect(await card.innerText()).toContain(`${next.reasonName} for ${next.petName}`);
    expect(await card.innerText()).toContain(next.practiceName);

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

    // Not 'networkidle': the 404 prefetches of routes still to be built never settle (support/browser.ts).
    const weight = await measureScripts(page, async () => {
      await page.reload({ waitUntil: 'load' });
      await pets.first().waitFor();
      await page.waitForTimeout(1_000);
    });
    console.info(`[e2e] dashboard (signed in): ${weight.kB} kB compressed JS in ${weight.count} scripts`);
    expectNoConsoleErrors();
  });

  it.each([
    [
      'Tom (online booking off at his practice)',
      DEMO_ACCOUNT.bookingOff,
      'Book an appointment',
      'Online appointment booking unavailable',
      'Online appointment booking is currently unavailable. Please contact your practice.',
    ],
    [
      'Hannah (pet registration off at her practice)',
      DEMO_ACCOUNT.preferencesDue,
      'Register a pet',
      'New pet registration unavailable',
      'New pet registration is currently unavailable. Please contact your practice.',
    ],
    [
      'Daniel (booking not allowed)',
      DEMO_ACCOUNT.bookingBlocked,
      'Book an appointment',
      'Online appointment booking unavailable',
      'Online appointment booking is currently unavailable. Please contact your practice.',
    ],
    [
      'Daniel (registration not allowed)',
      DEMO_ACCOUNT.bookingBlocked,
      'Register a pet',
      'New pet registration unavailable',
      'New pet registration is currently unavailable. Please contact your practice.',
    ],
    [
      'James (his only pet awaits its initial consultation)',
      DEMO_ACCOUNT.awaitingInitialConsultation,
      'Book an appointment',
      'Booking unavailable',
      'Your new pet needs to attend the initial consultation that you have booked, before you can make any further appointments.',
    ],
  ] as [string, DemoAccount, string, string, string][])(
    'explains to %s why not',
    async (_who, account, action, title, text) => {
      const page = await newPage(desktop);
      await signIn(page, account);
      const dialog = await openAction(page, action, title);
      expect(await dialog.innerText()).toContain(text);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/');
      expectNoConsoleErrors();
    },
  );

  it.each([desktop, phone])(
    'asks Priya, who has no pets, to register one before booking (%o)',
    async (size) => {
      const page = await newPage(size);
      await signIn(page, DEMO_ACCOUNT.noPets);
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
      expectNoConsoleErrors();
    },
  );
});
