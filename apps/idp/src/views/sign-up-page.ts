import type { PasswordRuleResult } from '@vet/contracts/password-policy';
import { errorSummary, hiddenField, inputField, renderFormPage } from './form-parts.ts';
import type { Page } from './layout.ts';
import { newPasswordFields } from './new-password-fields.ts';
import { CHECKLIST_SCRIPT } from './password-checklist.ts';
import type { InteractionView } from './sign-in-page.ts';

export interface SignUpView extends InteractionView {
  /** The rules as the last submitted password met them (the password itself is never sent back). */
  passwordRules?: PasswordRuleResult[];
}

export function signUpPage(view: SignUpView): Page {
  const errors = view.errors ?? [];
  const uid = encodeURIComponent(view.uid);
  const signInLink = `<p>Already have an account? <a href="/interaction/${uid}/login">Sign in</a></p>`;
  const showSignIn = errors.some((e) => e.field === 'email' && e.summaryOnly);
  const main = `<h1>Create an account</h1>
${errorSummary(errors, showSignIn ? signInLink : '')}
<form method="post" action="/interaction/${uid}/signup" novalidate>
${hiddenField('csrf', view.csrfToken)}
${inputField({ id: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', value: view.email ?? '', errors })}
${newPasswordFields(errors, view.passwordRules)}
<button class="button" type="submit">Create account</button>
</form>
<p class="alternative">Already have an account? <a href="/interaction/${uid}/login">Sign in</a></p>`;
  return renderFormPage(view, 'Create an account', main, [CHECKLIST_SCRIPT]);
}
