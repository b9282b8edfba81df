import { DEMO_ACCOUNT, type DemoAccount } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { desktop, drawerPetEntries, frameBackground, openDrawer, phone } from './support/shell.ts';
import { seededPetId } from './support/seeded-database.ts';
import { signIn } from './support/sign-in.ts';

/** Your pets (/pets) and one pet (/pets/{id}): R2.1, R2.3, R2.7, R2.22, R2.28, R2.30, R7.8. */

const grey = 'rgb(248, 248, 248)';

/** The names on the pets page: the living pets' cards, then those under "Pets no longer with us". */
async function listedPets(page: Page): Promise<{ living: string[]; deceased: string[] }> {
  const main = page.getByRole('main');
  await main.getByRole('heading', { level: 1, name: 'Your pets' }).waitFor();
  // Settled: a pet's card, or the word that there is none.
  await main
    .getByRole('article')
    .or(main.getByText(/^You have (not registered any|no living) pets/))
    .first()
    .waitFor();
  const deceased = main.getByRole('region', { name: 'Pets no longer with us' });
  return {
    living: await main.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts(),
    deceased: (await deceased.count())
      ? await deceased.getByRole('heading', { level: 3 }).allInnerTexts()
      : [],
  };
}

const cases: [string, DemoAccount, { living: string[]; deceased: string[] }, string[]][] = [
  ['Priya, with no pets', DEMO_ACCOUNT.noPets, { living: [], deceased: [] }, ['No Pets Found']],
  ['James, with one', DEMO_ACCOUNT.awaitingInitialConsultation, { living: ['Luna'], deceased: [] }, ['Luna']],
  [
    'Grace, with three',
    DEMO_ACCOUNT.threePets,
    { living: ['Bonnie', 'Hazel', 'Pip'], deceased: [] },
    ['Bonnie', 'Hazel', 'Pip'],
  ],
  [
    'Olivia, with five (one deceased)',
    DEMO_ACCOUNT.manyPets,
    { living: ['Biscuit', 'Bramble', 'Clover', 'Pickle'], deceased: ['Smudge'] },
    ['Biscuit', 'Bramble', 'Clover', 'See All'],
  ],
];

describe('the pets page', () => {
  const { newPage } = useBrowser();

  it.each(cases)('lists the pets of %s, by name, at 360 and 1440 px', async (_who, account, listed, menu) => {
    const page = await newPage(phone);
    await signIn(page, account, '/pets');
    for (const size of [phone, desktop]) {
      if (size === desktop) {
        await page.setViewportSize(size);
        await page.goto('/pets');
      }
      if (listed.living.length === 0 && size === phone) {
        // R3.15: a client with no pet is asked, once in the session, to register one (so only here).
        const dialog = page.getByRole('dialog', { name: 'Register your pet' });
        await dialog.waitFor();
        expect(await dialog.innerText()).toContain(
          'To book an appointment with us, please register your pet.',
        );
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      expect(await listedPets(page)).toEqual(listed);
      expect(await frameBackground(page)).toBe(grey);
      if (listed.living.length === 0) {
        await page.getByText('You have not registered any pets with us yet.').waitFor();
        const register = page.getByRole('main').getByRole('link', { name: 'Register a pet' });
        expect(await register.getAttribute('href')).toBe('/pets/register');
      }
      await expectNoAxeViolations(page);
      if (size === phone) {
        await openDrawer(page);
        expect(await drawerPetEntries(page)).toEqual(menu);
      }
    }
  });

  it('asks a client with no pets to register one only once in the session', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.noPets, '/pets');
    const dialog = page.getByRole('dialog', { name: 'Register your pet' });
    await dialog.getByRole('button', { name: 'Register your pet' }).click();
    await page.waitForURL('**/pets/register');
    await page.getByRole('heading', { level: 1, name: 'Register a pet' }).waitFor();
    await page.goBack();
    await page.getByText('You have not registered any pets with us yet.').waitFor();
    await page.reload();
    await page.getByText('You have not registered any pets with us yet.').waitFor();
    expect(await dialog.count()).toBe(0);
  });

  it('has the pets in the page’s first HTML: no placeholders, nothing waits for the browser’s request', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets);
    // The browser's own request for the pets never answers: what shows came with the page (decision 0031).
    const browserAsked: string[] = [];
    await page.route('**/bff/v2/pets', async (route) => {
      browserAsked.push(route.request().url());
      await new Promise<never>(() => {});
    });
    await page.goto('/pets');
    expect(await page.getByRole('main').locator('[aria-busy="true"]').count()).toBe(0);
    expect((await listedPets(page)).living).toEqual(['Biscuit', 'Bramble', 'Clover', 'Pickle']);
    expect(await page.getByRole('main').locator('[data-skeleton]').count()).toBe(0);
    expect(browserAsked).toEqual([]);
  });
});

describe('a pet’s page', () => {
  const { newPage } = useBrowser();

  it('shows Bramble’s details and appointments, and books for her', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.manyPets, '/pets');
    for (const size of [phone, desktop]) {
      if (size === desktop) {
        await page.setViewportSize(size);
        await page.goto('/pets');
      }
      await page.getByRole('link', { name: 'Bramble' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bramble' }).waitFor();
      // A client-side navigation: Next.js sets the title when the page's metadata arrives, maybe after it.
      await expect.poll(() => page.title()).toMatch(/^Bramble \| /);
      expect(await frameBackground(page)).toBe(grey);

      const details = page.getByRole('region', { name: 'Details' });
      const text = await details.innerText();
      for (const value of ['Dog', 'Labrador Retriever', 'Yellow', 'Female', 'Petplan', 'PP-20417736']) {
        expect(text).toContain(value);
      }
      expect(text).toMatch(/Date of birth\s+\d{1,2} \w+ \d{4} \(6 years 2 months old\)/);
      const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
      await upcoming.getByRole('listitem').first().waitFor();
      expect(await upcoming.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringContaining('General consultation with a vet'),
      ]);
      const past = page.getByRole('region', { name: 'Past and cancelled appointments' });
      expect(await past.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringContaining('Vaccination with a vet'),
      ]);
      const book = page.getByRole('main').getByRole('link', { name: 'Book an appointment' });
      expect(await book.getAttribute('href')).toMatch(/^\/appointments\/book\?petId=\d+$/);
      await expectNoAxeViolations(page);
    }
  });

  it.each([
    [
      'James, whose pet awaits its initial consultation',
      DEMO_ACCOUNT.awaitingInitialConsultation,
      'Luna',
      'Booking unavailable',
      'Your new pet needs to attend the initial consultation that you have booked, before you can make any further appointments.',
    ],
    [
      'Tom, whose practice has online booking off',
      DEMO_ACCOUNT.bookingOff,
      'Dexter',
      'Online appointment booking unavailable',
      'Online appointment booking is currently unavailable. Please contact your practice.',
    ],
  ])('explains to %s why the pet cannot be booked', async (_who, account, petName, title, text) => {
    const page = await newPage(phone);
    await signIn(page, account, '/pets');
    await page.getByRole('link', { name: petName }).click();
    await page.getByRole('heading', { level: 1, name: petName }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Book an appointment' }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(text);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('offers no booking for a pet that has died, and shows the same not-found page for another client’s pet and for a missing one', async () => {
    const olivia = await newPage(desktop);
    await signIn(olivia, DEMO_ACCOUNT.manyPets, '/pets');
    await olivia.getByRole('link', { name: 'Smudge' }).click();
    await olivia.getByRole('heading', { level: 1, name: 'Smudge' }).waitFor();
    await olivia.getByText('Deceased', { exact: true }).waitFor();
    const main = olivia.getByRole('main');
    expect(await main.getByRole('button', { name: 'Book an appointment' }).count()).toBe(0);
    expect(await main.getByRole('link', { name: 'Book an appointment' }).count()).toBe(0);

    // James's Luna, as the seed made her.
    const lunasPage = `/pets/${await seededPetId(DEMO_ACCOUNT.awaitingInitialConsultation, 'Luna')}`;
    const seen: { heading: string; title: string; text: string }[] = [];
    // Each answers 404, decided on the server; Chromium logs the document's status.
    expectConsoleError(olivia, 'status of 404');
    for (const path of [lunasPage, '/pets/2147483647', '/pets/not-a-pet']) {
      expect((await olivia.goto(path))?.status()).toBe(404);
      const heading = olivia.getByRole('heading', { level: 1 });
      await heading.filter({ hasText: 'Page not found' }).waitFor();
      seen.push({
        heading: await heading.innerText(),
        title: await olivia.title(),
        text: await olivia.getByRole('main').innerText(),
      });
      expect(await olivia.getByText('Luna').count()).toBe(0);
    }
    expect(seen[0]?.title).toBe('Page not found | Harbour Vets Client Portal');
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
    await expectNoAxeViolations(olivia);
  });
});
