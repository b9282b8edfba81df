import { describe, expect, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, neverAnswer, useBrowser } from './support/browser.ts';
import { choosePractice, findRecord, signUpToFindYourRecord } from './support/onboarding.ts';
import { desktop, phone } from './support/shell.ts';
import { expectWelcome, onPortal } from './support/sign-in.ts';

/** A brand-new person, not on the practice's records, registers as a new client (R4.19). */
describe('onboarding: a new client', () => {
  const { newPage } = useBrowser();

  it('registers with an address from the lookup and lands on the dashboard', async () => {
    const page = await newPage();
    const email = await signUpToFindYourRecord(page);
    // Not README's Newman: once registered, a record would answer the next check for that name.
    await findRecord(page, {
      practice: 'Willowbrook Vets Clapham',
      lastName: 'Newcombe',
      postcode: 'SW4 0LN',
      email: 'sam.newcombe@example.com',
    });
    await page.getByRole('link', { name: 'Register as a new client' }).click();
    await page.waitForURL(onPortal('/registration-new'));
    const form = page.getByRole('form', { name: 'Register as a new client' });
    await form.waitFor();
    expect(await page.title()).toBe('Register as a new client | Harbour Vets Client Portal');
    // The practice chosen in the check comes along; the e-mail is the sign-in's, shown, not editable.
    expect(await page.getByRole('combobox', { name: 'Home practice' }).inputValue()).toBe(
      'Willowbrook Vets Clapham',
    );
    await page.getByText(email, { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/shots/registration-new-1440.png', fullPage: true });
    await expectNoAxeViolations(page);

    // Submitting too early: each field says what it needs.
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Enter your first name.').waitFor();
    await page.getByText('Enter the first line of your address.').waitFor();

    // Leaving half-way asks first.
    await page.getByRole('combobox', { name: 'Title' }).fill('Mr');
    await page.getByRole('option', { name: 'Mr', exact: true }).click();
    await page.getByRole('link', { name: 'Back' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    await leave.waitFor();
    await expectNoAxeViolations(page);
    await leave.getByRole('button', { name: 'Stay on this page' }).click();
    await leave.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/registration-new');

    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Newcombe');
    // A number the API does not take as a UK mobile (Ofcom's drama range): its message comes later.
    await page.getByLabel('Mobile number').fill('07700 900777');
    // An unknown postcode first, then the real one.
    await page.getByLabel('Find your address by postcode').fill('ZZ9 9ZZ');
    await page.getByRole('button', { name: 'Find address' }).click();
    await page.getByText('No addresses found').waitFor();
    await page.getByLabel('Find your address by postcode').fill('SW4 0LN');
    await page.getByRole('button', { name: 'Find address' }).click();
    await page.getByRole('combobox', { name: 'Choose your address' }).click();
    await page.getByRole('option', { name: /^5 Rectory Grove/ }).click();
    await expect.poll(() => page.getByLabel('Address line 1').inputValue()).toMatch(/^5 Rectory Grove/);
    expect(await page.getByLabel('Town or city').inputValue()).toBe('London');
    expect(await page.getByLabel('Postcode', { exact: false }).last().inputValue()).toBe('SW4 0LN');
    // Offers and news are opt-in: every box starts empty.
    for (const box of await page.locator('input[name^="marketing-"]').all())
      expect(await box.isChecked()).toBe(false);
    await page.setViewportSize(phone);
    await page.screenshot({ path: '/tmp/shots/registration-new-filled-360.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);

    // The API's 400 lands under its field (the failed call is the page's one console error).
    expectConsoleError(page, 'status of 400');
    await page.getByRole('button', { name: 'Register' }).click();
    const mobile = page.getByLabel('Mobile number');
    await expect.poll(() => mobile.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter a UK mobile number, such as 07400 123456.').waitFor();
    await page.screenshot({ path: '/tmp/shots/registration-new-api-error-1440.png', fullPage: true });
    await mobile.fill('07400 900777');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(onPortal('/'), { timeout: 15_000 });
    await expectWelcome(page, 'Sam');
    await page.getByRole('button', { name: 'Sam Newcombe' }).waitFor();
  });

  it('has the practices and titles in the first data of both onboarding pages: the lists need no request', async () => {
    const page = await newPage(phone);
    // The browser's own requests for the lists never answer: what the fields offer came with the page.
    const browserAsked = await neverAnswer(page, ['**/bff/online-practices', '**/bff/lookup/salutations']);
    await signUpToFindYourRecord(page);
    await choosePractice(page, 'Willowbrook Vets Clapham');
    await page.goto('/registration-new');
    await page.getByRole('form', { name: 'Register as a new client' }).waitFor();
    await choosePractice(page, 'Willowbrook Vets Bath');
    await page.getByRole('combobox', { name: 'Title' }).click();
    await page.keyboard.type('Dr');
    await page.getByRole('option', { name: 'Dr', exact: true }).waitFor();
    expect(browserAsked).toEqual([]);
  });
});
