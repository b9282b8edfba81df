import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { choosePractice, signUpToFindYourRecord } from './support/onboarding.ts';
import { desktop, phone390 } from './support/shell.ts';
import { expectWelcome, onPortal } from './support/sign-in.ts';

/**
 * The address lookup as a new client meets it (R3.8, decision 0098): the e2e portal's API asks a
 * stand-in of Ideal Postcodes (support/address-provider.ts), which knows the demo seed's addresses and
 * fails for the queries a journey gives it.
 */
const shots = '/tmp/shots';
const finder = (page: Page) => page.getByLabel('Find your address by postcode');

/** A brand-new person on "Register as a new client" at Willowbrook Vets Clapham. */
async function newClientForm(page: Page): Promise<void> {
  await signUpToFindYourRecord(page);
  await choosePractice(page, 'Willowbrook Vets Clapham');
  await page.goto('/registration-new');
  await page.getByRole('form', { name: 'Register as a new client' }).waitFor();
}

async function find(page: Page, text: string): Promise<void> {
  await finder(page).fill(text);
  await page.getByRole('button', { name: 'Find address' }).click();
}

/** A field by its label, whatever marks it as required. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}[\\s*]*$`));

describe('the address lookup through the provider', () => {
  const { newPage } = useBrowser();

  it('finds a new client’s address by postcode, in the provider’s words, and fills the fields', async () => {
    const page = await newPage(phone390);
    await newClientForm(page);

    // Wrong input first: one character is refused in place, without asking.
    await find(page, 'S');
    await page.getByText('Enter at least 2 characters of the postcode or address.').waitFor();

    // The postcode as people type it; the suggestions are the provider's (outward code only, unlike the
    // demo table's full postcode), every address of the postcode offered.
    await find(page, 'sw40ln');
    await page.getByText('13 addresses found. Choose yours below.').waitFor();
    await page.getByRole('combobox', { name: 'Choose your address' }).click();
    const options = await page.getByRole('option').allInnerTexts();
    expect(options).toHaveLength(13);
    expect(options[2]).toBe('5 Rectory Grove, Clapham, London, SW4');
    await page.screenshot({ path: `${shots}/address-lookup-candidates-390.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByRole('option', { name: '5 Rectory Grove, Clapham, London, SW4', exact: true }).click();
    await expect.poll(() => field(page, 'Address line 1').inputValue()).toBe('5 Rectory Grove');
    expect(await field(page, 'Address line 2 (optional)').inputValue()).toBe('Clapham');
    expect(await field(page, 'Town or city').inputValue()).toBe('London');
    expect(await field(page, 'Postcode').inputValue()).toBe('SW4 0LN');

    // Part of a street, at desktop width.
    await page.setViewportSize(desktop);
    await find(page, 'Alwyne Road');
    await page.getByRole('combobox', { name: 'Choose your address' }).click();
    await page.getByRole('option', { name: '2 Alwyne Road, Islington, London, N1', exact: true }).waitFor();
    await page.screenshot({ path: `${shots}/address-lookup-candidates-1440.png`, fullPage: true });
    await expectNoAxeViolations(page);
  });

  it('says to type the address when the provider does not answer, and registers with it typed', async () => {
    const page = await newPage(desktop);
    // The BFF's 503 is the page's one console error.
    expectConsoleError(page, 'status of 503');
    await newClientForm(page);
    const lastName = `Quill${randomBytes(3).toString('hex').replace(/\d/g, 'x')}`;

    await find(page, 'SW4 0LN');
    await page.getByText('13 addresses found. Choose yours below.').waitFor();
    // The stand-in never answers this one: the API gives up after ADDRESS_LOOKUP_TIMEOUT_MS (2 s).
    // Meanwhile the last search's list is gone: it would seem to answer the new text.
    await find(page, 'ID1 HANG');
    await page.getByRole('button', { name: 'Finding...' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Finding addresses...' }).count()).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Choose your address' }).count()).toBe(0);
    const alert = page.getByRole('alert').filter({ hasText: 'Address search is not available' });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.innerText()).toBe('Address search is not available just now: type your address.');
    await page.getByRole('button', { name: 'Find address' }).waitFor();
    await page.screenshot({ path: `${shots}/address-lookup-unavailable-1440.png`, fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize(phone390);
    await page.screenshot({ path: `${shots}/address-lookup-unavailable-390.png`, fullPage: true });
    await expectNoAxeViolations(page);

    await choosePractice(page, 'Willowbrook Vets Clapham');
    await page.getByRole('combobox', { name: 'Title' }).fill('Ms');
    await page.getByRole('option', { name: 'Ms', exact: true }).click();
    await field(page, 'First name').fill('Rowan');
    await field(page, 'Last name').fill(lastName);
    await field(page, 'Mobile number').fill('07400 900654');
    await field(page, 'Address line 1').fill('7 Rectory Grove');
    await field(page, 'Town or city').fill('London');
    await field(page, 'Postcode').fill('sw4 0ln');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(onPortal('/'), { timeout: 15_000 });
    await expectWelcome(page, 'Rowan');
  });
});
