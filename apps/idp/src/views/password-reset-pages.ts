import type { PasswordRuleResult } from '@vet/contracts/password-policy';
import { errorSummary, hiddenField, inputField, renderFormPage, type FormError } from './form-parts.ts';
import { escapeHtml, renderPage, type Page } from './layout.ts';
import { newPasswordFields } from './new-password-fields.ts';
import { CHECKLIST_SCRIPT } from './password-checklist.ts';

/** The one answer to "Forgot your password?", whether or not the address has an account. */
export const RESET_LINK_SENT =
  'If an account exists for that address, we have sent a link to reset the password. It works for 1 hour.';

export interface PasswordPageView {
  brandName: string;
  portalUrl: string;
  csrfToken: string;
  errors?: FormError[];
  status?: number;
}

interface Links {
  /** "Back to sign in": the sign-in page the person came from, or the portal's. */
  signInHref: string;
}

function linkButton(href: string, text: string): string {
  return `<a class="button" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

export function forgotPasswordPage(
  view: PasswordPageView & Links & { action: string; interactionUid?: string; email?: string },
): Page {
  const errors = view.errors ?? [];
  const main = `<h1>Reset your password</h1>
${errorSummary(errors)}
<p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${hiddenField('csrf', view.csrfToken)}
${view.interactionUid ? hiddenField('interaction', view.interactionUid) : ''}
${inputField({ id: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', value: view.email ?? '', errors })}
<button class="button" type="submit">Send the link</button>
</form>
<p class="alternative"><a href="${escapeHtml(view.signInHref)}">Back to sign in</a></p>`;
  return renderFormPage(view, 'Reset your password', main);
}

/** Says nothing about the address: not even the address itself, so both answers are byte for byte equal. */
export function resetLinkSentPage(view: Omit<PasswordPageView, 'csrfToken'> & Links): Page {
  const main = `<h1>Check your e-mail</h1>
<p>${escapeHtml(RESET_LINK_SENT)}</p>
<p>If no e-mail arrives within a few minutes, check your spam folder, or ask for a new link.</p>
${linkButton(view.signInHref, 'Back to sign in')}`;
  return renderPage({ ...view, title: 'Check your e-mail', main });
}

export function resetPasswordPage(
  view: PasswordPageView & { action: string; token: string; passwordRules?: PasswordRuleResult[] },
): Page {
  const errors = view.errors ?? [];
  const main = `<h1>Choose a new password</h1>
${errorSummary(errors)}
<p>When you save it, you will be signed out everywhere: sign in again with your new password.</p>
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${hiddenField('csrf', view.csrfToken)}
${hiddenField('token', view.token)}
${newPasswordFields(errors, view.passwordRules, 'New password')}
<button class="button" type="submit">Save the new password</button>
</form>`;
  return renderFormPage(view, 'Choose a new password', main, [CHECKLIST_SCRIPT]);
}

/** Unknown, expired or already used: one plain message, and the way to a new link. */
export function resetLinkInvalidPage(view: {
  brandName: string;
  portalUrl: string;
  forgotHref: string;
}): Page {
  const main = `<h1>This link no longer works</h1>
<p>A link to reset your password works once, for 1 hour. This one has expired or has already been used.</p>
${linkButton(view.forgotHref, 'Ask for a new link')}`;
  return renderPage({ ...view, title: 'Link no longer works', main, status: 400 });
}

export function passwordChangedPage(view: { brandName: string; portalUrl: string } & Links): Page {
  const main = `<h1>Your password has been changed</h1>
<p>For your security, you have been signed out of ${escapeHtml(view.brandName)} everywhere. Sign in with your new password.</p>
${linkButton(view.signInHref, 'Sign in')}`;
  return renderPage({ ...view, title: 'Password changed', main });
}
