import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@vet/db/connection';
import { idpModels, webSessions } from '@vet/db/schema/identity';
import { emailOutbox } from '@vet/db/schema/system';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from '../password-reset/paths.ts';
import { Browser, hiddenValue, type BrowserResponse } from './browser.ts';

/** Opens "Forgot your password?" and sends the address, as a person would. */
export async function requestReset(issuer: string, email: string, browser = new Browser()) {
  const page = await browser.request(`${issuer}${FORGOT_PASSWORD_PATH}`);
  return browser.request(`${issuer}${FORGOT_PASSWORD_PATH}`, { csrf: hiddenValue(page.body, 'csrf'), email });
}

export async function emailsTo(db: Database, address: string) {
  return db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address))
    .orderBy(emailOutbox.id);
}

/** The reset link in an e-mail's text. */
export function resetLinkIn(issuer: string, text: string): URL {
  const match = new RegExp(`${issuer}${RESET_PASSWORD_PATH}\\?token=[\\w-]+`).exec(text);
  if (!match) throw new Error('no reset link in the e-mail');
  return new URL(match[0]);
}

/** Opens the link and submits the new password (twice, as the form asks). */
export async function submitNewPassword(
  link: URL,
  password: string,
  browser = new Browser(),
): Promise<{ page: BrowserResponse; answer: BrowserResponse }> {
  const page = await browser.request(link);
  const answer = await browser.request(new URL(RESET_PASSWORD_PATH, link), {
    csrf: hiddenValue(page.body, 'csrf'),
    token: hiddenValue(page.body, 'token'),
    password,
    'confirm-password': password,
  });
  return { page, answer };
}

/** A row of the portal's session store (docs/decisions/0009) for the identity. */
export async function createPortalSession(db: Database, issuer: string, subject: string): Promise<string> {
  const later = new Date(Date.now() + 60 * 60_000);
  const [row] = await db
    .insert(webSessions)
    .values({
      tokenHash: randomBytes(32).toString('hex'),
      identityIssuer: issuer,
      identitySubject: subject,
      providerId: 'azure-ad',
      accessToken: 'not-a-real-token',
      accessTokenExpiresAt: later,
      expiresAt: later,
    })
    .returning({ id: webSessions.id });
  if (!row) throw new Error('portal session not created');
  return row.id;
}

export async function portalSessionsOf(db: Database, issuer: string, subject: string): Promise<number> {
  const rows = await db
    .select({ id: webSessions.id })
    .from(webSessions)
    .where(and(eq(webSessions.identityIssuer, issuer), eq(webSessions.identitySubject, subject)));
  return rows.length;
}

/** The provider's stored entries (sessions, grants, tokens) of the account, by model. */
export async function providerEntriesOf(db: Database, accountId: string): Promise<string[]> {
  const rows = await db
    .select({ model: idpModels.model })
    .from(idpModels)
    .where(sql`${idpModels.payload} ->> 'accountId' = ${accountId}`);
  return rows.map((row) => row.model).sort();
}
