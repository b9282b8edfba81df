import { forgotPasswordHref } from '../password-reset/paths.ts';
import { errorSummary, hiddenField, inputField, renderFormPage, type FormError } from './form-parts.ts';
import { escapeHtml, type Page } from './layout.ts';

export interface InteractionView {
  brandName: string;
  portalUrl: string;
  uid: string;
  csrfToken: string;
  email?: string;
  errors?: FormError[];
  status?: number;
}

export const CREDENTIALS_ERROR_ID = 'credentials-error';

export function signInPage(view: InteractionView): Page {
  const errors = view.errors ?? [];
  const uid = encodeURIComponent(view.uid);
  const credentialsError = errors.some((e) => e.id === CREDENTIALS_ERROR_ID) ? [CREDENTIALS_ERROR_ID] : [];
  const main = `<h1>Sign in</h1>
${errorSummary(errors)}
<form method="post" action="/interaction/${uid}/login" novalidate>
${hiddenField('csrf', view.csrfToken)}
${inputField({ id: 'email', label: 'E-mail address', type: 'email', autocomplete: 'email', value: view.email ?? '', errors, alsoInvalidBy: credentialsError })}
${inputField({ id: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', errors, alsoInvalidBy: credentialsError })}
<button class="button" type="submit">Sign in</button>
</form>
<p class="alternative"><a href="${escapeHtml(forgotPasswordHref(view.uid))}">Forgot your password?</a></p>
<p class="alternative">New to ${escapeHtml(view.brandName)}? <a href="/interaction/${uid}/signup">Create an account</a></p>`;
  return renderFormPage(view, 'Sign in', main);
}
