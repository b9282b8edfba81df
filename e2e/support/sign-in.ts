import type { Page } from 'playwright-core';
import type { DemoAccount } from '@vet/db/seed/demo-accounts';
import { DEMO_PASSWORD } from '@vet/db/seed/demo-accounts';
import { expect } from 'vitest';
import { submitProviderSignIn } from '../../scripts/lib/shared/chromium.ts';
import { portalUrl } from './browser.ts';

/** The embedded identity provider the e2e portal signs in with (global-setup's IDP_PORT). */
export const idpOrigin = `http://localhost:${process.env.E2E_IDP_PORT ?? 4110}`;
export const onProvider = (url: URL) => url.origin === idpOrigin && url.pathname.startsWith('/interaction/');
export const onPortal = (path: string) => (url: URL) => url.origin === portalUrl() && url.pathname === path;

/** Fills in the provider's sign-in form, once the browser has been sent there. */
export async function signInOnProvider(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.waitForURL(onProvider);
  await submitProviderSignIn(page, email, password);
}

/** The dashboard greets the client by first name once the profile has loaded. */
export async function expectWelcome(page: Page, firstName: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
    .toBe(`Welcome, ${firstName}`);
}

/** Opens `path` (a page that needs sign-in), signs in as the account and waits for the dashboard. */
export async function signIn(page: Page, account: DemoAccount, path = '/'): Promise<void> {
  await page.goto(path);
  await signInOnProvider(page, account.email, account.password);
  await page.waitForURL(onPortal(path), { timeout: 15_000 });
  if (path === '/') await expectWelcome(page, account.firstName);
}

/**
 * For journeys of Hannah (contact preferences due) about something else: R4.3's redirect counts as done in
 * this page's browser (showContactPreferences is '1' before any page loads), so she stays where she went.
 */
export async function skipContactPreferencesRedirect(page: Page): Promise<void> {
  await page.addInitScript("window.localStorage.setItem('showContactPreferences', '1')");
}
