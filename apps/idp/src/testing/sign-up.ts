import type { Database } from '@vet/db/connection';
import { codeInText } from '@vet/email/branded-email';
import type { BrowserResponse } from './browser.ts';
import { emailsTo } from './password-reset.ts';
import type { PortalClient, StartedSignIn } from './portal-client.ts';
import { GOOD_PASSWORD } from './test-accounts.ts';

export const signUpFields = (email: string, password = GOOD_PASSWORD) => ({
  email,
  password,
  'confirm-password': password,
});

/** The code in the newest e-mail to `address` (undefined when that e-mail has none). */
export async function newestCodeTo(db: Database, address: string): Promise<string | undefined> {
  const emails = await emailsTo(db, address);
  return codeInText(emails.at(-1)?.text ?? '') ?? undefined;
}

/** Presses "Create account", then enters the code e-mailed to the address, as a person would. */
export async function signUpWithCode(
  portal: PortalClient,
  db: Database,
  started: StartedSignIn,
  email: string,
): Promise<{ checkEmail: BrowserResponse; answer: BrowserResponse }> {
  const checkEmail = await portal.submit(started, 'signup', signUpFields(email));
  const code = await newestCodeTo(db, email.trim().toLowerCase());
  if (!code) throw new Error('no code e-mailed');
  const answer = await portal.submit({ ...started, page: checkEmail }, 'code', { code });
  return { checkEmail, answer };
}
