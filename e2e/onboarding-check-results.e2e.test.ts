import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, expectConsoleError, useBrowser } from './support/browser.ts';
import {
  choosePractice,
  findRecord,
  findRecordWithKeyboard,
  signUpToFindYourRecord,
} from './support/onboarding.ts';
import { desktop, phone } from './support/shell.ts';

/**
 * "Find your record" (/registration) for a person who has just signed up: each result of the check
 * (R4.16, the demo inputs of docs/demo.md) and where it leads. ChooseEmail's confirmation, which e-mails a
 * code, is walked in onboarding-verify.e2e.test.ts; here nothing is sent.
 */

const clapham = 'Willowbrook Vets Clapham';
const submissionFailed =
  'Submission failed, please try again. If the problem persists, please contact your practice for help.';

async function changeDetails(page: Page) {
  await page.getByRole('button', { name: 'Change my details' }).click();
  await page.getByRole('button', { name: 'Find my record' }).waitFor();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

describe('onboarding: the results of "Find your record"', () => {
  const { newPage } = useBrowser();

  it('takes a new person there from the dashboard, accessible at both widths; a failed check keeps the form', async () => {
    const page = await newPage();
    const email = await signUpToFindYourRecord(page);
    expect(await page.title()).toBe('Find your record | Harbour Vets Client Portal');
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.getByLabel('E-mail address').inputValue()).toBe(email);
    await page.screenshot({ path: '/tmp/shots/registration-1440.png', fullPage: true });
    await expectNoAxeViolations(page);

    // A practice whose online registration is unavailable: the alert, its phone, and no way on.
    await choosePractice(page, 'Willowbrook Vets Kendal');
    const alert = page.getByTestId('alertBox-practice');
    await alert.waitFor();
    expect(await alert.getByRole('link').getAttribute('href')).toMatch(/^tel:\d+$/);
    expect(await page.getByRole('button', { name: 'Find my record' }).isDisabled()).toBe(true);

    // Nothing typed: each field says what it needs.
    await choosePractice(page, clapham);
    await page.getByLabel('E-mail address').fill('');
    await page.getByRole('button', { name: 'Find my record' }).click();
    for (const message of [
      'Enter your last name.',
      'Enter a full UK postcode, such as SW1A 1AA.',
      'Enter a valid e-mail address.',
    ]) {
      await page.getByText(message).waitFor();
    }
    await page.setViewportSize(phone);
    await page.screenshot({ path: '/tmp/shots/registration-errors-360.png', fullPage: true });
    await expectNoAxeViolations(page);

    // A reload keeps the person on the page (the guard leaves it alone).
    await page.reload();
    await page.getByRole('button', { name: 'Find my record' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/registration');
    await page.setViewportSize(desktop);

    // CheckFailed, or a call that fails, says so and keeps the form.
    // The API cannot check at a referrals centre (not offered online): CheckFailed, as the API answers it.
    await page.route('**/bff/signup/check?**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          result: 'CheckFailed',
          checkToken: null,
          maskedEmail: null,
          maskedPostcodes: [],
          practiceName: clapham,
          practicePhone: '020 7946 0123',
        }),
      }),
    );
    await findRecord(page, {
      practice: clapham,
      lastName: 'Newman',
      postcode: 'SW4 0LN',
      email: 'sam.newman@example.com',
    });
    await page.getByText(submissionFailed).waitFor();
    await page.unroute('**/bff/signup/check?**');

    // The failed call is the one console error, and this test causes it.
    expectConsoleError(page, 'status of 503');
    await page.route('**/bff/signup/check?**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          error: 'Service Unavailable',
          message: 'Down for a moment.',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Find my record' }).click();
    await page.getByRole('button', { name: 'Find my record' }).waitFor();
    await expect.poll(() => page.getByText(submissionFailed).count()).toBe(1);
    expect(await page.getByLabel('Last name').inputValue()).toBe('Newman');
    expect(new URL(page.url()).pathname).toBe('/registration');
    await page.screenshot({ path: '/tmp/shots/result-check-failed-1440.png', fullPage: true });
    await expectNoAxeViolations(page);
    // The form's checks and a failed check, each checked with axe: longer than one journey's 60 s.
  }, 120_000);

  it('NewClient, SignInClient, ChooseEmail, ContactPractice and ChoosePostcode each lead somewhere sensible', async () => {
    const page = await newPage();
    await signUpToFindYourRecord(page);

    // With the keyboard only, as some people use it.
    await findRecordWithKeyboard(page, {
      practice: clapham,
      lastName: 'Newman',
      postcode: 'SW4 0LN',
      email: 'sam.newman@example.com',
    });
    await heading(page, `We could not find you at ${clapham}`).waitFor();
    expect(await page.getByRole('link', { name: 'Register as a new client' }).getAttribute('href')).toMatch(
      /^\/registration-new\?practice=\d+$/,
    );
    await page.screenshot({ path: '/tmp/shots/result-new-client-1440.png', fullPage: true });
    await expectNoAxeViolations(page);
    await changeDetails(page);

    await findRecord(page, {
      practice: clapham,
      lastName: 'Bennett',
      postcode: 'SW4 0LN',
      email: 'olivia.bennett@example.com',
    });
    await heading(page, 'This record is already linked to another account').waitFor();
    await page.getByRole('button', { name: 'Log out and sign in with that account' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/result-sign-in-client-1440.png', fullPage: true });
    await expectNoAxeViolations(page);
    await changeDetails(page);

    // ChooseEmail: the masked address on file, at a phone's width.
    await findRecord(page, {
      practice: clapham,
      lastName: 'Thompson',
      postcode: 'SW4 0LN',
      email: 'grace.t@example.com',
    });
    await heading(page, 'Send your code to the e-mail address we hold?').waitFor();
    await page.getByText('g•••@e•••.net').waitFor();
    await page.getByRole('button', { name: 'Send the code' }).waitFor();
    await page.setViewportSize(phone);
    await page.screenshot({ path: '/tmp/shots/result-choose-email-360.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);
    await changeDetails(page);

    await findRecord(page, {
      practice: 'Willowbrook Vets Islington',
      lastName: 'Patel',
      postcode: 'N1 2UQ',
      email: 'anita.patel@example.net',
    });
    await heading(page, 'Please contact your practice').waitFor();
    expect(await page.getByText(/Please call Willowbrook Vets Islington on/).innerText()).toContain(
      '020 7946 0456',
    );
    expect(await page.getByRole('link', { name: '020 7946 0456' }).getAttribute('href')).toBe(
      'tel:02079460456',
    );
    await page.setViewportSize(phone);
    await page.screenshot({ path: '/tmp/shots/result-contact-practice-360.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);
    await changeDetails(page);

    await findRecord(page, {
      practice: clapham,
      lastName: 'Thompson',
      postcode: 'N1 2UQ',
      email: 'grace.thompson@example.net',
    });
    await heading(page, 'Is this your address?').waitFor();
    await page.getByText('SW4 •••').waitFor();
    await page.screenshot({ path: '/tmp/shots/result-choose-postcode-1440.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'No, this is not my address' }).click();
    await heading(page, 'Please contact your practice').waitFor();
    // Five results, each checked with axe: longer than one journey's 60 s.
  }, 120_000);
});
