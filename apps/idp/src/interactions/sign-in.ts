import type { ServerResponse } from 'node:http';
import type { Interaction } from 'oidc-provider';
import { verifyCredentials } from '../credentials.ts';
import type { FormError } from '../views/form-parts.ts';
import { CREDENTIALS_ERROR_ID, signInPage } from '../views/sign-in-page.ts';
import { clientAddress, finishSignedIn, viewBase, type FormHandler, type InteractionDeps } from './deps.ts';
import { sendPage } from './http.ts';
import { TOO_MANY_ATTEMPTS } from '../throttling/sign-in-throttle.ts';

/** One message for an unknown e-mail and a wrong password alike. */
export const WRONG_CREDENTIALS = 'The e-mail or password is not right.';

export function showSignIn(deps: InteractionDeps, res: ServerResponse, interaction: Interaction): void {
  const hint = interaction.params.login_hint;
  sendPage(
    res,
    signInPage({ ...viewBase(deps, interaction.uid), email: typeof hint === 'string' ? hint : '' }),
  );
}

export const submitSignIn: FormHandler = async (deps, req, res, interaction, form) => {
  const email = (form.get('email') ?? '').trim();
  const password = form.get('password') ?? '';
  // Answered 200 like any page: the browser shows the form again, and a 4xx would log a console error.
  const refuse = (status: number, errors: FormError[]) =>
    sendPage(res, signInPage({ ...viewBase(deps, interaction.uid), email, errors, status }));
  const formLevel = (message: string): FormError[] => [
    { field: 'email', message, summaryOnly: true, id: CREDENTIALS_ERROR_ID },
  ];

  const missing: FormError[] = [];
  if (!email) missing.push({ field: 'email', message: 'Enter your e-mail address' });
  if (!password) missing.push({ field: 'password', message: 'Enter your password' });
  if (missing.length) return refuse(200, missing);

  // Decision 0027: a refused address is not even checked; the account's owner elsewhere still is.
  const attempt = { address: clientAddress(deps, req), email };
  const verdict = await deps.signInThrottle.verdict(attempt);
  if (verdict.refused) return refuse(429, formLevel(TOO_MANY_ATTEMPTS));
  if (verdict.delayMs) await new Promise((resolve) => setTimeout(resolve, verdict.delayMs));
  const accountId = await verifyCredentials(deps.db, email, password);
  if (!accountId) {
    await deps.signInThrottle.recordFailure(attempt);
    return refuse(200, formLevel(WRONG_CREDENTIALS));
  }
  await deps.signInThrottle.recordSuccess(attempt);
  await finishSignedIn(deps, req, res, interaction, accountId);
};
