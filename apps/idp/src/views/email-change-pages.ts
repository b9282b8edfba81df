import { errorSummary, hiddenField, inputField, renderFormPage, type FormError } from './form-parts.ts';
import { escapeHtml, renderPage, type Page } from './layout.ts';

export const CURRENT_EMAIL_FIELD = 'email';
export const PASSWORD_FIELD = 'password';
export const NEW_EMAIL_FIELD = 'new-email';
export const CHANGE_CODE_FIELD = 'code';
/** The form-level message's id ("the e-mail or password is not right"), as on the sign-in page. */
export const CHANGE_CREDENTIALS_ERROR_ID = 'credentials-error';

export interface EmailChangeView {
  brandName: string;
  portalUrl: string;
  csrfToken: string;
  errors?: FormError[];
  status?: number;
}

const backToPortal = (portalUrl: string) =>
  `<p class="alternative"><a href="${escapeHtml(`${portalUrl}/client-detail`)}">Back to your details</a></p>`;

/**
 * "Change your sign-in e-mail": the current address and password (the provider's own sign-in, asked
 * again: changing the address that signs in needs proof now, not a session from earlier), and the new one.
 */
export function changeEmailPage(
  view: EmailChangeView & { action: string; email?: string; newEmail?: string },
): Page {
  const errors = view.errors ?? [];
  const credentialsError = errors.some((e) => e.id === CHANGE_CREDENTIALS_ERROR_ID);
  const alsoInvalidBy = credentialsError ? [CHANGE_CREDENTIALS_ERROR_ID] : undefined;
  const main = `<h1>Change your sign-in e-mail</h1>
${errorSummary(errors)}
<p>Sign in with your current e-mail address and password, then enter the new address. We will send a code to the new address: the change happens only when you enter it.</p>
<p>When the change is made, you will be signed out everywhere, and we will tell your old address.</p>
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${hiddenField('csrf', view.csrfToken)}
${inputField({ id: CURRENT_EMAIL_FIELD, label: 'Current e-mail address', type: 'email', autocomplete: 'email', value: view.email ?? '', errors, alsoInvalidBy })}
${inputField({ id: PASSWORD_FIELD, label: 'Password', type: 'password', autocomplete: 'current-password', errors, alsoInvalidBy })}
${inputField({ id: NEW_EMAIL_FIELD, label: 'New e-mail address', type: 'email', autocomplete: 'email', value: view.newEmail ?? '', errors })}
<button class="button" type="submit">Send the code</button>
</form>
${backToPortal(view.portalUrl)}`;
  return renderFormPage(view, 'Change your sign-in e-mail', main);
}

/**
 * After "Send the code": the same page whether or not another account uses the new address (the e-mail
 * to that address says so instead), so that it tells no one which addresses have accounts.
 */
export function emailChangeCodePage(
  view: EmailChangeView & { action: string; changeId: string; newEmail: string; restartHref: string },
): Page {
  const errors = view.errors ?? [];
  const main = `<h1>Check your new e-mail</h1>
${errorSummary(errors)}
<p>We have sent an e-mail to <strong>${escapeHtml(view.newEmail)}</strong>. Enter the 6-digit code from it to confirm the address and change it. The code works for 15 minutes.</p>
<p>If this address already belongs to another account, the e-mail says so instead, and your address cannot be changed to it.</p>
<form method="post" action="${escapeHtml(view.action)}" novalidate>
${hiddenField('csrf', view.csrfToken)}
${hiddenField('change', view.changeId)}
${hiddenField('new-email', view.newEmail)}
${inputField({ id: CHANGE_CODE_FIELD, label: 'Code from the e-mail', type: 'text', inputMode: 'numeric', autocomplete: 'one-time-code', errors })}
<button class="button" type="submit">Change my e-mail address</button>
</form>
<p class="alternative">No e-mail after a few minutes? Check your spam folder, or <a href="${escapeHtml(view.restartHref)}">start again</a> for a new code.</p>
${backToPortal(view.portalUrl)}`;
  return renderFormPage(view, 'Check your new e-mail', main);
}

export function emailChangedPage(view: { brandName: string; portalUrl: string; newEmail: string }): Page {
  const main = `<h1>Your sign-in e-mail has been changed</h1>
<p>From now on, sign in with <strong>${escapeHtml(view.newEmail)}</strong>. For your security, you have been signed out of ${escapeHtml(view.brandName)} everywhere, and we have told your old address.</p>
<a class="button" href="${escapeHtml(`${view.portalUrl}/signin`)}">Sign in</a>`;
  return renderPage({ ...view, title: 'E-mail address changed', main });
}
