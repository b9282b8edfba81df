import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction } from 'oidc-provider';
import type { PasswordRuleResult } from '@vet/contracts/password-policy';
import { hashPassword } from '@vet/db/password-hash';
import { createAccount } from '../accounts.ts';
import { checkEmail, checkNewPassword } from '../form-checks.ts';
import type { FormError } from '../views/form-parts.ts';
import { signUpPage } from '../views/sign-up-page.ts';
import { clientAddress, finishSignedIn, viewBase, type InteractionDeps } from './deps.ts';
import { sendPage } from './http.ts';
import { throttleKey, TOO_MANY_ATTEMPTS } from './throttle.ts';

/** Says no more than needed: not whether the address already has an account. */
export const CANNOT_CREATE_ACCOUNT =
  'We could not create an account with these details. If you already have an account, sign in instead.';

export function showSignUp(deps: InteractionDeps, res: ServerResponse, interaction: Interaction): void {
  sendPage(res, signUpPage(viewBase(deps, interaction.uid)));
}

export async function submitSignUp(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  interaction: Interaction,
  form: URLSearchParams,
): Promise<void> {
  const email = (form.get('email') ?? '').trim();
  const password = form.get('password') ?? '';
  // Answered 200 like any page: the browser shows the form again, and a 4xx would log a console error.
  const refuse = (status: number, errors: FormError[], passwordRules?: PasswordRuleResult[]) =>
    sendPage(res, signUpPage({ ...viewBase(deps, interaction.uid), email, errors, passwordRules, status }));

  const { errors: passwordErrors, brokenRules } = checkNewPassword(
    password,
    form.get('confirm-password') ?? '',
  );
  const errors = [...checkEmail(email), ...passwordErrors];
  // The checklist shows which rule the refused password broke (the field itself comes back empty).
  if (errors.length) return refuse(200, errors, brokenRules);

  // Repeated attempts on registered addresses count like failed sign-ins: probing is throttled too.
  const key = throttleKey(clientAddress(req), email);
  if (deps.throttle.isBlocked(key))
    return refuse(429, [{ field: 'email', message: TOO_MANY_ATTEMPTS, summaryOnly: true }]);
  const accountId = await createAccount(deps.db, email, await hashPassword(password));
  if (!accountId) {
    deps.throttle.recordFailure(key);
    return refuse(200, [{ field: 'email', message: CANNOT_CREATE_ACCOUNT, summaryOnly: true }]);
  }
  await finishSignedIn(deps, req, res, interaction, accountId);
}
