import { randomBytes } from 'node:crypto';
import { recordTestSecret } from '@vet/contracts/testing/test-logs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { onPortal, onProvider } from './sign-in.ts';

/** A password the embedded provider accepts (R5.6). */
export const NEW_PASSWORD = 'Brand-New-2026';

/** A fresh address for a person who has no account yet. */
export const freshEmail = (who = 'new.person') => `${who}.${randomBytes(4).toString('hex')}@example.com`;

/**
 * Fills in the provider's "Create an account" form, once the browser has been sent there, then enters the
 * code the provider e-mailed to the address (read from the development mailbox).
 */
export async function createAccountOnProvider(page: Page, email: string): Promise<void> {
  await page.waitForURL(onProvider);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Create an account');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await confirmSignUpCode(page, email);
}

/**
 * The provider's "Check your e-mail" step after "Create account": the same page whether or not the address
 * has an account; for a new one, the e-mailed code finishes the sign-up.
 */
export async function confirmSignUpCode(page: Page, email: string): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Check your e-mail');
  const code = await codeFromMailbox(page, email);
  await page.getByLabel('Code from the e-mail').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Signs a brand-new person up (the sign-up screen, R2.17) and follows the activation guard (R4.1) from the
 * dashboard through /client-routing to "Find your record".
 */
export async function signUpToFindYourRecord(page: Page, email = freshEmail()): Promise<string> {
  await page.goto('/signup');
  await createAccountOnProvider(page, email);
  await page.waitForURL(onPortal('/registration'), { timeout: 20_000 });
  await page.getByRole('button', { name: 'Find my record' }).waitFor();
  await acceptCookies(page);
  return email;
}

export interface RecordDetails {
  practice: string;
  lastName: string;
  postcode: string;
  email: string;
}

/** Fills in "Find your record" (choosing the practice from the list) and submits it. */
export async function findRecord(page: Page, details: RecordDetails): Promise<void> {
  await choosePractice(page, details.practice);
  await page.getByLabel('Last name').fill(details.lastName);
  await page.getByLabel('Postcode').fill(details.postcode);
  await page.getByLabel('E-mail address').fill(details.email);
  await page.getByRole('button', { name: 'Find my record' }).click();
}

/** Picks a practice in the "Home practice" autocomplete by typing part of its name. */
export async function choosePractice(page: Page, name: string): Promise<void> {
  const field = page.getByRole('combobox', { name: 'Home practice' });
  if ((await field.inputValue()) === name) return;
  await field.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

/**
 * The newest code e-mailed to `to`, read as a person would: on the development mailbox page (R4.26), in a
 * tab of its own (the same browser, so the same sign-in).
 */
export async function codeFromMailbox(page: Page, to: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto('/dev/mailbox');
    const entry = mailbox
      .getByRole('listitem')
      .filter({ hasText: `To ${to}` })
      .first();
    await entry.waitFor({ timeout: 20_000 });
    const code = /Code (\d{6})/.exec(await entry.innerText())?.[1];
    expect(code, `a code e-mailed to ${to}`).toMatch(/^\d{6}$/);
    recordTestSecret('verification code', code!);
    return code!;
  } finally {
    await mailbox.close();
  }
}

/** Closes the cookie banner (a fresh browser always has it, R4.12), so screenshots show the page beneath. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Accept and close' }).click();
}

/** Tabs forward until the element named `name` (its accessible label) has the focus; at most 15 presses. */
export async function tabTo(page: Page, name: string): Promise<void> {
  for (let press = 0; press < 15; press += 1) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate<string>(
      "(() => { const e = document.activeElement; return (e && (e.labels && e.labels[0] ? e.labels[0].textContent : e.getAttribute('aria-label') || e.textContent)) || ''; })()",
    );
    if (label.replace(/[\s*\u2009]+$/, '').trim() === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** "Find your record" with the keyboard only: Tab between fields, the arrow keys in the practice list. */
export async function findRecordWithKeyboard(page: Page, details: RecordDetails): Promise<void> {
  await tabTo(page, 'Home practice');
  await page.keyboard.type(details.practice);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  for (const [label, value] of [
    ['Last name', details.lastName],
    ['Postcode', details.postcode],
    ['E-mail address', details.email],
  ] as const) {
    await tabTo(page, label);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
}

export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * From "Find your record" (a person the practice does not know) through "Register as a new client" at
 * Willowbrook Vets Clapham, with an address from the lookup, up to pressing Register.
 */
export async function registerAsNewClient(page: Page, person: NewClient): Promise<void> {
  await page.getByRole('button', { name: 'Find my record' }).waitFor({ timeout: 20_000 });
  await findRecord(page, {
    practice: 'Willowbrook Vets Clapham',
    lastName: person.lastName,
    postcode: 'SW4 0LN',
    email: person.email,
  });
  await page.getByRole('link', { name: 'Register as a new client' }).click();
  await page.getByRole('form', { name: 'Register as a new client' }).waitFor();
  await page.getByRole('combobox', { name: 'Title' }).fill('Ms');
  await page.getByRole('option', { name: 'Ms', exact: true }).click();
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Mobile number').fill('07400 900321');
  await page.getByLabel('Find your address by postcode').fill('SW4 0LN');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByRole('combobox', { name: 'Choose your address' }).click();
  await page.getByRole('option', { name: /^5 Rectory Grove/ }).click();
  // Press Register once the chosen address is in its fields, as a person would see it: on a loaded
  // machine the press could land first, be refused for an empty first line, and leave the form unsent
  // once the address arrived (the guest journey's waits for /guest/complete timed out so in CI).
  await expect.poll(() => page.getByLabel('Address line 1').inputValue()).toBe('5 Rectory Grove');
  await page.getByRole('button', { name: 'Register' }).click();
}
