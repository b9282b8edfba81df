import { petFieldMessages } from '@vet/contracts/pets';
import { DEMO_ACCOUNT, type DemoAccount } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, holdPageMoves, neverAnswer, useBrowser } from './support/browser.ts';
import { desktop, drawerPetEntries, openDrawer, phone, phone390 } from './support/shell.ts';
import { signIn, skipContactPreferencesRedirect } from './support/sign-in.ts';

/** Registering a pet (/pets/register): R2.28, R5.9, R6.2, R6.4, R7.7, R2.27. */

/** What a person hears for the focused control: its label, a radio's group legend, or its text. */
function focusedLabel(page: Page): Promise<string> {
  return page.evaluate<string>(`(() => {
    const e = document.activeElement;
    if (!e) return '';
    if (e.type === 'radio') return e.closest('fieldset')?.querySelector('legend')?.innerText ?? '';
    if (e.labels && e.labels[0]) return e.labels[0].innerText;
    return e.getAttribute('aria-label') || e.innerText || '';
  })()`);
}

/** Presses Tab until the control named `name` has focus (a person tabbing through the page). */
async function tabTo(page: Page, name: string, limit = 40): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if ((await focusedLabel(page)).trim() === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}; focus is on ${await focusedLabel(page)}`);
}

/**
 * Tab moves focus to the next field, which must be the one labelled `label`. A date field takes a Tab
 * per part (day, month, year) before focus leaves it, as a person tabbing through it finds.
 */
async function nextField(page: Page, label: string, leaving?: string): Promise<void> {
  await page.keyboard.press('Tab');
  for (let part = 0; part < 3 && leaving && (await focusedLabel(page)).trim() === leaving; part += 1) {
    await page.keyboard.press('Tab');
  }
  expect((await focusedLabel(page)).trim()).toBe(label);
}

/** Types in an autocomplete and picks the first match with the keyboard. */
async function pickWithKeyboard(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.getByRole('option', { name: text, exact: true }).waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

/** Types a date into the browser's date field, in the order its locale shows the parts. */
async function typeDate(page: Page, iso: string): Promise<void> {
  const order = await page.evaluate<string>(
    "new Intl.DateTimeFormat(navigator.language).formatToParts(new Date(2001, 1, 3)).filter((p) => p.type !== 'literal').map((p) => p.type[0]).join('')",
  );
  const [year = '', month = '', day = ''] = iso.split('-');
  const parts: Record<string, string> = { y: year, m: month, d: day };
  for (const part of order) await page.keyboard.type(parts[part] ?? '');
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('registering a pet', () => {
  const { newPage } = useBrowser();

  it('works with the keyboard alone, and the pet shows in the list, the drawer and the dashboard at once', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.bookingOff, '/pets');
    await page.getByRole('heading', { level: 2, name: 'Maisie' }).waitFor();
    // Set in the page: still there at the end means the page never reloaded.
    await page.evaluate('window.__noReload = true');

    await tabTo(page, 'Register a pet');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Register a pet' }).waitFor();
    await field(page, 'Your pet’s name').waitFor();
    await expectNoAxeViolations(page);

    await tabTo(page, 'Your pet’s name');
    await page.keyboard.type('Pepper');
    await nextField(page, 'Species');
    await pickWithKeyboard(page, 'Dog');
    await nextField(page, 'Breed');
    await pickWithKeyboard(page, 'Border Collie');
    await nextField(page, 'Colour');
    await pickWithKeyboard(page, 'Red and White');
    await nextField(page, 'Sex');
    await page.keyboard.press('ArrowDown');
    await nextField(page, 'Neutered');
    await page.keyboard.press('Space');
    await nextField(page, 'Date of birth');
    await typeDate(page, '2025-01-20');
    await nextField(page, 'Microchip number (optional)', 'Date of birth');
    await page.keyboard.type('941000024680135');
    await nextField(page, 'Insurer (optional)');
    await pickWithKeyboard(page, 'Petplan');
    await nextField(page, 'Policy number (optional)');
    await page.keyboard.type('PP-55120');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { level: 1, name: 'Pepper' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/pets\/\d+$/);
    await page.getByText('Pepper is registered with your practice.').waitFor();
    const details = await page.getByRole('region', { name: 'Details' }).innerText();
    for (const value of [
      'Border Collie',
      'Red and White',
      'Male',
      '20 January 2025',
      '941 000 024 680 135',
      'Petplan',
    ]) {
      expect(details).toContain(value);
    }
    await page.getByText('Awaiting initial consultation').waitFor();

    await openDrawer(page);
    expect(await drawerPetEntries(page)).toEqual(['Dexter', 'Maisie', 'Pepper']);
    await page.keyboard.press('Escape');
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Your pets' })
      .click();
    const cards = page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 });
    await page.getByRole('heading', { level: 2, name: 'Pepper' }).waitFor();
    expect(await cards.allInnerTexts()).toEqual(['Dexter', 'Maisie', 'Pepper']);
    await openDrawer(page);
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Dashboard' }).click();
    const dashboard = page.getByRole('region', { name: 'Your pets' });
    await dashboard.getByRole('heading', { level: 3, name: 'Pepper' }).waitFor();
    expect(await dashboard.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Dexter',
      'Maisie',
      'Pepper',
    ]);
    expect(await page.evaluate('window.__noReload')).toBe(true);
  });

  it('says what is wrong with each field, in plain words', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.noPets, '/pets/register');
    await field(page, 'Your pet’s name').waitFor();
    const message = (text: string) => page.getByText(text, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Register pet' }).click();
    for (const text of [
      petFieldMessages.nameRequired,
      petFieldMessages.speciesRequired,
      petFieldMessages.sexRequired,
      petFieldMessages.neuteredRequired,
      petFieldMessages.dateOfBirthRequired,
    ]) {
      await message(text);
    }
    // Focus goes to the first field that needs attention.
    expect(await page.evaluate<string>('document.activeElement.name')).toBe('name');
    await expectNoAxeViolations(page);

    await field(page, 'Species').click();
    await pickWithKeyboard(page, 'Cat');
    await page.getByRole('button', { name: 'Register pet' }).click();
    await message(petFieldMessages.breedRequired);
    await field(page, 'Breed').click();
    await pickWithKeyboard(page, 'Siamese');
    await message(petFieldMessages.colourRequired);

    const dateOfBirth = field(page, 'Date of birth');
    await dateOfBirth.fill(`${new Date().getFullYear() + 1}-01-01`);
    await message(petFieldMessages.dateOfBirthInFuture);
    await dateOfBirth.fill('1900-01-01');
    await message(petFieldMessages.dateOfBirthTooOld);

    const microchip = field(page, 'Microchip number (optional)');
    await microchip.fill('9410000246');
    await message(petFieldMessages.microchipLength(10));
    await microchip.fill('94100002468013A');
    await message(petFieldMessages.microchipDigitsOnly);

    const policy = field(page, 'Policy number (optional)');
    await policy.fill('PP-1');
    await policy.blur();
    await message(petFieldMessages.insurerForPolicy);
    await policy.fill('PP;1');
    await message(petFieldMessages.policyNumberCharacters);

    const name = field(page, 'Your pet’s name');
    await name.fill('x'.repeat(45));
    expect(await name.inputValue()).toHaveLength(40);
    await page.getByText('40/40').waitFor();
    await expectNoAxeViolations(page);
    expect(new URL(page.url()).pathname).toBe('/pets/register');
  });

  it('has the species and insurers in the page’s first HTML: the first choices need no request', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.noPets, '/pets/register');
    const browserAsked = await neverAnswer(page, ['**/bff/v2/species', '**/bff/v2/insurers']);
    await page.goto('/pets/register');
    for (const [label, option] of [
      ['Species', 'Dog'],
      ['Insurer (optional)', 'Petplan'],
    ] as const) {
      await field(page, label).click();
      await page.keyboard.type(option);
      await page.getByRole('option', { name: option, exact: true }).waitFor();
      await page.keyboard.press('Escape');
    }
    expect(browserAsked).toEqual([]);
  });

  it('asks before leaving a half-filled form, by link or by the back button', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.threePets, '/pets');
    await page.getByRole('main').getByRole('link', { name: 'Register a pet' }).click();
    await field(page, 'Your pet’s name').fill('Fudge');

    await page.getByRole('link', { name: 'Back' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await field(page, 'Your pet’s name').inputValue()).toBe('Fudge');

    // The guard cancels the traversal, so the browser's back never completes: nothing to wait for.
    void page.goBack().catch(() => undefined);
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/pets/register');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/pets');
    await page.getByRole('heading', { level: 1, name: 'Your pets' }).waitFor();
  });

  it('cannot be sent twice while the pet’s page is on its way over a slow connection (decision 0047)', async () => {
    const page = await newPage(phone);
    await signIn(page, DEMO_ACCOUNT.bookingOff, '/pets/register');
    await field(page, 'Your pet’s name').fill('Rocket');
    for (const [label, option] of [
      ['Species', 'Dog'],
      ['Breed', 'Border Collie'],
      ['Colour', 'Red and White'],
    ]) {
      await page.getByRole('combobox', { name: label }).click();
      await pickWithKeyboard(page, option ?? '');
    }
    await page.getByRole('radio', { name: 'Female', exact: true }).check();
    await page.getByRole('radio', { name: 'No', exact: true }).check();
    await field(page, 'Date of birth').fill('2025-03-02');
    // A poor connection: the pet's page (the router's RSC request) takes 3 s to come.
    await holdPageMoves(page, 3000);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/bff/v2/pets')
        sent.push('POST');
    });

    await page.getByRole('button', { name: 'Register pet' }).click();
    await page.getByText('Rocket is registered with your practice.').waitFor();
    // Registered, the page still on its way: the button stays busy, Enter sends nothing, the bar shows.
    const submit = page.getByRole('button', { name: 'Submitting...' });
    expect(await submit.isDisabled()).toBe(true);
    await field(page, 'Your pet’s name').press('Enter');
    await page.getByRole('progressbar', { name: 'Loading the page' }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('heading', { level: 1, name: 'Rocket' }).waitFor();
    expect(sent).toEqual(['POST']);
  });

  it('offers a breed by a synonym typed in the field and saves the pet with that breed (decision 0096)', async () => {
    const page = await newPage(phone390);
    await signIn(page, DEMO_ACCOUNT.bookingOff, '/pets/register');
    await field(page, 'Your pet’s name').fill('Blitz');
    await page.getByRole('combobox', { name: 'Species' }).click();
    await pickWithKeyboard(page, 'Dog');

    // VBO's synonym, as many UK owners call the breed: offered under the breed's name, saying why.
    await page.getByRole('combobox', { name: 'Breed' }).click();
    await page.keyboard.type('Alsatian');
    const listbox = page.getByRole('listbox');
    const offered = listbox.getByRole('option', { name: 'German Shepherd Dog (Alsatian)', exact: true });
    await offered.waitFor();
    expect((await listbox.getByRole('option').allInnerTexts())[0]).toBe('German Shepherd Dog (Alsatian)');
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await listbox.waitFor({ state: 'hidden' });
    expect(await field(page, 'Breed').inputValue()).toBe('German Shepherd Dog');

    await page.getByRole('combobox', { name: 'Colour' }).click();
    await pickWithKeyboard(page, 'Black and Tan');
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByRole('radio', { name: 'No', exact: true }).check();
    await field(page, 'Date of birth').fill('2024-09-12');
    await page.getByRole('button', { name: 'Register pet' }).click();

    await page.getByRole('heading', { level: 1, name: 'Blitz' }).waitFor();
    const details = await page.getByRole('region', { name: 'Details' }).innerText();
    expect(details).toContain('German Shepherd Dog');
    expect(details).toContain('Black and Tan');
  });
});

describe('registration that is not open to the client', () => {
  const { newPage } = useBrowser();

  const cases: [string, DemoAccount][] = [
    ['Hannah, whose practice has pet registration off', DEMO_ACCOUNT.preferencesDue],
    ['Daniel, who may not register pets online', DEMO_ACCOUNT.bookingBlocked],
  ];
  it.each(cases)(
    'is explained to %s, from the pets page and at the form’s address',
    async (_who, account) => {
      const page = await newPage(phone);
      await skipContactPreferencesRedirect(page);
      await signIn(page, account, '/pets');
      for (const size of [phone, desktop]) {
        if (size === desktop) {
          await page.setViewportSize(size);
          await page.goto('/pets');
        }
        await page.getByRole('main').getByRole('article').first().waitFor();
        await page.getByRole('main').getByRole('button', { name: 'Register a pet' }).click();
        const dialog = page.getByRole('dialog', { name: 'New pet registration unavailable' });
        await dialog.waitFor();
        expect(await dialog.innerText()).toContain(
          'New pet registration is currently unavailable. Please contact your practice.',
        );
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: 'OK' }).click();
        await dialog.waitFor({ state: 'hidden' });

        await page.goto('/pets/register');
        await dialog.waitFor();
        await dialog.getByRole('button', { name: 'OK' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect(await page.getByLabel('Your pet’s name').count()).toBe(0);
        await page.getByRole('link', { name: 'Back to your pets' }).waitFor();
        await expectNoAxeViolations(page);
      }
    },
  );
});
