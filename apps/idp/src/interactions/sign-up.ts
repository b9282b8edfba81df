import type { ServerResponse } from 'node:http';
import type { Interaction } from 'oidc-provider';
import type { PasswordRuleResult } from '@vet/contracts/password-policy';
import { emailKey } from '@vet/db/normalise';
import { hashPassword } from '@vet/db/password-hash';
import { findAccountByEmail } from '../accounts.ts';
import { checkEmail, checkNewPassword } from '../form-checks.ts';
import { backToSignInHref } from '../password-reset/paths.ts';
import {
  hashSignUpCode,
  MAX_CODE_ATTEMPTS,
  newCodeLimits,
  newSignUpCode,
  postedCode,
} from '../sign-up/sign-up-code.ts';
import { alreadyRegisteredEmail, signUpCodeEmail } from '../sign-up/sign-up-emails.ts';
import { confirmSignUp, issueSignUp } from '../sign-up/sign-up-store.ts';
import { TOO_MANY_ATTEMPTS } from '../throttling/sign-in-throttle.ts';
import { checkEmailPage, CODE_FIELD } from '../views/check-email-page.ts';
import type { FormError } from '../views/form-parts.ts';
import { signUpPage } from '../views/sign-up-page.ts';
import { clientAddress, finishSignedIn, viewBase, type FormHandler, type InteractionDeps } from './deps.ts';
import { sendPage } from './http.ts';

export const ENTER_CODE = 'Enter the 6-digit code from the e-mail';
export const WRONG_CODE = 'The code is not right. Check the e-mail and try again.';
export const CODE_NO_LONGER_WORKS = 'This code no longer works. Create the account again to get a new code.';

export function showSignUp(deps: InteractionDeps, res: ServerResponse, interaction: Interaction): void {
  sendPage(res, signUpPage(viewBase(deps, interaction.uid)));
}

export function showCheckEmail(deps: InteractionDeps, res: ServerResponse, interaction: Interaction): void {
  sendPage(res, checkEmailPage(viewBase(deps, interaction.uid)));
}

/**
 * "Create account": whether or not the address has an account, the answer is the "Check your e-mail"
 * page, and an e-mail goes to the address: the code for a new one, a note to sign in instead for a taken
 * one. Both paths hash the password and write a sign-up and an e-mail, so they take as long.
 */
export const submitSignUp: FormHandler = async (deps, req, res, interaction, form) => {
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

  // Each press sends an e-mail: limited per client address, whatever the addresses (decision 0027).
  if (!(await deps.signUpRequests.allow(clientAddress(deps, req))))
    return refuse(429, [{ field: 'email', message: TOO_MANY_ATTEMPTS, summaryOnly: true }]);

  const passwordHash = await hashPassword(password);
  const code = newSignUpCode();
  const address = emailKey(email);
  const existing = await findAccountByEmail(deps.db, address);
  const now = new Date();
  await issueSignUp(deps.db, {
    interactionUid: interaction.uid,
    email: address,
    passwordHash,
    // A taken address is sent a note, not the code: it keeps none.
    codeHash: existing ? null : hashSignUpCode(deps.csrfKey, interaction.uid, code),
    now,
    ...newCodeLimits(now),
    emailToSend: existing
      ? alreadyRegisteredEmail({
          to: existing.email,
          brandName: deps.brandName,
          signInUrl: backToSignInHref(deps.portalUrl),
          portalUrl: deps.portalUrl,
        })
      : signUpCodeEmail({ to: address, brandName: deps.brandName, code, portalUrl: deps.portalUrl }),
  });
  sendPage(res, checkEmailPage({ ...viewBase(deps, interaction.uid), email }));
};

/** The code from the e-mail: the right one creates the account and signs the person in, as sign-in does. */
export const submitSignUpCode: FormHandler = async (deps, req, res, interaction, form) => {
  const email = (form.get('email') ?? '').trim();
  const refuse = (message: string) =>
    sendPage(
      res,
      checkEmailPage({ ...viewBase(deps, interaction.uid), email, errors: [{ field: CODE_FIELD, message }] }),
    );
  const code = postedCode(form.get(CODE_FIELD));
  if (code === undefined) return refuse(ENTER_CODE);
  const result = await confirmSignUp(deps.db, {
    interactionUid: interaction.uid,
    codeHash: hashSignUpCode(deps.csrfKey, interaction.uid, code),
    now: new Date(),
    maxAttempts: MAX_CODE_ATTEMPTS,
  });
  if (result.outcome === 'wrong') return refuse(WRONG_CODE);
  if (result.outcome === 'expired') return refuse(CODE_NO_LONGER_WORKS);
  await finishSignedIn(deps, req, res, interaction, result.accountId);
};
