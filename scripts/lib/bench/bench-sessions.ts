import { connectDatabase } from '@vet/db/connection';
import { emailKey } from '@vet/db/normalise';
import { hashPassword } from '@vet/db/password-hash';
import { idpAccounts } from '@vet/db/schema/identity';
import { DEMO_PASSWORD } from '@vet/db/seed/demo-accounts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { submitProviderSignIn } from '../shared/chromium.ts';

export interface Credentials {
  email: string;
  password: string;
}

/** A signed-in context of the bench's browser, with its cookies as a Cookie header (for Lighthouse). */
export interface BenchSession {
  context: BrowserContext;
  cookie: string;
  /** From opening the portal, and from the provider's form, to `arrived`. */
  fromOpenMs: number;
  fromFormMs: number;
}

/**
 * Opens the portal in a new context of `browser`, which sends a signed-out visitor to the embedded
 * provider; signs in there and waits until `arrived` says the portal's page is shown.
 */
export async function signInThroughProvider(
  browser: Browser,
  portalUrl: string,
  { email, password }: Credentials,
  arrived: (page: Page) => Promise<unknown>,
): Promise<BenchSession> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const opened = Date.now();
  await page.goto(`${portalUrl}/`);
  await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  const onForm = Date.now();
  await submitProviderSignIn(page, email, password);
  await arrived(page);
  const signedIn = Date.now();
  await page.close();
  const cookies = await context.cookies(portalUrl);
  return {
    context,
    cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    fromOpenMs: signedIn - opened,
    fromFormMs: signedIn - onForm,
  };
}

/**
 * The bench's newcomer: an account made on the embedded provider, e-mail verified and linked to no client
 * record, so the activation guard sends it to "Find your record" (R4.1), as a person just signed up.
 */
export async function createNewcomerAccount(databaseUrl: string): Promise<Credentials> {
  const newcomer = { email: 'newcomer.bench@example.com', password: DEMO_PASSWORD };
  const handle = connectDatabase(databaseUrl, { max: 1 });
  try {
    const passwordHash = await hashPassword(newcomer.password);
    await handle.db
      .insert(idpAccounts)
      .values({ email: emailKey(newcomer.email), passwordHash, emailVerified: true });
  } finally {
    await handle.close();
  }
  return newcomer;
}
