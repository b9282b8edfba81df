import { connectDatabase } from '@vet/db/connection';
import { emailOutbox } from '@vet/db/schema/system';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, useBrowser } from './support/browser.ts';
import { codeFromMailbox, freshEmail, NEW_PASSWORD, signUpToFindYourRecord } from './support/onboarding.ts';
import { desktop } from './support/shell.ts';
import { idpOrigin, onPortal, onProvider, signInOnProvider } from './support/sign-in.ts';

/** Change my sign-in e-mail on the embedded provider (R2.36, decision 0078). */

const phone = { width: 390, height: 844 };
const shots = '/tmp/shots-change-email';
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

async function subjectsTo(address: string): Promise<string[]> {
  const { db, close } = connectDatabase(inject('e2eDatabaseUrl'), { max: 1 });
  try {
    const rows = await db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, address));
    return rows.map((row) => row.subject);
  } finally {
    await close();
  }
}

/** The signed-in person's e-mail as the portal's session says (from the provider's ID token). */
const sessionEmail = (page: Page) =>
  page.evaluate(async () => {
    const session = (await (await fetch('/api/auth/session')).json()) as { user?: { email?: string } };
    return session.user?.email ?? null;
  });

describe('changing the sign-in e-mail', () => {
  const { newPage } = useBrowser();

  it('changes it with the code from the mailbox; the new address then signs in (390 px)', async () => {
    const page = await newPage(phone);
    const oldEmail = await signUpToFindYourRecord(page, freshEmail('changer'));
    const newEmail = freshEmail('changed');

    // The portal's link ("Your details") leads to the provider's own page.
    await page.goto('/api/sign-in-email');
    await page.waitForURL((url) => url.origin === idpOrigin && url.pathname === '/account/email');
    expect(await heading(page)).toBe('Change your sign-in e-mail');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/form-390.png`, fullPage: true });

    await page.getByLabel('Current e-mail address').fill(oldEmail);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await expect.poll(() => heading(page)).toBe('Check your new e-mail');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/code-390.png`, fullPage: true });

    // A wrong code changes nothing.
    const code = await codeFromMailbox(page, newEmail);
    await page.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Change my e-mail address' }).click();
    await page.getByText('The code is not right.', { exact: false }).first().waitFor();
    await expectNoAxeViolations(page);
    expect(await subjectsTo(oldEmail)).not.toContain('Your Harbour Vets sign-in e-mail address has changed');

    await page.getByLabel('Code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Change my e-mail address' }).click();
    await expect.poll(() => heading(page)).toBe('Your sign-in e-mail has been changed');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/changed-390.png`, fullPage: true });
    // The old address is told.
    expect(await subjectsTo(oldEmail)).toContain('Your Harbour Vets sign-in e-mail address has changed');

    // Every session ended, this browser's portal session too: signing in again, with the new address.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInOnProvider(page, newEmail, NEW_PASSWORD);
    await page.waitForURL((url) => onPortal('/registration')(url) || onPortal('/')(url), { timeout: 20_000 });
    expect(await sessionEmail(page)).toBe(newEmail);
  });

  it('asks for the password again and shows its errors accessibly (1440 px)', async () => {
    const page = await newPage(desktop);
    await page.goto(`${idpOrigin}/account/email`);
    await page.getByLabel('Current e-mail address').fill(freshEmail('nobody'));
    await page.getByLabel('Password').fill('Not-The-Password-1');
    await page.getByLabel('New e-mail address').fill('not an address');
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain(
      'Enter an e-mail address in the right format',
    );
    await expectNoAxeViolations(page);
    await page.getByLabel('New e-mail address').fill(freshEmail('elsewhere'));
    await page.getByLabel('Password').fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.getByText('The e-mail or password is not right.').first().waitFor();
    expect(await heading(page)).toBe('Change your sign-in e-mail');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/form-error-1440.png`, fullPage: true });
    expect(onProvider(new URL(page.url()))).toBe(false);
  });
});
