import { randomBytes } from 'node:crypto';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectConsoleError, expectNoAxeViolations, useBrowser, zodMarker } from './support/browser.ts';
import {
  createAccountOnProvider,
  freshEmail,
  registerAsNewClient,
  signUpToFindYourRecord,
} from './support/onboarding.ts';
import { desktop } from './support/shell.ts';
import { expectWelcome, onPortal } from './support/sign-in.ts';

const phoneWidth = { width: 390, height: 844 };

/** Letters only, as a last name: each run registers a client of its own. */
const uniqueLastName = () =>
  `Leaver${[...randomBytes(5)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

/** R2.38 (decision 0080): a client deletes their online account; signing up again starts as a newcomer. */
describe('delete my online account', () => {
  const { newPage } = useBrowser();

  it('deletes the account after the typed word, and the same e-mail then signs up as a newcomer', async () => {
    const page = await newPage(desktop);
    const email = freshEmail('leaver');
    await signUpToFindYourRecord(page, email);
    await registerAsNewClient(page, { firstName: 'Robin', lastName: uniqueLastName(), email });
    await page.waitForURL(onPortal('/'), { timeout: 20_000 });
    await expectWelcome(page, 'Robin');

    // From Your details.
    await page.goto('/client-detail');
    const deleteLink = page.getByRole('link', { name: 'Delete your online account' });
    await page.getByRole('heading', { level: 2, name: 'Your online account' }).waitFor();
    await page.getByLabel('First name').waitFor();
    await page.screenshot({ path: '/tmp/shots/client-details-online-account-1440.png', fullPage: true });
    await deleteLink.click();
    await page.waitForURL(onPortal('/client-detail/delete-account'));
    await page.getByRole('heading', { level: 1, name: 'Delete your online account' }).waitFor();
    expect(await page.title()).toBe('Delete your online account | Harbour Vets Client Portal');
    await page.getByRole('heading', { level: 2, name: 'What is deleted' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'What your practice keeps' }).waitFor();
    await page
      .getByText('Your pets, their appointments (past and booked) and their clinical history.')
      .waitFor();
    await page.screenshot({ path: '/tmp/shots/delete-account-1440.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize(phoneWidth);
    await page.screenshot({ path: '/tmp/shots/delete-account-390.png', fullPage: true });
    await expectNoAxeViolations(page);

    // The page arrives without zod (decision 0032): the typed word comes from a zod-free module.
    const scripts: Promise<string>[] = [];
    const readScript = (response: Response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(response.text().then((text) => (text.includes(zodMarker) ? response.url() : '')));
    };
    page.on('response', readScript);
    await page.goto('/client-detail/delete-account');
    await page.getByRole('heading', { level: 1, name: 'Delete your online account' }).waitFor();
    page.off('response', readScript);
    expect(scripts.length).toBeGreaterThan(0);
    expect((await Promise.all(scripts)).filter(Boolean)).toEqual([]);

    // A request whose word is not DELETE (as if altered on the way): the API refuses it, nothing deleted.
    await page.route('**/bff/client/online-account/delete', (route) =>
      route.continue({ postData: JSON.stringify({ confirmation: 'YES' }) }),
    );
    expectConsoleError(page, 'status of 400');
    const word = page.getByLabel('Type DELETE to confirm');
    await word.fill('DELETE');
    await page.getByRole('button', { name: 'Delete my online account' }).click();
    await page.getByText('Type DELETE to confirm.', { exact: true }).waitFor();
    await expect.poll(() => word.getAttribute('aria-invalid')).toBe('true');
    await page.unroute('**/bff/client/online-account/delete');
    // Still signed in: the page is still there on a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Delete your online account' }).waitFor();

    // Nothing is deleted until the word is typed as shown.
    await word.fill('delete');
    await page.getByRole('button', { name: 'Delete my online account' }).click();
    await page.getByText('Type DELETE, in capital letters, to confirm.').waitFor();
    await expect.poll(() => word.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate('document.activeElement?.name')).toBe('confirmation');
    await page.screenshot({ path: '/tmp/shots/delete-account-word-390.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);

    // With the keyboard: type the word, Enter submits.
    await word.fill('DELETE');
    await word.press('Enter');
    await page.waitForURL(onPortal('/account-deleted'), { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: 'Your online account is deleted' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/account-deleted-1440.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize(phoneWidth);
    await page.screenshot({ path: '/tmp/shots/account-deleted-390.png', fullPage: true });
    await expectNoAxeViolations(page);
    await page.setViewportSize(desktop);

    // Signed out: a signed-in page sends the person to sign in (the provider's session went with the account).
    await page.goto('/client-detail');
    await page.waitForURL((url) => !onPortal('/client-detail')(url), { timeout: 20_000 });

    // The same e-mail creates a new account and starts as a newcomer: "Find your record" again.
    await page.goto('/signup');
    await createAccountOnProvider(page, email);
    await page.waitForURL(onPortal('/registration'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Find my record' }).waitFor();
    // Two journeys in one (the refusal, then the deletion): longer than one journey's 60 s.
  }, 120_000);
});
