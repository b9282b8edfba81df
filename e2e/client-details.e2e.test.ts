import { DEMO_ACCOUNT } from '@vet/db/seed/demo-accounts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, neverAnswer, useBrowser } from './support/browser.ts';
import { desktop } from './support/shell.ts';
import { onPortal, signIn, signInOnProvider } from './support/sign-in.ts';

/** Your details and contact preferences (decision 0019): R2.1, R3.4, R4.3, R7.4, R8.5, R2.27. */

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-details';
/** A text field by its label, whether or not the label carries the required asterisk. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}[\\s*]*$`));

/** Picks `option` in the autocomplete labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openDetails(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Your details' }).waitFor();
  await page.getByRole('form', { name: 'Your details' }).waitFor();
}

async function save(page: Page, button: string, toast: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  try {
    await page.getByText(toast).waitFor({ timeout: 10_000 });
  } catch (error) {
    await page.screenshot({ path: `${shots}/save-failed.png`, fullPage: true });
    throw error;
  }
}

// Daniel: the other journeys assert only his client-level "not allowed online" flag, which this leaves.
const daniel = DEMO_ACCOUNT.bookingBlocked;

describe('your details', () => {
  const { newPage } = useBrowser();

  it('lets a client change each field, and a reload shows the change (390 px)', async () => {
    const page = await newPage(phone);
    await signIn(page, daniel, '/client-detail');
    await openDetails(page);
    expect(await field(page, 'First name').inputValue()).toBe('Daniel');
    expect(await page.getByText('daniel.price@example.com').count()).toBe(1);
    await page
      .getByText('The address your practice has on file, which your practice changes for you')
      .waitFor();
    // The sign-in e-mail is the provider's (decision 0078): the link leads there through the portal.
    expect(await page.getByRole('link', { name: 'change your sign-in e-mail' }).getAttribute('href')).toBe(
      '/api/sign-in-email',
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/details-390.png`, fullPage: true });

    await choose(page, 'Title', 'Dr');
    await field(page, 'First name').fill('Dan');
    await field(page, 'Last name').fill('Price-Evans');
    await field(page, 'Mobile number').fill('07400 123456');
    await field(page, 'Home phone (optional)').fill('01244 123456');
    await page.getByLabel('Find your address by postcode').fill('CH2 3PT');
    await page.getByRole('button', { name: 'Find address' }).click();
    await page.getByRole('combobox', { name: 'Choose your address' }).click();
    const picked = await page.getByRole('option').first().innerText();
    await page.getByRole('option').first().click();
    await expect.poll(() => field(page, 'Address line 1').inputValue()).toBe(picked.split(',')[0]);
    await field(page, 'Address line 2 (optional)').fill('Rear entrance');
    await field(page, 'County (optional)').fill('Cheshire');
    await choose(page, 'Home practice', 'Willowbrook Vets Kendal');
    await page
      .getByText('Appointments you have already booked stay at the practice where you booked')
      .waitFor();
    await page.screenshot({ path: `${shots}/details-changed-390.png`, fullPage: true });
    await save(page, 'Save changes', 'Your details have been saved.');
    // The header's name comes from the profile, refreshed by the save.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();

    await page.reload();
    await openDetails(page);
    await expect.poll(() => page.getByRole('combobox', { name: 'Title' }).inputValue()).toBe('Dr');
    expect(await field(page, 'First name').inputValue()).toBe('Dan');
    expect(await field(page, 'Last name').inputValue()).toBe('Price-Evans');
    expect(await field(page, 'Mobile number').inputValue()).toBe('07400 123456');
    expect(await field(page, 'Home phone (optional)').inputValue()).toBe('01244 123456');
    expect(await field(page, 'Address line 1').inputValue()).toBe(picked.split(',')[0]);
    expect(await field(page, 'Address line 2 (optional)').inputValue()).toBe('Rear entrance');
    expect(await field(page, 'County (optional)').inputValue()).toBe('Cheshire');
    expect(await field(page, 'Postcode').inputValue()).toBe('CH2 3PT');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Home practice' }).inputValue())
      .toBe('Willowbrook Vets Kendal');

    // Back to the seeded title, names and practice, which other journeys greet him by.
    await choose(page, 'Title', 'Mr');
    await field(page, 'First name').fill('Daniel');
    await field(page, 'Last name').fill('Price');
    await choose(page, 'Home practice', 'Willowbrook Vets Chester');
    await save(page, 'Save changes', 'Your details have been saved.');
    await page.reload();
    await openDetails(page);
    expect(await field(page, 'First name').inputValue()).toBe('Daniel');
  });

  it('says what is wrong with each invalid value, and asks before leaving unsaved changes (1440 px)', async () => {
    const page = await newPage(desktop);
    await signIn(page, daniel, '/client-detail');
    await openDetails(page);
    await page.screenshot({ path: `${shots}/details-1440.png`, fullPage: true });
    // The API's 400 is a failed request in the console: expected here.
    expectConsoleError(page, /status of 400/);

    await field(page, 'First name').fill('');
    await field(page, 'Last name').fill('');
    await field(page, 'Address line 1').fill('');
    await field(page, 'Town or city').fill('');
    await field(page, 'Postcode').fill('CH2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    for (const message of [
      'Enter your first name.',
      'Enter your last name.',
      'Enter the first line of your address.',
      'Enter your town or city.',
      'Enter a full UK postcode, such as SW1A 1AA.',
    ])
      await page.getByText(message).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/details-errors-1440.png`, fullPage: true });

    // The UK checks are the API's: its 400 names each field.
    await field(page, 'First name').fill('Daniel');
    await field(page, 'Last name').fill('Price');
    await field(page, 'Address line 1').fill('11 Hoole Road');
    await field(page, 'Town or city').fill('Chester');
    await field(page, 'Postcode').fill('ZZ99 9ZZZ');
    await field(page, 'Mobile number').fill('020 7946 0123');
    await field(page, 'Home phone (optional)').fill('call me');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter a UK mobile number, such as 07400 123456.').waitFor();
    await page.getByText('Enter a UK phone number, such as 01423 123456, or leave it empty.').waitFor();
    await page.getByText('Enter a full UK postcode, such as SW1A 1AA.').waitFor();

    await page.getByLabel('Find your address by postcode').fill('ZZ9 9ZZ');
    await page.getByRole('button', { name: 'Find address' }).click();
    await page.getByText('No addresses found').waitFor();

    // R2.27: leaving with unsaved changes asks first.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/client-detail');
    expect(await field(page, 'Mobile number').inputValue()).toBe('020 7946 0123');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(onPortal('/'));

    // Nothing was saved.
    await page.goto('/client-detail');
    await openDetails(page);
    expect(await field(page, 'Mobile number').inputValue()).toBe('07400 123456');
  });

  it('has the details and the practices in the page’s first HTML: the form arrives whole', async () => {
    const page = await newPage(desktop);
    await signIn(page, DEMO_ACCOUNT.manyPets);
    // The browser's own requests never answer: what shows came with the page (decision 0031).
    const browserAsked = await neverAnswer(page, [
      '**/bff/client',
      '**/bff/online-practices',
      '**/bff/lookup/salutations',
    ]);
    await page.goto('/client-detail');
    await openDetails(page);
    expect(await field(page, 'First name').inputValue()).toBe(DEMO_ACCOUNT.manyPets.firstName);
    expect(await page.getByRole('combobox', { name: 'Title' }).inputValue()).toBe('Ms');
    expect(await page.getByRole('main').locator('[aria-busy="true"]').count()).toBe(0);
    expect(browserAsked).toEqual([]);
  });
});

describe('contact preferences', () => {
  const { newPage } = useBrowser();

  it('sends Hannah, who is due, there once; saving ends it for good', async () => {
    const page = await newPage(desktop);
    await page.goto('/');
    await signInOnProvider(page, DEMO_ACCOUNT.preferencesDue.email);
    await page.waitForURL(onPortal('/client-detail/contact-preferences'), { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Contact preferences' }).waitFor();
    await page.getByText('Please check how we contact you').waitFor();
    expect(await page.evaluate<string | null>("window.localStorage.getItem('showContactPreferences')")).toBe(
      '1',
    );
    await page
      .getByText('Service messages, such as confirmations of appointments you book, change or cancel')
      .waitFor();
    await page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/preferences-1440.png`, fullPage: true });

    // Once only: the dashboard stays the dashboard, though she has not saved yet.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(onPortal('/'));
    await page.getByRole('heading', { level: 1, name: 'Welcome, Hannah' }).waitFor();
    await page.goto('/pets');
    await page.getByRole('heading', { level: 1, name: 'Your pets' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pets');

    await page.goto('/client-detail/contact-preferences');
    const marketingByPost = page.getByRole('group', { name: 'Offers and news' }).getByLabel('Post');
    expect(await marketingByPost.isChecked()).toBe(false);
    await marketingByPost.check();
    await save(page, 'Save preferences', 'Your contact preferences have been saved.');
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(new Date());
    await page.getByText(`Last updated ${today}`).waitFor();
    expect(await page.getByText('Please check how we contact you').count()).toBe(0);

    // A new browser session of hers (the flag back at '0'): no longer due, so no redirect.
    await page.evaluate("window.localStorage.removeItem('showContactPreferences')");
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Hannah' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/client-detail/contact-preferences');
    expect(await page.getByRole('group', { name: 'Offers and news' }).getByLabel('Post').isChecked()).toBe(
      true,
    );
    // Back to her seeded choice; saving again keeps her confirmed.
    await page.getByRole('group', { name: 'Offers and news' }).getByLabel('Post').uncheck();
    await save(page, 'Save preferences', 'Your contact preferences have been saved.');
  });

  it('has the preferences in the page’s first HTML: the form arrives whole, without axe violations at 390 px', async () => {
    const page = await newPage(desktop);
    await signIn(page, daniel, '/client-detail/contact-preferences');
    const browserAsked = await neverAnswer(page, ['**/bff/client/contact-preferences']);
    await page.goto('/client-detail/contact-preferences');
    await page.getByRole('group', { name: 'Offers and news' }).getByLabel('Post').waitFor();
    expect(await page.getByText('Loading your contact preferences').count()).toBe(0);
    expect(browserAsked).toEqual([]);

    // At 390 px: no axe violations.
    await page.setViewportSize(phone);
    await page.getByRole('heading', { level: 1, name: 'Contact preferences' }).waitFor();
    await page.getByRole('form', { name: 'Contact preferences' }).waitFor();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/preferences-390.png`, fullPage: true });
  });
});
