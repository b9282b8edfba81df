import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Interaction } from 'oidc-provider';
import {
  checkPassword,
  PASSWORD_MIN_KINDS,
  PASSWORD_MIN_LENGTH,
  type PasswordRuleResult,
} from '@vet/contracts/password-policy';
import { hashPassword } from '@vet/db/password-hash';
import { createAccount, looksLikeEmail } from '../accounts.ts';
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

function validate(email: string, password: string, confirmation: string): FormError[] {
  const errors: FormError[] = [];
  if (!email) errors.push({ field: 'email', message: 'Enter your e-mail address' });
  else if (!looksLikeEmail(email)) {
    errors.push({
      field: 'email',
      message: 'Enter an e-mail address in the right format, like name@example.com',
    });
  }
  const rules = checkPassword(password);
  if (!password) errors.push({ field: 'password', message: 'Enter a password' });
  else if (!rules.valid) {
    const tooShort = rules.rules.some((rule) => rule.id === 'length' && !rule.met);
    const message = tooShort
      ? `Your password must contain at least ${PASSWORD_MIN_LENGTH} characters`
      : `Your password must contain at least ${PASSWORD_MIN_KINDS} of the kinds of character listed`;
    errors.push({ field: 'password', message });
  }
  if (!confirmation) errors.push({ field: 'confirm-password', message: 'Confirm your password' });
  else if (password && confirmation !== password) {
    errors.push({ field: 'confirm-password', message: 'The passwords do not match' });
  }
  return errors;
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

  const errors = validate(email, password, form.get('confirm-password') ?? '');
  // The checklist shows which rule the refused password broke (the field itself comes back empty).
  const brokenRules = errors.some((e) => e.field === 'password') ? checkPassword(password).rules : undefined;
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
