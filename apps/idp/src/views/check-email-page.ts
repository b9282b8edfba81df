import { errorSummary, hiddenField, inputField, renderFormPage } from './form-parts.ts';
import { escapeHtml, type Page } from './layout.ts';
import type { InteractionView } from './sign-in-page.ts';

export const CODE_FIELD = 'code';

/**
 * After "Create account": the same page whether or not the address already has an account (the e-mail
 * says which), so that the page tells no one which addresses have accounts.
 */
export function checkEmailPage(view: InteractionView): Page {
  const errors = view.errors ?? [];
  const uid = encodeURIComponent(view.uid);
  const sentTo = view.email
    ? `We have sent an e-mail to <strong>${escapeHtml(view.email)}</strong>.`
    : 'We have sent you an e-mail.';
  const main = `<h1>Check your e-mail</h1>
${errorSummary(errors)}
<p>${sentTo} Enter the 6-digit code from it to confirm your address and finish creating your account. The code works for 15 minutes.</p>
<p>If this address already has an account, the e-mail says so instead: sign in, or reset your password.</p>
<form method="post" action="/interaction/${uid}/code" novalidate>
${hiddenField('csrf', view.csrfToken)}
${view.email ? hiddenField('email', view.email) : ''}
${inputField({ id: CODE_FIELD, label: 'Code from the e-mail', type: 'text', inputMode: 'numeric', autocomplete: 'one-time-code', errors })}
<button class="button" type="submit">Continue</button>
</form>
<p class="alternative">No e-mail after a few minutes? Check your spam folder, or <a href="/interaction/${uid}/signup">create the account again</a> for a new code.</p>
<p class="alternative">Already have an account? <a href="/interaction/${uid}/login">Sign in</a></p>`;
  return renderFormPage(view, 'Check your e-mail', main);
}
